# examples/spmd_mnist_classifier_fromscratch.py on 8 devices: params replicated with
# jax.device_put_replicated's successor (stack and pmap), batches reshaped to
# (num_devices, batch_per_device, ...), a pmapped update with lax.psum of gradients over the
# axis name, and accuracy evaluated on device 0's params
from functools import partial

import jax
import jax.numpy as jnp
import numpy.random as npr
from jax import grad, jit, lax, pmap
from jax.scipy.special import logsumexp


def init_random_params(scale, layer_sizes, rng=npr.RandomState(0)):
    return [(scale * rng.randn(m, n), scale * rng.randn(n)) for m, n, in zip(layer_sizes[:-1], layer_sizes[1:])]


def predict(params, inputs):
    activations = inputs
    for w, b in params[:-1]:
        activations = jnp.tanh(jnp.dot(activations, w) + b)
    final_w, final_b = params[-1]
    logits = jnp.dot(activations, final_w) + final_b
    return logits - logsumexp(logits, axis=1, keepdims=True)


def loss(params, batch):
    inputs, targets = batch
    preds = predict(params, inputs)
    return -jnp.mean(jnp.sum(preds * targets, axis=1))


@jit
def accuracy(params, batch):
    inputs, targets = batch
    return jnp.mean(jnp.argmax(predict(params, inputs), axis=1) == jnp.argmax(targets, axis=1))


rs = npr.RandomState(3)
protos = rs.randn(5, 20)
y = rs.randint(0, 5, 320)
x = (protos[y] + 0.8 * rs.randn(320, 20)).astype("float32")
targets = jnp.eye(5)[y]
layer_sizes, param_scale, step_size, num_epochs, batch_size = [20, 32, 5], 0.1, 0.1, 3, 64
num_devices = jax.device_count()
print(num_devices, jax.local_device_count())
num_batches = x.shape[0] // batch_size


def data_stream():
    rng = npr.RandomState(0)
    while True:
        perm = rng.permutation(x.shape[0])
        for i in range(num_batches):
            idx = perm[i * batch_size : (i + 1) * batch_size]
            images, labels = x[idx], targets[idx]
            batch_size_per_device, ragged = divmod(images.shape[0], num_devices)
            assert not ragged
            shape_prefix = (num_devices, batch_size_per_device)
            yield images.reshape(shape_prefix + images.shape[1:]), labels.reshape(shape_prefix + labels.shape[1:])


@partial(pmap, axis_name="batch")
def spmd_update(params, batch):
    grads = grad(loss)(params, batch)
    grads = [(lax.psum(dw, "batch"), lax.psum(db, "batch")) for dw, db in grads]
    return [(w - step_size * dw, b - step_size * db) for (w, b), (dw, db) in zip(params, grads)]


init_params = init_random_params(param_scale, layer_sizes)
replicate_array = lambda a: jnp.broadcast_to(a, (num_devices,) + a.shape)
replicated_params = jax.tree.map(replicate_array, init_params)
print(replicated_params[0][0].shape, type(replicated_params[0][0]).__name__)
batches = data_stream()
for epoch in range(num_epochs):
    for _ in range(num_batches):
        replicated_params = spmd_update(replicated_params, next(batches))
    params = jax.tree.map(lambda a: a[0], replicated_params)
    print(f"Epoch {epoch} train acc {accuracy(params, (x, targets)):.4f}")
print(replicated_params[0][0].sharding.__class__.__name__, len(replicated_params[0][0].addressable_shards))
print(jnp.allclose(replicated_params[1][1][0], replicated_params[1][1][7]))
out = pmap(lambda a: lax.psum(a, "i"), axis_name="i")(jnp.arange(8.0))
print(out)
print(pmap(lambda a: a * lax.axis_index("i"), axis_name="i")(jnp.ones((8, 2)))[:, 0])
print(pmap(lambda a, b: a + b, in_axes=(0, None))(jnp.arange(8.0), 10.0))
