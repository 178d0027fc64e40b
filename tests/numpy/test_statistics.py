"""Order statistics (quantile, percentile, median) and interp against NumPy."""

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import meshjit
import meshjit.numpy as jnp
from tests.support.shape_cases import SETTINGS, close, jit_numpy, normal, shapes

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
    # No subnormal q: XLA flushes q / 100 to 0 there (JAX gives the same), NumPy does not.
    # No q a half-way position for "nearest": JAX's ties go down, NumPy's to the even index
    # (test_quantile_nearest_sends_ties_to_the_lower_index_as_jax)
    fixed = [0.0, 0.3 if method == "nearest" else 0.25, 1.0]
    q = data.draw(
        st.one_of(
            st.floats(0, 1, width=32, allow_subnormal=False),
            st.just(np.array(fixed, np.float32)),
        )
    )
    if method == "nearest":  # no q at a half-way position over the reduced size (see above)
        n = x.size if axis is None else int(np.prod([shape[a] for a in np.atleast_1d(axis)]))
        positions = np.atleast_1d(np.float32(q)) * np.float32(n - 1)
        assume(not np.any(np.isclose(positions % 1, 0.5)))
    got = jit_numpy(lambda a: jnp.quantile(a, q, axis=axis, method=method, keepdims=keepdims), x)
    close(got, np.quantile(x, q, axis=axis, method=method, keepdims=keepdims), rtol=1e-4)
    got = jit_numpy(
        lambda a: jnp.percentile(
            a, np.float32(q) * 100, axis=axis, method=method, keepdims=keepdims
        ),
        x,
    )
    close(
        got,
        np.percentile(x, np.float32(q) * 100, axis=axis, method=method, keepdims=keepdims),
        rtol=1e-4,
    )
    close(
        jit_numpy(lambda a: jnp.median(a, axis=axis, keepdims=keepdims), x),
        np.median(x, axis=axis, keepdims=keepdims),
    )


@SETTINGS
@given(seed=st.integers(0, 2**16), shape=shapes, keepdims=st.booleans(), data=st.data())
def test_inverted_cdf_with_weights_matches_numpy(shape, keepdims, data, seed):
    rng = np.random.RandomState(seed)
    x = rng.randn(*shape).astype(np.float32)
    # Whole weights and q away from float rounding of q * total: the picks are then exact.
    weights = rng.randint(0, 4, size=shape).astype(np.float32)
    weights.flat[0] += 1  # a row of zero weights only has no defined quantile
    # q = 0 is left out: there JAX (the reference) takes the smallest value even when its weight
    # is zero, where NumPy skips it (test_inverted_cdf_at_zero_takes_the_smallest_value_as_jax).
    # (0.2 and 0.6 are not: 0.6 * 25 is 15 in float64 but 15.000001 in float32, as JAX computes)
    q = data.draw(st.sampled_from([0.13, 0.5, 0.77, 1.0, (0.23, 0.61)]))
    axis = data.draw(st.one_of(st.none(), st.just(tuple(range(len(shape))))))
    expected = np.quantile(
        x, q, axis=axis, method="inverted_cdf", keepdims=keepdims, weights=weights
    )
    got = jit_numpy(
        lambda a, w: jnp.quantile(
            a, np.array(q), axis=axis, method="inverted_cdf", keepdims=keepdims, weights=w
        ),
        x,
        weights,
    )
    close(got, expected)
    unweighted = jit_numpy(lambda a: jnp.percentile(a, np.array(q) * 100, method="inverted_cdf"), x)
    close(unweighted, np.percentile(x, np.array(q) * 100, method="inverted_cdf"))


