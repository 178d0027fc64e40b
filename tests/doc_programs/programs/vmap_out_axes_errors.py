# Automatic vectorization: out_axes None / negative / pytrees, axis_size without inputs,
# in_axes given as a list, axis_name with collectives, and the errors vmap raises for
# inconsistent sizes, bad out_axes and an in_axes tree that does not match.
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.arange(6.0).reshape(2, 3)
print(jax.vmap(lambda a: a * 2, out_axes=1)(x).shape)
print(jax.vmap(lambda a: a.sum(), in_axes=1)(x))
print(jax.vmap(lambda a: (a, 1.0), out_axes=(0, None))(x))
print(jax.vmap(lambda a: jnp.outer(a, a), in_axes=-1, out_axes=-1)(x).shape)
print(jax.vmap(lambda a, b: a + b, in_axes=[0, None])(x, jnp.ones(3)))
print(jax.vmap(lambda: jnp.ones(2), axis_size=3)().shape)
print(jax.vmap(lambda d: d["a"] * d["b"], in_axes=({"a": 0, "b": None},))({"a": x, "b": 2.0}))
print(jax.vmap(lambda a: a - lax.pmean(a, "i"), axis_name="i")(jnp.arange(4.0)))
print(jax.vmap(lambda a: lax.psum(1, "i"), axis_name="i")(jnp.arange(4.0)))
print(jax.vmap(lambda a: lax.axis_index("i"), axis_name="i")(jnp.arange(3.0)))
print(jax.vmap(jax.vmap(lambda a: lax.psum(a, ("i", "j")), axis_name="j"), axis_name="i")(x))
for bad in [
    lambda: jax.vmap(lambda a, b: a + b)(jnp.ones(2), jnp.ones(3)),
    lambda: jax.vmap(lambda a: a, in_axes=2)(jnp.ones(2)),
    lambda: jax.vmap(lambda a: a, out_axes=3)(jnp.ones(2)),
    lambda: jax.vmap(lambda a: (a, a), out_axes=(0,))(jnp.ones(2)),
    lambda: jax.vmap(lambda a: a, in_axes=(0, 0))(jnp.ones(2)),
    lambda: jax.vmap(lambda a: a)(1.0),
    lambda: jax.vmap(lambda a: 2.0, out_axes=None)(jnp.ones(2)) + 0,
    lambda: jax.vmap(lambda a: a, out_axes=None)(jnp.ones(2)),
    lambda: jax.vmap(lambda: 1.0)(),
]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__)
