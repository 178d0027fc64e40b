# Pallas Quickstart and "Grids and BlockSpecs" (JAX docs), in interpret mode as on a CPU.
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def add_vectors_kernel(x_ref, y_ref, o_ref):
  x, y = x_ref[...], y_ref[...]
  o_ref[...] = x + y


@jax.jit
def add_vectors(x: jax.Array, y: jax.Array) -> jax.Array:
  return pl.pallas_call(
      add_vectors_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype)
  )(x, y)


try:
  add_vectors(jnp.arange(8), jnp.arange(8))
except ValueError as e:
  print("ValueError:", e)


@jax.jit
def add_vectors_interpret(x, y):
  return pl.pallas_call(
      add_vectors_kernel,
      out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
      interpret=True,
  )(x, y)


print(add_vectors_interpret(jnp.arange(8), jnp.arange(8)))


def iota_kernel(o_ref):
  i = pl.program_id(0)
  o_ref[i] = i


def iota(size: int):
  return pl.pallas_call(
      iota_kernel,
      out_shape=jax.ShapeDtypeStruct((size,), jnp.int32),
      grid=(size,),
      interpret=True,
  )()


print(iota(8))


def matmul_kernel(x_ref, y_ref, z_ref, *, activation):
  z_ref[...] = activation(x_ref[...] @ y_ref[...])


def matmul(x: jax.Array, y: jax.Array, *, activation):
  return pl.pallas_call(
      functools.partial(matmul_kernel, activation=activation),
      out_shape=jax.ShapeDtypeStruct((x.shape[0], y.shape[1]), x.dtype),
      grid=(2, 2),
      in_specs=[
          pl.BlockSpec((x.shape[0] // 2, x.shape[1]), lambda i, j: (i, 0)),
          pl.BlockSpec((y.shape[0], y.shape[1] // 2), lambda i, j: (0, j)),
      ],
      out_specs=pl.BlockSpec(
          (x.shape[0] // 2, y.shape[1] // 2), lambda i, j: (i, j)
      ),
      interpret=True,
  )(x, y)


k1, k2 = jax.random.split(jax.random.key(0))
x = jax.random.normal(k1, (4, 64, 64))
y = jax.random.normal(k2, (4, 64, 64))
z = jax.vmap(functools.partial(matmul, activation=jax.nn.relu))(x, y)
print(jnp.allclose(z, jax.nn.relu(jax.vmap(jnp.matmul)(x, y)), atol=1e-4))


def show_program_ids(x_shape, block_shape, grid, index_map=lambda i, j: (i, j)):
  def program_ids_kernel(o_ref):
    axes = 0
    for axis in range(len(grid)):
      axes += pl.program_id(axis) * 10 ** (len(grid) - 1 - axis)
    o_ref[...] = jnp.full(o_ref.shape, axes)

  res = pl.pallas_call(
      program_ids_kernel,
      out_shape=jax.ShapeDtypeStruct(x_shape, dtype=np.int32),
      grid=grid,
      in_specs=[],
      out_specs=pl.BlockSpec(block_shape, index_map),
      interpret=True,
  )()
  print(res)


show_program_ids(x_shape=(8, 6), block_shape=(2, 3), grid=(4, 2))
show_program_ids(x_shape=(8, 6), block_shape=(2, 3), grid=(4, 2, 10),
                 index_map=lambda i, j, k: (i, j))
show_program_ids(x_shape=(7, 5), block_shape=(2, 3), grid=(4, 2))


def sum_kernel(x_ref, o_ref):
  @pl.when(pl.program_id(axis=0) == 0)
  def _():
    o_ref[...] = jnp.zeros_like(o_ref)

  o_ref[...] += x_ref[...]


def sum(x: jax.Array) -> jax.Array:
  grid, *out_shape = x.shape
  return pl.pallas_call(
      sum_kernel,
      grid=grid,
      in_specs=[pl.BlockSpec((None, *out_shape), lambda i: (i, 0, 0))],
      out_specs=pl.BlockSpec(out_shape, lambda i: (0, 0)),
      out_shape=jax.ShapeDtypeStruct(out_shape, x.dtype),
      interpret=True,
  )(x)


print(sum(jnp.ones((8, 4, 4))))


def matmul_acc_kernel(x_ref, y_ref, z_ref, acc_ref, *, nsteps):
  @pl.when(pl.program_id(2) == 0)
  def _():
    acc_ref[...] = jnp.zeros_like(acc_ref)

  acc_ref[...] += jnp.dot(x_ref[...], y_ref[...], preferred_element_type=jnp.float32)

  @pl.when(pl.program_id(2) == nsteps - 1)
  def _():
    z_ref[...] = acc_ref[...].astype(z_ref.dtype)


def blocked_matmul(x, y, *, bm=16, bk=16, bn=16):
  m, k = x.shape
  _, n = y.shape
  return pl.pallas_call(
      functools.partial(matmul_acc_kernel, nsteps=k // bk),
      grid_spec=pltpu.PrefetchScalarGridSpec(
          num_scalar_prefetch=0,
          in_specs=[pl.BlockSpec((bm, bk), lambda i, j, k: (i, k)),
                    pl.BlockSpec((bk, bn), lambda i, j, k: (k, j))],
          out_specs=pl.BlockSpec((bm, bn), lambda i, j, k: (i, j)),
          scratch_shapes=[pltpu.VMEM((bm, bn), jnp.float32)],
          grid=(m // bm, n // bn, k // bk),
      ),
      out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
      compiler_params=pltpu.CompilerParams(
          dimension_semantics=("parallel", "parallel", "arbitrary")),
      interpret=True,
  )(x, y)


a = jnp.arange(32 * 48, dtype=jnp.float32).reshape(32, 48) / 1000
b = jnp.ones((48, 32), jnp.float32)
print(jnp.allclose(blocked_matmul(a, b), a @ b, rtol=1e-5))
print(blocked_matmul(a, b)[5, :3])
