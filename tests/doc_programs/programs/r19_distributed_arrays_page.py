# "Distributed arrays and automatic parallelization": a NamedSharding over a 4x2 mesh,
# device_put and the shards' indices / devices, elementwise / reduction / matmul results'
# shardings, with_sharding_constraint inside jit, jit's in_shardings / out_shardings,
# PositionalSharding-free replication by P(), and a data-parallel neural network step
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

print(len(jax.devices()), jax.devices()[0].platform)
mesh = jax.make_mesh((4, 2), ("a", "b"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
print(mesh.shape, mesh.axis_names, mesh.size, mesh.devices.shape)
x = jax.random.normal(jax.random.key(0), (8192, 8192))
y = jax.device_put(x, NamedSharding(mesh, P("a", "b")))
print(y.sharding, y.sharding.spec, y.sharding.mesh.shape)
print(len(y.addressable_shards), y.addressable_shards[0].data.shape, y.addressable_shards[0].index)
print(sorted(s.device.id for s in y.addressable_shards))
print([s.index for s in y.addressable_shards[:3]])
print(y.is_fully_replicated, y.is_fully_addressable, y.sharding.is_fully_replicated)
z = jnp.sin(y)
print(z.sharding.spec, z.sharding == y.sharding)
print(jnp.allclose(z[:2, :2], jnp.sin(x[:2, :2])))
w = y.sum(axis=0)
print(w.shape, w.sharding.spec if hasattr(w.sharding, "spec") else w.sharding)
for spec in (P("a", None), P(None, "b"), P(None, ("a", "b")), P(("a", "b")), P()):
    s = NamedSharding(mesh, spec)
    arr = jax.device_put(jnp.arange(64.0).reshape(8, 8), s)
    print(spec, arr.addressable_shards[0].data.shape, s.shard_shape((8, 8)), s.num_devices, s.is_fully_replicated)
print(NamedSharding(mesh, P("a")).devices_indices_map((8, 2))[jax.devices()[3]])

a = jax.device_put(jnp.arange(32.0).reshape(8, 4), NamedSharding(mesh, P("a", "b")))
b = jax.device_put(jnp.ones((4, 2)), NamedSharding(mesh, P("b", None)))
c = jax.jit(jnp.dot)(a, b)
print(c.shape, c.sharding.spec, c[:, 0])


@jax.jit
def f(x):
    x = x + 1
    y = jax.lax.with_sharding_constraint(x, NamedSharding(mesh, P(None, "b")))
    return y * 2


out = f(a)
print(out.sharding.spec, out[0])


@partial(jax.jit, in_shardings=NamedSharding(mesh, P("a", None)), out_shardings=NamedSharding(mesh, P()))
def g(x):
    return x.T @ x


res = g(jnp.arange(16.0).reshape(8, 2))
print(res, res.sharding.spec, res.is_fully_replicated)


def layer(params, x):
    w, b = params
    return jnp.maximum(jnp.dot(x, w) + b, 0)


def predict(params, x):
    for p in params[:-1]:
        x = layer(p, x)
    w, b = params[-1]
    return jnp.dot(x, w) + b


def loss(params, batch):
    inputs, targets = batch
    return jnp.mean(jnp.sum((predict(params, inputs) - targets) ** 2, axis=-1))


def init_layer(key, n_in, n_out):
    k1, k2 = jax.random.split(key)
    return jax.random.normal(k1, (n_in, n_out)) / np.sqrt(n_in), jax.random.normal(k2, (n_out,))


def init(key, sizes):
    keys = jax.random.split(key, len(sizes) - 1)
    return [init_layer(k, a, b) for k, a, b in zip(keys, sizes[:-1], sizes[1:])]


params = init(jax.random.key(1), [16, 32, 32, 4])
batch = (jax.random.normal(jax.random.key(2), (64, 16)), jax.random.normal(jax.random.key(3), (64, 4)))


@jax.jit
def gradfun(params, batch):
    return jax.tree.map(lambda p, g: p - 0.01 * g, params, jax.grad(loss)(params, batch))


print(round(float(loss(params, batch)), 4))
sharded_batch = jax.device_put(batch, NamedSharding(mesh, P(("a", "b"))))
replicated_params = jax.device_put(params, NamedSharding(mesh, P()))
new_params = gradfun(replicated_params, sharded_batch)
print(round(float(loss(new_params, batch)), 4), new_params[0][0].sharding.spec, sharded_batch[0].sharding.spec)
ref = gradfun(params, batch)
print(all(bool(jnp.allclose(u, v, atol=1e-5)) for u, v in zip(jax.tree.leaves(ref), jax.tree.leaves(new_params))))
mp = jax.device_put(params, [(NamedSharding(mesh, P(None, "b")), NamedSharding(mesh, P("b")))] * 3)
print([p[0].sharding.spec for p in mp], round(float(loss(gradfun(mp, sharded_batch), batch)), 4))
