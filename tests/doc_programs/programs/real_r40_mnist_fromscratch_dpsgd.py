# examples/mnist_classifier_fromscratch.py and examples/differentially_private_sgd.py on
# synthetic 8x8 "digits": init_random_params, predict with logsumexp, per-example gradients by
# vmap(grad), clipping each to an l2 norm, Gaussian noise from split keys, and the two
# trainings' accuracies
import time

import jax
import jax.numpy as jnp
import numpy.random as npr
from jax import grad, jit, random, vmap
from jax.scipy.special import logsumexp


def init_random_params(scale, layer_sizes, rng=npr.RandomState(0)):
    return [(scale * rng.randn(m, n), scale * rng.randn(n)) for m, n, in zip(layer_sizes[:-1], layer_sizes[1:])]


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


def accuracy(params, batch):
    inputs, targets = batch
    return jnp.mean(jnp.argmax(predict(params, inputs), axis=1) == jnp.argmax(targets, axis=1))


rs = npr.RandomState(1)
protos = rs.rand(4, 64) > 0.5
y = rs.randint(0, 4, 256)
x = (protos[y] ^ (rs.rand(256, 64) < 0.1)).astype("float32")
train = (x, jnp.eye(4)[y])
layer_sizes = [64, 32, 4]
param_scale, step_size, num_epochs, batch_size = 0.1, 0.1, 3, 32
num_batches = x.shape[0] // batch_size


def data_stream():
    rng = npr.RandomState(0)
    while True:
        perm = rng.permutation(x.shape[0])
        for i in range(num_batches):
            idx = perm[i * batch_size : (i + 1) * batch_size]
            yield x[idx], train[1][idx]


@jit
def update(params, batch):
    grads = grad(loss)(params, batch)
    return [(w - step_size * dw, b - step_size * db) for (w, b), (dw, db) in zip(params, grads)]


params = init_random_params(param_scale, layer_sizes)
print(params[0][0].dtype, type(params[0][0]).__name__)
batches = data_stream()
for epoch in range(num_epochs):
    start_time = time.time()
    for _ in range(num_batches):
        params = update(params, next(batches))
    epoch_time = time.time() - start_time
    print(f"Epoch {epoch} train acc {accuracy(params, train):.4f}", epoch_time >= 0)
print(params[0][0].dtype)

l2_norm_clip, noise_multiplier = 1.0, 1.1


def clipped_grad(params, l2_norm_clip, single_example_batch):
    grads = grad(loss)(params, single_example_batch)
    nonempty_grads, tree_def = jax.tree.flatten(grads)
    total_grad_norm = jnp.linalg.norm(jnp.array([jnp.linalg.norm(neg.ravel()) for neg in nonempty_grads]))
    divisor = jnp.maximum(total_grad_norm / l2_norm_clip, 1.0)
    normalized_nonempty_grads = [g / divisor for g in nonempty_grads]
    return jax.tree.unflatten(tree_def, normalized_nonempty_grads)


def private_grad(params, batch, rng, l2_norm_clip, noise_multiplier, batch_size):
    clipped_grads = vmap(clipped_grad, (None, None, 0))(params, l2_norm_clip, batch)
    clipped_grads_flat, grads_treedef = jax.tree.flatten(clipped_grads)
    aggregated_clipped_grads = [g.sum(0) for g in clipped_grads_flat]
    rngs = random.split(rng, len(aggregated_clipped_grads))
    noised_aggregated_clipped_grads = [g + l2_norm_clip * noise_multiplier * random.normal(r, g.shape) for r, g in zip(rngs, aggregated_clipped_grads)]
    normalized_noised_aggregated_clipped_grads = [g / batch_size for g in noised_aggregated_clipped_grads]
    return jax.tree.unflatten(grads_treedef, normalized_noised_aggregated_clipped_grads)


def shape_as_image(images, labels, dummy_dim=False):
    target_shape = (-1, 1, 64) if dummy_dim else (-1, 64)
    return jnp.reshape(images, target_shape), labels


@jit
def private_update(params, batch, rng):
    grads = private_grad(params, batch, rng, l2_norm_clip, noise_multiplier, batch_size)
    return [(w - step_size * dw, b - step_size * db) for (w, b), (dw, db) in zip(params, grads)]


dp_params = init_random_params(param_scale, layer_sizes)
key = random.key(42)
batches = data_stream()
for epoch in range(num_epochs):
    for _ in range(num_batches):
        key, sub = random.split(key)
        dp_params = private_update(dp_params, shape_as_image(*next(batches), dummy_dim=True), sub)
    print(f"DP epoch {epoch} train acc {accuracy(dp_params, train):.4f}")
g = vmap(clipped_grad, (None, None, 0))(dp_params, l2_norm_clip, shape_as_image(x[:4], train[1][:4], dummy_dim=True))
print([a.shape for a in jax.tree.leaves(g)])
norms = jnp.sqrt(sum(jnp.sum(a.reshape(4, -1) ** 2, 1) for a in jax.tree.leaves(g)))
print(bool(jnp.all(norms <= 1.0 + 1e-5)))
