# lax reductions docstrings: variadic lax.reduce (argmax by a tuple reduction), reduce_and /
# reduce_or / reduce_xor, argmin / argmax with index_dtype, reduce_max of integers, jnp
# reductions with initial / where, and their jaxprs.
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.array([[3.0, 1.0, 4.0], [1.0, 5.0, 9.0]])
print(lax.reduce(x, 0.0, lax.add, (0,)), lax.reduce(x, -jnp.inf, lax.max, (1,)))
print(lax.reduce(x, 1.0, lambda a, b: a * b, (0, 1)))


def argmax_comp(a, b):
    (av, ai), (bv, bi) = a, b
    pick = av >= bv
    return lax.select(pick, av, bv), lax.select(pick, ai, bi)


idx = lax.broadcasted_iota(jnp.int32, x.shape, 1)
print(lax.reduce((x, idx), (-jnp.inf, 0), argmax_comp, (1,)))
print(jax.make_jaxpr(lambda x: lax.reduce(x, 0.0, lax.add, (1,)))(x))
b = jnp.array([[True, False, True], [True, True, True]])
print(lax.reduce_and(b, (1,)), lax.reduce_or(b, (0,)), lax.reduce_xor(b, (1,)))
i = jnp.array([[6, 3], [5, 1]], dtype=jnp.uint8)
print(lax.reduce_xor(i, (0,)), lax.reduce_and(i, (1,)), lax.reduce_or(i, (0, 1)))
print(lax.argmax(x, 1, jnp.int32), lax.argmin(x, 0, jnp.uint8), lax.argmax(x, 0, jnp.int64).dtype)
print(lax.reduce_max(jnp.array([3, -2, 7]), (0,)), lax.reduce_min(jnp.array([3, -2, 7], jnp.int8), (0,)))
print(lax.reduce_sum(x, (0,)), lax.reduce_prod(x, (1,)))
print(jnp.max(x, initial=6.0, axis=1), jnp.min(x, where=x > 2, initial=100.0))
print(jnp.sum(x, where=x > 2), jnp.prod(x, axis=0, where=x < 5), jnp.mean(x, where=x > 2))
print(jnp.any(b, axis=1), jnp.all(b, axis=0, keepdims=True))
print(jnp.argmax(x, axis=1, keepdims=True), jnp.argmin(x.ravel()))
print(jnp.nanmax(jnp.array([1.0, jnp.nan, 3.0])), jnp.nansum(jnp.array([jnp.nan, 2.0])))
print(jax.make_jaxpr(lambda x: jnp.argmax(x, axis=1))(x))
print(jax.make_jaxpr(lambda b: lax.reduce_or(b, (0,)))(b))
print(jax.grad(lambda x: lax.reduce_max(x, (0, 1)))(x))
print(jax.grad(lambda x: jnp.sum(jnp.max(x, axis=0)))(jnp.array([[1.0, 2.0], [1.0, 0.0]])))
print(np.asarray(lax.reduce_precision(jnp.float32(1.1), exponent_bits=5, mantissa_bits=2)))
