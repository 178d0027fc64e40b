# "Distributed arrays and automatic parallelization": Array shards of a device_put with
# NamedSharding on 8 devices, computation following sharding, jit with in_shardings /
# out_shardings, with_sharding_constraint, and the page's neural network: data parallelism
# over 8 devices, then 4-way batch x 2-way model parallelism, trained and compared with the
# unsharded loss
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P

x = jax.random.normal(jax.random.key(0), (8192, 8192 // 64))
print(x.shape)
mesh = jax.make_mesh((8,), ("x",), axis_types=(jax.sharding.AxisType.Auto,))
sharding = NamedSharding(mesh, P("x"))
y = jax.device_put(x, sharding)
print(y.sharding, [s.data.shape for s in y.addressable_shards][:3])
z = jnp.sin(y)
print(z.sharding == sharding, jnp.allclose(z, jnp.sin(x)))

mesh2 = jax.make_mesh((4, 2), ("a", "b"), axis_types=(jax.sharding.AxisType.Auto,) * 2)
y2 = jax.device_put(x[:64], NamedSharding(mesh2, P("a", "b")))
print([(s.device.id, s.index) for s in y2.addressable_shards][:4])
y3 = jax.device_put(x[:64], NamedSharding(mesh2, P("b", "a")))
print([(s.device.id, s.index) for s in y3.addressable_shards][:4])
y4 = jax.device_put(x[:64], NamedSharding(mesh2, P(("a", "b"))))
print(y4.addressable_shards[5].index)


@jax.jit
def f(x):
    x = x + 1
    y = jax.lax.with_sharding_constraint(x, NamedSharding(mesh2, P("b", None)))
    return y


out = f(y2)
print(out.sharding.spec, jnp.allclose(out, x[:64] + 1))

g = jax.jit(lambda a: a @ a.T, in_shardings=NamedSharding(mesh2, P("a", None)), out_shardings=NamedSharding(mesh2, P("a", "b")))
print(g(x[:16, :16]).sharding.spec)


def predict(params, inputs):
    for W, b in params:
        outputs = jnp.dot(inputs, W) + b
        inputs = jnp.maximum(outputs, 0)
    return outputs


def loss(params, batch):
    inputs, targets = batch
    predictions = predict(params, inputs)
    return jnp.mean(jnp.sum((predictions - targets) ** 2, axis=-1))


loss_jit = jax.jit(loss)
gradfun = jax.jit(jax.grad(loss))


def init_layer(key, n_in, n_out):
    k1, k2 = jax.random.split(key)
    W = jax.random.normal(k1, (n_in, n_out)) / jnp.sqrt(n_in)
    b = jax.random.normal(k2, (n_out,))
    return W, b


def init_model(key, layer_sizes, batch_size):
    key, *keys = jax.random.split(key, len(layer_sizes))
    params = list(map(init_layer, keys, layer_sizes[:-1], layer_sizes[1:]))
    key, *keys = jax.random.split(key, 3)
    inputs = jax.random.normal(keys[0], (batch_size, layer_sizes[0]))
    targets = jax.random.normal(keys[1], (batch_size, layer_sizes[-1]))
    return params, (inputs, targets)


layer_sizes = [64, 128, 128, 8]
batch_size = 64
params, batch = init_model(jax.random.key(0), layer_sizes, batch_size)
ref = loss_jit(params, batch)
print(ref)

batch_dp = jax.device_put(batch, NamedSharding(mesh, P("x")))
params_dp = jax.device_put(params, NamedSharding(mesh, P()))
print(jnp.allclose(loss_jit(params_dp, batch_dp), ref))

step_size = 1e-5
for _ in range(20):
    grads = gradfun(params_dp, batch_dp)
    params_dp = [(W - step_size * dW, b - step_size * db) for (W, b), (dW, db) in zip(params_dp, grads)]
print(loss_jit(params_dp, batch_dp))
print(params_dp[0][0].sharding.is_fully_replicated)

batch_mp = jax.device_put(batch, NamedSharding(mesh2, P("a")))
params_mp = []
for W, b in params:
    params_mp.append((jax.device_put(W, NamedSharding(mesh2, P(None, "b"))), jax.device_put(b, NamedSharding(mesh2, P("b")))))
print(jnp.allclose(loss_jit(params_mp, batch_mp), ref))
for _ in range(20):
    grads = gradfun(params_mp, batch_mp)
    params_mp = [(W - step_size * dW, b - step_size * db) for (W, b), (dW, db) in zip(params_mp, grads)]
print(loss_jit(params_mp, batch_mp))
print(jnp.allclose(loss_jit(params_mp, batch_mp), loss_jit(params_dp, batch_dp), rtol=1e-4))
print(params_mp[1][0].sharding.spec, grads[1][0].sharding.spec)
