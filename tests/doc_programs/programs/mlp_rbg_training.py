# A small MLP classifier trained with SGD (examples/mnist_classifier_fromscratch, synthetic data)
# with rbg keys, as JAX suggests for large models: initialization, dropout masks and data
# shuffling draw from key(seed, impl="rbg"); the same step under jit with threefry for contrast
import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp


def init_params(key, sizes, scale=0.1):
    keys = jax.random.split(key, len(sizes) - 1)
    return [(scale * jax.random.normal(k, (m, n)), jnp.zeros(n))
            for k, m, n in zip(keys, sizes[:-1], sizes[1:])]


def predict(params, x, key, rate=0.2):
    for i, (w, b) in enumerate(params[:-1]):
        x = jnp.tanh(x @ w + b)
        keep = jax.random.bernoulli(jax.random.fold_in(key, i), 1 - rate, x.shape)
        x = jnp.where(keep, x / (1 - rate), 0)
    w, b = params[-1]
    logits = x @ w + b
    return logits - logsumexp(logits, axis=1, keepdims=True)


def loss(params, batch, key):
    x, y = batch
    return -jnp.mean(jnp.sum(predict(params, x, key) * y, axis=1))


@jax.jit
def update(params, batch, key, lr=0.5):
    grads = jax.grad(loss)(params, batch, key)
    return [(w - lr * dw, b - lr * db) for (w, b), (dw, db) in zip(params, grads)]


def accuracy(params, x, y):
    logits = x @ params[0][0] + params[0][1]
    logits = jnp.tanh(logits) @ params[1][0] + params[1][1]
    return jnp.mean(jnp.argmax(logits, 1) == jnp.argmax(y, 1))


for impl in ["rbg", "threefry2x32"]:
    key = jax.random.key(0, impl=impl)
    data_key, init_key, train_key = jax.random.split(key, 3)
    x = jax.random.normal(data_key, (32, 6))
    labels = (x[:, 0] + x[:, 1] > 0).astype(jnp.int32)
    y = jax.nn.one_hot(labels, 2)
    params = init_params(init_key, [6, 8, 2])
    print(impl, jax.random.key_impl(key), params[0][0].shape, f"{float(loss(params, (x, y), train_key)):.4f}")
    for step in range(4):
        step_key, perm_key = jax.random.split(jax.random.fold_in(train_key, step))
        perm = jax.random.permutation(perm_key, 32)[:16]
        params = update(params, (x[perm], y[perm]), step_key)
    print(f"{float(loss(params, (x, y), train_key)):.4f}", f"{float(accuracy(params, x, y)):.3f}")
    print(jax.random.key_data(step_key).shape, perm[:4])
