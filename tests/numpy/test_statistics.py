"""Order statistics (quantile, percentile, median) and interp against NumPy."""


import numpy as np
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
# Order statistics.

METHODS = ["linear", "lower", "higher", "nearest", "midpoint"]


@SETTINGS
@given(
    seed=st.integers(0, 2**16),
    shape=shapes,
    method=st.sampled_from(METHODS),
    keepdims=st.booleans(),
    data=st.data(),
)
def test_quantile_matches_numpy(shape, method, keepdims, data, seed):
    rng = np.random.RandomState(seed)
    x = rng.randn(*shape).astype(np.float32)
    axis = data.draw(
        st.one_of(st.none(), st.integers(0, len(shape) - 1), st.just(tuple(range(len(shape)))))
    )
    q = data.draw(
        st.one_of(st.floats(0, 1, width=32), st.just(np.array([0.0, 0.25, 1.0], np.float32)))
    )
    got = _jit(lambda a: jnp.quantile(a, q, axis=axis, method=method, keepdims=keepdims), x)
    _close(got, np.quantile(x, q, axis=axis, method=method, keepdims=keepdims), rtol=1e-4)
    got = _jit(
        lambda a: jnp.percentile(
            a, np.float32(q) * 100, axis=axis, method=method, keepdims=keepdims
        ),
        x,
    )
    _close(
        got,
        np.percentile(x, np.float32(q) * 100, axis=axis, method=method, keepdims=keepdims),
        rtol=1e-4,
    )
    _close(
        _jit(lambda a: jnp.median(a, axis=axis, keepdims=keepdims), x),
        np.median(x, axis=axis, keepdims=keepdims),
    )


def test_quantile_traced_q_and_nan():
    x = _normal(3, 5)
    q = np.array([0.1, 0.9], np.float32)
    _close(
        _jit(lambda a, b: jnp.quantile(a, b, axis=1), x, q), np.quantile(x, q, axis=1), rtol=1e-4
    )
    x[1, 2] = np.nan
    _close(_jit(lambda a: jnp.median(a, axis=1), x), np.median(x, axis=1))
    _close(_jit(lambda a: jnp.median(a), np.arange(5, dtype=np.int32)), np.median(np.arange(5)))


def test_interp():
    xp = np.sort(_normal(6))
    fp = _normal(6)
    x = np.concatenate([np.linspace(-3, 3, 13), xp]).astype(np.float32)
    _close(_jit(jnp.interp, x, xp, fp), np.interp(x, xp, fp))
    _close(
        _jit(lambda a: jnp.interp(a, xp, fp, left=-9.0, right=9.0), x),
        np.interp(x, xp, fp, -9.0, 9.0),
    )

