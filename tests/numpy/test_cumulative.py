"""Cumulative ops (cumsum, cumprod, cummax, ...) against NumPy."""


import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from tests.support import campaign

SETTINGS = settings(max_examples=campaign.examples(12), deadline=None, derandomize=True, database=None)
RNG = np.random.default_rng(0)


def rand(*shape, dtype=np.float32):
    return RNG.standard_normal(shape).astype(dtype)


# ---------------------------------------------------------------------------------------------
# Cumulative ops.

_CUMULATIVE = {
    "cumsum": np.cumsum,
    "cumprod": np.cumprod,
    "cummax": np.maximum.accumulate,
    "cummin": np.minimum.accumulate,
}


def np_cumulative(name, x, axis, reverse):
    fn = _CUMULATIVE[name]
    if reverse:
        return np.flip(fn(np.flip(x, axis), axis=axis), axis)
    return fn(x, axis=axis)


@pytest.mark.parametrize("name", sorted(_CUMULATIVE))
@pytest.mark.parametrize("axis,reverse", [(0, False), (1, True), (2, False), (2, True)])
def test_lax_cumulative(name, axis, reverse):
    x = rand(3, 4, 5) if name != "cumprod" else RNG.uniform(0.5, 1.5, (3, 4, 5)).astype(np.float32)
    fn = getattr(lax, name)
    got = np.asarray(meshjit.jit(lambda a: fn(a, axis=axis, reverse=reverse))(x))
    np.testing.assert_allclose(got, np_cumulative(name, x, axis, reverse), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("name", sorted(_CUMULATIVE))
def test_lax_cumulative_int(name):
    x = RNG.integers(-3, 4, (4, 6)).astype(np.int32)
    got = np.asarray(getattr(lax, name)(x, axis=1, reverse=True))
    np.testing.assert_array_equal(got, np_cumulative(name, x, 1, True))


@SETTINGS
@given(st.lists(st.integers(1, 5), min_size=1, max_size=3), st.data())
def test_cumulative_hypothesis(shape, data):
    axis = data.draw(st.integers(0, len(shape) - 1))  # lax takes non-negative axes, as JAX's
    name = data.draw(st.sampled_from(sorted(_CUMULATIVE)))
    reverse = data.draw(st.booleans())
    x = RNG.uniform(0.5, 1.5, shape).astype(np.float32)
    got = np.asarray(meshjit.jit(lambda a: getattr(lax, name)(a, axis, reverse))(x))
    np.testing.assert_allclose(got, np_cumulative(name, x, axis, reverse), rtol=1e-5, atol=1e-5)


def test_cumulative_vs_jax():
    jax = pytest.importorskip("jax")
    x = rand(4, 7)
    for name in _CUMULATIVE:
        fn = getattr(lax, name)
        got = meshjit.jit(lambda a, fn=fn: fn(a, 1, True))(x)
        want = getattr(jax.lax, name)(x, 1, True)
        np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize(
    "dtype,out_dtype,promoted",
    [
        (np.bool_, np.int32, np.int32),
        (np.int8, np.int8, np.int32),
        (np.uint8, np.uint8, np.uint32),
        (np.int32, np.int32, np.int32),
        (np.float16, np.float16, np.float16),
    ],
)
def test_numpy_cumsum_dtypes(dtype, out_dtype, promoted):
    x = RNG.integers(0, 3, (3, 4)).astype(dtype)
    for fn, ref in [(jnp.cumsum, np.cumsum), (jnp.cumprod, np.cumprod)]:
        out = meshjit.jit(lambda a, fn=fn: fn(a, axis=1))(x)
        assert out.dtype == out_dtype
        np.testing.assert_allclose(np.asarray(out, np.float64), ref(x.astype(np.float64), axis=1))
    assert jnp.cumulative_sum(x, axis=1).dtype == promoted
    # JAX 0.10.2 promotes in cumulative_sum only: cumulative_prod keeps small ints (bool as int32)
    assert jnp.cumulative_prod(x, axis=0).dtype == out_dtype
    out = jnp.cumsum(np.array([0, 1, 2], dtype), dtype=bool)
    assert out.dtype == np.bool_
    np.testing.assert_array_equal(np.asarray(out), [False, True, True])


def test_numpy_cumsum_axis_none_and_dtype():
    x = rand(3, 4)
    np.testing.assert_allclose(np.asarray(jnp.cumsum(x)), np.cumsum(x), rtol=1e-5, atol=1e-5)
    out = jnp.cumsum(np.arange(6, dtype=np.int32).reshape(2, 3), axis=0, dtype=np.float32)
    assert out.dtype == np.float32
    np.testing.assert_array_equal(np.asarray(out), [[0, 1, 2], [3, 5, 7]])
    out = jnp.cumulative_sum(np.arange(4, dtype=np.int32), include_initial=True)
    np.testing.assert_array_equal(np.asarray(out), [0, 0, 1, 3, 6])
    out = jnp.cumulative_prod(np.arange(1, 4, dtype=np.int32), include_initial=True)
    np.testing.assert_array_equal(np.asarray(out), [1, 1, 2, 6])


def test_numpy_cumsum_vs_jax():
    jax = pytest.importorskip("jax")
    x = RNG.integers(-3, 4, (3, 5)).astype(np.int8)
    for axis in (None, 0, -1):
        got, want = jnp.cumsum(x, axis=axis), jax.numpy.cumsum(x, axis=axis)
        assert got.dtype == want.dtype and got.shape == want.shape
        np.testing.assert_array_equal(np.asarray(got), np.asarray(want))



def test_cummax_cummin_gradients_split_ties_as_jax():
    """lax.cummax / cummin differentiate as the associative scan of max / min (JAX's rule): tied
    entries share the tangent in the scan's tree order (values read off JAX 0.10.2; meshjit gave
    each running maximum's last holder the whole tangent, [1, 1, 1] for [1, 1, 3])."""
    x = jnp.asarray([1.0, 1.0, 3.0, 3.0, 3.0, 2.0, 5.0, 5.0])
    grad = meshjit.grad(lambda a: lax.cummax(a).sum())
    np.testing.assert_array_equal(np.asarray(grad(x)), [1.5, 0.5, 2, 1, 1, 0, 1.5, 0.5])
    rev = meshjit.grad(lambda a: lax.cummax(a, reverse=True).sum())(x)
    np.testing.assert_array_equal(np.asarray(rev), [0, 0, 0, 0, 0, 0, 3.5, 4.5])
    low = meshjit.grad(lambda a: lax.cummin(a).sum())(-x)
    np.testing.assert_array_equal(np.asarray(low), [1.5, 0.5, 2, 1, 1, 0, 1.5, 0.5])
    _, tangent = meshjit.jvp(lax.cummax, (x,), (jnp.arange(8.0),))
    np.testing.assert_array_equal(np.asarray(tangent), [0, 0.5, 2, 2.5, 3.25, 3.25, 6, 6.5])


@pytest.mark.parametrize("name", ["cumulative_sum", "cumulative_prod"])
def test_array_api_cumulatives_refuse_scalars_as_jax(name):
    what = "sum" if name == "cumulative_sum" else "product"
    with pytest.raises(ValueError, match=f"must be non-scalar to take a cumulative {what}"):
        getattr(jnp, name)(1.5)
    with pytest.raises(ValueError, match="non-scalar"):
        getattr(jnp, name)(np.int32(3))
