# Parallel evaluation with pmap, and the spmd_mnist example (small, synthetic data)
from functools import partial
import numpy as np
import numpy.random as npr
import jax
import jax.numpy as jnp
from jax import jit, grad, pmap, lax
from jax.scipy.special import logsumexp

print(jax.device_count(), jax.local_device_count())
x = np.arange(5)
w = np.array([2., 3., 4.])


def convolve(x, w):
    output = []
    for i in range(1, len(x)-1):
        output.append(jnp.dot(x[i-1:i+2], w))
    return jnp.array(output)


n_devices = jax.local_device_count()
xs = np.arange(5 * n_devices).reshape(-1, 5)
ws = np.stack([w] * n_devices)
print(jax.pmap(convolve)(xs, ws))
print(jax.pmap(convolve, in_axes=(0, None))(xs, w))
print(jax.pmap(convolve)(xs, jax.pmap(convolve)(xs, ws)))


def normalized_convolution(x, w):
    output = []
    for i in range(1, len(x)-1):
        output.append(jnp.dot(x[i-1:i+2], w))
    output = jnp.array(output)
    return output / jax.lax.psum(output, axis_name='p')


print(jax.pmap(normalized_convolution, axis_name='p')(xs, ws))
print(jax.vmap(normalized_convolution, axis_name='p')(xs, ws))
print(jax.pmap(lambda x: x - lax.pmean(x, 'i'), axis_name='i')(jnp.arange(8.)))
print(jax.pmap(lambda x: lax.all_gather(x, 'i'), axis_name='i')(jnp.arange(4.) * 2)[1])
print(jax.pmap(lambda x: lax.axis_index('i'), axis_name='i')(jnp.zeros(8)))
out = jax.pmap(lambda x: x ** 2)(jnp.arange(8.))
print(type(out).__name__, out.shape, out.dtype)


# spmd_mnist
def init_random_params(scale, layer_sizes, rng=npr.RandomState(0)):
    return [(scale * rng.randn(m, n), scale * rng.randn(n))
            for m, n, in zip(layer_sizes[:-1], layer_sizes[1:])]


def predict(params, inputs):
    activations = inputs
    for w, b in params[:-1]:
        outputs = jnp.dot(activations, w) + b
        activations = jnp.tanh(outputs)
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
    target_class = jnp.argmax(targets, axis=1)
    predicted_class = jnp.argmax(predict(params, inputs), axis=1)
    return jnp.mean(predicted_class == target_class)


layer_sizes = [16, 32, 10]
param_scale = 0.1
step_size = 0.1
num_epochs = 3
batch_size = 32
rs = npr.RandomState(0)
train_images = rs.randn(256, 16).astype(np.float32)
train_labels = np.eye(10, dtype=np.float32)[(train_images[:, :10] ** 2).argmax(1)]
num_train = train_images.shape[0]
num_complete_batches, leftover = divmod(num_train, batch_size)
num_batches = num_complete_batches + bool(leftover)
num_devices = jax.device_count()


def data_stream():
    rng = npr.RandomState(0)
    while True:
        perm = rng.permutation(num_train)
        for i in range(num_batches):
            batch_idx = perm[i * batch_size:(i + 1) * batch_size]
            images, labels = train_images[batch_idx], train_labels[batch_idx]
            batch_size_per_device, ragged = divmod(images.shape[0], num_devices)
            if ragged:
                msg = "batch size must be divisible by device count, got {} and {}."
                raise ValueError(msg.format(batch_size, num_devices))
            shape_prefix = (num_devices, batch_size_per_device)
            images = images.reshape(shape_prefix + images.shape[1:])
            labels = labels.reshape(shape_prefix + labels.shape[1:])
            yield images, labels


batches = data_stream()


@partial(pmap, axis_name='batch')
def spmd_update(params, batch):
    grads = grad(loss)(params, batch)
    grads = [(lax.psum(dw, 'batch'), lax.psum(db, 'batch')) for dw, db in grads]
    return [(w - step_size * dw, b - step_size * db)
            for (w, b), (dw, db) in zip(params, grads)]


params = init_random_params(param_scale, layer_sizes)
replicate_array = lambda x: np.broadcast_to(x, (num_devices,) + x.shape)
replicated_params = jax.tree.map(replicate_array, params)
for epoch in range(num_epochs):
    for _ in range(num_batches):
        replicated_params = spmd_update(replicated_params, next(batches))
    params = jax.tree.map(lambda x: x[0], replicated_params)
    train_acc = accuracy(params, (train_images, train_labels))
    print(f"Epoch {epoch} training accuracy {train_acc:.4f}")
    print(f"loss {loss(params, (train_images, train_labels)):.4f}")
print(jax.tree.map(lambda x: x.shape, replicated_params))
