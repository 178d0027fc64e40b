# Introduction to parallel programming: a two-layer MLP under data parallelism, Megatron-style
# tensor parallelism (column- then row-sharded weights) and FSDP, by NamedSharding under jit
# and by shard_map with explicit psum, a few SGD steps each
import jax
import jax.numpy as jnp
import numpy as np
from functools import partial
from jax.sharding import NamedSharding, PartitionSpec as P
from jax.experimental.shard_map import shard_map

mesh = jax.make_mesh((2, 4), ("data", "model"),
                     axis_types=(jax.sharding.AxisType.Auto,) * 2)
key = jax.random.key(0)
k1, k2, kx = jax.random.split(key, 3)
W1 = jax.random.normal(k1, (8, 16)) / jnp.sqrt(8)
W2 = jax.random.normal(k2, (16, 4)) / 4
x = jax.random.normal(kx, (8, 8))
y = jnp.sin(x[:, :4])


def mlp(params, x):
    w1, w2 = params
    return jax.nn.relu(x @ w1) @ w2


def loss(params, x, y):
    return jnp.mean((mlp(params, x) - y) ** 2)


ref = loss((W1, W2), x, y)
print(ref)

# Tensor parallel: W1 split by columns, W2 by rows over "model"; the batch over "data".
w1_tp = jax.device_put(W1, NamedSharding(mesh, P(None, "model")))
w2_tp = jax.device_put(W2, NamedSharding(mesh, P("model", None)))
x_dp = jax.device_put(x, NamedSharding(mesh, P("data", None)))
y_dp = jax.device_put(y, NamedSharding(mesh, P("data", None)))
jax.debug.visualize_array_sharding(w1_tp)
print(w2_tp.sharding.spec, x_dp.sharding.spec)


@jax.jit
def sgd_step(params, x, y):
    l, grads = jax.value_and_grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads), l


params = (w1_tp, w2_tp)
for i in range(3):
    params, l = sgd_step(params, x_dp, y_dp)
    print(i, l)
print(params[0].sharding.spec, params[1].sharding.spec)

params_ref = (W1, W2)
for i in range(3):
    params_ref, _ = sgd_step(params_ref, x, y)
print(np.allclose(params[0], params_ref[0], atol=1e-5))


# The same forward pass written with shard_map: each device holds a column block of W1 and a
# row block of W2; the partial outputs are summed over "model".
@jax.jit
@partial(shard_map, mesh=mesh,
         in_specs=((P(None, "model"), P("model", None)), P("data", None)),
         out_specs=P("data", None))
def mlp_tp(params, x):
    w1, w2 = params
    partial_out = jax.nn.relu(x @ w1) @ w2
    return jax.lax.psum(partial_out, "model")


out = mlp_tp((w1_tp, w2_tp), x_dp)
print(out.shape, out.sharding.spec)
print(np.allclose(out, mlp((W1, W2), x), atol=1e-5))


# FSDP: parameters sharded over "data" too, gathered just in time inside shard_map.
@jax.jit
@partial(shard_map, mesh=mesh,
         in_specs=((P("data", "model"), P("model", "data")), P("data", None)),
         out_specs=P("data", None))
def mlp_fsdp(params, x):
    w1, w2 = params
    w1 = jax.lax.all_gather(w1, "data", axis=0, tiled=True)
    w2 = jax.lax.all_gather(w2, "data", axis=1, tiled=True)
    return jax.lax.psum(jax.nn.relu(x @ w1) @ w2, "model")


w1_f = jax.device_put(W1, NamedSharding(mesh, P("data", "model")))
w2_f = jax.device_put(W2, NamedSharding(mesh, P("model", "data")))
print(w1_f.addressable_shards[0].data.shape, w2_f.addressable_shards[0].data.shape)
out = mlp_fsdp((w1_f, w2_f), x_dp)
print(np.allclose(out, mlp((W1, W2), x), atol=1e-5))

g = jax.jit(jax.grad(lambda p: jnp.mean((mlp_fsdp(p, x_dp) - y_dp) ** 2)))((w1_f, w2_f))
g_ref = jax.grad(loss)((W1, W2), x, y)
print(g[0].sharding.spec, g[1].sharding.spec)
print(np.allclose(g[0], g_ref[0], atol=1e-5), np.allclose(g[1], g_ref[1], atol=1e-5))


# Sharding constraints steer the intermediate layout.
@jax.jit
def mlp_constrained(params, x):
    w1, w2 = params
    h = jax.nn.relu(x @ w1)
    h = jax.lax.with_sharding_constraint(h, NamedSharding(mesh, P("data", "model")))
    return h @ w2


out = mlp_constrained((w1_tp, w2_tp), x_dp)
print(np.allclose(out, mlp((W1, W2), x), atol=1e-5))
print(len(out.addressable_shards), out.is_fully_replicated)
