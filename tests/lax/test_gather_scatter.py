"""lax.scatter_apply (compiler/lax/gather_scatter.py) against JAX 0.10.2."""

import numpy as np
import pytest

import meshjit
from meshjit import lax

ROW = lax.ScatterDimensionNumbers(
    update_window_dims=(1,), inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,)
)
POINT = lax.ScatterDimensionNumbers(
    update_window_dims=(), inserted_window_dims=(0, 1), scatter_dims_to_operand_dims=(0, 1)
)


def _dnums(lib, dn):
    return lib.ScatterDimensionNumbers(*dn)


@pytest.mark.parametrize(
    ("dn", "indices", "update_shape", "mode"),
    [
        (ROW, [[1], [3], [1]], (3, 4), None),  # row 1 twice: func applied twice
        (ROW, [[0], [7]], (2, 4), "drop"),  # out of bounds: dropped
        (ROW, [[0], [7]], (2, 4), "clip"),  # clamped to the last row
        (POINT, [[0, 1], [4, 3], [0, 1], [0, 1]], (4,), None),
    ],
)
def test_scatter_apply_matches_jax(dn, indices, update_shape, mode):
    jax = pytest.importorskip("jax")
    x = np.arange(20, dtype=np.float32).reshape(5, 4) / 7
    idx = np.asarray(indices, np.int32)
    func = lambda v: v * 2 + 1  # noqa: E731

    def run(lib, jit):
        return jit(
            lambda a, i: lib.lax.scatter_apply(
                a, i, func, _dnums(lib.lax, dn), update_shape=update_shape, mode=mode
            )
        )(x, idx)

    want = np.asarray(run(jax, jax.jit))
    got = np.asarray(run(meshjit, meshjit.jit))
    np.testing.assert_allclose(got, want, rtol=1e-6)
    assert got.dtype == want.dtype


def test_scatter_apply_keeps_the_operand_dtype_eagerly():
    x = np.arange(6, dtype=np.int32)
    idx = np.asarray([[2], [2], [5]], np.int32)
    dn = lax.ScatterDimensionNumbers((), (0,), (0,))
    out = lax.scatter_apply(x, idx, lambda v: v * 3, dn, update_shape=(3,))
    np.testing.assert_array_equal(np.asarray(out), [0, 1, 18, 3, 4, 15])
    assert out.dtype == np.int32
