"""Shared by the numerics tests: dtypes, value strategies, tolerances, NumPy references."""

import ml_dtypes
import numpy as np
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from tests.support import campaign

bf16 = np.dtype(ml_dtypes.bfloat16)


f16, f32 = np.dtype(np.float16), np.dtype(np.float32)


i32, i8, u8, u32 = np.dtype(np.int32), np.dtype(np.int8), np.dtype(np.uint8), np.dtype(np.uint32)


bool_ = np.dtype(np.bool_)


FLOATS = [f32, bf16, f16]


INTS = [i32, i8, u8]


ALL = FLOATS + INTS + [bool_]


LOW_PRECISION = (bf16, f16)


TOL = {f32: (2e-6, 1e-6), bf16: (1.6e-2, 1e-2), f16: (2e-3, 1e-3)}


TRANSCENDENTAL_TOL = {f32: (2e-5, 2e-6), bf16: (2e-2, 1e-2), f16: (4e-3, 2e-3)}


SETTINGS = settings(max_examples=campaign.examples(25), deadline=None)


FEW = settings(max_examples=campaign.examples(12), deadline=None)


def is_float(dtype):
    return dtype in FLOATS


def values(dtype, shape, lo=-4.0, hi=4.0):
    """A strategy of arrays of `dtype` with bounded values (floats are drawn in float32)."""
    if dtype == bool_:
        return hnp.arrays(bool_, shape)
    if is_float(dtype):
        lo, hi = float(np.float32(lo)), float(np.float32(hi))
        elems = st.floats(
            lo, hi, width=32, allow_nan=False, allow_infinity=False, allow_subnormal=False
        )
        return hnp.arrays(f32, shape, elements=elems).map(lambda a: a.astype(dtype))
    info = np.iinfo(dtype)
    elems = st.integers(max(int(lo * 25), info.min), min(int(hi * 25), info.max))
    return hnp.arrays(dtype, shape, elements=elems)


def reference(fn, *xs, dtype=None):
    """NumPy's answer; low-precision floats are computed in float32 and rounded once."""
    up = [x.astype(f32) if x.dtype in LOW_PRECISION else x for x in xs]
    out = np.asarray(fn(*up))
    return out.astype(dtype) if dtype is not None else out


def host(x) -> np.ndarray:
    """The value of `x` on the host."""
    return np.asarray(x)


def assert_close(actual, expected, dtype=None, tol=TOL, scale=1.0):
    actual = host(actual)
    expected = np.asarray(expected)
    assert actual.shape == expected.shape, (actual.shape, expected.shape)
    if dtype is not None:
        assert actual.dtype == dtype, (actual.dtype, dtype)
    if actual.dtype in tol:
        rtol, atol = tol[actual.dtype]
        np.testing.assert_allclose(
            actual.astype(np.float64),
            expected.astype(np.float64),
            rtol=rtol * scale,
            atol=atol * scale,
        )
    else:
        np.testing.assert_array_equal(actual, expected.astype(actual.dtype))


dtype_st = st.sampled_from(ALL)


two_shapes = hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=3, max_side=4)


shape_st = hnp.array_shapes(min_dims=0, max_dims=3, min_side=1, max_side=4)
