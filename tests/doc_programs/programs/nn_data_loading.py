# "Training a simple neural network, with data loading": an MLP in plain jax.numpy, batched
# with vmap, trained on a NumPy data loader (a synthetic stand-in for the MNIST / tfds loaders)
import time
import numpy as np
import jax.numpy as jnp
from jax import grad, jit, vmap
from jax import random
from jax.scipy.special import logsumexp


def random_layer_params(m, n, key, scale=1e-2):
    w_key, b_key = random.split(key)
    return scale * random.normal(w_key, (n, m)), scale * random.normal(b_key, (n,))


def init_network_params(sizes, key):
    keys = random.split(key, len(sizes))
    return [random_layer_params(m, n, k) for m, n, k in zip(sizes[:-1], sizes[1:], keys)]


layer_sizes = [16, 32, 32, 4]
step_size = 0.5
num_epochs = 3
batch_size = 16
n_targets = 4
params = init_network_params(layer_sizes, random.key(0))


def relu(x):
    return jnp.maximum(0, x)


def predict(params, image):
    # per-example predictions
    activations = image
    for w, b in params[:-1]:
        outputs = jnp.dot(w, activations) + b
        activations = relu(outputs)
    final_w, final_b = params[-1]
    logits = jnp.dot(final_w, activations) + final_b
    return logits - logsumexp(logits)


random_flattened_image = random.normal(random.key(1), (16,))
preds = predict(params, random_flattened_image)
print(preds.shape)

random_flattened_images = random.normal(random.key(1), (10, 16))
try:
    preds = predict(params, random_flattened_images)
except TypeError:
    print('Invalid shapes!')

batched_predict = vmap(predict, in_axes=(None, 0))
batched_preds = batched_predict(params, random_flattened_images)
print(batched_preds.shape)


def one_hot(x, k, dtype=jnp.float32):
    """Create a one-hot encoding of x of size k."""
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


# a synthetic data set: four Gaussian clusters
rng = np.random.RandomState(0)
centers = rng.randn(n_targets, 16).astype(np.float32) * 2
train_labels = rng.randint(n_targets, size=128)
train_images = centers[train_labels] + rng.randn(128, 16).astype(np.float32)
test_labels = rng.randint(n_targets, size=64)
test_images = centers[test_labels] + rng.randn(64, 16).astype(np.float32)
train_labels_oh = one_hot(train_labels, n_targets)
test_labels_oh = one_hot(test_labels, n_targets)
print('Train:', train_images.shape, train_labels_oh.shape)
print('Test:', test_images.shape, test_labels_oh.shape)


class NumpyLoader:
    """A minimal stand-in for torch's DataLoader with numpy_collate."""

    def __init__(self, images, labels, batch_size, seed=0):
        self.images, self.labels, self.batch_size = images, labels, batch_size
        self.rng = np.random.RandomState(seed)

    def __iter__(self):
        order = self.rng.permutation(len(self.images))
        for i in range(0, len(order), self.batch_size):
            idx = order[i:i + self.batch_size]
            yield self.images[idx], self.labels[idx]


training_generator = NumpyLoader(train_images, train_labels, batch_size)
for epoch in range(num_epochs):
    start_time = time.time()
    for x, y in training_generator:
        y = one_hot(y, n_targets)
        params = update(params, x, y)
    epoch_time = time.time() - start_time
    train_acc = accuracy(params, train_images, train_labels_oh)
    test_acc = accuracy(params, test_images, test_labels_oh)
    print("Epoch {}".format(epoch))
    print("Training set accuracy {}".format(train_acc))
    print("Test set accuracy {}".format(test_acc))
print(round(float(loss(params, train_images, train_labels_oh)), 5))
