# Training a simple neural network (MNIST-style MLP with plain SGD, synthetic data)
import time
import jax
import jax.numpy as jnp
from jax import grad, jit, vmap
from jax import random
from jax.scipy.special import logsumexp
import numpy as np


def random_layer_params(m, n, key, scale=1e-2):
    w_key, b_key = random.split(key)
    return scale * random.normal(w_key, (n, m)), scale * random.normal(b_key, (n,))


def init_network_params(sizes, key):
    keys = random.split(key, len(sizes))
    return [random_layer_params(m, n, k) for m, n, k in zip(sizes[:-1], sizes[1:], keys)]


layer_sizes = [64, 32, 32, 10]
step_size = 0.5
num_epochs = 2
batch_size = 32
n_targets = 10
params = init_network_params(layer_sizes, random.key(0))


def relu(x):
    return jnp.maximum(0, x)


def predict(params, image):
    activations = image
    for w, b in params[:-1]:
        outputs = jnp.dot(w, activations) + b
        activations = relu(outputs)
    final_w, final_b = params[-1]
    logits = jnp.dot(final_w, activations) + final_b
    return logits - logsumexp(logits)


random_flattened_image = random.normal(random.key(1), (64,))
preds = predict(params, random_flattened_image)
print(preds.shape)
random_flattened_images = random.normal(random.key(1), (10, 64))
try:
    preds = predict(params, random_flattened_images)
except TypeError:
    print('Invalid shapes!')
batched_predict = vmap(predict, in_axes=(None, 0))
batched_preds = batched_predict(params, random_flattened_images)
print(batched_preds.shape)


def one_hot(x, k, dtype=jnp.float32):
    return jnp.array(x[:, None] == jnp.arange(k), dtype)


def accuracy(params, images, targets):
    target_class = jnp.argmax(targets, axis=1)
    predicted_class = jnp.argmax(batched_predict(params, images), axis=1)
    return jnp.mean(predicted_class == target_class)


def loss(params, images, targets):
    preds = batched_predict(params, images)
    return -jnp.mean(preds * targets)


@jit
def update(params, x, y):
    grads = grad(loss)(params, x, y)
    return [(w - step_size * dw, b - step_size * db)
            for (w, b), (dw, db) in zip(params, grads)]


rng = np.random.RandomState(0)
centers = rng.normal(size=(10, 64)).astype(np.float32)
labels = rng.randint(0, 10, size=256)
train_images = centers[labels] + 0.5 * rng.normal(size=(256, 64)).astype(np.float32)
train_labels = one_hot(labels, n_targets)
for epoch in range(num_epochs):
    start_time = time.time()
    for i in range(0, 256, batch_size):
        params = update(params, train_images[i:i + batch_size], train_labels[i:i + batch_size])
    train_acc = accuracy(params, train_images, train_labels)
    print("Epoch {} training set accuracy {:.2f}".format(epoch, float(train_acc)))
print(float(loss(params, train_images, train_labels)) < 0.25)
print(jax.tree.map(lambda x: x.shape, params))
