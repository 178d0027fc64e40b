# jax.nn pieces: dot_product_attention with masks, bias and causal attention, one_hot,
# logsumexp with b= and return_sign, glu, standardize, softmax with where=
import jax
import jax.numpy as jnp
import numpy as np

key = jax.random.key(42)
kq, kk, kv, kb = jax.random.split(key, 4)
B, T, S, N, H = 2, 4, 5, 2, 8
q = jax.random.normal(kq, (B, T, N, H))
k = jax.random.normal(kk, (B, S, N, H))
v = jax.random.normal(kv, (B, S, N, H))
out = jax.nn.dot_product_attention(q, k, v)
print(out.shape, out.dtype)


def reference(q, k, v, bias=None, mask=None, scale=None):
    scale = 1 / np.sqrt(q.shape[-1]) if scale is None else scale
    logits = jnp.einsum("btnh,bsnh->bnts", q, k) * scale
    if bias is not None:
        logits = logits + bias
    if mask is not None:
        logits = jnp.where(mask, logits, jnp.finfo(logits.dtype).min)
    w = jax.nn.softmax(logits, axis=-1)
    return jnp.einsum("bnts,bsnh->btnh", w, v)


print(jnp.allclose(out, reference(q, k, v), atol=1e-5))
mask = jnp.tril(jnp.ones((T, S), bool), k=1)[None, None]
print(jnp.allclose(jax.nn.dot_product_attention(q, k, v, mask=mask), reference(q, k, v, mask=mask), atol=1e-5))
bias = jax.random.normal(kb, (1, N, T, S))
print(jnp.allclose(jax.nn.dot_product_attention(q, k, v, bias=bias), reference(q, k, v, bias=bias), atol=1e-5))
print(jnp.allclose(jax.nn.dot_product_attention(q, k, v, scale=0.5), reference(q, k, v, scale=0.5), atol=1e-5))
qs = q[:, :, :, :]
causal = jax.nn.dot_product_attention(qs, qs, qs, is_causal=True)
cmask = jnp.tril(jnp.ones((T, T), bool))[None, None]
print(jnp.allclose(causal, reference(qs, qs, qs, mask=cmask), atol=1e-5))
print(jnp.round(causal[0, 0, 0], 4))
# grouped-query attention: fewer key/value heads
k1 = k[:, :, :1]
v1 = v[:, :, :1]
gqa = jax.nn.dot_product_attention(q, k1, v1)
print(gqa.shape, jnp.allclose(gqa, reference(q, jnp.repeat(k1, 2, 2), jnp.repeat(v1, 2, 2)), atol=1e-5))
# unbatched
print(jax.nn.dot_product_attention(q[0], k[0], v[0]).shape)
lens = jnp.array([3, 5])
vl = jax.nn.dot_product_attention(q, k, v, key_value_seq_lengths=lens)
m = (jnp.arange(S)[None, :] < lens[:, None])[:, None, None, :]
print(jnp.allclose(vl, reference(q, k, v, mask=m), atol=1e-5))
g = jax.grad(lambda q: jax.nn.dot_product_attention(q, k, v, is_causal=False).sum())(q)
print(g.shape, jnp.round(jnp.abs(g).sum(), 3))

# one_hot
print(jax.nn.one_hot(jnp.array([0, 2, 5, -1]), 4))
print(jax.nn.one_hot(jnp.array([[1], [0]]), 3, dtype=jnp.int32, axis=0).shape)
print(jax.nn.one_hot(jnp.array([1, 0]), 3, axis=0))
print(jax.nn.one_hot(2, 3).dtype, jax.nn.one_hot(jnp.array([1.7]), 3))

# logsumexp
a = jnp.array([[1., 2., 3.], [0., -1., 5.]])
print(jnp.round(jax.nn.logsumexp(a), 4), jnp.round(jax.nn.logsumexp(a, axis=1), 4))
print(jnp.round(jax.nn.logsumexp(a, axis=0, keepdims=True), 4))
b = jnp.array([[1., -1., 0.5], [2., 0., -3.]])
val, sign = jax.nn.logsumexp(a, axis=1, b=b, return_sign=True)
print(jnp.round(val, 4), sign)
print(jnp.round(jax.scipy.special.logsumexp(a, b=jnp.array([1., 1., 0.]), axis=-1), 4))
print(jax.nn.logsumexp(jnp.array([-jnp.inf, -jnp.inf])), jax.nn.logsumexp(jnp.array([jnp.inf, 1.])))
print(jax.nn.logsumexp(jnp.array([1., 1.]), b=jnp.array([1., -1.]), return_sign=True))
print(jnp.round(jax.grad(lambda a: jax.nn.logsumexp(a, b=b))(a), 4))

# glu, standardize, softmax with where
print(jnp.round(jax.nn.glu(jnp.arange(8.).reshape(2, 4) / 4), 4))
print(jnp.round(jax.nn.glu(jnp.arange(6.).reshape(2, 3), axis=0), 4))
x = jnp.array([[1., 2., 3., 4.], [2., 2., 2., 2.]])
print(jnp.round(jax.nn.standardize(x, axis=-1), 4))
print(jnp.round(jax.nn.standardize(x, axis=0, epsilon=1e-3), 4))
print(jnp.round(jax.nn.standardize(x, mean=2., variance=4.), 4))
w = jnp.array([[True, True, False, True], [False, True, True, False]])
print(jnp.round(jax.nn.softmax(x, where=w), 4))
print(jnp.round(jax.nn.log_softmax(x, axis=0), 4))
print(jnp.round(jax.nn.softmax(jnp.array([1000., 1000.])), 4))
