"""searchsorted, the nonzero family and unique against NumPy and JAX."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import meshjit
import meshjit.errors
import meshjit.numpy as jnp
from tests.support.shape_cases import SETTINGS, jit_numpy, shapes

# ---------------------------------------------------------------------------------------------
# searchsorted, nonzero family, unique.


@SETTINGS
@given(
    seed=st.integers(0, 2**16),
    n=st.integers(1, 8),
    side=st.sampled_from(["left", "right"]),
    data=st.data(),
)
def test_searchsorted_matches_numpy(n, side, data, seed):
    rng = np.random.RandomState(seed)
    a = np.sort(rng.randint(-4, 4, n)).astype(np.float32)
    v = rng.randint(-6, 6, (2, 3)).astype(np.float32)
    np.testing.assert_array_equal(
        jit_numpy(lambda x, y: jnp.searchsorted(x, y, side), a, v), np.searchsorted(a, v, side)
    )
    sorter = rng.permutation(n).astype(np.int32)
    shuffled = a[np.argsort(sorter)]
    got = jit_numpy(lambda x: jnp.searchsorted(x, v, side, sorter=sorter), shuffled)
    np.testing.assert_array_equal(got, np.searchsorted(shuffled, v, side, sorter=sorter))


@SETTINGS
@given(
    seed=st.integers(0, 2**16),
    shape=shapes,
    size=st.integers(0, 10),
    fill=st.sampled_from([None, -1]),
)
def test_nonzero_family_with_size(shape, size, fill, seed):
    rng = np.random.RandomState(seed)
    x = (rng.rand(*shape) > 0.5).astype(np.int32) * rng.randint(1, 5, shape).astype(np.int32)
    expected = np.nonzero(x)
    fill_v = 0 if fill is None else fill
    got = jit_numpy(lambda a: jnp.nonzero(a, size=size, fill_value=fill), x)
    for g, e in zip(got, expected):
        np.testing.assert_array_equal(
            g, np.pad(e[:size], (0, max(size - len(e), 0)), constant_values=fill_v)
        )
    flat = np.flatnonzero(x)
    np.testing.assert_array_equal(
        jit_numpy(lambda a: jnp.flatnonzero(a, size=size, fill_value=fill), x),
        np.pad(flat[:size], (0, max(size - len(flat), 0)), constant_values=fill_v),
    )
    arg = np.argwhere(x)[:size]
    arg = np.pad(arg, ((0, size - len(arg)), (0, 0)), constant_values=fill_v)
    np.testing.assert_array_equal(
        jit_numpy(lambda a: jnp.argwhere(a, size=size, fill_value=fill), x), arg
    )


def test_nonzero_eager_computes_the_size():
    x = np.array([[0, 3], [4, 0]], np.int32)
    for g, e in zip(jnp.nonzero(x), np.nonzero(x)):
        np.testing.assert_array_equal(np.asarray(g), e)
    np.testing.assert_array_equal(np.asarray(jnp.argwhere(jnp.asarray(x))), np.argwhere(x))
    np.testing.assert_array_equal(np.asarray(jnp.flatnonzero(x)), np.flatnonzero(x))


@SETTINGS
@given(seed=st.integers(0, 2**16), n=st.integers(1, 10), data=st.data())
def test_unique_with_size_matches_numpy(n, data, seed):
    rng = np.random.RandomState(seed)
    x = rng.randint(0, 4, (n,)).astype(np.float32)
    if data.draw(st.booleans()):
        x[rng.rand(n) < 0.3] = np.nan
    u, idx, inv, counts = np.unique(x, True, True, True, equal_nan=True)
    size = data.draw(st.integers(len(u), len(u) + 3))
    got = jit_numpy(lambda a: jnp.unique(a, True, True, True, size=size, fill_value=-1.0), x)
    pad = size - len(u)
    np.testing.assert_array_equal(got[0], np.pad(u, (0, pad), constant_values=-1.0))
    np.testing.assert_array_equal(got[1][: len(u)], idx)
    np.testing.assert_array_equal(got[2], inv.reshape(-1))
    np.testing.assert_array_equal(got[3], np.pad(counts, (0, pad)))


def test_unique_matches_jax_and_eager():
    x = np.array([[3, 1], [1, 2]], np.int32)
    np.testing.assert_array_equal(np.asarray(jnp.unique(x)), np.unique(x))
    jax = pytest.importorskip("jax")
    for kwargs in (
        {"size": 4},
        {"size": 2, "return_inverse": True},
        {"size": 5, "return_counts": True},
    ):
        got = jit_numpy(lambda a: jnp.unique(a, **kwargs), x)  # noqa: B023
        expected = jax.numpy.unique(x, **kwargs)
        for g, e in zip(
            got if isinstance(got, list) else [got],
            expected if isinstance(expected, tuple) else [expected],
        ):
            np.testing.assert_array_equal(g, np.asarray(e))


def test_where_with_one_argument_is_nonzero_and_fill_values_may_be_traced():
    x = np.array([0, 1, 0, 2, 0, 3])
    np.testing.assert_array_equal(jnp.where(x)[0], [1, 3, 5])
    np.testing.assert_array_equal(jnp.where(x, size=4, fill_value=-1)[0], [1, 3, 5, -1])
    nonzero = meshjit.jit(jnp.nonzero, static_argnames="size")
    np.testing.assert_array_equal(nonzero(x, size=5, fill_value=len(x))[0], [1, 3, 5, 6, 6])


def test_value_dependent_sizes_under_jit_are_concretization_errors_as_jax():
    x = np.array([0, 1, 0, 2])
    for fn in (jnp.nonzero, jnp.unique, lambda a: jnp.union1d(a, a), lambda a: jnp.delete(a, a)):
        with pytest.raises(meshjit.errors.ConcretizationTypeError):
            meshjit.jit(fn)(x)


def test_nonzero_of_an_empty_array_pads_with_zeros_whatever_the_fill_value():
    """JAX 0.10.2 returns zeros(size) per dimension for a zero-size input (or size=0) and never
    reads fill_value there (fuzzer seed 150312: bool[0, 2, 16], size=1, fill_value=-1)."""
    x = np.zeros((0, 2, 16), bool)
    for got in jit_numpy(lambda a: jnp.nonzero(a, size=1, fill_value=-1), x):
        np.testing.assert_array_equal(got, np.zeros(1, np.int32))
    np.testing.assert_array_equal(
        jit_numpy(lambda a: jnp.argwhere(a, size=2, fill_value=5), x), np.zeros((2, 3), np.int32)
    )
    np.testing.assert_array_equal(
        jit_numpy(lambda a: jnp.flatnonzero(a, size=3, fill_value=-1), x), np.zeros(3, np.int32)
    )
