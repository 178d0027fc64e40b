"""meshjit.numpy's answers to the user mistakes of the catalogue's round 5: JAX's error types
and words (tests/support/mistakes_catalogue.py runs them against JAX)."""

import re

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from meshjit.compiler.errors import (
    ConcretizationTypeError,
    TracerBoolConversionError,
    TracerIntegerConversionError,
)

x3 = np.ones(3, np.float32)
x22 = np.ones((2, 2), np.float32)


def _traced(fn, *args):
    """`fn` under jit with its last argument traced (an int)."""
    return meshjit.jit(fn)(*args)


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda: _traced(lambda x, n: jnp.pad(x, n), x3, 1), ConcretizationTypeError,
         "pad_width argument of jnp.pad"),
        (lambda: _traced(lambda x, a: jnp.sum(x, axis=a), x22, 0), ConcretizationTypeError,
         "The axis argument must be known statically."),
        (lambda: _traced(lambda x, a: jnp.flip(x, a), x22, 0), ConcretizationTypeError,
         "The axis argument must be known statically."),
        (lambda: _traced(lambda x, a: jnp.expand_dims(x, a), x3, 0), ConcretizationTypeError,
         "expected a static index or sequence of indices."),
        (lambda: _traced(lambda x, n: jnp.bincount(x, length=n), np.arange(3), 4),
         ConcretizationTypeError, "argument 'length' of jnp.bincount"),
        (lambda: _traced(lambda x, n: jnp.array_split(x, n), x3, 2), ConcretizationTypeError,
         "in jax.numpy.array_split argument 1"),
        (lambda: _traced(lambda x, k: jnp.diag(x, k), x3, 1), TracerIntegerConversionError,
         "The __index__() method was called"),
        (lambda: _traced(lambda x, k: lax.top_k(x, k), x3, 1), TracerBoolConversionError,
         "Attempted boolean conversion"),
        (lambda: _traced(lambda x, n: jnp.linalg.matrix_power(x, n), x22, 2), ValueError,
         "Non-hashable static arguments are not supported"),
        (lambda: _traced(lambda x, d: jnp.round(x, d), x3, 1), ValueError,
         "Non-hashable static arguments are not supported"),
    ],
)  # fmt: skip
def test_static_arguments_traced(call, error, words):
    with pytest.raises(error, match=re.escape(words)):
        call()


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda: jnp.trace(x22, axis1=0, axis2=0), ValueError, "axis1 and axis2 can not be same"),
        (lambda: jnp.cov(np.ones((2, 2, 2))), ValueError, "m has more than 2 dimensions"),
        (lambda: jnp.resize(x3, (-2,)), ValueError, "all elements of `new_shape` must be non"),
        (lambda: jnp.array([jnp.ones(2), jnp.ones(3)]), TypeError,
         "Cannot concatenate arrays with shapes that differ"),
        (lambda: jnp.array([1.0, None]), ValueError, "None is not a valid value for jnp.array"),
        (lambda: jnp.ones(3)[{0}], IndexError, "only integers, slices (`:`), ellipsis (`...`)"),
        (lambda: jnp.ones(6)[::0.5], TypeError, "'float' object cannot be interpreted as an"),
        (lambda: jnp.ones(3) + [1.0, 2.0], TypeError,  # JAX 0.10.2: Python's own words
         "unsupported operand type(s) for +: 'ArrayImpl' and 'list'"),
        (lambda: jnp.add(jnp.ones(3), None), TypeError,
         "add requires ndarray or scalar arguments, got <class 'NoneType'> at position 1."),
        (lambda: jnp.stack([[1, 2], [3]]), TypeError,
         "stack requires ndarray or scalar arguments, got <class 'list'> at position 0."),
        (lambda: jnp.zeros(3, dtype="float128"), TypeError,
         "JAX only supports number, bool, and string dtypes, got dtype float128"),
        (lambda: jnp.ones(3).astype(str), TypeError,
         "JAX only supports number, bool, and string dtypes, got dtype <class 'str'>"),
        (lambda: jnp.ones(3) ^ 1.5, TypeError, "xor does not accept dtype float32 at position 0"),
        (lambda: jnp.einsum("ij->ji", x22, x22), ValueError,
         "Number of einsum subscripts, 1, must be equal to the number of operands, 2"),
        (lambda: jnp.matrix_transpose(x3), ValueError,
         "x must be at least two-dimensional for matrix_transpose; got ndim=1"),
        (lambda: jnp.pad(x3, ((1, 1), (1, 1))), ValueError,
         "pad_width with nd=1 has unsupported shape (2, 2)"),
        (lambda: jnp.ones(3).at[0].apply(2.0), TypeError, "'float' object is not callable"),
        (lambda: lax.dynamic_slice(x3, (1.0,), (2,)), TypeError,
         "index arguments to dynamic_slice must be integers of the same type"),
    ],
)  # fmt: skip
def test_numpy_mistakes(call, error, words):
    with pytest.raises(error, match=re.escape(words)):
        call()
