"""Array creation and conversion (zeros, arange, astype, ...) against NumPy."""

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import meshjit
import meshjit.numpy as jnp
from meshjit import lax

bf16 = np.dtype(ml_dtypes.bfloat16)
f16, f32 = np.dtype(np.float16), np.dtype(np.float32)
i32, i8, u8, u32 = np.dtype(np.int32), np.dtype(np.int8), np.dtype(np.uint8), np.dtype(np.uint32)
bool_ = np.dtype(np.bool_)

FLOATS = [f32, bf16, f16]
INTS = [i32, i8, u8]
LOW_PRECISION = (bf16, f16)

# rtol/atol for one rounding of a result in that dtype (XLA and NumPy may differ by an ulp).
TOL = {f32: (2e-6, 1e-6), bf16: (1.6e-2, 1e-2), f16: (2e-3, 1e-3)}

SETTINGS = settings(max_examples=25, deadline=None)


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


shape_st = hnp.array_shapes(min_dims=0, max_dims=3, min_side=1, max_side=4)


# ---------------------------------------------------------------------------------------------
# Creation and conversion.


@pytest.mark.parametrize("dtype", [None, f32, bf16, f16, i32, i8, u8, bool_])
def test_creation(dtype):
    def f(a):
        return {
            "zeros": jnp.zeros((2, 3), dtype),
            "ones": jnp.ones(4, dtype),
            "full": jnp.full((3, 1), 7 if dtype != bool_ else True, dtype),
            "zeros_like": jnp.zeros_like(a, dtype),
            "ones_like": jnp.ones_like(a, dtype),
            "eye": jnp.eye(3, 4, k=1, dtype=dtype),
            "eye_neg_k": jnp.eye(3, k=-1, dtype=dtype),
            "arange": jnp.arange(2, dtype=dtype if dtype != bool_ else None),
        }

    x = np.ones((2, 2), i8)
    out = meshjit.jit(f)(x)
    default = f32 if dtype is None else dtype
    like = i8 if dtype is None else dtype
    fill = 7 if dtype != bool_ else True
    expected = {
        "zeros": np.zeros((2, 3), default),
        "ones": np.ones(4, default),
        "full": np.full((3, 1), fill, i32 if dtype is None else dtype),
        "zeros_like": np.zeros((2, 2), like),
        "ones_like": np.ones((2, 2), like),
        "eye": np.eye(3, 4, k=1, dtype=default),
        "eye_neg_k": np.eye(3, k=-1, dtype=default),
        "arange": np.arange(2).astype(i32 if dtype in (None, bool_) else dtype),
    }
    for name, ref in expected.items():
        assert_close(out[name], ref, ref.dtype), name


@pytest.mark.parametrize(
    "args, kwargs",
    [
        ((5,), {}),
        ((2, 9), {}),
        ((2, 9, 3), {}),
        ((9, 2, -2), {}),
        ((0.0, 2.0, 0.5), {}),
        ((1, 2, 0.25), {}),
        ((5,), {"dtype": f32}),
        ((3, 1), {}),
        ((-3.5, 1.0), {}),
    ],
)
def test_arange(args, kwargs):
    out = meshjit.jit(lambda: jnp.arange(*args, **kwargs))()
    ref = np.arange(*args, **kwargs)
    ref = ref.astype(f32 if ref.dtype.kind == "f" else i32)
    assert_close(out, ref, ref.dtype)


_CONVERTIBLE = [f32, bf16, f16, i32, i8, u8, bool_]


@SETTINGS
@given(st.data(), st.sampled_from(_CONVERTIBLE), st.sampled_from(_CONVERTIBLE), shape_st)
def test_astype_and_convert_element_type(data, src, dst, shape):
    # Values that every destination can represent (float -> int conversion truncates).
    lo = 0 if dst in (u8, bool_) or src == u8 else -100
    x = data.draw(
        values(src, shape, lo=lo / 25 if src in INTS else lo, hi=4 if src in INTS else 100)
    )
    out = meshjit.jit(
        lambda a: (a.astype(dst), jnp.astype(a, dst), lax.convert_element_type(a, dst))
    )(x)
    if dst == bool_:
        ref = x != 0
    elif dst in INTS and is_float(src):
        ref = np.trunc(x.astype(f32)).astype(dst)
    else:
        ref = x.astype(f32).astype(dst) if src in LOW_PRECISION else x.astype(dst)
    for got in out:
        assert_close(got, ref, dst)

