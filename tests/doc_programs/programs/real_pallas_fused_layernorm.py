# A fused layernorm + residual kernel in Pallas (interpret mode): one program per block of
# rows, statistics computed in float32 from bfloat16 inputs, wrapped in jax.custom_vjp with
# a jnp backward pass so it can be trained; checked against a jnp reference for values and
# gradients, under jit and vmap
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl

ROWS = 8


def ln_kernel(x_ref, r_ref, g_ref, b_ref, o_ref, mean_ref, rstd_ref):
    x = x_ref[...].astype(jnp.float32) + r_ref[...].astype(jnp.float32)
    mean = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.mean((x - mean) ** 2, axis=-1, keepdims=True)
    rstd = jax.lax.rsqrt(var + 1e-5)
    o_ref[...] = ((x - mean) * rstd * g_ref[...] + b_ref[...]).astype(o_ref.dtype)
    mean_ref[...] = mean
    rstd_ref[...] = rstd


def ln_forward(x, r, g, b):
    n, d = x.shape
    row = lambda i: (i, 0)
    return pl.pallas_call(
        ln_kernel,
        out_shape=(
            jax.ShapeDtypeStruct((n, d), x.dtype),
            jax.ShapeDtypeStruct((n, 1), jnp.float32),
            jax.ShapeDtypeStruct((n, 1), jnp.float32),
        ),
        grid=(n // ROWS,),
        in_specs=[
            pl.BlockSpec((ROWS, d), row),
            pl.BlockSpec((ROWS, d), row),
            pl.BlockSpec((1, d), lambda i: (0, 0)),
            pl.BlockSpec((1, d), lambda i: (0, 0)),
        ],
        out_specs=(pl.BlockSpec((ROWS, d), row), pl.BlockSpec((ROWS, 1), row), pl.BlockSpec((ROWS, 1), row)),
        interpret=True,
    )(x, r, g[None], b[None])


@jax.custom_vjp
def fused_ln(x, r, g, b):
    return ln_forward(x, r, g, b)[0]


def fused_fwd(x, r, g, b):
    y, mean, rstd = ln_forward(x, r, g, b)
    return y, (x, r, g, mean, rstd)


def fused_bwd(res, dy):
    x, r, g, mean, rstd = res
    h = x.astype(jnp.float32) + r.astype(jnp.float32)
    xhat = (h - mean) * rstd
    dy = dy.astype(jnp.float32)
    dg = jnp.sum(dy * xhat, 0)
    db = jnp.sum(dy, 0)
    dxhat = dy * g
    dh = rstd * (dxhat - dxhat.mean(-1, keepdims=True) - xhat * (dxhat * xhat).mean(-1, keepdims=True))
    return dh.astype(x.dtype), dh.astype(r.dtype), dg, db


fused_ln.defvjp(fused_fwd, fused_bwd)


def reference(x, r, g, b):
    h = x.astype(jnp.float32) + r.astype(jnp.float32)
    mu = h.mean(-1, keepdims=True)
    var = ((h - mu) ** 2).mean(-1, keepdims=True)
    return ((h - mu) / jnp.sqrt(var + 1e-5) * g + b).astype(x.dtype)


rng = np.random.default_rng(0)
x = jnp.asarray(rng.normal(size=(32, 64)), jnp.float32)
r = jnp.asarray(rng.normal(size=(32, 64)), jnp.float32)
g = jnp.asarray(1 + 0.1 * rng.normal(size=64), jnp.float32)
b = jnp.asarray(0.1 * rng.normal(size=64), jnp.float32)
y = jax.jit(fused_ln)(x, r, g, b)
print(y.shape, y.dtype, "match", bool(jnp.allclose(y, reference(x, r, g, b), atol=1e-5)))
print("row stats", jnp.round(y[:2].mean(-1), 4), jnp.round(y[:2].std(-1), 3))
_, mean, rstd = ln_forward(x, r, g, b)
print("stats shapes", mean.shape, rstd.shape, mean.dtype)
loss = lambda f: (lambda x, r, g, b: jnp.sum(jnp.sin(f(x, r, g, b))))
gf = jax.jit(jax.grad(loss(fused_ln), argnums=(0, 1, 2, 3)))(x, r, g, b)
gr = jax.grad(loss(reference), argnums=(0, 1, 2, 3))(x, r, g, b)
print("grads match", [bool(jnp.allclose(a, c, atol=1e-4)) for a, c in zip(gf, gr)])
xb = x.astype(jnp.bfloat16)
yb = fused_ln(xb, r.astype(jnp.bfloat16), g, b)
print("bf16", yb.dtype, bool(jnp.allclose(yb.astype(jnp.float32), reference(xb, r.astype(jnp.bfloat16), g, b).astype(jnp.float32), atol=2e-2)))
yv = jax.vmap(fused_ln, in_axes=(0, 0, None, None))(x.reshape(2, 16, 64), r.reshape(2, 16, 64), g, b)
print("vmap", yv.shape, bool(jnp.allclose(yv.reshape(32, 64), y, atol=1e-5)))
