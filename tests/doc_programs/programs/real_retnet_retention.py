# Retention (RetNet) in its three equivalent forms: the parallel form with a decay mask D,
# the recurrent form carrying a state matrix through lax.scan, and the chunkwise form
# (intra-chunk parallel, inter-chunk recurrent), with per-head decays (gamma = 1 - 2^(-5-h)),
# xPos-like rotations with complex numbers, and group-norm'ed multi-scale outputs
import jax
import jax.numpy as jnp

B, T, H, DK, DV, CHUNK = 2, 16, 4, 8, 8, 4
k_q, k_k, k_v = jax.random.split(jax.random.key(31), 3)
q = jax.random.normal(k_q, (B, H, T, DK)) / jnp.sqrt(DK)
k = jax.random.normal(k_k, (B, H, T, DK)) / jnp.sqrt(DK)
v = jax.random.normal(k_v, (B, H, T, DV))
gamma = 1 - 2.0 ** (-5 - jnp.arange(H, dtype=jnp.float32))
print("decays:", jnp.round(gamma, 5))


def rotate(x, theta=0.3):
    xc = jax.lax.complex(x[..., ::2], x[..., 1::2])
    pos = jnp.arange(x.shape[-2])[:, None]
    freq = theta / (10000 ** (jnp.arange(x.shape[-1] // 2) / (x.shape[-1] // 2)))
    xc = xc * jnp.exp(1j * pos * freq)
    return jnp.stack([xc.real, xc.imag], axis=-1).reshape(x.shape)


qr, kr = rotate(q), rotate(k)
print("rotation keeps norms:", bool(jnp.allclose(jnp.linalg.norm(qr, axis=-1), jnp.linalg.norm(q, axis=-1), atol=1e-5)))


def parallel(q, k, v):
    n = jnp.arange(T)
    diff = (n[:, None] - n[None, :]).astype(jnp.float32)
    decay = jnp.where(diff >= 0, gamma[:, None, None] ** diff, 0.0)
    return jnp.einsum("bhts,bhsv->bhtv", jnp.einsum("bhtd,bhsd->bhts", q, k) * decay, v)


def recurrent(q, k, v):
    def step(state, qkv):
        qt, kt, vt = qkv
        state = gamma[None, :, None, None] * state + jnp.einsum("bhd,bhv->bhdv", kt, vt)
        return state, jnp.einsum("bhd,bhdv->bhv", qt, state)

    xs = tuple(jnp.moveaxis(a, 2, 0) for a in (q, k, v))
    state, out = jax.lax.scan(step, jnp.zeros((B, H, DK, DV)), xs)
    return jnp.moveaxis(out, 0, 2), state


def chunkwise(q, k, v):
    nc = T // CHUNK
    qc, kc, vc = (a.reshape(B, H, nc, CHUNK, -1) for a in (q, k, v))
    i = jnp.arange(CHUNK)
    diff = (i[:, None] - i[None, :]).astype(jnp.float32)
    g = gamma[:, None, None]
    inner_decay = jnp.where(diff >= 0, g**diff, 0.0)
    decay_q = g[..., 0] ** (i + 1)
    decay_k = g[..., 0] ** (CHUNK - 1 - i)

    def step(state, c):
        qi, ki, vi = c
        inner = jnp.einsum("bhts,bhsv->bhtv", jnp.einsum("bhtd,bhsd->bhts", qi, ki) * inner_decay, vi)
        cross = jnp.einsum("bhtd,bhdv->bhtv", qi * decay_q[None, :, :, None], state)
        state = (g[..., 0] ** CHUNK)[None, :, :, None] * state + jnp.einsum(
            "bhtd,bhtv->bhdv", ki * decay_k[None, :, :, None], vi)
        return state, inner + cross

    xs = tuple(jnp.moveaxis(a, 2, 0) for a in (qc, kc, vc))
    state, out = jax.lax.scan(step, jnp.zeros((B, H, DK, DV)), xs)
    return jnp.moveaxis(out, 0, 2).reshape(B, H, T, DV), state


out_p = jax.jit(parallel)(qr, kr, v)
out_r, state_r = jax.jit(recurrent)(qr, kr, v)
out_c, state_c = jax.jit(chunkwise)(qr, kr, v)
print("parallel == recurrent:", bool(jnp.allclose(out_p, out_r, atol=1e-4)))
print("parallel == chunkwise:", bool(jnp.allclose(out_p, out_c, atol=1e-4)))
print("final states agree:", bool(jnp.allclose(state_r, state_c, atol=1e-4)))


def group_norm(x, eps=1e-5):
    mu = x.mean(-1, keepdims=True)
    return (x - mu) / jnp.sqrt(x.var(-1, keepdims=True) + eps)


y = group_norm(out_p).transpose(0, 2, 1, 3).reshape(B, T, H * DV)
print("multi-scale output:", y.shape, "row mean ~ 0:", bool(jnp.allclose(y.reshape(B, T, H, DV).mean(-1), 0, atol=1e-5)))
print("head output norms:", jnp.round(jnp.linalg.norm(out_p[0, :, -1], axis=-1), 4))
g_par = jax.grad(lambda q: parallel(q, kr, v).sum())(qr)
g_rec = jax.grad(lambda q: recurrent(q, kr, v)[0].sum())(qr)
print("gradients agree:", bool(jnp.allclose(g_par, g_rec, atol=1e-4)))
