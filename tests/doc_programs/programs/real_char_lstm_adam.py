# A character-level LSTM language model: a tiny corpus encoded as integers, the LSTM unrolled
# with lax.scan, cross-entropy over next characters, a hand-written Adam over the param pytree,
# a jitted train step, then greedy and sampled generation with random.categorical
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax, random

text = "hello world. hello jax. the quick brown fox jumps over the lazy dog. " * 4
chars = sorted(set(text))
stoi = {c: i for i, c in enumerate(chars)}
vocab, hidden, seq_len = len(chars), 32, 16
data = np.array([stoi[c] for c in text], dtype=np.int32)
print("vocab", vocab, "chars", len(data))


def init_params(key):
    k1, k2, k3 = random.split(key, 3)
    scale = 1.0 / np.sqrt(hidden)
    return {
        "embed": random.normal(k1, (vocab, hidden)) * 0.1,
        "lstm": {
            "w": random.normal(k2, (2 * hidden, 4 * hidden)) * scale,
            "b": jnp.zeros(4 * hidden).at[hidden : 2 * hidden].set(1.0),
        },
        "out": {"w": random.normal(k3, (hidden, vocab)) * scale, "b": jnp.zeros(vocab)},
    }


def lstm_cell(p, carry, x):
    h, c = carry
    z = jnp.concatenate([x, h], axis=-1) @ p["w"] + p["b"]
    i, f, g, o = jnp.split(z, 4, axis=-1)
    c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
    h = jax.nn.sigmoid(o) * jnp.tanh(c)
    return (h, c), h


def forward(params, tokens):
    xs = params["embed"][tokens]  # (T, B, H)
    batch = tokens.shape[1]
    init = (jnp.zeros((batch, hidden)), jnp.zeros((batch, hidden)))
    _, hs = lax.scan(lambda cr, x: lstm_cell(params["lstm"], cr, x), init, xs)
    return hs @ params["out"]["w"] + params["out"]["b"]


def loss_fn(params, inputs, targets):
    logits = forward(params, inputs)
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(logp, targets[..., None], axis=-1))


def adam_init(params):
    zeros = jax.tree.map(jnp.zeros_like, params)
    return {"m": zeros, "v": jax.tree.map(jnp.zeros_like, params), "t": jnp.array(0)}


def adam_update(grads, state, params, lr=1e-2, b1=0.9, b2=0.999, eps=1e-8):
    t = state["t"] + 1
    m = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, state["m"], grads)
    v = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g * g, state["v"], grads)
    mhat = jax.tree.map(lambda m: m / (1 - b1**t), m)
    vhat = jax.tree.map(lambda v: v / (1 - b2**t), v)
    params = jax.tree.map(lambda p, m, v: p - lr * m / (jnp.sqrt(v) + eps), params, mhat, vhat)
    return params, {"m": m, "v": v, "t": t}


@jax.jit
def train_step(params, opt, inputs, targets):
    loss, grads = jax.value_and_grad(loss_fn)(params, inputs, targets)
    gnorm = jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree.leaves(grads)))
    params, opt = adam_update(grads, opt, params)
    return params, opt, loss, gnorm


def batches(rng, batch=8):
    starts = rng.integers(0, len(data) - seq_len - 1, size=batch)
    x = np.stack([data[s : s + seq_len] for s in starts], axis=1)
    y = np.stack([data[s + 1 : s + seq_len + 1] for s in starts], axis=1)
    return jnp.asarray(x), jnp.asarray(y)


params = init_params(random.key(0))
opt = adam_init(params)
print(jax.tree.map(lambda a: (a.shape, a.dtype), params))
rng = np.random.default_rng(0)
for step in range(30):
    x, y = batches(rng)
    params, opt, loss, gnorm = train_step(params, opt, x, y)
    if step % 10 == 0 or step == 29:
        print(f"step {step:2d} loss {float(loss):.4f} gnorm {float(gnorm):.4f}")
print("adam t", opt["t"], opt["t"].dtype)


@functools.partial(jax.jit, static_argnums=3)
def generate(params, key, prefix, n):
    def step(carry, k):
        (h, c), tok = carry
        (h, c), out = lstm_cell(params["lstm"], (h, c), params["embed"][tok])
        logits = out @ params["out"]["w"] + params["out"]["b"]
        nxt = random.categorical(k, logits / 0.5)
        return ((h, c), nxt), (nxt, jnp.argmax(logits))

    def warm(hc, tok):
        hc, _ = lstm_cell(params["lstm"], hc, params["embed"][tok])
        return hc, None

    zeros = jnp.zeros((hidden,))
    hc, _ = lax.scan(warm, (zeros, zeros), prefix[:-1])
    keys = random.split(key, n)
    _, (sampled, greedy) = lax.scan(step, (hc, prefix[-1]), keys)
    return sampled, greedy


prefix = jnp.array([stoi[c] for c in "hello "])
sampled, greedy = generate(params, random.key(42), prefix, 12)
print("greedy :", "".join(chars[int(i)] for i in greedy))
print("sampled:", "".join(chars[int(i)] for i in sampled))
print("sampled dtype", sampled.dtype, sampled.shape)