def test_inverted_cdf_at_zero_takes_the_smallest_value_as_jax():
    # JAX 0.10.2: jnp.quantile([0.815, -0.607], 0.0, method="inverted_cdf", weights=[4, 0])
    # is -0.607 (its cumulative weight 0 reaches q * total = 0); NumPy 2 gives 0.815.
    x = np.array([0.815, -0.607], np.float32)
    w = np.array([4.0, 0.0], np.float32)
    got = jit_numpy(lambda a, v: jnp.quantile(a, 0.0, method="inverted_cdf", weights=v), x, w)
    assert float(got) == np.float32(-0.607)
    got = jit_numpy(lambda a, v: jnp.quantile(a, 0.5, method="inverted_cdf", weights=v), x, w)
    assert float(got) == np.float32(0.815)


def test_quantile_traced_q_and_nan():
    x = normal(3, 5)
    q = np.array([0.1, 0.9], np.float32)
    close(
        jit_numpy(lambda a, b: jnp.quantile(a, b, axis=1), x, q),
        np.quantile(x, q, axis=1),
        rtol=1e-4,
    )
    x[1, 2] = np.nan
    close(jit_numpy(lambda a: jnp.median(a, axis=1), x), np.median(x, axis=1))
    close(jit_numpy(lambda a: jnp.median(a), np.arange(5, dtype=np.int32)), np.median(np.arange(5)))


def test_interp():
    xp = np.sort(normal(6))
    fp = normal(6)
    x = np.concatenate([np.linspace(-3, 3, 13), xp]).astype(np.float32)
    close(jit_numpy(jnp.interp, x, xp, fp), np.interp(x, xp, fp))
    close(
        jit_numpy(lambda a: jnp.interp(a, xp, fp, left=-9.0, right=9.0), x),
        np.interp(x, xp, fp, -9.0, 9.0),
    )


def test_quantile_nearest_sends_ties_to_the_lower_index_as_jax():
    """Fuzzer round 18 (quantile18_nearest): a position halfway between two entries picks the
    lower one in JAX (its high weight <= 0.5); meshjit rounded half to even as NumPy, with
    static and with traced q."""
    x = np.float32([3.0, 0.0, 2.0, 1.0])
    q = np.float32([0.5, 0.1, 0.9])  # positions 1.5, 0.3, 2.7
    want = np.float32([1.0, 0.0, 3.0])
    np.testing.assert_array_equal(jnp.quantile(x, q, method="nearest"), want)
    traced = meshjit.jit(lambda a, q: jnp.quantile(a, q, method="nearest"))(x, q)
    np.testing.assert_array_equal(traced, want)
    np.testing.assert_array_equal(jnp.percentile(x[:3], 75.0, method="nearest"), 2.0)


def test_quantiles_of_empty_rows_raise_jaxs_error_classes():
    """JAX's median / quantile of empty rows is its gather's TypeError, nanquantile's of an
    unbatched empty selection an IndexError (a ValueError / a NaN here before; fuzz entry
    empty20_median)."""
    import pytest

    rows, cols = np.zeros((3, 0), np.float32), np.zeros((0, 3), np.float32)
    cases = [
        (lambda: jnp.median(rows, axis=-1), TypeError, "index 1"),
        (lambda: jnp.quantile(rows, 0.5), TypeError, "index 0"),
        (lambda: jnp.nanpercentile(cols, 5, axis=0), TypeError, "index 0"),
        (lambda: jnp.nanmedian(rows), IndexError, "size 0"),
        (lambda: jnp.nanquantile(cols, 0.5, method="lower"), IndexError, "size 0"),
    ]
    for fn, error, words in cases:
        with pytest.raises(error, match=words):
            fn()
    assert jnp.median(cols, axis=-1).shape == (0,)


@pytest.mark.parametrize(
    "fn", [jnp.quantile, jnp.nanquantile, lambda a, q: jnp.percentile(a, q * 100)]
)
def test_quantile_of_a_q_of_rank_two_refused_as_jax(fn):
    with pytest.raises(ValueError, match=r"q must be have rank <= 1, got shape \(2, 1\)"):
        fn(jnp.arange(12.0), jnp.array([[0.25], [0.75]]))
