"""pad, roll, tile, repeat and flips against NumPy."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import meshjit
import meshjit.numpy as jnp
from tests.support.shape_cases import SETTINGS, close, jit_numpy, normal, shapes

# ---------------------------------------------------------------------------------------------
# pad, roll, tile, repeat, flips.

PAD_MODES = ["constant", "edge", "reflect", "symmetric", "wrap"]


@SETTINGS
@given(shape=shapes, mode=st.sampled_from(PAD_MODES), data=st.data())
def test_pad_matches_numpy(shape, mode, data):
    x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
    width = [tuple(data.draw(st.integers(0, 3)) for _ in range(2)) for _ in shape]
    close(jit_numpy(lambda a: jnp.pad(a, width, mode=mode), x), np.pad(x, width, mode=mode))


@pytest.mark.parametrize(
    "width, kwargs",
    [
        (2, {}),
        ((1, 2), {"constant_values": 7}),
        (((1, 0), (2, 3)), {"constant_values": ((1, 2), (3, 4))}),
        (((2, 2), (3, 1)), {"mode": "reflect", "reflect_type": "odd"}),
    ],
)
def test_pad_width_forms(width, kwargs):
    x = np.arange(6, dtype=np.int32).reshape(2, 3)
    np.testing.assert_array_equal(
        jit_numpy(lambda a: jnp.pad(a, width, **kwargs), x), np.pad(x, width, **kwargs)
    )


def test_pad_traced_constant():
    x = normal(2, 3)
    out = jit_numpy(lambda a, c: jnp.pad(a, 1, constant_values=c), x, np.float32(5))
    close(out, np.pad(x, 1, constant_values=5))


@SETTINGS
@given(shape=shapes, data=st.data())
def test_roll_matches_numpy(shape, data):
    x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
    shift = data.draw(st.integers(-7, 7))
    axis = data.draw(st.one_of(st.none(), st.integers(-len(shape), len(shape) - 1)))
    close(jit_numpy(lambda a: jnp.roll(a, shift, axis), x), np.roll(x, shift, axis))
    if axis is not None:
        close(
            jit_numpy(lambda a, s: jnp.roll(a, s, axis), x, np.int32(shift)),
            np.roll(x, shift, axis),
        )


def test_roll_tuple_axes():
    x = np.arange(24.0, dtype=np.float32).reshape(2, 3, 4)
    close(jit_numpy(lambda a: jnp.roll(a, (1, -5), (0, 2)), x), np.roll(x, (1, -5), (0, 2)))
    close(jit_numpy(lambda a: jnp.roll(a, 2, (1, 2)), x), np.roll(x, 2, (1, 2)))


def test_roll_by_a_tuple_holding_a_traced_shift():
    # Regression: the tuple went through np.asarray, which refused the tracer.
    x = np.arange(12.0, dtype=np.float32).reshape(3, 4)
    got = meshjit.jit(lambda s: jnp.roll(x, (s, 1), (0, 1)))(1)
    np.testing.assert_array_equal(got, np.roll(x, (1, 1), (0, 1)))


@SETTINGS
@given(shape=shapes, reps=st.lists(st.integers(0, 3), min_size=1, max_size=4))
def test_tile_matches_numpy(shape, reps):
    x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
    close(jit_numpy(lambda a: jnp.tile(a, reps), x), np.tile(x, reps))


@SETTINGS
@given(shape=shapes, data=st.data())
def test_repeat_matches_numpy(shape, data):
    x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
    axis = data.draw(st.one_of(st.none(), st.integers(0, len(shape) - 1)))
    size = x.size if axis is None else shape[axis]
    repeats = data.draw(
        st.one_of(st.integers(0, 3), st.lists(st.integers(0, 3), min_size=size, max_size=size))
    )
    repeats = np.asarray(repeats)  # a list is refused, as by JAX's check_arraylike
    close(jit_numpy(lambda a: jnp.repeat(a, repeats, axis), x), np.repeat(x, repeats, axis))


def test_repeat_total_repeat_length_matches_jax():
    jax = pytest.importorskip("jax")
    x = np.arange(12.0, dtype=np.float32).reshape(3, 4)
    reps = np.array([1, 0, 3], np.int32)
    for total in (2, 4, 6):
        expected = jax.numpy.repeat(x, reps, 0, total_repeat_length=total)
        traced = jit_numpy(lambda a, r: jnp.repeat(a, r, 0, total_repeat_length=total), x, reps)  # noqa: B023
        static = jit_numpy(lambda a: jnp.repeat(a, reps, 0, total_repeat_length=total), x)  # noqa: B023
        close(traced, expected)
        close(static, expected)
        close(
            jit_numpy(lambda a: jnp.repeat(a, 2, 1, total_repeat_length=total), x),  # noqa: B023
            jax.numpy.repeat(x, 2, 1, total_repeat_length=total),
        )


def test_flips_and_rot90():
    x = np.arange(24.0, dtype=np.float32).reshape(2, 3, 4)
    for axis in (None, 0, (1, 2), -1):
        close(jit_numpy(lambda a: jnp.flip(a, axis), x), np.flip(x, axis))  # noqa: B023
    close(jit_numpy(jnp.fliplr, x), np.fliplr(x))
    close(jit_numpy(jnp.flipud, x), np.flipud(x))
    for k in range(-2, 6):
        for axes in ((0, 1), (2, 0), (1, -1)):
            close(jit_numpy(lambda a: jnp.rot90(a, k, axes), x), np.rot90(x, k, axes))  # noqa: B023


def test_tile_refuses_a_float_count_instead_of_truncating_it():
    # int(1.5) made one copy where JAX raises; a NumPy integer count is a count.
    with pytest.raises(TypeError, match="Shapes must be 1D sequences of concrete values"):
        jnp.tile(np.ones(3, np.float32), 1.5)
    close(jnp.tile(np.ones(2, np.float32), np.int64(2)), np.ones(4, np.float32))


@pytest.mark.parametrize("mode", ["maximum", "minimum", "mean", "median", "linear_ramp"])
def test_pad_keeps_a_weak_type(mode):
    """The statistic and ramp modes padded in the strong dtype: a weak input came out strong,
    JAX keeps it weak (fuzzer seed 190118)."""
    out = meshjit.jit(lambda v: jnp.pad(v + 0.5, [(0, 0), (2, 1)], mode=mode))(
        np.ones((1, 3), np.int8)
    )
    assert out.dtype == np.float32 and out.weak_type
    strong = meshjit.jit(lambda v: jnp.pad(v, 1, mode=mode))(np.ones(3, np.float32))
    assert not strong.weak_type


def test_repeat_by_traced_counts_is_jaxs_concretization_error():
    with pytest.raises(TypeError) as e:
        meshjit.jit(lambda x: jnp.repeat(x, x))(jnp.ones(2, jnp.int32))
    assert str(e.value).startswith(
        "Abstract tracer value encountered where concrete value is expected: traced array with "
        "shape int32[2]\nWhen jit-compiling jnp.repeat, the total number of repeats must be "
        "static."
    )


def test_tile_counts_refused_in_jaxs_words():
    # JAX binds its tile primitive with the counts: a traced one is an unhashable parameter, a
    # float one makes a float shape
    with pytest.raises(TypeError) as e:
        meshjit.jit(lambda x, n: jnp.tile(x, n))(jnp.ones(2), 3)
    assert str(e.value) == (
        "As of JAX v0.7, parameters to jaxpr equations must have __hash__ and __eq__ methods. "
        "In a call to primitive tile, the value of parameter reps was not hashable: "
        "(JitTracer(~int32[]),)"
    )
    with pytest.raises(TypeError) as e:
        meshjit.jit(lambda x, n: jnp.tile(x, (n, 2)))(jnp.ones(2), 3)
    assert str(e.value).endswith("not hashable: (JitTracer(~int32[]), 2)")
    with pytest.raises(TypeError) as e:
        jnp.tile(jnp.ones(2), 2.5)
    assert str(e.value) == (
        "Shapes must be 1D sequences of concrete values of integer type, got (np.float64(5.0),)."
    )
    with pytest.raises(TypeError) as e:
        jnp.tile(jnp.ones(2), (2, 1.5))
    assert str(e.value).endswith("got (np.float64(2.0), np.float64(3.0)).")
    # counts known to autodiff outside jit are still counts
    got = meshjit.grad(lambda x: jnp.tile(x, jnp.asarray(2) + 1).sum())(jnp.ones(2))
    np.testing.assert_array_equal(np.asarray(got), [3.0, 3.0])
