"""lax names meshjit lacked (found by diffing dir(jax.lax) with dir(meshjit.lax)):
`lax.igamma_grad_a` against JAX 0.10.2 (one JAX subprocess; to rounding: JAX sums the
derivative's series itself) and `lax.dtype` as JAX's (the table read off JAX 0.10.2)."""

import ml_dtypes
import numpy as np
import pytest

import meshjit.numpy as jnp
from meshjit import errors, lax
from meshjit.nn import initializers
from tests.support.jax_oracle import RUN_CASES, assert_as_jax, oracle_fixture

HARNESS = (
    r"""
A = np.array([0.5, 1., 2., 5., 10., 3., 0.25], np.float32)
X = np.array([0.1, 1., 3., 2., 12., 0., 7.], np.float32)
CASES = {
    "igamma_grad_a": lambda: lax.igamma_grad_a(A, X),
    "igamma_grad_a_f16": lambda: lax.igamma_grad_a(A.astype(np.float16), X.astype(np.float16)),
    "igamma_grad_a_jit": lambda: jax.jit(lax.igamma_grad_a)(A[:, None], X[None, :]),
}
"""
    + RUN_CASES
)
CASES = ["igamma_grad_a", "igamma_grad_a_f16", "igamma_grad_a_jit"]

jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_igamma_grad_a_as_jax(jax_results, case):
    assert_as_jax(jax_results, HARNESS, case, rtol={c: 2e-6 for c in CASES})


def test_igamma_grad_a_refuses_mixed_or_integer_dtypes_as_jax():
    with pytest.raises(TypeError, match="requires arguments to have the same dtypes"):
        lax.igamma_grad_a(np.ones(2, np.float32), np.ones(2, np.float16))
    with pytest.raises(TypeError, match="does not accept dtype int32 at position 0"):
        lax.igamma_grad_a(np.arange(2), np.arange(2))


DTYPES = [  # (value, JAX 0.10.2's lax.dtype of it without x64)
    (1.0, np.float32),
    (1, np.int32),
    (True, np.bool_),
    (1j, np.complex64),
    (float, np.float32),
    (np.float64, np.float32),
    (np.int8, np.int8),
    ("bfloat16", ml_dtypes.bfloat16),
    (np.arange(3), np.int32),
    (np.float64(2), np.float32),
    (np.dtype("int64"), np.int32),
    (jnp.ones(2, "bfloat16"), ml_dtypes.bfloat16),
]


@pytest.mark.parametrize("value, want", DTYPES, ids=[repr(v)[:20] for v, _ in DTYPES])
def test_lax_dtype_as_jax(value, want):
    assert lax.dtype(value) == np.dtype(want)


def test_lax_dtype_refuses_as_jax():
    with pytest.raises(ValueError, match="Invalid argument to dtype: None."):
        lax.dtype(None)
    with pytest.raises(TypeError, match="data type 'foo' not understood"):
        lax.dtype("foo")


def test_more_jax_names():
    assert issubclass(errors.JaxprTypeError, TypeError)
    assert issubclass(errors.InconclusiveDimensionOperation, Exception)
    assert isinstance(initializers.Initializer, type)
