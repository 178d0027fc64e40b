# jax.vmap details: axis_size with no mapped input, out_axes None for an unbatched result,
# negative in_axes / out_axes, kwargs always mapped over axis 0, nested vmaps with axis names
# and collectives over either, vmap of a function returning a pytree with mixed out_axes
import jax
import jax.numpy as jnp
from jax import lax

print(jax.vmap(lambda: jnp.float32(3.0), axis_size=4)())
print(jax.vmap(lambda x: jnp.ones(2), axis_size=3, in_axes=None)(1.0))
print(jax.vmap(lambda x: (x * 2, 7.0), out_axes=(0, None))(jnp.arange(3.0)))
m = jnp.arange(6.0).reshape(2, 3)
print(jax.vmap(lambda v: v * 10, in_axes=-1, out_axes=-1)(m))
print(jax.vmap(lambda v: v.sum(), in_axes=-2)(m))
print(jax.vmap(lambda x, scale: x * scale)(jnp.arange(3.0), scale=jnp.array([1.0, 2.0, 3.0])))
try:
    jax.vmap(lambda x, scale: x * scale)(jnp.arange(3.0), scale=2.0)
except ValueError as e:
    print("ValueError")


def f(x):
    row = lax.psum(x, "cols")
    col = lax.psum(x, "rows")
    tot = lax.psum(x, ("rows", "cols"))
    return row, col, tot, lax.axis_index("rows") * 10 + lax.axis_index("cols")


out = jax.vmap(jax.vmap(f, axis_name="cols"), axis_name="rows")(m)
for o in out:
    print(o)
print(jax.vmap(jax.vmap(lambda x: lax.pmax(x, "i"), axis_name="j"), axis_name="i")(m))
print(jax.vmap(lambda x: lax.all_gather(x, "i", axis=0, tiled=True), axis_name="i")(m))
print(jax.vmap(lambda x: lax.psum_scatter(x, "i", tiled=True), axis_name="i")(jnp.ones((2, 4))))
print(jax.vmap(lambda x: lax.ppermute(x, "i", [(0, 1), (1, 2), (2, 0)]), axis_name="i")(jnp.arange(3.0)))
print(jax.vmap(lambda x: lax.all_to_all(x, "i", 0, 0), axis_name="i")(jnp.arange(4.0).reshape(2, 2)))
print(jax.vmap(lambda d: {"s": d["a"] + d["b"], "c": d["a"]}, in_axes=({"a": 0, "b": None},), out_axes={"s": 1, "c": 0})(
    {"a": jnp.ones((3, 2)), "b": jnp.arange(2.0)}))
try:
    jax.vmap(lambda a, b: a + b)(jnp.ones(3), jnp.ones(4))
except ValueError as e:
    print("ValueError")
print(jax.vmap(jnp.dot, in_axes=(0, None))(jnp.ones((2, 3)), jnp.arange(3.0)))
print(jax.vmap(jax.vmap(jnp.multiply, (0, None)), (None, 0))(jnp.arange(3.0), jnp.arange(2.0)))
print(jax.vmap(lambda x: x, out_axes=1)(jnp.arange(6.0).reshape(3, 2)).shape)
print(jax.vmap(jnp.outer, in_axes=(0, 0))(m, m).shape, jax.vmap(lambda x: jnp.argsort(x))(m[:, ::-1]))
print(jax.vmap(lambda x: lax.psum(x, "i") + lax.pmean(x * 2, "i"), axis_name="i")(jnp.arange(3.0)))
