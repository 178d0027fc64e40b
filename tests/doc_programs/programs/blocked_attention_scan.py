# Memory-efficient attention: an online softmax over key/value blocks in lax.scan, checked
# against the reference softmax attention and jax.nn.dot_product_attention, with gradients,
# vmapped heads, causal masks and jax.checkpoint on the block step
import functools
import jax
import jax.numpy as jnp
from jax import lax, random


def reference_attention(q, k, v, causal=False):
    s = q @ k.T / jnp.sqrt(q.shape[-1])
    if causal:
        mask = jnp.tril(jnp.ones((q.shape[0], k.shape[0]), bool))
        s = jnp.where(mask, s, -jnp.inf)
    return jax.nn.softmax(s, axis=-1) @ v


def blocked_attention(q, k, v, block=4, causal=False):
    n, d = k.shape
    kb = k.reshape(n // block, block, d)
    vb = v.reshape(n // block, block, v.shape[-1])
    starts = jnp.arange(n // block) * block
    scale = 1 / jnp.sqrt(q.shape[-1])

    @jax.checkpoint
    def step(carry, blk):
        m, l, acc = carry
        kj, vj, start = blk
        s = q @ kj.T * scale
        if causal:
            rows = jnp.arange(q.shape[0])[:, None]
            cols = start + jnp.arange(block)[None, :]
            s = jnp.where(cols <= rows, s, -jnp.inf)
        m_new = jnp.maximum(m, s.max(-1))
        p = jnp.exp(s - m_new[:, None])
        corr = jnp.exp(m - m_new)
        l = l * corr + p.sum(-1)
        acc = acc * corr[:, None] + p @ vj
        return (m_new, l, acc), None

    init = (jnp.full(q.shape[0], -jnp.inf), jnp.zeros(q.shape[0]),
            jnp.zeros((q.shape[0], v.shape[-1])))
    (m, l, acc), _ = lax.scan(step, init, (kb, vb, starts))
    return acc / l[:, None]


kq, kk, kv = random.split(random.key(0), 3)
q = random.normal(kq, (8, 16))
k = random.normal(kk, (8, 16))
v = random.normal(kv, (8, 16))
out = jax.jit(blocked_attention)(q, k, v)
print(jnp.max(jnp.abs(out - reference_attention(q, k, v))) < 1e-5)
print(jnp.max(jnp.abs(blocked_attention(q, k, v, causal=True) - reference_attention(q, k, v, True))) < 1e-5)
ref = jax.nn.dot_product_attention(q[None, :, None], k[None, :, None], v[None, :, None], is_causal=True)[0, :, 0]
print(jnp.allclose(ref, blocked_attention(q, k, v, causal=True), atol=1e-5))
g1 = jax.grad(lambda q: blocked_attention(q, k, v, causal=True).sum())(q)
g2 = jax.grad(lambda q: reference_attention(q, k, v, True).sum())(q)
print(jnp.allclose(g1, g2, atol=1e-4), g1.shape)
heads = random.normal(kq, (4, 8, 16))
multi = jax.vmap(functools.partial(blocked_attention, block=2), in_axes=(0, 0, 0))(heads, heads, heads)
print(multi.shape, jnp.allclose(multi, jax.vmap(reference_attention)(heads, heads, heads), atol=1e-5))
print(jnp.round(out[0, :4], 4))
print(jax.make_jaxpr(blocked_attention)(q, k, v).eqns[-1].primitive)
