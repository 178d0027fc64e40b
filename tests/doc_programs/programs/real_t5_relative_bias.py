# T5-style relative position biases: bidirectional and causal bucketing of relative positions
# (exact buckets for small distances, log-spaced for large ones), a learned bias table gathered
# per head, added to attention logits with jax.nn.dot_product_attention's bias argument and
# checked against hand-written attention, with a causal mask and a padding mask combined
import math

import jax
import jax.numpy as jnp
import numpy as np


def relative_bucket(rel, bidirectional=True, num_buckets=32, max_distance=128):
    ret = 0
    n = -rel
    if bidirectional:
        num_buckets //= 2
        ret += (n < 0).astype(jnp.int32) * num_buckets
        n = jnp.abs(n)
    else:
        n = jnp.maximum(n, 0)
    max_exact = num_buckets // 2
    is_small = n < max_exact
    val_if_large = max_exact + (
        jnp.log(n.astype(jnp.float32) / max_exact + jnp.finfo(jnp.float32).eps)
        / math.log(max_distance / max_exact) * (num_buckets - max_exact)
    ).astype(jnp.int32)
    val_if_large = jnp.minimum(val_if_large, num_buckets - 1)
    return ret + jnp.where(is_small, n, val_if_large)


rel = jnp.array([-200, -64, -17, -8, -1, 0, 1, 8, 17, 64, 200])
print("bidirectional buckets:", relative_bucket(rel))
print("causal buckets:      ", relative_bucket(rel, bidirectional=False))

B, T, H, DH, NB = 2, 12, 4, 8, 32
k_q, k_k, k_v, k_t = jax.random.split(jax.random.key(9), 4)
q = jax.random.normal(k_q, (B, T, H, DH))
k = jax.random.normal(k_k, (B, T, H, DH))
v = jax.random.normal(k_v, (B, T, H, DH))
table = jax.random.normal(k_t, (NB, H)) * 0.5


def position_bias(table, q_len, k_len, bidirectional):
    ctx = jnp.arange(q_len)[:, None]
    mem = jnp.arange(k_len)[None, :]
    buckets = relative_bucket(mem - ctx, bidirectional, NB)
    return jnp.transpose(table[buckets], (2, 0, 1))[None]


bias = position_bias(table, T, T, True)
print("bias:", bias.shape, bias.dtype)
lengths = jnp.array([12, 7])
pad = jnp.arange(T)[None, :] < lengths[:, None]


def manual_attention(q, k, v, bias, mask):
    logits = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(DH) + bias
    logits = jnp.where(mask, logits, jnp.finfo(jnp.float32).min)
    return jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(logits, axis=-1), v)


mask = pad[:, None, None, :]
out = jax.nn.dot_product_attention(q, k, v, bias=bias, mask=mask)
ref = manual_attention(q, k, v, bias, mask)
print("dot_product_attention with bias matches:", bool(jnp.allclose(out, ref, atol=1e-5)))

causal_bias = position_bias(table, T, T, False)
causal = jnp.tril(jnp.ones((T, T), bool))[None, None]
out_c = jax.nn.dot_product_attention(q, k, v, bias=causal_bias, mask=causal & mask)
ref_c = manual_attention(q, k, v, causal_bias, causal & mask)
print("causal + padding matches:", bool(jnp.allclose(out_c, ref_c, atol=1e-5)))
print("first query only sees itself:", bool(jnp.allclose(out_c[:, 0], v[:, 0], atol=1e-5)))


def loss(table):
    o = jax.nn.dot_product_attention(q, k, v, bias=position_bias(table, T, T, True), mask=mask)
    return jnp.sum(o * jnp.sin(jnp.arange(DH)))


g = jax.jit(jax.grad(loss))(table)
used = np.unique(np.asarray(relative_bucket(jnp.arange(T)[None, :] - jnp.arange(T)[:, None])))
print("buckets used:", used)
print("gradient rows nonzero only for used buckets:",
      bool(jnp.all((jnp.abs(g).sum(1) > 0) == jnp.isin(jnp.arange(NB), used))))
print("grad norm:", round(float(jnp.linalg.norm(g)), 4))
long_bias = jax.jit(position_bias, static_argnums=(1, 2, 3))(table, 4, 300, True)
print("long context bias:", long_bias.shape, "distinct buckets:", len(np.unique(np.asarray(relative_bucket(jnp.arange(300)[None, :] - jnp.arange(4)[:, None])))))
