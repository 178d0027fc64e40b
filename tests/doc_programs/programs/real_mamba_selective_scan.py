# A Mamba-style selective state-space layer: input-dependent step sizes (softplus), B and C
# projections, a diagonal A discretised by exp(delta * A), the recurrence run three ways (a
# sequential lax.scan, jax.lax.associative_scan over (decay, input) pairs, and a chunked scan of
# associative scans), a depthwise causal conv1d front end by lax.conv_general_dilated with
# feature_group_count, gating by SiLU, and gradients through the associative scan
import jax
import jax.numpy as jnp

L, D, N = 32, 4, 8
keys = jax.random.split(jax.random.key(0), 6)
x = jax.random.normal(keys[0], (L, D))
A = -jnp.exp(jax.random.normal(keys[1], (D, N)) * 0.5)
W_delta = jax.random.normal(keys[2], (D, D)) * 0.3
W_B = jax.random.normal(keys[3], (D, N)) * 0.3
W_C = jax.random.normal(keys[4], (D, N)) * 0.3
conv_w = jax.random.normal(keys[5], (4, 1, D)) * 0.5  # width, in/group, out


def causal_depthwise_conv(x):
    lhs = x.T[None]  # (1, D, L)
    rhs = jnp.transpose(conv_w, (2, 1, 0))  # (D, 1, width)
    out = jax.lax.conv_general_dilated(lhs, rhs, (1,), [(3, 0)], feature_group_count=D)
    return out[0].T


def discretise(u):
    delta = jax.nn.softplus(u @ W_delta)  # (L, D)
    Bt, Ct = u @ W_B, u @ W_C  # (L, N)
    dA = jnp.exp(delta[..., None] * A)  # (L, D, N)
    dBu = delta[..., None] * Bt[:, None, :] * u[..., None]
    return dA, dBu, Ct


def ssm_sequential(u):
    dA, dBu, Ct = discretise(u)

    def step(h, inp):
        a, bu, c = inp
        h = a * h + bu
        return h, (h * c).sum(-1)

    _, y = jax.lax.scan(step, jnp.zeros((D, N)), (dA, dBu, Ct))
    return y


def combine(left, right):
    a1, b1 = left
    a2, b2 = right
    return a1 * a2, a2 * b1 + b2


def ssm_parallel(u):
    dA, dBu, Ct = discretise(u)
    _, h = jax.lax.associative_scan(combine, (dA, dBu))
    return (h * Ct[:, None, :]).sum(-1)


def ssm_chunked(u, chunk=8):
    dA, dBu, Ct = discretise(u)
    dA = dA.reshape(L // chunk, chunk, D, N)
    dBu = dBu.reshape(L // chunk, chunk, D, N)

    def body(h0, inp):
        a, bu = inp
        acum, hloc = jax.lax.associative_scan(combine, (a, bu))
        h = hloc + acum * h0
        return h[-1], h

    _, h = jax.lax.scan(body, jnp.zeros((D, N)), (dA, dBu))
    return (h.reshape(L, D, N) * Ct[:, None, :]).sum(-1)


def mamba_block(x):
    u = jax.nn.silu(causal_depthwise_conv(x))
    return ssm_parallel(u) * jax.nn.silu(x)


u = jax.nn.silu(causal_depthwise_conv(x))
y1 = jax.jit(ssm_sequential)(u)
y2 = jax.jit(ssm_parallel)(u)
y3 = jax.jit(ssm_chunked)(u)
print(y1.shape, bool(jnp.allclose(y1, y2, atol=1e-5)), bool(jnp.allclose(y1, y3, atol=1e-5)))
print(y1[-1])
causal_check = causal_depthwise_conv(x.at[10].add(1.0)) - causal_depthwise_conv(x)
print(bool(jnp.all(causal_check[:10] == 0)), bool(jnp.any(causal_check[10:14] != 0)), bool(jnp.all(causal_check[14:] == 0)))
g_seq = jax.grad(lambda x: ssm_sequential(jax.nn.silu(causal_depthwise_conv(x))).sum())(x)
g_par = jax.grad(lambda x: mamba_block(x).sum() - (ssm_parallel(jax.nn.silu(causal_depthwise_conv(x))) * (jax.nn.silu(x) - 1)).sum())(x)
print(g_seq.shape, bool(jnp.allclose(g_seq, g_par, atol=1e-4)))
out = jax.vmap(mamba_block)(jnp.stack([x, -x, 2 * x]))
print(out.shape, out.dtype, float(jnp.abs(out).mean()))
print(jax.make_jaxpr(ssm_parallel)(u).eqns[-1].primitive)
