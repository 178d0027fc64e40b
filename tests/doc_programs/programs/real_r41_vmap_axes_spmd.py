# "Automatic vectorization": a convolution vmapped over a batch, in_axes / out_axes as
# pytree prefixes (dicts, tuples, None), vmap of vmap for pairwise distances, axis_name with
# collectives, spmd_axis_name sharding the mapped axis of a with_sharding_constraint
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

x = jnp.arange(5.0)
w = jnp.array([2.0, 3.0, 4.0])


def convolve(x, w):
    output = []
    for i in range(1, len(x) - 1):
        output.append(jnp.dot(x[i - 1 : i + 2], w))
    return jnp.array(output)


print(convolve(x, w))
xs = jnp.stack([x, x + 1])
ws = jnp.stack([w, w * 2])
print(jax.vmap(convolve)(xs, ws))
print(jax.vmap(convolve, in_axes=[0, None])(xs, w))
print(jax.vmap(convolve, in_axes=1, out_axes=1)(xs.T, ws.T))
print(jax.jit(jax.vmap(convolve))(xs, ws))


def f(d, t):
    return {"sum": d["a"] * t[0] + d["b"], "prod": t[1] * d["a"]}


d = {"a": jnp.arange(3.0), "b": 1.0}
t = (jnp.ones((3, 2)), jnp.arange(2.0))
out = jax.vmap(f, in_axes=({"a": 0, "b": None}, (0, None)), out_axes={"sum": 0, "prod": 1})(d, t)
print(jax.tree.map(jnp.shape, out))
print(out["sum"], out["prod"])

pts = jax.random.normal(jax.random.key(0), (5, 3))
dist = jax.vmap(jax.vmap(lambda a, b: jnp.linalg.norm(a - b), (None, 0)), (0, None))(pts, pts)
print(dist.shape, jnp.allclose(dist, dist.T), jnp.diag(dist))


def normalize(v):
    return v / jax.lax.psum(v, axis_name="i")


print(jax.vmap(normalize, axis_name="i")(jnp.arange(1.0, 5.0)))
print(jax.vmap(lambda v: v - jax.lax.pmean(v, "b"), axis_name="b")(jnp.arange(4.0)))
print(jax.vmap(lambda v: jax.lax.all_gather(v, "b"), axis_name="b")(jnp.arange(3.0)))
print(jax.vmap(lambda v: jax.lax.axis_index("b") * v, axis_name="b")(jnp.ones(4)))

mesh = jax.make_mesh((4, 2), ("data", "model"), axis_types=(jax.sharding.AxisType.Auto,) * 2)


def layer(x, W):
    y = x @ W
    y = jax.lax.with_sharding_constraint(y, NamedSharding(mesh, P("model")))
    return jnp.tanh(y)


W = jnp.ones((6, 4)) / 6
batch = jnp.arange(8 * 6.0).reshape(8, 6) / 48
out = jax.jit(jax.vmap(layer, in_axes=(0, None), spmd_axis_name="data"))(batch, W)
print(out.shape, out.sharding.spec)
print(out[:2])
out2 = jax.jit(jax.vmap(layer, in_axes=(0, None)))(batch, W)
print(out2.sharding.spec, jnp.allclose(out, out2))


def per_example_loss(params, x, y):
    return (jnp.dot(params, x) - y) ** 2


params = jnp.array([0.5, -0.25, 1.0])
xb = jnp.arange(12.0).reshape(4, 3)
yb = jnp.arange(4.0)
pe = jax.vmap(jax.grad(per_example_loss), in_axes=(None, 0, 0))(params, xb, yb)
print(pe)
print(jnp.allclose(pe.mean(0), jax.grad(lambda p: jax.vmap(per_example_loss, (None, 0, 0))(p, xb, yb).mean())(params)))
print(jax.vmap(lambda a: a.sum(), in_axes=2)(jnp.ones((2, 3, 4))))
try:
    jax.vmap(lambda a, b: a + b)(jnp.ones(3), jnp.ones(4))
except ValueError as e:
    print(type(e).__name__)
