"""Eager execution: meshjit.numpy ops outside jit match NumPy."""

import ml_dtypes
import numpy as np

import meshjit
import meshjit.numpy as jnp

bf16 = np.dtype(ml_dtypes.bfloat16)
f16, f32 = np.dtype(np.float16), np.dtype(np.float32)
i32, i8, u8, u32 = np.dtype(np.int32), np.dtype(np.int8), np.dtype(np.uint8), np.dtype(np.uint32)


# rtol/atol for one rounding of a result in that dtype (XLA and NumPy may differ by an ulp).
TOL = {f32: (2e-6, 1e-6), bf16: (1.6e-2, 1e-2), f16: (2e-3, 1e-3)}
# ... and for transcendental functions (different polynomial approximations).
TRANSCENDENTAL_TOL = {f32: (2e-5, 2e-6), bf16: (2e-2, 1e-2), f16: (4e-3, 2e-3)}


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


# ---------------------------------------------------------------------------------------------
# Eager (outside jit).


def test_eager_ops_match_numpy():
    x = np.arange(6, dtype=f32).reshape(2, 3)
    assert_close(jnp.add(x, 1), x + 1, f32)
    assert_close(jnp.sum(x, axis=0), x.sum(0), f32)
    assert_close(jnp.matmul(x, x.T), x @ x.T, f32)
    assert_close(jnp.exp(jnp.asarray(x)) * 2, np.exp(x) * 2, f32, TRANSCENDENTAL_TOL)
    assert_close(jnp.zeros((2,)) + jnp.arange(2), np.arange(2.0), f32)
    assert isinstance(jnp.add(x, 1), meshjit.Array)

