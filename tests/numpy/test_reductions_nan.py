"""NaN-aware reductions and average against NumPy."""


import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import meshjit
import meshjit.numpy as jnp
from tests.support.math_cases import FLOATS, SETTINGS, TOL, bool_, f32, i32, in_domain, reference

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

