# "Distributed arrays and automatic parallelization": device_put with NamedSharding on a 4x2
# mesh, shards and their indices, elementwise ops keeping sharding, jit with
# in_shardings / out_shardings, with_sharding_constraint, and a data / model parallel MLP's
# loss and gradients whose shardings a user prints
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

print(len(jax.devices()))
mesh = jax.make_mesh((4, 2), ("x", "y"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
print(mesh.shape, mesh.axis_names)
x = jnp.arange(32 * 8, dtype=jnp.float32).reshape(32, 8)
sharding = NamedSharding(mesh, P("x", "y"))
xs = jax.device_put(x, sharding)
print(xs.sharding)
print(xs.sharding.spec, xs.is_fully_replicated, xs.is_fully_addressable)
for shard in xs.addressable_shards[:3]:
    print(shard.device.id, shard.index, shard.data.shape)
print(xs.sharding.shard_shape(xs.shape))

ys = jnp.sin(xs)
print(ys.sharding.spec == sharding.spec)
zs = xs @ xs.T
print(zs.shape, zs.sharding.spec)
print(jnp.allclose(zs, x @ x.T))

rep = jax.device_put(x, NamedSharding(mesh, P()))
print(rep.is_fully_replicated, len(rep.addressable_shards), rep.addressable_shards[0].data.shape)
col = jax.device_put(x, NamedSharding(mesh, P(None, "y")))
print([s.index for s in col.addressable_shards[:2]])


@jax.jit
def f_constrained(x):
    y = x * 2
    y = jax.lax.with_sharding_constraint(y, NamedSharding(mesh, P("y", "x")))
    return y.sum(axis=0)


out = f_constrained(xs)
print(out.shape, out.sharding.spec)

in_sh = NamedSharding(mesh, P("x", None))
out_sh = NamedSharding(mesh, P(None, "y"))
g = jax.jit(lambda a: jnp.tanh(a) + 1, in_shardings=in_sh, out_shardings=out_sh)
r = g(x)
print(r.sharding.spec, r.shape)
print(g.lower(x).compile().input_shardings[0][0].spec, g.lower(x).compile().output_shardings.spec)


def init_layer(key, n_in, n_out):
    k1, k2 = jax.random.split(key)
    return jax.random.normal(k1, (n_in, n_out)) / jnp.sqrt(n_in), jnp.zeros(n_out)


def init(key, layer_sizes):
    keys = jax.random.split(key, len(layer_sizes) - 1)
    return [init_layer(k, a, b) for k, a, b in zip(keys, layer_sizes[:-1], layer_sizes[1:])]


def predict(params, x):
    for W, b in params[:-1]:
        x = jax.nn.relu(x @ W + b)
    W, b = params[-1]
    return x @ W + b


def loss(params, batch):
    inputs, targets = batch
    return jnp.mean(jnp.sum((predict(params, inputs) - targets) ** 2, axis=-1))


params = init(jax.random.key(0), [8, 16, 16, 4])
batch = (jax.random.normal(jax.random.key(1), (32, 8)), jax.random.normal(jax.random.key(2), (32, 4)))
batch = jax.device_put(batch, NamedSharding(mesh, P("x")))
params = jax.device_put(params, NamedSharding(mesh, P()))
print(jax.jit(loss)(params, batch))


def shard_params(params):
    out = []
    for i, (W, b) in enumerate(params):
        spec = P(None, "y") if i % 2 == 0 else P("y", None)
        out.append((jax.device_put(W, NamedSharding(mesh, spec)), jax.device_put(b, NamedSharding(mesh, P("y") if i % 2 == 0 else P()))))
    return out


mp = shard_params(params)
print(jax.jit(loss)(mp, batch))
grads = jax.jit(jax.grad(loss))(mp, batch)
print([(g[0].sharding.spec, g[1].sharding.spec) for g in grads])


@jax.jit
def sgd_step(params, batch):
    grads = jax.grad(loss)(params, batch)
    return jax.tree.map(lambda p, g: p - 0.05 * g, params, grads)


for _ in range(10):
    mp = sgd_step(mp, batch)
print(jax.jit(loss)(mp, batch))
print(mp[0][0].sharding.spec, mp[1][0].sharding.spec)
print(np.asarray(mp[0][1]).shape, jax.device_get(mp[2][1]).dtype)
