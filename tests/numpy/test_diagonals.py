"""Diagonals, trace and diff against NumPy."""


import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import meshjit.numpy as jnp
from tests.support.shape_cases import SETTINGS, close, jit_numpy, normal, shapes

# ---------------------------------------------------------------------------------------------
# Diagonals, trace, diff.


@pytest.mark.parametrize("k", [-4, -1, 0, 2, 5])
def test_diag_diagonal_trace(k):
    m = normal(3, 5)
    v = normal(4)
    close(jit_numpy(lambda a: jnp.diag(a, k), v), np.diag(v, k))
    close(jit_numpy(lambda a: jnp.diag(a, k), m), np.diag(m, k))
    close(jit_numpy(lambda a: jnp.trace(a, k), m), np.trace(m, k))
    t = normal(2, 3, 4)
    for axis1, axis2 in ((0, 1), (2, 0), (-1, 1)):
        close(jit_numpy(lambda a: jnp.diagonal(a, k, axis1, axis2), t), np.diagonal(t, k, axis1, axis2))  # noqa: B023
        close(jit_numpy(lambda a: jnp.trace(a, k, axis1, axis2), t), np.trace(t, k, axis1, axis2))  # noqa: B023


@SETTINGS
@given(seed=st.integers(0, 2**16), shape=shapes, n=st.integers(0, 3), data=st.data())
def test_diff_matches_numpy(shape, n, data, seed):
    rng = np.random.RandomState(seed)
    x = rng.randint(-5, 5, shape).astype(np.int32)
    axis = data.draw(st.integers(-len(shape), len(shape) - 1))
    extra = {}
    if data.draw(st.booleans()):
        extra["prepend"] = 3
    if data.draw(st.booleans()):
        extra["append"] = np.ones(shape, np.int32)
    close(jit_numpy(lambda a: jnp.diff(a, n, axis, **extra), x), np.diff(x, n, axis, **extra))
    b = x > 0
    np.testing.assert_array_equal(jit_numpy(lambda a: jnp.diff(a, n, axis), b), np.diff(b, n, axis))



def test_diagonal_and_trace_of_a_symbolic_square():
    """Symbolic dimensions index the diagonal by an iota (NumPy's arange of a DimExpr failed)."""
    from meshjit import ShapeDtypeStruct, export, jit

    spec = ShapeDtypeStruct(export.symbolic_shape("b, b"), jnp.float32)
    exp = export.export(jit(lambda x: (jnp.trace(x), jnp.diagonal(x))))(spec)
    assert [str(a) for a in exp.out_avals] == ["float32[]", "float32[b]"]
    m = normal(3, 3).astype(np.float32)
    t, d = exp.call(m)
    close(t, np.trace(m))
    close(d, np.diagonal(m))
