"""NaN-aware reductions and average against NumPy."""

import warnings

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import meshjit
import meshjit.numpy as jnp

bf16 = np.dtype(ml_dtypes.bfloat16)
f16, f32 = np.dtype(np.float16), np.dtype(np.float32)
i32, i8, u8 = np.dtype(np.int32), np.dtype(np.int8), np.dtype(np.uint8)
bool_ = np.dtype(np.bool_)

FLOATS = [f32, bf16, f16]
# rtol/atol of a transcendental result in that dtype (XLA and NumPy use other approximations).
TOL = {f32: (3e-5, 3e-6), bf16: (2e-2, 1e-2), f16: (4e-3, 2e-3)}
SETTINGS = settings(max_examples=8, deadline=None)


def reference(fn, *xs):
    """NumPy's answer, computed in float32 for low-precision floats and small integers (NumPy
    would use float16 for int8, JAX uses float32), as given otherwise."""
    up = [x.astype(f32) if x.dtype in (bf16, f16, np.int8, np.uint8) else x for x in xs]
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)
        return np.asarray(fn(*up))


def in_domain(u, dtype, lo, hi):
    """`u` in [0, 1) mapped onto [lo, hi], in `dtype` (integers are rounded)."""
    x = lo + (hi - lo) * u.astype(np.float64)
    return np.round(x).astype(dtype) if dtype in (i32, i8) else x.astype(dtype)


# ---------------------------------------------------------------------------------------------
# NaN-aware and other reductions.

AXES = st.sampled_from([None, 0, -1, (0, 1)])


@SETTINGS
@given(st.sampled_from(FLOATS + [i32]), AXES, st.booleans(), st.data())
def test_reductions_match_numpy(dtype, axis, keepdims, data):
    x = data.draw(hnp.arrays(f32, (3, 4), elements=st.floats(-8, 8, width=32)))
    x = in_domain((x + 8) / 16, dtype, -8, 8)
    if dtype in FLOATS:
        x[data.draw(hnp.arrays(bool_, (3, 4)))] = np.nan
        x[0] = np.nan  # a row of NaNs
    w = (np.arange(12).reshape(3, 4) % 5 + 1).astype(dtype)
    kw = {"axis": axis, "keepdims": keepdims}

    def f(x, w):
        return {
            "nansum": jnp.nansum(x, **kw),
            "nanmean": jnp.nanmean(x, **kw),
            "nanmax": jnp.nanmax(x, **kw),
            "nanmin": jnp.nanmin(x, **kw),
            "count_nonzero": jnp.count_nonzero(x, **kw),
            "ptp": jnp.ptp(x, **kw),
            "average": jnp.average(x, axis=axis, weights=w, keepdims=keepdims),
        }

    out = meshjit.jit(f)(x, w)
    expected = {
        "nansum": reference(lambda a: np.nansum(a, **kw), x),
        "nanmean": reference(lambda a: np.nanmean(a, **kw), x),
        "nanmax": reference(lambda a: np.nanmax(a, **kw), x),
        "nanmin": reference(lambda a: np.nanmin(a, **kw), x),
        "count_nonzero": reference(lambda a: np.count_nonzero(a, **kw), x),
        "ptp": reference(lambda a: np.ptp(a, **kw), x),
        "average": reference(
            lambda a, w: np.average(a, axis=axis, weights=w, keepdims=keepdims), x, w
        ),
    }
    for n, value in expected.items():
        assert np.shape(out[n]) == np.shape(value), n
        rtol, atol = TOL.get(dtype, TOL[f32])
        scale = 12 if n in ("nansum", "average", "nanmean") else 1  # accumulated roundings
        np.testing.assert_allclose(
            np.asarray(out[n], np.float64),
            np.asarray(value, np.float64),
            rtol=rtol * scale,
            atol=atol * scale,
            equal_nan=True,
            err_msg=n,
        )


def test_average_weights_along_an_axis_and_returned():
    x = np.arange(12.0, dtype=f32).reshape(3, 4)
    w = np.array([1.0, 2.0, 3.0, 4.0], f32)
    avg, total = meshjit.jit(lambda x, w: jnp.average(x, axis=1, weights=w, returned=True))(x, w)
    e_avg, e_total = np.average(x, axis=1, weights=w, returned=True)
    np.testing.assert_allclose(np.asarray(avg), e_avg, rtol=1e-6)
    np.testing.assert_allclose(np.asarray(total), e_total)
    avg, total = jnp.average(x, returned=True)
    assert float(avg) == 5.5 and float(total) == 12.0
    with pytest.raises(meshjit.MeshjitValueError, match="axis"):
        jnp.average(x, weights=w)

