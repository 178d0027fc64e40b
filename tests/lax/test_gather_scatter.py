"""lax.scatter_apply (compiler/lax/gather_scatter.py) against JAX 0.10.2."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
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


def test_gather_slice_sizes_beyond_the_operand_are_jax_type_errors():
    """Fuzzer seed 240093: the vjp of `x.at[[0]].min(v)` on a zero-size x gathers a slice of 1
    from f32[0]; JAX raises a TypeError (meshjit raised a ValueError). With no indices JAX
    checks nothing and gives an empty result (no gather reaches XLA)."""
    dn = lax.GatherDimensionNumbers(offset_dims=(1,), collapsed_slice_dims=(), start_index_map=(0,))
    x = np.zeros((0,), np.float32)
    with pytest.raises(TypeError, match="Slice size at index 0 in gather op is out of range"):
        lax.gather(x, np.zeros((2, 1), np.int32), dn, (1,))
    out = meshjit.jit(lambda x, i: lax.gather(x, i, dn, (1,)))(x, np.zeros((0, 1), np.int32))
    assert out.shape == (0, 1)
    with pytest.raises(TypeError, match="out of range"):
        meshjit.vjp(lambda v: v.at[np.array([0])].min(np.float32(1)), x)


def test_jaxprs_print_scatter_and_gather_params_as_jax():
    # JAX prints a scatter's mode, update_consts and scalar update_jaxpr, and a gather's fill_value
    f = lambda x, i: (jnp.zeros(12).at[i].max(x), jnp.zeros(12).at[i].set(x), x[i])
    text = str(meshjit.make_jaxpr(f)(jnp.ones(4), jnp.zeros(4, jnp.int32)))
    assert "mode=GatherScatterMode.FILL_OR_DROP" in text and "update_consts=()" in text
    assert "update_jaxpr={ lambda ; i:f32[] j:f32[]. let k:f32[] = max i j in (k,) }" in text
    assert "update_jaxpr=None" in text and "fill_value=None" in text
