# The vmap page's axis options: negative in_axes and out_axes, out_axes=None for unmapped
# results, in_axes as a list for a list argument, nested vmaps with axis_name and collectives
# over either axis, vmap of a function returning a pytree with per-leaf out_axes, axis_size
# with no mapped inputs, and the errors for mismatched sizes and out_axes=None of a mapped value
import jax
import jax.numpy as jnp

x = jnp.arange(24.0).reshape(2, 3, 4)
print(jax.vmap(lambda a: a.sum(0), in_axes=-1)(x).shape)
print(jax.vmap(lambda a: a * 2, in_axes=1, out_axes=-1)(x).shape)
print(
    jax.vmap(lambda a, b: (a + b, b), in_axes=(0, None), out_axes=(0, None))(jnp.arange(3.0), 5.0)
)
print(jax.vmap(lambda ab: ab[0] * ab[1], in_axes=([0, 1],))([jnp.arange(3.0), jnp.ones((2, 3))]))
out = jax.vmap(lambda a: {"s": a.sum(), "v": a}, out_axes={"s": 0, "v": 1})(
    jnp.arange(6.0).reshape(2, 3)
)
print(out["s"], out["v"].shape)


def inner(v):
    return v - jax.lax.pmean(v, "rows") + jax.lax.psum(v, "cols") * 0


f = jax.vmap(jax.vmap(inner, axis_name="cols"), axis_name="rows")
print(f(jnp.arange(6.0).reshape(2, 3)))
g = jax.vmap(
    jax.vmap(lambda v: jax.lax.psum(v, ("rows", "cols")), axis_name="cols"), axis_name="rows"
)
print(g(jnp.arange(6.0).reshape(2, 3)))
h = jax.vmap(
    jax.vmap(
        lambda v: jax.lax.axis_index("rows") * 10 + jax.lax.axis_index("cols"), axis_name="cols"
    ),
    axis_name="rows",
)
print(h(jnp.zeros((2, 3))))
print(jax.vmap(lambda v: jax.lax.all_gather(v, "i"), axis_name="i")(jnp.arange(3.0)))
print(jax.vmap(lambda v: jax.lax.pmax(v, "i") - v, axis_name="i")(jnp.array([3.0, 1.0, 2.0])))
print(
    jax.vmap(lambda: 1.0, axis_size=3)(),
    jax.vmap(lambda c: c * jnp.ones(2), in_axes=None, axis_size=2)(3.0),
)
try:
    jax.vmap(lambda a, b: a + b)(jnp.ones(3), jnp.ones(4))
except ValueError as e:
    print("ValueError", str(e).splitlines()[0])
try:
    jax.vmap(lambda a: a, out_axes=None)(jnp.arange(3.0))
except ValueError as e:
    print("ValueError", str(e).splitlines()[0])
try:
    jax.vmap(lambda a: a, in_axes=2)(jnp.ones((2, 2)))
except ValueError as e:
    print("ValueError", str(e).splitlines()[0])
