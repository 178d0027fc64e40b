# jax.example_libraries: a stax MLP classifier (Dense / Relu / LogSoftmax with serial) trained
# by optimizers.momentum with an inverse-time-decay schedule on synthetic blobs, the
# examples/mnist_classifier.py loop with a batch generator, accuracy, and the optimizer state
# unpacked / packed for a checkpoint
import itertools

import jax
import jax.numpy as jnp
import numpy.random as npr
from jax import jit, grad, random
from jax.example_libraries import optimizers, stax
from jax.example_libraries.stax import Dense, LogSoftmax, Relu

rng = npr.RandomState(0)
num_classes, dim, n = 3, 5, 240
centers = rng.randn(num_classes, dim) * 2.0
labels = rng.randint(0, num_classes, n)
train_images = (centers[labels] + rng.randn(n, dim)).astype("float32")
train_labels = jnp.eye(num_classes)[labels]


def loss(params, batch):
    inputs, targets = batch
    preds = predict(params, inputs)
    return -jnp.mean(jnp.sum(preds * targets, axis=1))


def accuracy(params, batch):
    inputs, targets = batch
    target_class = jnp.argmax(targets, axis=1)
    predicted_class = jnp.argmax(predict(params, inputs), axis=1)
    return jnp.mean(predicted_class == target_class)


init_random_params, predict = stax.serial(Dense(32), Relu, Dense(32), Relu, Dense(num_classes), LogSoftmax)

step_size = optimizers.inverse_time_decay(0.05, 10, 0.5)
num_epochs, batch_size, momentum_mass = 4, 40, 0.9
num_batches = n // batch_size


def data_stream():
    perm_rng = npr.RandomState(0)
    while True:
        perm = perm_rng.permutation(n)
        for i in range(num_batches):
            batch_idx = perm[i * batch_size : (i + 1) * batch_size]
            yield train_images[batch_idx], train_labels[batch_idx]


batches = data_stream()
opt_init, opt_update, get_params = optimizers.momentum(step_size, mass=momentum_mass)


@jit
def update(i, opt_state, batch):
    params = get_params(opt_state)
    return opt_update(i, grad(loss)(params, batch), opt_state)


_, init_params = init_random_params(random.key(0), (-1, dim))
print([tuple(p.shape for p in layer) for layer in init_params])
opt_state = opt_init(init_params)
itercount = itertools.count()
print(step_size(0), step_size(20))
for epoch in range(num_epochs):
    for _ in range(num_batches):
        opt_state = update(next(itercount), opt_state, next(batches))
    params = get_params(opt_state)
    train_acc = accuracy(params, (train_images, train_labels))
    print(f"Epoch {epoch} train acc {train_acc:.3f} loss {loss(params, (train_images, train_labels)):.4f}")

saved = optimizers.unpack_optimizer_state(opt_state)
print(type(saved).__name__, len(jax.tree.leaves(saved)))
restored = optimizers.pack_optimizer_state(saved)
print(jax.tree.all(jax.tree.map(lambda a, b: bool(jnp.array_equal(a, b)), get_params(restored), get_params(opt_state))))
clipped = optimizers.clip_grads(grad(loss)(params, (train_images, train_labels)), 0.1)
print(float(optimizers.l2_norm(clipped)) <= 0.1 + 1e-6)
print(predict(params, train_images[:2]).shape, jnp.exp(predict(params, train_images[:2])).sum(1))
