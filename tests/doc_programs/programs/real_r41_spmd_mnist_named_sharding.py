# examples/spmd_mnist_classifier_fromscratch.py in its jit + NamedSharding form: a 1D
# "batch" mesh over 8 devices, replicated parameters, batches device_put with P("batch"),
# a jitted SGD step whose gradient all-reduce the partitioner inserts, and the same step
# with shard_map and pmean, both compared
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import numpy.random as npr
from jax.scipy.special import logsumexp
from jax.sharding import NamedSharding
from jax.sharding import PartitionSpec as P


def init_random_params(scale, layer_sizes, rng=npr.RandomState(0)):
    return [(scale * rng.randn(m, n).astype(np.float32), scale * rng.randn(n).astype(np.float32)) for m, n in zip(layer_sizes[:-1], layer_sizes[1:])]


def predict(params, inputs):
    activations = inputs
    for w, b in params[:-1]:
        activations = jnp.tanh(jnp.dot(activations, w) + b)
    final_w, final_b = params[-1]
    logits = jnp.dot(activations, final_w) + final_b
    return logits - logsumexp(logits, axis=1, keepdims=True)


def loss(params, batch):
    inputs, targets = batch
    return -jnp.mean(jnp.sum(predict(params, inputs) * targets, axis=1))


def accuracy(params, batch):
    inputs, targets = batch
    return jnp.mean(jnp.argmax(predict(params, inputs), axis=1) == jnp.argmax(targets, axis=1))


rng = npr.RandomState(1)
centers = rng.randn(10, 32).astype(np.float32) * 2
labels = rng.randint(0, 10, size=256)
images = centers[labels] + rng.randn(256, 32).astype(np.float32)
onehot = np.eye(10, dtype=np.float32)[labels]

mesh = jax.make_mesh((8,), ("batch",), axis_types=(jax.sharding.AxisType.Auto,))
replicated = NamedSharding(mesh, P())
data_sharding = NamedSharding(mesh, P("batch"))

step_size = 0.05
params = jax.device_put(init_random_params(0.1, [32, 64, 10]), replicated)


@jax.jit
def spmd_update(params, batch):
    grads = jax.grad(loss)(params, batch)
    return [(w - step_size * dw, b - step_size * db) for (w, b), (dw, db) in zip(params, grads)]


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("batch")), out_specs=P())
def shard_map_update(params, batch):
    grads = jax.grad(loss)(params, batch)
    grads = jax.lax.pmean(grads, "batch")
    return [(w - step_size * dw, b - step_size * db) for (w, b), (dw, db) in zip(params, grads)]


p1 = params
p2 = params
batch_size = 64
for epoch in range(3):
    perm = npr.RandomState(epoch).permutation(256)
    for i in range(256 // batch_size):
        idx = perm[i * batch_size : (i + 1) * batch_size]
        batch = jax.device_put((images[idx], onehot[idx]), data_sharding)
        p1 = spmd_update(p1, batch)
        p2 = shard_map_update(p2, batch)
    full = jax.device_put((images, onehot), data_sharding)
    print(epoch, accuracy(p1, full), accuracy(p2, full), loss(p1, full))
    print(all(np.allclose(a, b, atol=1e-5) for a, b in zip(jax.tree.leaves(p1), jax.tree.leaves(p2))))

print(p1[0][0].sharding.is_fully_replicated, p2[0][0].sharding.spec)
print(batch[0].sharding.spec, [s.data.shape for s in batch[0].addressable_shards][:2])
print(jax.jit(predict)(p1, full[0]).sharding.spec)
