# Memory-efficient (flash-style) attention written by hand: queries and keys in blocks, an online
# softmax carried through lax.scan (running max, normaliser, accumulator), causal masking per
# block pair, compared with jax.nn.dot_product_attention and a naive reference, gradients through
# the scan checked against the reference, jax.checkpoint on the block body, and a
# multi-head / grouped-query layout by vmap and einsum
import functools

import jax
import jax.numpy as jnp

B, T, HQ, HKV, D, BLOCK = 2, 32, 4, 2, 8, 8
kq, kk, kv = jax.random.split(jax.random.key(0), 3)
q = jax.random.normal(kq, (B, T, HQ, D))
k = jax.random.normal(kk, (B, T, HKV, D))
v = jax.random.normal(kv, (B, T, HKV, D))


def naive(q, k, v, causal):
    s = jnp.einsum("qd,kd->qk", q, k) / jnp.sqrt(D)
    if causal:
        s = jnp.where(jnp.tril(jnp.ones((T, T), bool)), s, -jnp.inf)
    return jax.nn.softmax(s, -1) @ v


def blockwise(q, k, v, causal):
    nb = T // BLOCK
    qb, kb, vb = (x.reshape(nb, BLOCK, D) for x in (q, k, v))

    def per_query_block(qi, qblk):
        @jax.checkpoint
        def body(carry, inp):
            m, lv, acc = carry
            kj, kblk, vblk = inp
            s = qblk @ kblk.T / jnp.sqrt(D)
            if causal:
                qpos = qi * BLOCK + jnp.arange(BLOCK)[:, None]
                kpos = kj * BLOCK + jnp.arange(BLOCK)[None, :]
                s = jnp.where(kpos <= qpos, s, -1e30)
            m_new = jnp.maximum(m, s.max(-1))
            p = jnp.exp(s - m_new[:, None])
            scale = jnp.exp(m - m_new)
            return (m_new, lv * scale + p.sum(-1), acc * scale[:, None] + p @ vblk), None

        init = (jnp.full(BLOCK, -1e30), jnp.zeros(BLOCK), jnp.zeros((BLOCK, D)))
        (m, lv, acc), _ = jax.lax.scan(body, init, (jnp.arange(nb), kb, vb))
        return acc / lv[:, None]

    out = jax.vmap(per_query_block)(jnp.arange(nb), qb)
    return out.reshape(T, D)


def multihead(fn, q, k, v, causal):
    rep = HQ // HKV
    k = jnp.repeat(k, rep, axis=2)
    v = jnp.repeat(v, rep, axis=2)
    per_head = jax.vmap(functools.partial(fn, causal=causal), in_axes=(1, 1, 1), out_axes=1)
    return jax.vmap(per_head)(q, k, v)


for causal in (False, True):
    ref = multihead(naive, q, k, v, causal)
    blk = jax.jit(multihead, static_argnums=(0, 4))(blockwise, q, k, v, causal)
    lib = jax.nn.dot_product_attention(q, k, v, is_causal=causal)
    print(causal, blk.shape, bool(jnp.allclose(blk, ref, atol=1e-4)), bool(jnp.allclose(lib, ref, atol=1e-4)))


def loss(fn, q, k, v):
    return jnp.sum(multihead(fn, q, k, v, True) ** 2)


g_ref = jax.grad(functools.partial(loss, naive), argnums=(0, 1, 2))(q, k, v)
g_blk = jax.jit(jax.grad(functools.partial(loss, blockwise), argnums=(0, 1, 2)))(q, k, v)
print([bool(jnp.allclose(a, b, atol=1e-3)) for a, b in zip(g_ref, g_blk)], [a.shape for a in g_blk])
mask = jnp.arange(T)[None, :] < jnp.array([T, T // 2])[:, None]
masked = jax.nn.dot_product_attention(q, k, v, mask=mask[:, None, None, :])
lens = jax.nn.dot_product_attention(q, k, v, key_value_seq_lengths=jnp.array([T, T // 2]))
print(bool(jnp.allclose(masked, lens, atol=1e-5)), masked.dtype)
print(f"{float(jnp.sum(multihead(blockwise, q, k, v, True) ** 2)):.3f}")
jaxpr = jax.make_jaxpr(lambda q, k, v: blockwise(q, k, v, True))(q[0, :, 0], k[0, :, 0], v[0, :, 0])
print(sorted({e.primitive.name for e in jaxpr.eqns}))
