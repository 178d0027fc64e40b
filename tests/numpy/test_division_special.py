"""floor_divide / remainder / divmod / fmod at zero, +-inf and NaN divisors, every float dtype
and the integer ones, bit for bit (signs of zeros included) against JAX, and x // 0.0 against
NumPy's +-inf / nan."""

import ml_dtypes
import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp

FLOATS = [np.float32, np.float16, ml_dtypes.bfloat16]
FLOAT_X = [1.0, -1.0, 0.0, -0.0, np.inf, -np.inf, np.nan, 5.5, -5.5, 3.0]
FLOAT_Y = [0.0, -0.0, np.inf, -np.inf, np.nan, 2.5, -2.5, 3.0]
OPS = ["floor_divide", "remainder", "divmod", "fmod"]


def _same(got, want, what):
    got = np.asarray(got).astype(np.float64)
    want = np.asarray(want).astype(np.float64)
    np.testing.assert_array_equal(got, want, err_msg=what)
    np.testing.assert_array_equal(np.signbit(got), np.signbit(want), err_msg=f"{what} signs")


def _pairs(result):
    return result if isinstance(result, tuple) else (result,)


@pytest.mark.parametrize("dtype", FLOATS, ids=lambda d: np.dtype(d).name)
def test_float_floor_divide_by_zero_is_inf_as_numpy(dtype):
    x = np.array([1.0, -1.0, 0.0, np.nan, 5.5], dtype)
    with np.errstate(all="ignore"):
        for y in (0.0, -0.0):
            want = np.floor_divide(x.astype(np.float32), np.float32(y))
            for fn in (jnp.floor_divide, meshjit.jit(jnp.floor_divide)):
                _same(fn(x, np.array(y, dtype)), want, f"x // {y}")
            _same(jnp.asarray(x) // y, want, f"x // {y} (python scalar)")
            assert np.isnan(np.asarray(jnp.remainder(x, np.array(y, dtype)), np.float32)).all()


@pytest.mark.parametrize("dtype", FLOATS, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("op", OPS)
def test_float_division_at_special_divisors_matches_jax(dtype, op):
    jax = pytest.importorskip("jax")
    x = np.array(FLOAT_X, dtype)
    for y in FLOAT_Y:
        yy = np.full(x.shape, y, dtype)
        want = _pairs(jax.jit(getattr(jax.numpy, op))(x, yy))
        got = _pairs(meshjit.jit(getattr(jnp, op))(x, yy))
        for g, w in zip(got, want, strict=True):
            _same(g, w, f"{op}(x, {y})")


@pytest.mark.parametrize("dtype", [np.int32, np.int8, np.uint8, np.uint32], ids=str)
@pytest.mark.parametrize("op", OPS)
def test_integer_division_by_zero_matches_jax(dtype, op):
    jax = pytest.importorskip("jax")
    signed = np.issubdtype(dtype, np.signedinteger)
    x = np.array([5, -5, 0, 7, -1, 3, -100, 9] if signed else [5, 0, 7, 1, 3, 2, 100, 9], dtype)
    for y in [0, 3, -3] if signed else [0, 3]:
        yy = np.full(x.shape, y, dtype)
        want = _pairs(jax.jit(getattr(jax.numpy, op))(x, yy))
        got = _pairs(meshjit.jit(getattr(jnp, op))(x, yy))
        for g, w in zip(got, want, strict=True):
            _same(g, w, f"{op}(x, {y})")
