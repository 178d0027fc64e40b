"""nanquantile / nanpercentile / nanmedian, apply_along_axis, apply_over_axes, nextafter and
spacing against NumPy."""

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp

X = np.array([[1.0, np.nan, 3.0, 4.0], [np.nan] * 4, [5.0, 2.0, 8.0, np.nan]], np.float32)


@pytest.mark.parametrize("method", ["linear", "lower", "higher", "nearest", "midpoint"])
@pytest.mark.parametrize("axis", [None, 0, 1])
def test_nanquantile_matches_numpy(method, axis):
    q = np.array([0.1, 0.5, 0.9], np.float32)
    with np.errstate(all="ignore"), pytest.warns(RuntimeWarning) if axis == 1 else _nothing():
        want = np.nanquantile(X, q, axis=axis, method=method)
    got = meshjit.jit(lambda x: jnp.nanquantile(x, q, axis=axis, method=method))(X)
    np.testing.assert_allclose(np.asarray(got), want, rtol=1e-6)


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def test_nanmedian_and_nanpercentile():
    with np.errstate(all="ignore"), pytest.warns(RuntimeWarning):
        np.testing.assert_allclose(np.asarray(jnp.nanmedian(X, axis=1)), np.nanmedian(X, axis=1))
    np.testing.assert_allclose(
        np.asarray(jnp.nanpercentile(X, 30, axis=0, keepdims=True)),
        np.nanpercentile(X, 30, axis=0, keepdims=True),
        rtol=1e-6,
    )
    assert float(jnp.nanmedian(X)) == np.nanmedian(X)


def test_apply_along_and_over_axes():
    x = np.arange(24.0, dtype=np.float32).reshape(2, 3, 4)
    for axis in (0, 1, 2, -1):
        want = np.apply_along_axis(lambda r: r * r.sum(), axis, x)
        got = jnp.apply_along_axis(lambda r: r * r.sum(), axis, x)
        np.testing.assert_allclose(np.asarray(got), want)
    np.testing.assert_allclose(
        np.asarray(jnp.apply_along_axis(lambda r: r.max(), 1, x)), np.apply_along_axis(np.max, 1, x)
    )
    np.testing.assert_allclose(
        np.asarray(jnp.apply_over_axes(jnp.sum, x, [0, 2])), np.apply_over_axes(np.sum, x, [0, 2])
    )


def test_nextafter_and_spacing():
    a = np.array([0.0, 1.0, -2.0, 1e30, -1.5], np.float32)  # (XLA flushes subnormal inputs)
    b = np.array([1.0, 0.0, -3.0, np.inf, 0.0], np.float32)
    np.testing.assert_array_equal(np.asarray(jnp.nextafter(a, b)), np.nextafter(a, b))
    np.testing.assert_array_equal(np.asarray(jnp.spacing(a)), np.spacing(a))


def test_object_and_complex_warning_are_numpys_as_in_jax():
    import numpy

    assert jnp.ComplexWarning is numpy.exceptions.ComplexWarning and jnp.object_ is numpy.object_
    with pytest.raises(TypeError, match="JAX only supports number, bool, and string dtypes"):
        jnp.zeros(2, jnp.object_)
