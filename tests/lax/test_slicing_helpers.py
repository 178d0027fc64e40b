"""lax helpers: top_k, dynamic index helpers, full_like, collapse, reduce."""


import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import meshjit
from meshjit import lax

SETTINGS = settings(max_examples=15, deadline=None)


def _jit(f, *args):
    out = meshjit.jit(f)(*args)
    if isinstance(out, (tuple, list)):
        return [np.asarray(o) for o in out]
    return np.asarray(out)


def _close(actual, expected, **kw):
    np.testing.assert_allclose(actual, expected, rtol=kw.get("rtol", 1e-5), atol=1e-5)
    assert np.shape(actual) == np.shape(expected)


shapes = st.lists(st.integers(1, 4), min_size=1, max_size=3).map(tuple)

# ---------------------------------------------------------------------------------------------
# lax: top_k, dynamic index helpers, full_like, collapse, reduce.


@SETTINGS
@given(seed=st.integers(0, 2**16), shape=shapes, data=st.data())
def test_top_k_matches_numpy(shape, data, seed):
    rng = np.random.RandomState(seed)
    x = rng.randint(-3, 3, shape).astype(np.float32)  # ties on purpose
    k = data.draw(st.integers(0, shape[-1]))
    values, indices = _jit(lambda a: lax.top_k(a, k), x)
    order = np.argsort(-x, axis=-1, kind="stable")[..., :k]
    np.testing.assert_array_equal(indices, order)
    np.testing.assert_array_equal(values, np.take_along_axis(x, order, -1))
    assert indices.dtype == np.int32


def test_top_k_matches_jax_with_nan():
    jax = pytest.importorskip("jax")
    x = np.array([[3.0, np.nan, 3.0, 5.0, -1.0], [0.0, 0.0, 1.0, 1.0, 0.0]], np.float32)
    got = _jit(lambda a: lax.top_k(a, 4), x)
    for g, e in zip(got, jax.lax.top_k(x, 4)):
        np.testing.assert_array_equal(g, np.asarray(e))


def test_dynamic_index_helpers():
    x = np.arange(24.0, dtype=np.float32).reshape(2, 3, 4)
    got = _jit(lambda a, i: lax.dynamic_index_in_dim(a, i, 1, keepdims=False), x, np.int32(2))
    _close(got, x[:, 2])
    _close(_jit(lambda a, i: lax.dynamic_index_in_dim(a, i, 2), x, np.int32(1)), x[:, :, 1:2])
    upd = -np.ones((2, 4), np.float32)
    expected = x.copy()
    expected[:, 1] = upd
    _close(
        _jit(lambda a, u, i: lax.dynamic_update_index_in_dim(a, u, i, 1), x, upd, np.int32(1)),
        expected,
    )
    _close(
        _jit(lambda a, u: lax.dynamic_update_index_in_dim(a, u[:, None], 1, 1), x, upd), expected
    )
    expected = x.copy()
    expected[:, :, 2:4] = 0
    got = _jit(
        lambda a: lax.dynamic_update_slice_in_dim(a, np.zeros((2, 3, 2), np.float32), 2, 2), x
    )
    _close(got, expected)


def test_full_like_collapse_reduce():
    x = np.arange(24, dtype=np.int32).reshape(2, 3, 4)
    out = _jit(lambda a: lax.full_like(a, 3), x)
    assert out.dtype == np.int32 and (out == 3).all() and out.shape == x.shape
    out = _jit(lambda a: lax.full_like(a, 2.5, np.float32, (5,)), x)
    _close(out, np.full((5,), 2.5, np.float32))
    _close(_jit(lax.zeros_like_array, x), np.zeros_like(x))
    assert _jit(lambda a: lax.collapse(a, 1), x).shape == (2, 12)
    assert _jit(lambda a: lax.collapse(a, 0, 2), x).shape == (6, 4)
    assert _jit(lambda a: lax.collapse(a, -2, 3), x).shape == (2, 12)
    np.testing.assert_array_equal(
        _jit(lambda a: lax.reduce(a, 0, lax.add, (0, 2)), x), x.sum((0, 2))
    )
    np.testing.assert_array_equal(
        _jit(lambda a: lax.reduce(a, 10, lax.add, (1,)), x), x.sum(1) + 10
    )
    np.testing.assert_array_equal(
        _jit(lambda a: lax.reduce(a, np.int32(-(2**31)), lax.max, (2,)), x), x.max(2)
    )
    np.testing.assert_array_equal(
        _jit(lambda a: lax.reduce(a, 5, lax.min, (0,)), x), np.minimum(x.min(0), 5)
    )
    f = np.float32(x) / 10
    got = _jit(lambda a: lax.reduce((a, a), (1.0, 0.0), lax.mul, (1, 2)), f)
    _close(got[0], f.prod((1, 2)))
    _close(got[1], np.zeros(2))

