# Pallas design / GPU-style kernels in interpret mode: program_id and num_programs, pl.cdiv
# grids over sizes that do not divide, pl.ds / pl.dslice windows, the triton module's load /
# store with masks and `other`, pl.multiple_of, atomic_add / atomic_max accumulation, the
# triton dot (pl.dot deprecated) in a blocked
# matmul, jnp reductions inside a kernel, and pallas_call under jit and vmap
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import pallas as pl
from jax.experimental.pallas import triton as plgpu


def iota_kernel(o_ref):
    i = pl.program_id(0)
    o_ref[i] = i


print(
    pl.pallas_call(
        iota_kernel, out_shape=jax.ShapeDtypeStruct((8,), jnp.int32), grid=(8,), interpret=True
    )()
)


def add_kernel(x_ref, y_ref, o_ref):
    # In this code, `x_ref`, `y_ref` and `o_ref` are (8,)-shaped `Ref`s
    x = x_ref[:]
    y = y_ref[:]
    o_ref[:] = x + y


x, y = jnp.arange(8), jnp.arange(8, 16)
add = pl.pallas_call(add_kernel, out_shape=jax.ShapeDtypeStruct((8,), jnp.int32), interpret=True)
print(add(x, y))

BLOCK = 4


def masked_double_kernel(x_ref, o_ref, *, n):
    i = pl.program_id(0)
    start = pl.multiple_of(i * BLOCK, BLOCK)
    idx = start + jnp.arange(BLOCK)
    mask = idx < n
    v = plgpu.load(x_ref.at[pl.ds(start, BLOCK)], mask=mask, other=-1.0)
    plgpu.store(o_ref.at[pl.ds(start, BLOCK)], v * 2.0, mask=mask)


n = 10
xs = jnp.arange(12.0)
out = pl.pallas_call(
    functools.partial(masked_double_kernel, n=n),
    out_shape=jax.ShapeDtypeStruct((12,), jnp.float32),
    grid=(pl.cdiv(n, BLOCK),),
    interpret=True,
)(xs)
print(pl.cdiv(n, BLOCK), out[:n])


def window_sum_kernel(x_ref, o_ref):
    i = pl.program_id(0)
    nprog = pl.num_programs(0)
    window = x_ref[pl.dslice(i * 2, 4)]
    o_ref[i] = jnp.sum(window) + nprog * 0


ws = pl.pallas_call(
    window_sum_kernel, out_shape=jax.ShapeDtypeStruct((3,), jnp.float32), grid=(3,), interpret=True
)(jnp.arange(8.0))
print(ws)


def histogram_kernel(x_ref, o_ref):
    i = pl.program_id(0)

    @pl.when(i == 0)
    def _():
        o_ref[...] = jnp.zeros_like(o_ref)

    v = x_ref[i]
    plgpu.atomic_add(o_ref, v, jnp.int32(1))


data = jnp.array([0, 1, 1, 3, 2, 3, 3, 0], jnp.int32)
hist = pl.pallas_call(
    histogram_kernel, out_shape=jax.ShapeDtypeStruct((4,), jnp.int32), grid=(8,), interpret=True
)(data)
print(hist, jnp.bincount(data, length=4))


def running_max_kernel(x_ref, o_ref):
    i = pl.program_id(0)

    @pl.when(i == 0)
    def _():
        o_ref[...] = jnp.full((1,), -jnp.inf, jnp.float32)

    plgpu.atomic_max(o_ref, jnp.int32(0), x_ref[i])


vals = jnp.array([3.0, -1.0, 7.5, 2.0])
print(
    pl.pallas_call(
        running_max_kernel,
        out_shape=jax.ShapeDtypeStruct((1,), jnp.float32),
        grid=(4,),
        interpret=True,
    )(vals)
)


def matmul_kernel(x_ref, y_ref, o_ref):
    o_ref[...] = plgpu.dot(x_ref[...], y_ref[...])


def matmul(x, y, bm=4, bn=4):
    m, k = x.shape
    _, n = y.shape
    return pl.pallas_call(
        matmul_kernel,
        out_shape=jax.ShapeDtypeStruct((m, n), x.dtype),
        grid=(m // bm, n // bn),
        in_specs=[
            pl.BlockSpec((bm, k), lambda i, j: (i, 0)),
            pl.BlockSpec((k, bn), lambda i, j: (0, j)),
        ],
        out_specs=pl.BlockSpec((bm, bn), lambda i, j: (i, j)),
        interpret=True,
    )(x, y)


print(pl.dot is plgpu.dot)  # the deprecated name
a = jnp.arange(64.0).reshape(8, 8) / 10.0
b = jnp.eye(8) + 1.0
print(np.allclose(matmul(a, b), a @ b, atol=1e-4))
print(jax.jit(matmul)(a, b)[0, :4])
batched = jax.vmap(matmul)(jnp.stack([a, 2 * a]), jnp.stack([b, b]))
print(batched.shape, np.allclose(batched[1], 2 * a @ b, atol=1e-4))


def rowmax_kernel(x_ref, o_ref):
    o_ref[...] = jnp.max(x_ref[...], axis=1)


rm = pl.pallas_call(
    rowmax_kernel,
    out_shape=jax.ShapeDtypeStruct((8,), jnp.float32),
    grid=(2,),
    in_specs=[pl.BlockSpec((4, 8), lambda i: (i, 0))],
    out_specs=pl.BlockSpec((4,), lambda i: (i,)),
    interpret=True,
)(a)
print(rm)
