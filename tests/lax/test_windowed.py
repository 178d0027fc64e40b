"""Windowed reductions (reduce_window, pooling) against NumPy references."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from tests.support import campaign
from tests.support.references import np_reduce_window, same_pads

SETTINGS = settings(max_examples=campaign.examples(12), deadline=None, derandomize=True, database=None)
RNG = np.random.default_rng(0)


def rand(*shape, dtype=np.float32):
    return RNG.standard_normal(shape).astype(dtype)


# ---------------------------------------------------------------------------------------------
# Windowed reductions.

_OPS = {
    "sum": (lax.add, np.add, 0.0),
    "max": (lax.max, np.maximum, -np.inf),
    "min": (lax.min, np.minimum, np.inf),
}


@pytest.mark.parametrize("kind", ["sum", "max", "min"])
@pytest.mark.parametrize(
    "window,strides,padding",
    [
        ((1, 2, 2, 1), (1, 2, 2, 1), "VALID"),
        ((1, 3, 3, 1), (1, 1, 2, 1), "SAME"),
        ((2, 2, 1, 1), (1, 1, 1, 1), [(0, 1), (1, 1), (0, 0), (0, 0)]),
    ],
)
def test_pooling(kind, window, strides, padding):
    lax_op, np_op, init = _OPS[kind]
    x = rand(2, 7, 6, 3)
    got = np.asarray(
        meshjit.jit(lambda a: lax.reduce_window(a, init, lax_op, window, strides, padding))(x)
    )
    pads = same_pads(x.shape, window, strides) if padding == "SAME" else padding
    if padding == "VALID":
        pads = [(0, 0)] * 4
    want = np_reduce_window(x, init, np_op, window, strides, pads)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("kind", ["sum", "max", "min"])
def test_pooling_helpers_with_dilation(kind):
    _, np_op, init = _OPS[kind]
    helper = getattr(lax, f"reduce_window_{kind}")
    x = rand(5, 7)
    args = ((2, 3), (1, 2), [(1, 0), (2, 1)], (2, 1), (1, 2))
    got = np.asarray(meshjit.jit(lambda a: helper(a, *args))(x))
    want = np_reduce_window(x, init, np_op, args[0], args[1], args[2], args[3], args[4])
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("kind,init", [("sum", 1.5), ("max", 0.25), ("min", -0.5)])
def test_reduce_window_non_identity_init(kind, init):
    lax_op, np_op, _ = _OPS[kind]
    x = rand(6, 5)
    args = ((2, 2), (2, 1), [(1, 1), (0, 2)], (1, 2), None)
    f = lambda a: lax.reduce_window(a, init, lax_op, *args)
    got = np.asarray(meshjit.jit(f)(x))
    want = np_reduce_window(x, init, np_op, args[0], args[1], args[2], args[3])
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_reduce_window_numpy_computations():
    x = rand(4, 6)
    for fn, np_op, init in [(jnp.maximum, np.maximum, -np.inf), (jnp.add, np.add, 0.0)]:
        got = np.asarray(lax.reduce_window(x, init, fn, (2, 3), (2, 3), "VALID"))
        want = np_reduce_window(x, init, np_op, (2, 3), (2, 3), [(0, 0), (0, 0)])
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_reduce_window_traced_init_and_int():
    x = np.arange(12, dtype=np.int32).reshape(3, 4)
    f = lambda a, i: lax.reduce_window(a, i, lax.add, (2, 2), (1, 1), "SAME")
    got = np.asarray(meshjit.jit(f)(x, np.int32(3)))
    want = np_reduce_window(x, 3, np.add, (2, 2), (1, 1), same_pads(x.shape, (2, 2), (1, 1)))
    np.testing.assert_array_equal(got, want.astype(np.int32))


@SETTINGS
@given(
    st.lists(
        st.tuples(st.integers(1, 6), st.integers(1, 3), st.integers(1, 2)), min_size=1, max_size=3
    ),
    st.sampled_from(["sum", "max", "min"]),
    st.sampled_from(["SAME", "VALID"]),
)
def test_reduce_window_hypothesis(dims, kind, padding):
    sizes, window, strides = zip(*dims)
    lax_op, np_op, init = _OPS[kind]
    x = rand(*sizes)
    f = lambda a: lax.reduce_window(a, init, lax_op, window, strides, padding)
    got = np.asarray(meshjit.jit(f)(x))
    pads = same_pads(sizes, window, strides) if padding == "SAME" else [(0, 0)] * len(sizes)
    want = np_reduce_window(x, init, np_op, window, strides, pads)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_reduce_window_vs_jax():
    jax = pytest.importorskip("jax")
    x = rand(2, 9, 8, 3)
    args = ((1, 3, 2, 1), (1, 2, 2, 1), "SAME", (1, 1, 2, 1), (1, 2, 1, 1))
    cases = [
        (lax.max, jax.lax.max, -np.inf),
        (lax.add, jax.lax.add, 0.0),
        (lax.add, jax.lax.add, 1.5),
        (lax.max, jax.lax.max, 0.25),
        (lax.min, jax.lax.min, 0.0),
    ]
    for lax_op, jax_op, init in cases:
        got = meshjit.jit(lambda a, i=init, op=lax_op: lax.reduce_window(a, i, op, *args))(x)
        want = jax.lax.reduce_window(x, init, jax_op, *args)
        np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=1e-5, atol=1e-5)


def test_padtype_to_pads_is_a_list_of_int_pairs_as_in_jax():
    pads = lax.padtype_to_pads((5, 6), (3, 2), (2, 1), "SAME")
    assert pads == [(1, 1), (0, 1)] and type(pads) is list
    assert all(type(v) is int for pair in pads for v in pair)
    assert lax.padtype_to_pads(np.array([5, 6]), (3, 2), (2, 1), "same_lower") == [(1, 1), (1, 0)]
    assert lax.padtype_to_pads((5, 6), (3, 2), (1, 1), "VALID") == [(0, 0), (0, 0)]
    with pytest.raises(RuntimeError, match="Unrecognized padding type: .*got FULL"):
        lax.padtype_to_pads((5,), (3,), (1,), "FULL")


def test_cumlogsumexp_refuses_integers_and_booleans_as_jax():
    """JAX's -inf identity does not fit an integer (its OverflowError); booleans are not numbers."""
    with pytest.raises(OverflowError, match="cannot convert float infinity to integer"):
        lax.cumlogsumexp(np.arange(4, dtype=np.int32))
    with pytest.raises(OverflowError):
        meshjit.jit(lambda v: lax.cumlogsumexp(v, reverse=True))(np.arange(4, dtype=np.uint8))
    with pytest.raises(TypeError, match="cumlogsumexp does not accept dtype bool"):
        lax.cumlogsumexp(np.array([True, False]))
    with pytest.raises(ValueError, match="axis 3 is out of bounds"):  # the axis is checked first
        lax.cumlogsumexp(np.arange(3, dtype=np.int32), axis=3)
    np.testing.assert_allclose(
        lax.cumlogsumexp(np.float32([0, 1, 2])), np.logaddexp.accumulate(np.float32([0, 1, 2]))
    )


def test_a_zero_window_dimension_is_jaxs_type_error():
    """As JAX's: a reduce_window window dimension below 1 is a TypeError in its words (a 0
    window over a 0-size dim: fuzz seed 320067, where meshjit's was a ValueError)."""
    x = np.zeros((5, 0), np.uint32)
    with pytest.raises(TypeError, match="window_dimensions must have every element be strictly"):
        meshjit.jit(lambda v: lax.reduce_window(v, np.uint32(0), lax.add, (2, 0), (1, 1),
                                                "VALID"))(x)
