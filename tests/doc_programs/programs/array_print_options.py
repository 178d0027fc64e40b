# Printing arrays the way NumPy's print options say: large arrays summarized with ..., precision
# and suppress through np.printoptions, complex / bool / int8 / weak-typed / 0-d reprs,
# str vs repr, and arrays inside containers.
import numpy as np
import jax
import jax.numpy as jnp

big = jnp.arange(2000.0)
print(big)
print(repr(jnp.arange(1001)))
print(jnp.arange(24.0).reshape(2, 3, 4) / 7)
with np.printoptions(precision=2, suppress=True):
    print(jnp.array([1e-8, 1.23456, 1000.5]))
    print(repr(jnp.array([[1e-8, 1.23456]])))
with np.printoptions(threshold=5, edgeitems=1):
    print(jnp.arange(10))
with jnp.printoptions(linewidth=30):
    print(jnp.arange(20.0))
print(repr(jnp.array([1 + 2j, -0.5j])), repr(jnp.array([True, False])))
print(repr(jnp.array([-128, 127], jnp.int8)), repr(jnp.array(3.0)), repr(jnp.asarray(2)))
print(repr(jnp.array([1.0]) * 2), repr(jnp.float32(1.5) + 1))
print(str(jnp.array(7)), str(jnp.array([[1.5]])), f"{jnp.array(2.5):.3f}", f"{jnp.array([1, 2])}")
print([jnp.array(1.0), (jnp.ones(2, jnp.int32),)], {"k": jnp.zeros((1, 2))})
print(repr(jnp.zeros((0, 3))), repr(jnp.ones((2, 0), jnp.bool_)))
print(repr(jnp.array([np.nan, np.inf, -np.inf])), jnp.array([1e20, 1e-20]))
print(repr(jnp.array([1.0, 2.0], jnp.float16)), repr(jnp.array([0.1], jnp.bfloat16)))
print(repr(jnp.array([[1, 2], [3, 4]], jnp.uint32)))
print(jax.random.normal(jax.random.key(0), (3, 3)).round(2))
print(np.array2string(np.asarray(jnp.eye(2)), separator=", "))
print(jnp.array_str(jnp.array([1.123456, 2.0]), precision=3), jnp.array_repr(jnp.array([1, 2])))
