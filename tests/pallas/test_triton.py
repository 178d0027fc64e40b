"""Pallas' GPU (Triton) vocabulary in interpret mode (compiler/pallas/triton.py): masked loads
and stores, atomics and dot, against NumPy (the softmax's values are JAX 0.10.2's)."""

import numpy as np

import meshjit
import meshjit.numpy as jnp
from meshjit.experimental import pallas as pl
from meshjit.experimental.pallas import triton as plgpu


def test_a_masked_row_softmax():
    def kernel(x_ref, o_ref):
        mask = jnp.arange(8) < 6
        row = plgpu.load(x_ref.at[pl.ds(0, 8)], mask=jnp.arange(8) < 7, other=-1.0)
        row = jnp.where(mask, row, -jnp.inf)
        e = jnp.exp(row - row.max())
        plgpu.store(o_ref.at[pl.ds(0, 8)], e / e.sum(), mask=mask)

    x = np.arange(32.0, dtype=np.float32).reshape(4, 8) / 10
    spec = pl.BlockSpec((None, 8), lambda i: (i, 0))
    out = pl.pallas_call(
        kernel,
        out_shape=meshjit.ShapeDtypeStruct((4, 8), jnp.float32),
        grid=(4,),
        in_specs=[spec],
        out_specs=spec,
        interpret=True,
        compiler_params=plgpu.CompilerParams(num_warps=4, num_stages=2),
    )(x)
    e = np.exp(x[:, :6] - x[:, 5:6])
    np.testing.assert_allclose(out[:, :6], e / e.sum(1, keepdims=True), rtol=1e-6)
    assert np.isnan(np.asarray(out[:, 6:])).all()  # never written: uninitialized


def test_atomics_return_the_old_value_and_dot_transposes():
    def kernel(x_ref, o_ref, old_ref):
        @pl.when(pl.program_id(0) == 0)
        def _():
            o_ref[...] = jnp.zeros_like(o_ref)

        old_ref[...] = jnp.full((1,), plgpu.atomic_add(o_ref, x_ref[0], 1))

    block = pl.BlockSpec((1,), lambda i: (i,))
    shapes = (meshjit.ShapeDtypeStruct((4,), jnp.int32), meshjit.ShapeDtypeStruct((6,), jnp.int32))
    hist, old = pl.pallas_call(
        kernel,
        out_shape=shapes,
        grid=(6,),
        in_specs=[block],
        out_specs=(pl.BlockSpec((4,), lambda i: (0,)), block),
        interpret=True,
    )(jnp.array([0, 1, 1, 3, 3, 3]))
    np.testing.assert_array_equal(hist, [1, 2, 0, 3])
    np.testing.assert_array_equal(old, [0, 0, 1, 0, 1, 2])
    a, b = np.ones((2, 3), np.float32), np.arange(6.0, dtype=np.float32).reshape(2, 3)
    np.testing.assert_array_equal(plgpu.dot(a, b, trans_b=True), a @ b.T)


def test_pl_dot_is_triton_dot_behind_jaxs_deprecation_warning():
    import pytest

    with pytest.warns(DeprecationWarning, match="pallas.dot was moved to"):
        dot = pl.dot
    assert dot is plgpu.dot
