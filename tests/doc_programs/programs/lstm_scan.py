# An LSTM written with lax.scan, trained on a toy sequence task with per-step keys from
# random.fold_in / random.split (dropout on the inputs), gradient clipping by global norm
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax, random


def init_lstm(key, n_in, n_hidden, n_out):
    k1, k2, k3 = random.split(key, 3)
    glorot = jax.nn.initializers.glorot_uniform()
    orth = jax.nn.initializers.orthogonal()
    return {
        'W_x': glorot(k1, (n_in, 4 * n_hidden)),
        'W_h': orth(k2, (n_hidden, 4 * n_hidden)),
        'b': jnp.zeros(4 * n_hidden).at[n_hidden:2 * n_hidden].set(1.0),  # forget bias
        'W_out': jax.nn.initializers.lecun_normal()(k3, (n_hidden, n_out)),
        'b_out': jnp.zeros(n_out),
    }


def lstm_cell(params, carry, x):
    h, c = carry
    gates = x @ params['W_x'] + h @ params['W_h'] + params['b']
    i, f, g, o = jnp.split(gates, 4, axis=-1)
    i, f, o = jax.nn.sigmoid(i), jax.nn.sigmoid(f), jax.nn.sigmoid(o)
    c = f * c + i * jnp.tanh(g)
    h = o * jnp.tanh(c)
    return (h, c), h


def lstm(params, xs, key, rate):
    # xs: (time, batch, features)
    keep = random.bernoulli(key, 1.0 - rate, xs.shape)
    xs = jnp.where(keep, xs / (1.0 - rate), 0.0)
    batch = xs.shape[1]
    n_hidden = params['W_h'].shape[0]
    init = (jnp.zeros((batch, n_hidden)), jnp.zeros((batch, n_hidden)))
    (h, c), hs = lax.scan(lambda carry, x: lstm_cell(params, carry, x), init, xs)
    return h @ params['W_out'] + params['b_out'], hs


def loss_fn(params, xs, ys, key, rate):
    preds, _ = lstm(params, xs, key, rate)
    return jnp.mean((preds[:, 0] - ys) ** 2)


# the task: the running sum's sign of a random sequence
rng = np.random.RandomState(0)
T, B, n_in, n_hidden = 6, 8, 2, 8
xs = rng.randn(T, B, n_in).astype(np.float32)
ys = np.tanh(xs.sum(axis=(0, 2))).astype(np.float32)

params = init_lstm(random.key(0), n_in, n_hidden, 1)
print(jax.tree.map(jnp.shape, params))
print(jnp.round(params['W_h'].T @ params['W_h'][:, :8], 4)[:3, :3])


@jax.jit
def train_step(params, step, base_key):
    key = random.fold_in(base_key, step)
    loss, grads = jax.value_and_grad(loss_fn)(params, xs, ys, key, 0.1)
    norm = jnp.sqrt(sum(jnp.sum(g ** 2) for g in jax.tree.leaves(grads)))
    scale = jnp.minimum(1.0, 1.0 / norm)
    params = jax.tree.map(lambda p, g: p - 0.3 * scale * g, params, grads)
    return params, loss, norm


base_key = random.key(42)
for step in range(6):
    params, loss, norm = train_step(params, step, base_key)
    print(step, round(float(loss), 5), round(float(norm), 5))

eval_loss = loss_fn(params, xs, ys, random.key(0), 0.0)
print("eval loss:", round(float(eval_loss), 5))
preds, hs = lstm(params, xs, random.key(0), 0.0)
print(hs.shape, preds.shape)
print(jnp.round(preds[:4, 0], 4))

# keys per step: fold_in vs split give different, reproducible streams
k = random.key(7)
print(random.key_data(random.fold_in(k, 3)))
print(random.key_data(random.split(k, 3)[2]))
print(random.uniform(random.fold_in(k, 0), (3,)))
