# "Training a simple neural network" with a NumPy-free data loader: random init of an MLP,
# predict with vmap of a single-example function, batched log-softmax loss and accuracy,
# jitted SGD updates over epochs, per-example gradients with vmap(grad), and checking the
# batched and unbatched predictions agree
import time

import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp


def random_layer_params(m, n, key, scale=1e-1):
    w_key, b_key = jax.random.split(key)
    return scale * jax.random.normal(w_key, (n, m)), scale * jax.random.normal(b_key, (n,))


def init_network_params(sizes, key):
    keys = jax.random.split(key, len(sizes))
    return [random_layer_params(m, n, k) for m, n, k in zip(sizes[:-1], sizes[1:], keys)]


layer_sizes = [16, 32, 32, 4]
step_size = 0.1
num_epochs = 8
batch_size = 32
n_targets = 4
params = init_network_params(layer_sizes, jax.random.key(0))


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


random_flattened_image = jax.random.normal(jax.random.key(1), (16,))
preds = predict(params, random_flattened_image)
print(preds.shape)
random_flattened_images = jax.random.normal(jax.random.key(1), (10, 16))
try:
    preds = predict(params, random_flattened_images)
except TypeError as e:
    print("Invalid shapes!", str(e).splitlines()[0][:80])
batched_predict = jax.vmap(predict, in_axes=(None, 0))
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


@jax.jit
def update(params, x, y):
    grads = jax.grad(loss)(params, x, y)
    return [(w - step_size * dw, b - step_size * db) for (w, b), (dw, db) in zip(params, grads)]


key = jax.random.key(2)
centers = jax.random.normal(key, (n_targets, 16)) * 2
labels = jax.random.randint(jax.random.key(3), (256,), 0, n_targets)
images = centers[labels] + jax.random.normal(jax.random.key(4), (256, 16))
train_images, test_images = images[:192], images[192:]
train_labels, test_labels = one_hot(labels[:192], n_targets), one_hot(labels[192:], n_targets)
print(train_images.shape, train_labels.shape, train_labels.dtype, train_labels[0])


def get_train_batches():
    for i in range(0, 192, batch_size):
        yield train_images[i : i + batch_size], train_labels[i : i + batch_size]


for epoch in range(num_epochs):
    start_time = time.time()
    for x, y in get_train_batches():
        params = update(params, x, y)
    epoch_time = time.time() - start_time
    train_acc = accuracy(params, train_images, train_labels)
    test_acc = accuracy(params, test_images, test_labels)
    print("Epoch {} in {} sec".format(epoch, "x" if epoch_time >= 0 else "?"))
    print("Training set accuracy {:.4f}".format(float(train_acc)))
    print("Test set loss {:.5f}".format(float(loss(params, test_images, test_labels))))
per_example = jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(params, train_images[:5, None], train_labels[:5, None])
print([w.shape for w, _ in per_example], per_example[-1][1][0])
mean_grad = jax.tree.map(lambda g: g.mean(0), per_example)
full = jax.grad(loss)(params, train_images[:5], train_labels[:5])
print(all(bool(jnp.allclose(a, b, atol=1e-6)) for a, b in zip(jax.tree.leaves(mean_grad), jax.tree.leaves(full))))
print(jnp.allclose(batched_predict(params, test_images[:3]), jnp.stack([predict(params, t) for t in test_images[:3]]), atol=1e-6))
print(jax.tree.map(jnp.shape, params), sum(p.size for p in jax.tree.leaves(params)))
