# Pallas TPU pages (JAX docs): "Matrix multiplication" with a scratch accumulator over a 3-D
# grid, and "Scalar prefetch and block-sparse computation", in TPU interpret mode on CPU.
import functools
import numpy as np
import jax
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
import jax.numpy as jnp

def matmul_kernel(x_ref, y_ref, z_ref, acc_ref, *, nsteps, transpose_rhs):
  @pl.when(pl.program_id(2) == 0)
  def _():
    acc_ref[...] = jnp.zeros_like(acc_ref)
  if transpose_rhs:
    dims = ((1,), (1,)), ((), ())
  else:
    dims = ((1,), (0,)), ((), ())
  acc_ref[...] += jax.lax.dot_general(x_ref[...], y_ref[...], dims, preferred_element_type=jnp.float32)
  @pl.when(pl.program_id(2) == nsteps - 1)
  def _():
    z_ref[...] = acc_ref[...].astype(z_ref.dtype)

@functools.partial(jax.jit, static_argnames=['bm', 'bk', 'bn', 'transpose_rhs'])
def matmul(x, y, *, bm=128, bk=128, bn=128, transpose_rhs=False):
  m, k = x.shape
  if transpose_rhs:
    n = y.shape[0]
    y_block_spec = pl.BlockSpec((bn, bk), lambda i, j, k: (j, k))
  else:
    _, n = y.shape
    y_block_spec = pl.BlockSpec((bk, bn), lambda i, j, k: (k, j))
  return pl.pallas_call(
      functools.partial(matmul_kernel, nsteps=k // bk, transpose_rhs=transpose_rhs),
      grid_spec=pltpu.PrefetchScalarGridSpec(
        num_scalar_prefetch=0,
        in_specs=[pl.BlockSpec((bm, bk), lambda i, j, k: (i, k)), y_block_spec],
        out_specs=pl.BlockSpec((bm, bn), lambda i, j, k: (i, j)),
        scratch_shapes=[pltpu.VMEM((bm, bn), jnp.float32)],
        grid=(m // bm, n // bn, k // bk)),
      out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
      compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel", "parallel", "arbitrary")),
      interpret=pltpu.InterpretParams(),
  )(x, y)

k1, k2 = jax.random.split(jax.random.key(0))
x = jax.random.normal(k1, (256, 512), dtype=jnp.float32)
y = jax.random.normal(k2, (512, 256), dtype=jnp.float32)
np.testing.assert_allclose(matmul(x, y), x @ y, atol=1e-4, rtol=1e-4)
np.testing.assert_allclose(matmul(x, y.T, transpose_rhs=True), x @ y, atol=1e-4, rtol=1e-4)
print(matmul(x, y)[:2, :4])
print(jax.block_until_ready(matmul(x.astype(jnp.bfloat16), y.astype(jnp.bfloat16), bm=64)).dtype)


# Block-sparse: only the nonzero blocks of x, listed by scalar-prefetched block indices.
M = N = K = 128
bm = bn = bk = 32
x_dense = jax.random.normal(jax.random.key(1), (M, K))
mask = jnp.array(np.random.default_rng(0).random((M // bm, K // bk)) < 0.4)
block_rows, block_cols = np.nonzero(np.asarray(mask))
x_dense = x_dense * jnp.repeat(jnp.repeat(mask, bm, 0), bk, 1)
blocks = jnp.stack([x_dense[r * bm:(r + 1) * bm, c * bk:(c + 1) * bk] for r, c in zip(block_rows, block_cols)])
num_blocks = len(block_rows)
y_dense = jax.random.normal(jax.random.key(2), (K, N))
print("nonzero blocks:", num_blocks, "of", mask.size)

def dsd_kernel(idxs_i_ref, idxs_k_ref, x_ref, y_ref, _, o_ref, accum_scratch):
  """A dense(out) = sparse(x) @ dense(y) kernel over the listed blocks."""
  del idxs_k_ref
  blk_idx = pl.program_id(1)
  is_start = blk_idx == 0
  changed_blocks = (idxs_i_ref[jnp.maximum(blk_idx - 1, 0)] != idxs_i_ref[blk_idx])
  @pl.when(is_start | changed_blocks)
  def _():
    accum_scratch[...] = jnp.zeros_like(accum_scratch)
  accum_scratch[...] += jnp.dot(x_ref[0, :, :], y_ref[...], preferred_element_type=jnp.float32)
  next_block_change = (idxs_i_ref[blk_idx] != idxs_i_ref[jnp.minimum(blk_idx + 1, num_blocks - 1)])
  is_end = blk_idx == (num_blocks - 1)
  @pl.when(is_end | next_block_change)
  def _():
    o_ref[...] = accum_scratch[...].astype(o_ref.dtype)

def x_map(j, blk_idx, blk_idxs_i, blk_idxs_k):
  del j, blk_idxs_i, blk_idxs_k
  return (blk_idx, 0, 0)
def y_map(j, blk_idx, blk_idxs_i, blk_idxs_k):
  del blk_idxs_i
  return (blk_idxs_k[blk_idx], j)
def o_map(j, blk_idx, blk_idxs_i, blk_idxs_k):
  del blk_idxs_k
  return (blk_idxs_i[blk_idx], j)

grid_spec = pltpu.PrefetchScalarGridSpec(
    num_scalar_prefetch=2,
    grid=(N // bn, num_blocks),
    in_specs=[pl.BlockSpec((1, bm, bk), x_map), pl.BlockSpec((bk, bn), y_map),
              pl.BlockSpec((bm, bn), o_map)],
    out_specs=pl.BlockSpec((bm, bn), o_map),
    scratch_shapes=[pltpu.VMEM((bm, bn), dtype=jnp.float32)])
zeros = jnp.zeros((M, N), dtype=jnp.float32)
out = pl.pallas_call(dsd_kernel, grid_spec=grid_spec, out_shape=jax.ShapeDtypeStruct((M, N), jnp.float32),
                     input_output_aliases={4: 0}, interpret=pltpu.InterpretParams())(
    jnp.array(block_rows, jnp.int32), jnp.array(block_cols, jnp.int32), blocks, y_dense, zeros)
ref = x_dense @ y_dense
print("max error:", float(jnp.max(jnp.abs(out - ref))) < 1e-3)
print(out[::32, ::32])
