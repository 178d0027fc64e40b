"""histogramdd / histogram2d against NumPy: counts, weights, explicit edges and ranges,
density, values on the last edge."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp

RNG = np.random.default_rng(1)
SAMPLE = RNG.standard_normal((50, 3)).astype(np.float32)


def _check(got, want, rtol=1e-5):
    hist, edges = got
    np.testing.assert_allclose(np.asarray(hist), want[0], rtol=rtol, atol=1e-6)
    for g, w in zip(edges, want[1]):
        np.testing.assert_allclose(np.asarray(g), w, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"bins": 4},
        {"bins": [3, 4, 5]},
        {"bins": 4, "range": [(-1, 1), None, (0, 2)]},
        {"bins": 4, "density": True},
        {"bins": 3, "weights": np.linspace(0, 1, 50).astype(np.float32)},
    ],
)
def test_histogramdd_matches_numpy(kwargs):
    _check(jnp.histogramdd(SAMPLE, **kwargs), np.histogramdd(SAMPLE, **kwargs))


def test_histogram2d_matches_numpy():
    x, y = SAMPLE[:, 0], SAMPLE[:, 1]
    edges = np.array([-3.0, -1.0, 0.0, 0.5, 3.0], np.float32)
    for bins in (5, [3, 6], edges):
        got = jnp.histogram2d(x, y, bins=bins)
        want = np.histogram2d(x, y, bins=bins)
        _check((got[0], got[1:]), (want[0], want[1:]))
    jitted = meshjit.jit(lambda a, b: jnp.histogram2d(a, b, bins=4)[0])
    np.testing.assert_allclose(np.asarray(jitted(x, y)), np.histogram2d(x, y, bins=4)[0])


def test_errors():
    with pytest.raises(ValueError, match="one weight for each sample"):
        jnp.histogramdd(SAMPLE, weights=np.ones(3))
    with pytest.raises(ValueError, match="a bin for each dimension"):
        jnp.histogramdd(SAMPLE, bins=[2, 3])
    with pytest.raises(ValueError, match="range must be a sequence of 3 pairs"):
        jnp.histogramdd(SAMPLE, range=[(0, 1)])


def test_histogram_counts_are_inexact_as_jax():
    x = np.array([1, 2, 3, 5, 5, 8, 3, 1, 2, 9])
    counts, edges = jnp.histogram(x, 4)
    assert counts.dtype == np.float32 and edges.dtype == np.float32
    np.testing.assert_array_equal(counts, np.histogram(x, 4)[0])
