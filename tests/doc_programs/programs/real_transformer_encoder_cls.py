# A transformer encoder text classifier on padded token batches: learned positional embeddings,
# pre-LayerNorm blocks with multi-head self-attention masked by padding, dropout with keys split
# per layer, mean pooling over real tokens, label smoothing, AdamW written as a pytree map, and
# evaluation with dropout off; accuracy on a synthetic "contains token 7" task
import jax
import jax.numpy as jnp
import numpy as np

V, T, E, H, LAYERS = 16, 12, 32, 4, 2
rng = np.random.default_rng(0)
lengths = rng.integers(3, T + 1, 256)
tokens = rng.integers(1, V, (256, T))
tokens[np.arange(T)[None] >= lengths[:, None]] = 0
labels = (tokens == 7).any(1).astype(np.int32)
tokens, labels = jnp.asarray(tokens), jnp.asarray(labels)
print("positives", int(labels.sum()), tokens.shape, tokens.dtype)


def dense(key, a, b):
    return {"w": jax.random.normal(key, (a, b)) * jnp.sqrt(2.0 / (a + b)), "b": jnp.zeros(b)}


def init(key):
    ks = jax.random.split(key, 3 + LAYERS)
    blocks = []
    for k in ks[3:]:
        k1, k2, k3, k4 = jax.random.split(k, 4)
        blocks.append({"ln1": {"g": jnp.ones(E), "b": jnp.zeros(E)}, "qkv": dense(k1, E, 3 * E), "o": dense(k2, E, E),
                       "ln2": {"g": jnp.ones(E), "b": jnp.zeros(E)}, "ff1": dense(k3, E, 2 * E), "ff2": dense(k4, 2 * E, E)})
    return {"tok": jax.random.normal(ks[0], (V, E)) * 0.1, "pos": jax.random.normal(ks[1], (T, E)) * 0.1,
            "blocks": blocks, "head": dense(ks[2], E, 2)}


def ln(p, x):
    mu = x.mean(-1, keepdims=True)
    var = x.var(-1, keepdims=True)
    return (x - mu) / jnp.sqrt(var + 1e-5) * p["g"] + p["b"]


def lin(p, x):
    return x @ p["w"] + p["b"]


def dropout(key, x, rate, train):
    if not train:
        return x
    keep = jax.random.bernoulli(key, 1 - rate, x.shape)
    return jnp.where(keep, x / (1 - rate), 0.0)


def forward(p, tok, key, train):
    pad = tok != 0
    x = p["tok"][tok] + p["pos"]
    keys = jax.random.split(key, len(p["blocks"]))
    for blk, k in zip(p["blocks"], keys):
        k1, k2 = jax.random.split(k)
        q, kk, v = jnp.split(lin(blk["qkv"], ln(blk["ln1"], x)), 3, -1)
        heads = lambda a: a.reshape(*a.shape[:-1], H, E // H)
        s = jnp.einsum("bqhd,bkhd->bhqk", heads(q), heads(kk)) / jnp.sqrt(E // H)
        s = jnp.where(pad[:, None, None, :], s, -1e9)
        a = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(s, -1), heads(v)).reshape(x.shape)
        x = x + dropout(k1, lin(blk["o"], a), 0.1, train)
        x = x + dropout(k2, lin(blk["ff2"], jax.nn.gelu(lin(blk["ff1"], ln(blk["ln2"], x)))), 0.1, train)
    pooled = jnp.sum(x * pad[..., None], 1) / pad.sum(1, keepdims=True)
    return lin(p["head"], pooled)


def loss_fn(p, tok, y, key):
    logits = forward(p, tok, key, True)
    target = jax.nn.one_hot(y, 2) * 0.9 + 0.05
    return -jnp.mean(jnp.sum(target * jax.nn.log_softmax(logits), -1))


@jax.jit
def step(p, m, v, t, tok, y, key):
    l, g = jax.value_and_grad(loss_fn)(p, tok, y, key)
    m = jax.tree.map(lambda a, b: 0.9 * a + 0.1 * b, m, g)
    v = jax.tree.map(lambda a, b: 0.98 * a + 0.02 * b * b, v, g)
    lr = 3e-3
    p = jax.tree.map(lambda w, a, b: w - lr * ((a / (1 - 0.9**t)) / (jnp.sqrt(b / (1 - 0.98**t)) + 1e-8) + 1e-4 * w), p, m, v)
    return p, m, v, l


evaluate = jax.jit(lambda p, tok: jnp.argmax(forward(p, tok, jax.random.key(0), False), -1))
p = init(jax.random.key(1))
m = jax.tree.map(jnp.zeros_like, p)
v = jax.tree.map(jnp.zeros_like, p)
print("params", sum(x.size for x in jax.tree.leaves(p)))
for epoch in range(8):
    for b in range(0, 256, 64):
        t = epoch * 4 + b // 64 + 1
        p, m, v, l = step(p, m, v, t, tokens[b : b + 64], labels[b : b + 64], jax.random.fold_in(jax.random.key(2), t))
    if epoch % 2 == 1:
        print(epoch, round(float(l), 4), "acc", float(jnp.mean(evaluate(p, tokens) == labels)))
a = forward(p, tokens[:2], jax.random.key(5), True)
b = forward(p, tokens[:2], jax.random.key(6), True)
print("dropout differs", bool(jnp.any(a != b)), "eval deterministic", bool(jnp.array_equal(evaluate(p, tokens[:8]), evaluate(p, tokens[:8]))))
