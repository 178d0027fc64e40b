# jax.nn.dot_product_attention: BTNH layout, scale, bias, boolean mask, is_causal, GQA
# (fewer KV heads), query_seq_lengths / key_value_seq_lengths, local_window_size, against a
# hand-written softmax attention, under jit / grad
import jax
import jax.numpy as jnp

k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
B, T, S, N, H = 2, 5, 6, 4, 8
q = jax.random.normal(k1, (B, T, N, H))
k = jax.random.normal(k2, (B, S, N, H))
v = jax.random.normal(k3, (B, S, N, H))


def reference(q, k, v, bias=None, mask=None, scale=None):
    scale = 1 / jnp.sqrt(q.shape[-1]) if scale is None else scale
    logits = jnp.einsum("btnh,bsnh->bnts", q, k) * scale
    if bias is not None:
        logits = logits + bias
    if mask is not None:
        logits = jnp.where(mask, logits, jnp.finfo(logits.dtype).min)
    w = jax.nn.softmax(logits, axis=-1)
    return jnp.einsum("bnts,bsnh->btnh", w, v)


out = jax.nn.dot_product_attention(q, k, v)
print(out.shape, out.dtype, jnp.allclose(out, reference(q, k, v), atol=1e-5))
print(jnp.allclose(jax.nn.dot_product_attention(q, k, v, scale=0.5), reference(q, k, v, scale=0.5), atol=1e-5))
bias = jax.random.normal(k1, (1, N, T, S))
print(jnp.allclose(jax.nn.dot_product_attention(q, k, v, bias=bias), reference(q, k, v, bias=bias), atol=1e-5))
mask = jnp.tril(jnp.ones((T, S), bool), k=1)[None, None]
print(jnp.allclose(jax.nn.dot_product_attention(q, k, v, mask=mask), reference(q, k, v, mask=mask), atol=1e-5))
qs = q[:, :, :, :]
causal = jax.nn.dot_product_attention(q, k[:, :T], v[:, :T], is_causal=True)
print(jnp.allclose(causal, reference(q, k[:, :T], v[:, :T], mask=jnp.tril(jnp.ones((T, T), bool))), atol=1e-5))
kg, vg = k[:, :, :2], v[:, :, :2]
gqa = jax.nn.dot_product_attention(q, kg, vg)
rep = reference(q, jnp.repeat(kg, 2, axis=2), jnp.repeat(vg, 2, axis=2))
print(gqa.shape, jnp.allclose(gqa, rep, atol=1e-5))
lens = jnp.array([3, 6])
sl = jax.nn.dot_product_attention(q, k, v, key_value_seq_lengths=lens)
m = (jnp.arange(S)[None, :] < lens[:, None])[:, None, None, :]
print(jnp.allclose(sl, reference(q, k, v, mask=m), atol=1e-5))
ql = jax.nn.dot_product_attention(q, k, v, query_seq_lengths=jnp.array([2, 5]))
print(jnp.round(ql[0, 2:].sum(), 4), jnp.allclose(ql[0, :2], out[0, :2], atol=1e-5))
loc = jax.nn.dot_product_attention(q, k[:, :T], v[:, :T], is_causal=True, local_window_size=(1, 0))
lm = jnp.tril(jnp.ones((T, T), bool)) & jnp.triu(jnp.ones((T, T), bool), -1)
print(jnp.allclose(loc, reference(q, k[:, :T], v[:, :T], mask=lm), atol=1e-5))
three = jax.nn.dot_product_attention(q[0], k[0], v[0])
print(three.shape, jnp.allclose(three, out[0], atol=1e-5))
g = jax.jit(jax.grad(lambda q: jax.nn.dot_product_attention(q, k, v, is_causal=False).sum()))(q)
gr = jax.grad(lambda q: reference(q, k, v).sum())(q)
print(g.shape, jnp.allclose(g, gr, atol=1e-4))
h = jax.nn.dot_product_attention(q.astype(jnp.bfloat16), k.astype(jnp.bfloat16), v.astype(jnp.bfloat16))
print(h.dtype, jnp.allclose(h.astype(jnp.float32), out, atol=5e-2))
try:
    jax.nn.dot_product_attention(q, k[:, :, :3], v[:, :, :3])
except Exception as e:
    print(type(e).__name__)
