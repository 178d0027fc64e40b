"""meshjit.numpy's answers to the user mistakes of the catalogue's round 8: JAX's error types
and words (tests/support/mistakes_catalogue_round8.py runs them against JAX)."""

import re

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from meshjit.compiler.errors import ConcretizationTypeError, TracerBoolConversionError

x3 = np.ones(3, np.float32)


def test_a_python_int_past_int32_in_a_list_overflows_as_in_jax():
    # It wrapped before (to 0), silently.
    with pytest.raises(OverflowError, match="Python integer 1099511627776 out of bounds for int32"):
        jnp.array([1, 2**40])
    with pytest.raises(OverflowError, match=re.escape("-2147483649")):
        jnp.array([[0], [-(2**31) - 1]])
    np.testing.assert_array_equal(jnp.array([1, 2**31 - 1, -(2**31)]), [1, 2**31 - 1, -(2**31)])
    assert jnp.array([1, 2]).dtype == jnp.int32


def test_a_numpy_int64_past_int32_in_a_list_overflows_as_in_jax():
    # JAX builds the list's int32 array with NumPy, which refuses signed NumPy scalars past the
    # range as it refuses Python ints (this wrapped to 0 before); arrays and unsigned scalars wrap.
    with pytest.raises(OverflowError, match="Python integer 1099511627776 out of bounds for int32"):
        jnp.array([np.int64(2**40), 1])
    assert int(jnp.array(np.int64(2**40))) == 0  # a scalar, not a list: wraps, as JAX
    assert int(jnp.array([np.uint64(2**63)])[0]) == 0
    assert int(jnp.array([np.array(2**40)])[0]) == 0


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda: meshjit.jit(lambda x: jnp.extract(x > 0, x))(x3), TracerBoolConversionError,
         "Attempted boolean conversion of traced array"),
        (lambda: meshjit.jit(lambda x: jnp.compress(x > 0, x))(x3), TracerBoolConversionError,
         "Attempted boolean conversion of traced array"),
        (lambda: meshjit.jit(jnp.trim_zeros)(x3), ConcretizationTypeError,
         "Error arose in the `filt` argument of trim_zeros()"),
        (lambda: meshjit.jit(lambda x, k: jnp.roll(x, 1, axis=k))(x3, 0), ConcretizationTypeError,
         "expected a static index or sequence of indices."),
        (lambda: meshjit.jit(lambda n: lax.scan(lambda c, _: (c, c), 0.0, None, length=n))(3),
         ConcretizationTypeError, "The `length` argument to `scan` expects a concrete `int` value"),
        (lambda: meshjit.jit(lambda i: jnp.choose(i, [x3, x3]))(np.zeros(3, np.int32)),
         ConcretizationTypeError, "jnp.choose was jit-compiled with mode='raise'"),
        (lambda: jnp.choose(np.array([0, 3]), [x3[:2], x3[:2]]), ValueError,
         "invalid entry in choice array"),
        (lambda: jnp.choose(np.array([0, 1]), [x3[:2], x3[:2]], mode="bogus"), ValueError,
         "mode='bogus' not understood. Must be 'raise', 'wrap', or 'clip'"),
        (lambda: jnp.take(np.arange(3), np.array([0]), mode="bogus"), ValueError,
         "Invalid mode 'bogus' for np.take"),
        (lambda: jnp.pad(x3, 1, constant_values=(1, 2, 3)), ValueError,
         "jnp.pad: constant_values has unsupported shape (3,)"),
        (lambda: jnp.pad(x3, 1, stat_length=2), ValueError,
         "unsupported keyword arguments for mode 'constant': {'stat_length'}"),
        (lambda: jnp.pad(np.ones(0), 1, mode="reflect"), ValueError,
         "Cannot apply 'reflect' padding to empty axis"),
        (lambda: jnp.repeat(x3, -1), TypeError, "nonnegative"),
        (lambda: jnp.arange(1j), ValueError,
         "Passing complex start/stop/step to jnp.arange is no longer supported"),
        (lambda: jnp.arange(x3), ValueError, "jax.numpy.arange: arguments must be scalars"),
        (lambda: jnp.moveaxis(np.ones((2, 3)), (0, 1), (0,)), ValueError,
         "Inconsistent number of elements: 2 vs 1"),
        (lambda: jnp.rollaxis(np.ones((2, 3)), 3), ValueError,
         "axis 3 is out of bounds for array of dimension 2"),
        (lambda: jnp.searchsorted(np.arange(3), 1, method="bogus"), ValueError,
         "invalid argument method='bogus', expected one of"),
        (lambda: jnp.ravel_multi_index((np.array([3]), np.array([0])), (2, 2), mode="raise"),
         ValueError, "invalid entry in coordinates array"),
        (lambda: jnp.flip(np.ones((2, 2)), axis=(0, 0)), TypeError,
         "rev dimensions must be unique, got (0, 0)."),
        (lambda: jnp.indices((2.0, 3)), TypeError,
         "'float' object cannot be interpreted as an integer"),
        (lambda: lax.linalg.triangular_solve(np.eye(3), np.ones((2, 2)), left_side=True),
         ValueError, "Incompatible shapes for arguments to triangular_solve: (3, 3) and (2, 2)."),
    ],
)  # fmt: skip
def test_numpy_mistakes(call, error, words):
    with pytest.raises(error, match=re.escape(words)):
        call()


def test_what_the_checks_let_through():
    np.testing.assert_array_equal(
        jnp.flip(np.arange(4).reshape(2, 2), axis=(0, 1)), [[3, 2], [1, 0]]
    )
    np.testing.assert_array_equal(
        jnp.choose(np.array([0, 1]), [np.array([1, 2]), np.array([3, 4])]), [1, 4]
    )
    np.testing.assert_array_equal(jnp.pad(x3, 1, constant_values=(0, 2)), [0, 1, 1, 1, 2])
    np.testing.assert_array_equal(jnp.arange(1, 5, 2), [1, 3])
