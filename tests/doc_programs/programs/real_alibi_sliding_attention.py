# ALiBi attention: per-head linear position biases from the geometric slope sequence, a causal
# mask combined with a sliding window, attention weights compared between a hand-written
# softmax and jax.nn.dot_product_attention given the bias and mask, and gradients of a tiny
# ALiBi language model's loss with respect to its projections
import math

import jax
import jax.numpy as jnp


def alibi_slopes(n_heads):
    def pow2(n):
        start = 2 ** (-(2 ** -(math.log2(n) - 3)))
        return [start * start**i for i in range(n)]

    if math.log2(n_heads).is_integer():
        return jnp.array(pow2(n_heads))
    closest = 2 ** math.floor(math.log2(n_heads))
    extra = pow2(2 * closest)[0::2][: n_heads - closest]
    return jnp.array(pow2(closest) + extra)


def alibi_bias(n_heads, T):
    pos = jnp.arange(T)
    rel = pos[None, :] - pos[:, None]
    return alibi_slopes(n_heads)[:, None, None] * rel[None]


def mask(T, window):
    i, j = jnp.arange(T)[:, None], jnp.arange(T)[None, :]
    return (j <= i) & (i - j < window)


def attention(q, k, v, bias, m):
    s = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(q.shape[-1]) + bias
    s = jnp.where(m, s, -jnp.inf)
    w = jax.nn.softmax(s, axis=-1)
    return jnp.einsum("bhqk,bkhd->bqhd", w, v), w


print(jnp.round(alibi_slopes(8), 5))
print(jnp.round(alibi_slopes(6), 5))
B, T, H, D = 2, 10, 4, 8
kq, kk, kv = jax.random.split(jax.random.key(0), 3)
q = jax.random.normal(kq, (B, T, H, D))
k = jax.random.normal(kk, (B, T, H, D))
v = jax.random.normal(kv, (B, T, H, D))
bias = alibi_bias(H, T)
m = mask(T, 4)
print(m.astype(jnp.int32)[:6, :6])
out, w = attention(q, k, v, bias, m)
ref = jax.nn.dot_product_attention(q, k, v, bias=bias[None], mask=m[None, None])
print(out.shape, float(jnp.max(jnp.abs(out - ref))) < 1e-5)
print(jnp.round(w[0, 0, 5], 4))
print("rows sum", jnp.round(w.sum(-1)[0, :, -1], 5))

V, E = 11, 16


def init(key):
    ks = jax.random.split(key, 5)
    n = lambda k, s: jax.random.normal(k, s) / jnp.sqrt(s[0])
    return {"emb": n(ks[0], (V, E)), "wq": n(ks[1], (E, H * D)), "wk": n(ks[2], (E, H * D)),
            "wv": n(ks[3], (E, H * D)), "wo": n(ks[4], (H * D, V))}


def lm_loss(p, tokens, window):
    x = p["emb"][tokens[:, :-1]]
    Tn = x.shape[1]
    split = lambda a: a.reshape(a.shape[0], Tn, H, D)
    o, _ = attention(split(x @ p["wq"]), split(x @ p["wk"]), split(x @ p["wv"]), alibi_bias(H, Tn), mask(Tn, window))
    logits = o.reshape(o.shape[0], Tn, H * D) @ p["wo"]
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(logp, tokens[:, 1:, None], -1))


tokens = jax.random.randint(jax.random.key(3), (4, 13), 0, V)
p = init(jax.random.key(1))
grad_fn = jax.jit(jax.value_and_grad(lm_loss), static_argnums=2)
for window in (2, 6, 12):
    loss, g = grad_fn(p, tokens, window)
    print(window, round(float(loss), 5), {k: round(float(jnp.linalg.norm(x)), 4) for k, x in g.items()})
for i in range(30):
    loss, g = grad_fn(p, tokens, 6)
    p = jax.tree.map(lambda a, b: a - 0.5 * b, p, g)
print("trained", round(float(loss), 4))
