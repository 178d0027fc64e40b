"""jnp's scalar types are classes, as JAX 0.10.2's: `isinstance(jnp.float32, type)`, never the
type of an array they make (`isinstance(x, jnp.float32)` asks for a NumPy float32 scalar), no
subclass of NumPy's abstract types, usable where NumPy wants a dtype; JAX runs in a
subprocess."""

import pytest

from tests.support.jax_oracle import RUN_CASES, assert_as_jax, oracle_fixture

HARNESS = (
    r"""
def _texts(*values):
    return [np.frombuffer(repr(v).encode(), np.uint8) for v in values]

CASES = {
    "is_a_type": lambda: _texts(
        isinstance(jnp.float32, type), isinstance(jnp.bool_, type), isinstance(jnp.int8, type)),
    "instances": lambda: _texts(
        isinstance(jnp.float32(3), jnp.float32), isinstance(np.float32(3), jnp.float32),
        isinstance(np.float64(3), jnp.float32), isinstance(3.0, jnp.float32)),
    "subclasses": lambda: _texts(
        issubclass(jnp.float32, jnp.floating), issubclass(jnp.int32, np.generic),
        issubclass(jnp.float32, jnp.float32)),
    "as_dtypes": lambda: _texts(
        np.dtype(jnp.float32), np.dtype(jnp.bfloat16), jnp.float32 == np.float32,
        jnp.float32 == jnp.dtype("float32"), jnp.float32.dtype, jnp.int8.__name__,
        jnp.issubdtype(jnp.float32, jnp.floating), jnp.issubdtype(jnp.bfloat16, jnp.inexact),
        {jnp.float32: 1}[np.float32], jnp.zeros(2, jnp.float32).dtype),
    "made": lambda: [jnp.float32(3), jnp.int32([1, 2]), jnp.bool_(1)]
    + _texts(repr(jnp.float32(3)), type(jnp.float32(3)).__name__),
}
"""
    + RUN_CASES
)

CASES = ["is_a_type", "instances", "subclasses", "as_dtypes", "made"]

jax_results = oracle_fixture(CASES, HARNESS)


@pytest.mark.parametrize("case", CASES)
def test_scalar_types_as_jax(jax_results, case):
    assert_as_jax(jax_results, HARNESS, case)
