# examples/mnist_classifier_fromscratch.py on synthetic 8x8 "digits": init_random_params
# with scale, predict with logsumexp, loss / accuracy, a jitted update by grad and
# tree.map, minibatches from a NumPy permutation stream, then the same network with
# example_libraries.optimizers.momentum and a vmapped per-example accuracy
import itertools

import jax.numpy as jnp
import numpy.random as npr
from jax import grad, jit, random, vmap
from jax.example_libraries import optimizers
from jax.scipy.special import logsumexp


def make_data(key, n, d=64, classes=10):
    kc, kx, ky = random.split(key, 3)
    centers = random.normal(kc, (classes, d)) * 2.0
    labels = random.randint(ky, (n,), 0, classes)
    images = centers[labels] + random.normal(kx, (n, d))
    return images, jnp.eye(classes)[labels]


train_images, train_labels = make_data(random.key(0), 512)
test_images, test_labels = make_data(random.key(1), 256)


def init_random_params(scale, layer_sizes, rng=npr.RandomState(0)):
    return [(scale * rng.randn(m, n), scale * rng.randn(n)) for m, n in zip(layer_sizes[:-1], layer_sizes[1:])]


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
    target_class = jnp.argmax(targets, axis=1)
    predicted_class = jnp.argmax(predict(params, inputs), axis=1)
    return jnp.mean(predicted_class == target_class)


layer_sizes = [64, 32, 32, 10]
param_scale = 0.1
step_size = 0.01
num_epochs = 4
batch_size = 64
num_train = train_images.shape[0]
num_complete_batches, leftover = divmod(num_train, batch_size)
num_batches = num_complete_batches + bool(leftover)


def data_stream():
    rng = npr.RandomState(0)
    while True:
        perm = rng.permutation(num_train)
        for i in range(num_batches):
            batch_idx = perm[i * batch_size : (i + 1) * batch_size]
            yield train_images[batch_idx], train_labels[batch_idx]


batches = data_stream()


@jit
def update(params, batch):
    grads = grad(loss)(params, batch)
    return [(w - step_size * dw, b - step_size * db) for (w, b), (dw, db) in zip(params, grads)]


params = init_random_params(param_scale, layer_sizes)
for epoch in range(num_epochs):
    for _ in range(num_batches):
        params = update(params, next(batches))
    train_acc = accuracy(params, (train_images, train_labels))
    test_acc = accuracy(params, (test_images, test_labels))
    print(f"Epoch {epoch} train {train_acc:.4f} test {test_acc:.4f} loss {loss(params, (train_images, train_labels)):.5f}")

opt_init, opt_update, get_params = optimizers.momentum(step_size, mass=0.9)


@jit
def update_opt(i, opt_state, batch):
    params = get_params(opt_state)
    return opt_update(i, grad(loss)(params, batch), opt_state)


opt_state = opt_init(init_random_params(param_scale, layer_sizes))
itercount = itertools.count()
for epoch in range(num_epochs):
    for _ in range(num_batches):
        opt_state = update_opt(next(itercount), opt_state, next(batches))
    p = get_params(opt_state)
    print(epoch, accuracy(p, (train_images, train_labels)), accuracy(p, (test_images, test_labels)))

per_ex = vmap(lambda x, y: jnp.argmax(predict(p, x[None])[0]) == jnp.argmax(y))(test_images[:8], test_labels[:8])
print(per_ex)
print(predict(p, test_images[:2]).round(4))
