# jax.nn.dot_product_attention in the configurations a transformer uses: multi-head with
# grouped-query heads, causal masks, boolean masks, bias, explicit scale, per-batch
# query/key sequence lengths, local windows, compared with a hand-written softmax attention,
# plus gradients and jit of a whole attention layer
import numpy as np
import jax
import jax.numpy as jnp

B, T, S, N, K, H = 2, 4, 5, 4, 2, 8  # batch, query len, key len, q heads, kv heads, head dim
rng = np.random.default_rng(0)
q = jnp.asarray(rng.standard_normal((B, T, N, H)), jnp.float32)
k = jnp.asarray(rng.standard_normal((B, S, K, H)), jnp.float32)
v = jnp.asarray(rng.standard_normal((B, S, K, H)), jnp.float32)


def reference(q, k, v, bias=None, mask=None, scale=None):
    """Softmax attention with the key / value heads repeated for each query group."""
    k, v = (jnp.repeat(a, N // K, axis=2) for a in (k, v))
    s = jnp.einsum("btnh,bsnh->bnts", q, k) * (1 / np.sqrt(H) if scale is None else scale)
    s = s if bias is None else s + bias
    s = s if mask is None else jnp.where(mask, s, jnp.finfo(s.dtype).min)
    return jnp.einsum("bnts,bsnh->btnh", jax.nn.softmax(s, axis=-1), v)


out = jax.nn.dot_product_attention(q, k, v)
print(out.shape, out.dtype)
print(np.allclose(out, reference(q, k, v), atol=1e-5))
print(np.allclose(jax.nn.dot_product_attention(q, k, v, scale=0.5), reference(q, k, v, scale=0.5), atol=1e-5))
bias = jnp.asarray(rng.standard_normal((1, N, T, S)), jnp.float32)
print(np.allclose(jax.nn.dot_product_attention(q, k, v, bias=bias), reference(q, k, v, bias=bias), atol=1e-5))
mask = jnp.asarray(rng.random((B, 1, T, S)) > 0.3)
mask = mask.at[..., 0].set(True)
print(np.allclose(jax.nn.dot_product_attention(q, k, v, mask=mask), reference(q, k, v, mask=mask), atol=1e-5))

qs = jnp.asarray(rng.standard_normal((B, T, N, H)), jnp.float32)
ks = jnp.asarray(rng.standard_normal((B, T, K, H)), jnp.float32)
vs = jnp.asarray(rng.standard_normal((B, T, K, H)), jnp.float32)
causal = jnp.tril(jnp.ones((T, T), bool))[None, None]
print(np.allclose(jax.nn.dot_product_attention(qs, ks, vs, is_causal=True), reference(qs, ks, vs, mask=causal), atol=1e-5))
q_len = jnp.array([2, 4], jnp.int32)
kv_len = jnp.array([3, 4], jnp.int32)
seq = jax.nn.dot_product_attention(qs, ks, vs, query_seq_lengths=q_len, key_value_seq_lengths=kv_len)
kv_mask = (jnp.arange(T)[None, :] < kv_len[:, None])[:, None, None, :]
print(np.allclose(seq[1], reference(qs, ks, vs, mask=kv_mask)[1], atol=1e-5), jnp.round(seq[0, 2:].sum(), 4))
win = jax.nn.dot_product_attention(qs, ks, vs, local_window_size=(1, 0))
band = (jnp.arange(T)[:, None] - jnp.arange(T)[None, :])
local = ((band >= 0) & (band <= 1))[None, None]
print(np.allclose(win, reference(qs, ks, vs, mask=local), atol=1e-5))
one_head = jax.nn.dot_product_attention(q[0], k[0], v[0])
print(one_head.shape)
print(jax.nn.dot_product_attention(q.astype(jnp.bfloat16), k.astype(jnp.bfloat16), v.astype(jnp.bfloat16)).dtype)
try:
    jax.nn.dot_product_attention(q, k[:, :, :1].repeat(3, axis=2), v[:, :, :1].repeat(3, axis=2))
except ValueError as e:
    print("ValueError")


def layer(params, x):
    qh = (x @ params["wq"]).reshape(B, T, N, H)
    kh = (x @ params["wk"]).reshape(B, T, K, H)
    vh = (x @ params["wv"]).reshape(B, T, K, H)
    o = jax.nn.dot_product_attention(qh, kh, vh, is_causal=True)
    return o.reshape(B, T, N * H) @ params["wo"]


D = 16
params = {name: jnp.asarray(rng.standard_normal(shape) * 0.1, jnp.float32) for name, shape in
          [("wq", (D, N * H)), ("wk", (D, K * H)), ("wv", (D, K * H)), ("wo", (N * H, D))]}
x = jnp.asarray(rng.standard_normal((B, T, D)), jnp.float32)
y = jax.jit(layer)(params, x)
print(y.shape, np.allclose(y, layer(params, x), atol=1e-5))
grads = jax.grad(lambda p: jnp.sum(layer(p, x) ** 2))(params)
print({k2: g.shape for k2, g in grads.items()})
eps = 1e-2
d = jnp.zeros_like(params["wq"]).at[0, 0].set(eps)
num = (jnp.sum(layer({**params, "wq": params["wq"] + d}, x) ** 2) - jnp.sum(layer({**params, "wq": params["wq"] - d}, x) ** 2)) / (2 * eps)
print(np.allclose(num, grads["wq"][0, 0], rtol=2e-2, atol=1e-3))
