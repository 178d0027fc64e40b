# A tiny decoder-only language model with rotary position embeddings, trained for a few steps on
# a repeating token pattern, then decoded greedily with a preallocated KV cache updated by
# lax.dynamic_update_slice inside a jitted step that donates the cache
import functools

import jax
import jax.numpy as jnp
from jax import lax, random

VOCAB, D, HEADS, MAXLEN = 11, 16, 2, 12
HD = D // HEADS


def rope_tables(positions):
    inv = 1.0 / (10000 ** (jnp.arange(0, HD, 2, dtype=jnp.float32) / HD))
    ang = positions[:, None].astype(jnp.float32) * inv[None, :]
    return jnp.sin(ang), jnp.cos(ang)


def apply_rope(x, sin, cos):
    x1, x2 = x[..., ::2], x[..., 1::2]
    s, c = sin[:, None, :], cos[:, None, :]
    out = jnp.stack([x1 * c - x2 * s, x1 * s + x2 * c], axis=-1)
    return out.reshape(x.shape)


def init(key):
    k = random.split(key, 5)
    n = lambda kk, shape: random.normal(kk, shape) / jnp.sqrt(shape[0])
    return {"emb": n(k[0], (VOCAB, D)), "wqkv": n(k[1], (D, 3 * D)), "wo": n(k[2], (D, D)),
            "w1": n(k[3], (D, 4 * D)), "w2": n(k[4], (4 * D, D))}


def rms(x):
    return x * lax.rsqrt(jnp.mean(x * x, -1, keepdims=True) + 1e-6)


def attend(q, k, v, mask):
    s = jnp.einsum("qhd,khd->hqk", q, k) / jnp.sqrt(HD).astype(q.dtype)
    s = jnp.where(mask[None], s, -1e9)
    return jnp.einsum("hqk,khd->qhd", jax.nn.softmax(s, -1), v).reshape(q.shape[0], D)


def forward(p, tokens):
    t = tokens.shape[0]
    h = p["emb"][tokens]
    q, k, v = jnp.split(rms(h) @ p["wqkv"], 3, -1)
    q, k, v = (a.reshape(t, HEADS, HD) for a in (q, k, v))
    sin, cos = rope_tables(jnp.arange(t))
    q, k = apply_rope(q, sin, cos), apply_rope(k, sin, cos)
    h = h + attend(q, k, v, jnp.tril(jnp.ones((t, t), bool))) @ p["wo"]
    h = h + jax.nn.silu(rms(h) @ p["w1"]) @ p["w2"]
    return h @ p["emb"].T


def loss(p, seq):
    logits = forward(p, seq[:-1])
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), seq[1:, None], -1))


@jax.jit
def train_step(p, seq):
    l, g = jax.value_and_grad(loss)(p, seq)
    return jax.tree.map(lambda w, d: w - 0.1 * d, p, g), l


seq = jnp.array([1, 2, 3, 4, 5] * 2 + [1, 2])
params = init(random.key(0))
for i in range(60):
    params, l = train_step(params, seq)
    if i % 20 == 0:
        print(i, round(float(l), 3))


@functools.partial(jax.jit, donate_argnums=(1,))
def decode_step(p, cache, token, pos):
    h = p["emb"][token][None]
    q, k, v = jnp.split(rms(h) @ p["wqkv"], 3, -1)
    q, k, v = (a.reshape(1, HEADS, HD) for a in (q, k, v))
    sin, cos = rope_tables(pos[None])
    q, k = apply_rope(q, sin, cos), apply_rope(k, sin, cos)
    ks = lax.dynamic_update_slice(cache["k"], k, (pos, 0, 0))
    vs = lax.dynamic_update_slice(cache["v"], v, (pos, 0, 0))
    mask = (jnp.arange(MAXLEN) <= pos)[None, :]
    h = h + attend(q, ks, vs, mask) @ p["wo"]
    h = h + jax.nn.silu(rms(h) @ p["w1"]) @ p["w2"]
    return {"k": ks, "v": vs}, (h @ p["emb"].T)[0]


cache = {"k": jnp.zeros((MAXLEN, HEADS, HD)), "v": jnp.zeros((MAXLEN, HEADS, HD))}
prompt, out = [1, 2, 3], []
for pos in range(MAXLEN - 1):
    tok = prompt[pos] if pos < len(prompt) else out[-1]
    old = cache
    cache, logits = decode_step(params, cache, jnp.int32(tok), jnp.int32(pos))
    if pos >= len(prompt) - 1:
        out.append(int(jnp.argmax(logits)))
print("generated", out)
print("donated", old["k"].is_deleted(), cache["k"].shape)
full = forward(params, jnp.array(prompt + out[:4]))
print("cache agrees", bool(jnp.all(jnp.argmax(full, -1)[2:6] == jnp.array(out[:4]))))
sin, cos = rope_tables(jnp.arange(3))
x = random.normal(random.key(1), (3, HEADS, HD))
print("rope keeps norms", bool(jnp.allclose(jnp.linalg.norm(apply_rope(x, sin, cos), axis=-1),
                                            jnp.linalg.norm(x, axis=-1), atol=1e-5)))
print(jax.eval_shape(decode_step, params, cache, jnp.int32(0), jnp.int32(0))[1])
