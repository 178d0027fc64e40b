# jax.vmap: in_axes as dicts and nested tuples, out_axes, axis_size, axis_name collectives
# (psum / pmean / all_gather / axis_index) and nested vmaps with two axis names
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.arange(6.).reshape(2, 3)
y = jnp.arange(3.)
print(jax.vmap(lambda d: d["a"] * d["b"], in_axes=({"a": 0, "b": None},))({"a": x, "b": y}))
print(jax.vmap(lambda a, bc: a + bc[0] - bc[1], in_axes=(1, (None, 1)))(x, (2.0, x)))
print(jax.vmap(lambda v: (v, v.sum()), out_axes=(1, 0))(x))
print(jax.vmap(lambda v: {"m": v * 2}, out_axes={"m": 1})(x)["m"].shape)
print(jax.vmap(lambda: jnp.ones(2), axis_size=3)())
print(jax.vmap(lambda v: v / lax.psum(v, "batch"), axis_name="batch")(jnp.array([1., 2., 5.])))
print(jax.vmap(lambda v: v - lax.pmean(v, "b"), axis_name="b")(x))
print(jax.vmap(lambda v: lax.all_gather(v, "b"), axis_name="b")(y))
print(jax.vmap(lambda v: v * lax.axis_index("b"), axis_name="b")(x))
print(jax.vmap(lambda v: lax.pmax(v, "b"), axis_name="b")(jnp.array([3., 1., 2.])))


def normalize(v):
    return v / lax.psum(v, ("rows", "cols"))


m = jnp.arange(1., 7.).reshape(2, 3)
print(jax.vmap(jax.vmap(normalize, axis_name="cols"), axis_name="rows")(m))
print(jax.vmap(jax.vmap(lambda v: lax.psum(v, "rows"), axis_name="cols"), axis_name="rows")(m))


def loss(w, xb, yb):
    return jnp.mean((xb @ w - yb) ** 2)


w = jnp.array([0.5, -0.25, 1.0])
xs = jnp.arange(12.).reshape(4, 3) / 10
ys = jnp.array([1., 0., 1., 0.])
per_example = jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(w, xs, ys)
print(per_example)
print(jax.vmap(jnp.outer, in_axes=(0, None), out_axes=1)(xs, w).shape)
try:
    jax.vmap(lambda a, b: a + b, in_axes=(0, 0))(jnp.ones(2), jnp.ones(3))
except ValueError:
    print("ValueError")
try:
    jax.vmap(lambda a: a, in_axes=2)(jnp.ones(2))
except ValueError:
    print("ValueError")
