# Pallas kernels run in interpret mode on CPU: a blocked matmul over a (M, N, K) grid that
# accumulates into its output block, a row-wise softmax kernel with one program per block of
# rows, a fused bias + relu epilogue, all checked against jnp, and the matmul kernel used
# inside jit and under vmap
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl

BM, BN, BK = 16, 16, 8


def matmul_kernel(x_ref, y_ref, o_ref):
    @pl.when(pl.program_id(2) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += jnp.dot(x_ref[...], y_ref[...], preferred_element_type=jnp.float32)


@jax.jit
def matmul(x, y):
    m, k = x.shape
    _, n = y.shape
    return pl.pallas_call(
        matmul_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), jnp.float32),
        grid=(m // BM, n // BN, k // BK),
        in_specs=[
            pl.BlockSpec((BM, BK), lambda i, j, kk: (i, kk)),
            pl.BlockSpec((BK, BN), lambda i, j, kk: (kk, j)),
        ],
        out_specs=pl.BlockSpec((BM, BN), lambda i, j, kk: (i, j)),
        interpret=True,
    )(x, y)


def softmax_kernel(x_ref, o_ref):
    x = x_ref[...]
    m = jnp.max(x, axis=1, keepdims=True)
    e = jnp.exp(x - m)
    o_ref[...] = e / jnp.sum(e, axis=1, keepdims=True)


@partial(jax.jit, static_argnames="block_rows")
def softmax(x, block_rows=8):
    r, c = x.shape
    return pl.pallas_call(
        softmax_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(r // block_rows,),
        in_specs=[pl.BlockSpec((block_rows, c), lambda i: (i, 0))],
        out_specs=pl.BlockSpec((block_rows, c), lambda i: (i, 0)),
        interpret=True,
    )(x)


def bias_relu_kernel(x_ref, b_ref, o_ref):
    o_ref[...] = jnp.maximum(x_ref[...] + b_ref[...], 0.0)


def bias_relu(x, b):
    return pl.pallas_call(
        bias_relu_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        interpret=True,
    )(x, b[None, :])


rng = np.random.default_rng(0)
x = jnp.asarray(rng.normal(size=(32, 24)), jnp.float32)
y = jnp.asarray(rng.normal(size=(24, 48)), jnp.float32)
b = jnp.asarray(rng.normal(size=(48,)), jnp.float32)

out = matmul(x, y)
print("matmul", out.shape, out.dtype, bool(jnp.allclose(out, x @ y, atol=1e-4)))
print("grid blocks", (32 // BM, 48 // BN, 24 // BK))
sm = softmax(out)
print("softmax", sm.shape, bool(jnp.allclose(sm, jax.nn.softmax(out, axis=1), atol=1e-6)))
print("row sums", jnp.round(sm.sum(1)[:4], 5))
sm4 = softmax(out, block_rows=4)
print("block_rows=4 same", bool(jnp.allclose(sm, sm4)))
h = jax.jit(bias_relu)(out, b)
print("bias_relu", bool(jnp.allclose(h, jax.nn.relu(out + b))), int((h > 0).sum()))
batched = jax.vmap(matmul, in_axes=(0, None))(jnp.stack([x, 2 * x]), y)
print("vmap", batched.shape, bool(jnp.allclose(batched[1], 2 * (x @ y), atol=1e-3)))
print("checksum", round(float(jnp.sum(h)), 3), round(float(jnp.sum(sm[:, :5])), 4))
