"""Diagonals, trace and diff against NumPy."""


import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import meshjit
import meshjit.numpy as jnp

SETTINGS = settings(max_examples=15, deadline=None)
RNG = np.random.RandomState(0)


def _jit(f, *args):
    out = meshjit.jit(f)(*args)
    if isinstance(out, (tuple, list)):
        return [np.asarray(o) for o in out]
    return np.asarray(out)


def _normal(*shape):
    return RNG.randn(*shape).astype(np.float32)


def _close(actual, expected, **kw):
    np.testing.assert_allclose(actual, expected, rtol=kw.get("rtol", 1e-5), atol=1e-5)
    assert np.shape(actual) == np.shape(expected)


shapes = st.lists(st.integers(1, 4), min_size=1, max_size=3).map(tuple)

# ---------------------------------------------------------------------------------------------
# Diagonals, trace, diff.


@pytest.mark.parametrize("k", [-4, -1, 0, 2, 5])
def test_diag_diagonal_trace(k):
    m = _normal(3, 5)
    v = _normal(4)
    _close(_jit(lambda a: jnp.diag(a, k), v), np.diag(v, k))
    _close(_jit(lambda a: jnp.diag(a, k), m), np.diag(m, k))
    _close(_jit(lambda a: jnp.trace(a, k), m), np.trace(m, k))
    t = _normal(2, 3, 4)
    for axis1, axis2 in ((0, 1), (2, 0), (-1, 1)):
        _close(_jit(lambda a: jnp.diagonal(a, k, axis1, axis2), t), np.diagonal(t, k, axis1, axis2))  # noqa: B023
        _close(_jit(lambda a: jnp.trace(a, k, axis1, axis2), t), np.trace(t, k, axis1, axis2))  # noqa: B023


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
    _close(_jit(lambda a: jnp.diff(a, n, axis, **extra), x), np.diff(x, n, axis, **extra))
    b = x > 0
    np.testing.assert_array_equal(_jit(lambda a: jnp.diff(a, n, axis), b), np.diff(b, n, axis))

