# Pallas "TPU Pipelining" page: blocked add, a grid reduction with pl.when, dimension semantics and
# a blocked matmul with a scratch accumulator, in TPU interpret mode forced on every kernel.
import functools
import jax, jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu


def add_matrices_kernel(x_vmem_ref, y_vmem_ref, z_vmem_ref):
    x_vmem, y_vmem = x_vmem_ref[...], y_vmem_ref[...]
    z_vmem = x_vmem + y_vmem
    z_vmem_ref[...] = z_vmem


def add_matrices(x, y):
    return pl.pallas_call(add_matrices_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(
        x, y
    )


def add_matrices_pipelined(x, y):
    block_spec = pl.BlockSpec((256, 512), lambda i: (i, 0))
    return pl.pallas_call(
        add_matrices_kernel,
        out_shape=x,
        in_specs=[block_spec, block_spec],
        out_specs=block_spec,
        grid=(2,),
    )(x, y)


def sum_kernel(x_ref, o_ref):
    @pl.when(pl.program_id(axis=0) == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    o_ref[...] += x_ref[...]


def sum(x):
    grid, *out_shape = x.shape
    return pl.pallas_call(
        sum_kernel,
        grid=grid,
        in_specs=[pl.BlockSpec((None, *out_shape), lambda i: (i, 0, 0))],
        out_specs=pl.BlockSpec(out_shape, lambda i: (0, 0)),
        out_shape=jax.ShapeDtypeStruct(out_shape, x.dtype),
    )(x)


def add_matrices_parallel(x, y):
    block_spec = pl.BlockSpec((256, 512), lambda i: (i, 0))
    return pl.pallas_call(
        add_matrices_kernel,
        out_shape=x,
        in_specs=[block_spec, block_spec],
        out_specs=block_spec,
        grid=(2,),
        compiler_params=pltpu.CompilerParams(dimension_semantics=("parallel",)),
    )(x, y)


with pltpu.force_tpu_interpret_mode():
    x, y = jnp.ones((512, 512)), jnp.ones((512, 512))
    print(add_matrices(x, y)[:2, :3])
    np.testing.assert_array_equal(add_matrices_pipelined(x, y), x + y)
    xs = jnp.ones((8, 512, 512))
    print(sum(xs)[:2, :3])
    print(add_matrices_parallel(x, y).sum())

    def matmul_kernel(x_ref, y_ref, z_ref, acc_ref, *, nsteps):
        @pl.when(pl.program_id(2) == 0)
        def _():
            acc_ref[...] = jnp.zeros_like(acc_ref)

        acc_ref[...] += jnp.dot(x_ref[...], y_ref[...], preferred_element_type=jnp.float32)

        @pl.when(pl.program_id(2) == nsteps - 1)
        def _():
            z_ref[...] = acc_ref[...].astype(z_ref.dtype)

    def matmul(x, y, bm=128, bk=128, bn=128):
        m, k = x.shape
        _, n = y.shape
        return pl.pallas_call(
            functools.partial(matmul_kernel, nsteps=k // bk),
            grid_spec=pltpu.PrefetchScalarGridSpec(
                num_scalar_prefetch=0,
                in_specs=[
                    pl.BlockSpec((bm, bk), lambda i, j, k: (i, k)),
                    pl.BlockSpec((bk, bn), lambda i, j, k: (k, j)),
                ],
                out_specs=pl.BlockSpec((bm, bn), lambda i, j, k: (i, j)),
                scratch_shapes=[pltpu.VMEM((bm, bn), jnp.float32)],
                grid=(m // bm, n // bn, k // bk),
            ),
            out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
            compiler_params=pltpu.CompilerParams(
                dimension_semantics=("parallel", "parallel", "arbitrary")
            ),
        )(x, y)

    k1, k2 = jax.random.split(jax.random.key(0))
    a = jax.random.normal(k1, (256, 384), jnp.float32)
    b = jax.random.normal(k2, (384, 256), jnp.float32)
    print(jnp.allclose(matmul(a, b), a @ b, atol=1e-3), matmul(a, b)[0, :3])
