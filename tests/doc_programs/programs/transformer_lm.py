# A tiny decoder-only transformer language model trained on a synthetic sequence task:
# embeddings, sinusoidal positions, causal multi-head attention, layer norm, cross-entropy,
# a few hand-written Adam steps, and greedy decoding in a fori_loop
import jax
import jax.numpy as jnp
from jax import lax

vocab, d, heads, seq = 8, 16, 2, 8
key = jax.random.key(0)


def init(key):
    ks = jax.random.split(key, 6)
    s = 0.1
    return {
        "embed": jax.random.normal(ks[0], (vocab, d)) * s,
        "wqkv": jax.random.normal(ks[1], (d, 3 * d)) * s,
        "wo": jax.random.normal(ks[2], (d, d)) * s,
        "w1": jax.random.normal(ks[3], (d, 2 * d)) * s,
        "w2": jax.random.normal(ks[4], (2 * d, d)) * s,
        "ln1": jnp.ones(d), "ln2": jnp.ones(d),
    }


def positions(n):
    pos = jnp.arange(n)[:, None]
    i = jnp.arange(d // 2)[None, :]
    angle = pos / 10000 ** (2 * i / d)
    return jnp.concatenate([jnp.sin(angle), jnp.cos(angle)], axis=-1)


def layer_norm(x, g):
    mu = x.mean(-1, keepdims=True)
    var = x.var(-1, keepdims=True)
    return g * (x - mu) * lax.rsqrt(var + 1e-5)


def attention(x, wqkv, wo):
    n = x.shape[0]
    q, k, v = jnp.split(x @ wqkv, 3, axis=-1)
    split = lambda t: t.reshape(n, heads, d // heads).transpose(1, 0, 2)
    q, k, v = split(q), split(k), split(v)
    scores = q @ k.transpose(0, 2, 1) / jnp.sqrt(d // heads)
    mask = jnp.tril(jnp.ones((n, n), dtype=bool))
    scores = jnp.where(mask, scores, -jnp.inf)
    out = jax.nn.softmax(scores, axis=-1) @ v
    return out.transpose(1, 0, 2).reshape(n, d) @ wo


def model(p, tokens):
    x = p["embed"][tokens] + positions(tokens.shape[0])
    x = x + attention(layer_norm(x, p["ln1"]), p["wqkv"], p["wo"])
    x = x + jax.nn.gelu(layer_norm(x, p["ln2"]) @ p["w1"]) @ p["w2"]
    return x @ p["embed"].T


def loss_fn(p, batch):
    logits = jax.vmap(model, in_axes=(None, 0))(p, batch[:, :-1])
    labels = jax.nn.one_hot(batch[:, 1:], vocab)
    return -jnp.mean(jnp.sum(labels * jax.nn.log_softmax(logits), axis=-1))


# Synthetic data: counting sequences modulo vocab from random starts.
starts = jax.random.randint(jax.random.key(1), (16, 1), 0, vocab)
batch = (starts + jnp.arange(seq + 1)) % vocab
print(batch[:2])

params = init(key)
print(sum(p.size for p in jax.tree.leaves(params)))
print(model(params, batch[0, :-1]).shape)
print(loss_fn(params, batch), jnp.log(vocab))


@jax.jit
def train_step(p, m, v, t, batch):
    l, g = jax.value_and_grad(loss_fn)(p, batch)
    m = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, m, g)
    v = jax.tree.map(lambda v, g: 0.999 * v + 0.001 * g * g, v, g)
    upd = lambda p, m, v: p - 0.05 * (m / (1 - 0.9 ** t)) / (jnp.sqrt(v / (1 - 0.999 ** t)) + 1e-8)
    return jax.tree.map(upd, p, m, v), m, v, l


m = jax.tree.map(jnp.zeros_like, params)
v = jax.tree.map(jnp.zeros_like, params)
for t in range(1, 41):
    params, m, v, l = train_step(params, m, v, t, batch)
    if t % 10 == 0:
        print(t, l)


@jax.jit
def generate(p, first):
    tokens = jnp.zeros(seq, dtype=jnp.int32).at[0].set(first)
    def body(i, tokens):
        logits = model(p, tokens)
        return tokens.at[i + 1].set(jnp.argmax(logits[i]).astype(jnp.int32))
    return lax.fori_loop(0, seq - 1, body, tokens)


print(generate(params, 3))
print(generate(params, 6))
probs = jax.nn.softmax(model(params, batch[0, :-1]), axis=-1)
print(jnp.round(probs.max(-1), 2))
