"""Shared by the elementwise-math tests: dtypes, domains, tolerances, NumPy references."""

import warnings

import ml_dtypes
import numpy as np
from hypothesis import settings
from hypothesis import strategies as st

from tests.support import campaign

bf16 = np.dtype(ml_dtypes.bfloat16)


f16, f32 = np.dtype(np.float16), np.dtype(np.float32)


i32, i8, u8 = np.dtype(np.int32), np.dtype(np.int8), np.dtype(np.uint8)


bool_ = np.dtype(np.bool_)


FLOATS = [f32, bf16, f16]


TOL = {f32: (3e-5, 3e-6), bf16: (2e-2, 1e-2), f16: (4e-3, 2e-3)}


SETTINGS = settings(max_examples=campaign.examples(8), deadline=None)


SHAPES = st.sampled_from([(), (5,), (2, 3)])


def reference(fn, *xs):
    """NumPy's answer, computed in float32 for low-precision floats and small integers (NumPy
    would use float16 for int8, JAX uses float32), as given otherwise."""
    up = [x.astype(f32) if x.dtype in (bf16, f16, np.int8, np.uint8) else x for x in xs]
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)
        return np.asarray(fn(*up))


def assert_close(ours, expected, dtype, what=""):
    rtol, atol = TOL.get(dtype, TOL[f32])
    np.testing.assert_allclose(
        np.asarray(ours).astype(np.float64),
        np.asarray(expected).astype(np.float64),
        rtol=rtol,
        atol=atol,
        equal_nan=True,
        err_msg=what,
    )


def in_domain(u, dtype, lo, hi):
    """`u` in [0, 1) mapped onto [lo, hi], in `dtype` (integers are rounded)."""
    x = lo + (hi - lo) * u.astype(np.float64)
    return np.round(x).astype(dtype) if dtype in (i32, i8) else x.astype(dtype)
