# "Distributed arrays and automatic parallelization": a small network trained data-parallel on
# 8 devices (replicated parameters, batch sharded by jax.device_put), then with parameters
# sharded over a 4x2 mesh (model parallel, with_sharding_constraint on activations), checking
# that the losses agree with a single-device run and printing shardings of results and grads
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def init_layer(key, n_in, n_out):
    k1, k2 = jax.random.split(key)
    w = jax.random.normal(k1, (n_in, n_out)) / jnp.sqrt(n_in)
    b = jax.random.normal(k2, (n_out,)) * 0.01
    return w, b


def init(key, layer_sizes):
    keys = jax.random.split(key, len(layer_sizes) - 1)
    return [init_layer(k, a, b) for k, a, b in zip(keys, layer_sizes[:-1], layer_sizes[1:])]


def predict(params, x):
    for w, b in params[:-1]:
        x = jax.nn.relu(x @ w + b)
    w, b = params[-1]
    return x @ w + b


def loss(params, batch):
    x, y = batch
    return jnp.mean((predict(params, x) - y) ** 2)


@jax.jit
def train_step(params, batch, lr=0.05):
    l, g = jax.value_and_grad(loss)(params, batch)
    return l, jax.tree.map(lambda p, g: p - lr * g, params, g)


rng = np.random.default_rng(0)
X = rng.normal(size=(64, 8)).astype(np.float32)
Y = np.sin(X.sum(1, keepdims=True)).astype(np.float32)
params = init(jax.random.key(0), [8, 16, 16, 1])

single = params
ref_losses = []
for _ in range(5):
    l, single = train_step(single, (X, Y))
    ref_losses.append(float(l))
print(np.round(ref_losses, 5))

mesh = jax.make_mesh((8,), ("batch",), axis_types=(jax.sharding.AxisType.Auto,))
data_sharding = NamedSharding(mesh, P("batch"))
replicated = NamedSharding(mesh, P())
batch = jax.device_put((X, Y), data_sharding)
p = jax.device_put(params, replicated)
dp_losses = []
for _ in range(5):
    l, p = train_step(p, batch)
    dp_losses.append(float(l))
print(np.allclose(dp_losses, ref_losses, rtol=1e-5), batch[0].sharding.spec, p[0][0].sharding.is_fully_replicated)
jax.debug.visualize_array_sharding(batch[1])

mesh2 = jax.make_mesh((4, 2), ("batch", "model"), axis_types=(jax.sharding.AxisType.Auto,) * 2)


def shard_params(params):
    out = []
    for i, (w, b) in enumerate(params):
        spec_w = P(None, "model") if i % 2 == 0 and w.shape[1] > 1 else P("model", None)
        spec_b = P("model") if i % 2 == 0 and w.shape[1] > 1 else P()
        out.append((jax.device_put(w, NamedSharding(mesh2, spec_w)), jax.device_put(b, NamedSharding(mesh2, spec_b))))
    return out


@partial(jax.jit, donate_argnums=0)
def mp_step(params, batch):
    def l(params):
        x, y = batch
        h = x
        for w, b in params[:-1]:
            h = jax.nn.relu(h @ w + b)
            h = jax.lax.with_sharding_constraint(h, NamedSharding(mesh2, P("batch", None)))
        w, b = params[-1]
        return jnp.mean((h @ w + b - y) ** 2)
    val, g = jax.value_and_grad(l)(params)
    return val, jax.tree.map(lambda p, g: p - 0.05 * g, params, g)


p2 = shard_params(params)
batch2 = jax.device_put((X, Y), NamedSharding(mesh2, P("batch")))
mp_losses = []
for _ in range(5):
    l, p2 = mp_step(p2, batch2)
    mp_losses.append(float(l))
print(np.allclose(mp_losses, ref_losses, rtol=1e-5))
print([(w.sharding.spec, b.sharding.spec) for w, b in p2])
preds = jax.jit(predict)(p2, batch2[0])
print(preds.shape, np.allclose(preds, predict(single, X), atol=1e-5))
