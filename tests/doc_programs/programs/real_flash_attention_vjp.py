# A FlashAttention-style memory-efficient attention with a hand-written backward pass: the
# forward pass streams key/value blocks with an online softmax (running max and denominator)
# in lax.fori_loop and saves only the log-sum-exp; the custom_vjp backward recomputes the
# probabilities block by block; values and gradients checked against naive attention, with a
# causal mask, under jit, vmap over heads and jax.checkpoint
from functools import partial

import jax
import jax.numpy as jnp

T, D, BLOCK = 32, 16, 8
NB = T // BLOCK


def naive(q, k, v, causal):
    s = q @ k.T / jnp.sqrt(D)
    if causal:
        s = jnp.where(jnp.tril(jnp.ones((T, T), bool)), s, -jnp.inf)
    return jax.nn.softmax(s, axis=-1) @ v


def _block_scores(q, kb, j, causal):
    s = q @ kb.T / jnp.sqrt(D)
    if causal:
        rows = jnp.arange(T)[:, None]
        cols = j * BLOCK + jnp.arange(BLOCK)[None, :]
        s = jnp.where(cols <= rows, s, -jnp.inf)
    return s


def _forward(q, k, v, causal):
    def body(j, carry):
        o, m, l = carry
        kb = jax.lax.dynamic_slice_in_dim(k, j * BLOCK, BLOCK)
        vb = jax.lax.dynamic_slice_in_dim(v, j * BLOCK, BLOCK)
        s = _block_scores(q, kb, j, causal)
        m_new = jnp.maximum(m, s.max(axis=1))
        p = jnp.exp(s - m_new[:, None])
        scale = jnp.exp(m - m_new)
        return o * scale[:, None] + p @ vb, m_new, l * scale + p.sum(axis=1)

    init = (jnp.zeros((T, D)), jnp.full((T,), -jnp.inf), jnp.zeros((T,)))
    o, m, l = jax.lax.fori_loop(0, NB, body, init)
    return o / l[:, None], m + jnp.log(l)


@partial(jax.custom_vjp, nondiff_argnums=(3,))
def flash(q, k, v, causal):
    return _forward(q, k, v, causal)[0]


def flash_fwd(q, k, v, causal):
    o, lse = _forward(q, k, v, causal)
    return o, (q, k, v, o, lse)


def flash_bwd(causal, res, do):
    q, k, v, o, lse = res
    delta = jnp.sum(do * o, axis=1)

    def body(j, carry):
        dq, dk, dv = carry
        kb = jax.lax.dynamic_slice_in_dim(k, j * BLOCK, BLOCK)
        vb = jax.lax.dynamic_slice_in_dim(v, j * BLOCK, BLOCK)
        p = jnp.exp(_block_scores(q, kb, j, causal) - lse[:, None])
        dvb = p.T @ do
        dp = do @ vb.T
        ds = p * (dp - delta[:, None]) / jnp.sqrt(D)
        dq = dq + ds @ kb
        dkb = ds.T @ q
        dk = jax.lax.dynamic_update_slice_in_dim(dk, dkb, j * BLOCK, 0)
        dv = jax.lax.dynamic_update_slice_in_dim(dv, dvb, j * BLOCK, 0)
        return dq, dk, dv

    zeros = jnp.zeros((T, D))
    return jax.lax.fori_loop(0, NB, body, (zeros, zeros, zeros))


flash.defvjp(flash_fwd, flash_bwd)

kq, kk, kv, kw = jax.random.split(jax.random.key(23), 4)
q, k, v = (jax.random.normal(kk_, (T, D)) for kk_ in (kq, kk, kv))
w = jax.random.normal(kw, (T, D))
for causal in (False, True):
    out = jax.jit(flash, static_argnums=3)(q, k, v, causal)
    print(f"causal={causal}: forward matches naive:", bool(jnp.allclose(out, naive(q, k, v, causal), atol=1e-5)))
    loss_flash = lambda q, k, v: jnp.sum(flash(q, k, v, causal) * w)
    loss_naive = lambda q, k, v: jnp.sum(naive(q, k, v, causal) * w)
    g_flash = jax.jit(jax.grad(loss_flash, argnums=(0, 1, 2)))(q, k, v)
    g_naive = jax.grad(loss_naive, argnums=(0, 1, 2))(q, k, v)
    for name, a, b in zip("qkv", g_flash, g_naive):
        print(f"  d{name} matches: {bool(jnp.allclose(a, b, atol=1e-4))} norm {float(jnp.linalg.norm(a)):.4f}")

H = 4
qh, kh, vh = (jax.random.normal(kk_, (H, T, D)) for kk_ in jax.random.split(kq, 3))
multi = jax.vmap(flash, in_axes=(0, 0, 0, None))(qh, kh, vh, True)
print("vmapped over heads:", multi.shape, bool(jnp.allclose(multi, jax.vmap(naive, in_axes=(0, 0, 0, None))(qh, kh, vh, True), atol=1e-5)))
gh = jax.grad(lambda q: jnp.sum(jax.vmap(flash, in_axes=(0, 0, 0, None))(q, kh, vh, True) ** 2))(qh)
gn = jax.grad(lambda q: jnp.sum(jax.vmap(naive, in_axes=(0, 0, 0, None))(q, kh, vh, True) ** 2))(qh)
print("vmapped gradients match:", bool(jnp.allclose(gh, gn, atol=1e-4)))
remat = jax.checkpoint(lambda q: jnp.sum(flash(q, k, v, True) ** 2))
print("under checkpoint:", bool(jnp.allclose(jax.grad(remat)(q), jax.grad(lambda q: jnp.sum(naive(q, k, v, True) ** 2))(q), atol=1e-4)))
jaxpr = jax.make_jaxpr(jax.grad(lambda q: flash(q, k, v, True).sum()))(q)
prims = {e.primitive.name for e in jaxpr.eqns}
print("gradient jaxpr has custom_vjp_call:", "custom_vjp_call" in prims, "| while:", "while" in str(jaxpr))
