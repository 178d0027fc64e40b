# "Introduction to parallel programming": automatic parallelism with jit over NamedSharding
# inputs, out_shardings, with_sharding_constraint, shard_map with psum / all_gather, and the
# shardings each result carries
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"), axis_types=(AxisType.Auto,) * 2)
x = jax.device_put(jnp.arange(32.0).reshape(8, 4), NamedSharding(mesh, P("data", "model")))
w = jax.device_put(jnp.ones((4, 6)) / 4, NamedSharding(mesh, P("model", None)))
print(
    x.sharding.spec, w.sharding.spec, len(x.addressable_shards), x.addressable_shards[0].data.shape
)


@jax.jit
def layer(x, w):
    return jax.nn.relu(x @ w)


y = layer(x, w)
print(y.shape, y.sharding.spec, float(y.sum()))
f = jax.jit(layer, out_shardings=NamedSharding(mesh, P(None, None)))
z = f(x, w)
print(z.sharding.spec, z.sharding.is_fully_replicated, np.allclose(y, z))


@jax.jit
def constrained(x):
    h = jnp.sin(x) * 2
    h = jax.lax.with_sharding_constraint(h, NamedSharding(mesh, P(None, "model")))
    return h.sum(axis=0)


print(constrained(x).shape, round(float(constrained(x).sum()), 4))


def local_sum(block):
    print("block", block.shape)
    return jax.lax.psum(block.sum(axis=0), "data")


s = jax.shard_map(local_sum, mesh=mesh, in_specs=P("data", None), out_specs=P(None))(x)
print(s, s.sharding.spec)
g = jax.shard_map(
    lambda b: jax.lax.all_gather(b, "data", tiled=True),
    mesh=mesh,
    in_specs=P("data", None),
    out_specs=P(None, None),
)(x)
print(g.shape, bool((g == x).all()))
m = jax.shard_map(
    lambda b: jax.lax.pmean(b, ("data", "model")),
    mesh=mesh,
    in_specs=P("data", "model"),
    out_specs=P("data", "model"),
)(x)
print(m.shape, m[0], m.sharding.spec)
idx = jax.shard_map(
    lambda b: b + jax.lax.axis_index("data").astype(b.dtype),
    mesh=mesh,
    in_specs=P("data", None),
    out_specs=P("data", None),
)(jnp.zeros((8, 2)))
print(idx[:, 0])
