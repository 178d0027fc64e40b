"""Reductions (sum, max, argmax, ...) against NumPy, incl. bool and empty inputs."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import meshjit
import meshjit.numpy as jnp
from tests.support.numerics import (
    INTS,
    SETTINGS,
    assert_close,
    bool_,
    dtype_st,
    f32,
    i8,
    i32,
    is_float,
    shape_st,
    u8,
    u32,
    values,
)

# ---------------------------------------------------------------------------------------------
# Reductions.


@st.composite
def axis_for(draw, ndim, allow_tuple=True):
    if ndim == 0:
        return None
    options = [st.none(), st.integers(-ndim, ndim - 1)]
    if allow_tuple:
        options.append(st.lists(st.integers(0, ndim - 1), unique=True, max_size=ndim).map(tuple))
    return draw(st.one_of(*options))


def _sum_dtype(dtype):
    return {bool_: i32, i8: i32, u8: u32, i32: i32}.get(dtype, dtype)


@SETTINGS
@given(st.data(), dtype_st, shape_st, st.booleans())
def test_reductions(data, dtype, shape, keepdims):
    x = data.draw(values(dtype, shape, lo=-2, hi=2) if dtype != bool_ else values(dtype, shape))
    if dtype in INTS:
        x = (x % 3 - (0 if dtype == u8 else 1)).astype(dtype)  # keep products small
    axis = data.draw(axis_for(len(shape)), label="axis")

    def f(a):
        return {
            "sum": jnp.sum(a, axis=axis, keepdims=keepdims),
            "method_sum": a.sum(axis=axis, keepdims=keepdims),
            "prod": jnp.prod(a, axis=axis, keepdims=keepdims),
            "max": jnp.max(a, axis=axis, keepdims=keepdims),
            "min": a.min(axis=axis, keepdims=keepdims),
            "mean": jnp.mean(a, axis=axis, keepdims=keepdims),
            "var": jnp.var(a, axis=axis, keepdims=keepdims),
        }

    out = meshjit.jit(f)(x)
    n = max(x.size // max(np.asarray(out["sum"]).size, 1), 1)
    acc = _sum_dtype(dtype)
    wide = x.astype(np.float64) if dtype != bool_ else x.astype(np.int64)
    kw = dict(axis=axis, keepdims=keepdims)
    assert_close(out["sum"], np.sum(wide, **kw).astype(acc), acc, scale=n)
    assert_close(out["method_sum"], np.sum(wide, **kw).astype(acc), acc, scale=n)
    if dtype in INTS:
        assert_close(out["prod"], np.prod(x.astype(acc), **kw), acc)
    else:
        assert_close(out["prod"], np.prod(wide, **kw).astype(acc), acc, scale=n)
    assert_close(out["max"], np.max(x, **kw), dtype)
    assert_close(out["min"], np.min(x, **kw), dtype)
    fdt = dtype if is_float(dtype) else f32
    assert_close(out["mean"], np.mean(wide, **kw).astype(fdt), fdt, scale=2)
    assert_close(out["var"], np.var(wide, **kw).astype(fdt), fdt, scale=4)


@SETTINGS
@given(st.data(), dtype_st, shape_st, st.booleans())
def test_argmax_argmin(data, dtype, shape, keepdims):
    # A small value range makes ties likely: the first index must win, as in NumPy.
    x = data.draw(
        values(dtype, shape, lo=-0.04, hi=0.04) if dtype != bool_ else values(dtype, shape)
    )
    if is_float(dtype):
        x = np.round(x.astype(f32) * 50).astype(dtype)
    axis = data.draw(axis_for(len(shape), allow_tuple=False), label="axis")
    out = meshjit.jit(lambda a: (jnp.argmax(a, axis, keepdims=keepdims), a.argmin(axis=axis)))(x)
    assert_close(out[0], np.argmax(x, axis=axis, keepdims=keepdims), i32)
    assert_close(out[1], np.argmin(x, axis=axis), i32)


def test_reduction_of_bool_and_empty():
    x = np.array([[True, False, True], [False, False, True]])
    out = meshjit.jit(lambda a: (a.sum(), a.sum(0), jnp.max(a, 1), jnp.min(a, 0), a.mean()))(x)
    assert np.asarray(out[0]) == 3 and out[0].dtype == i32
    np.testing.assert_array_equal(np.asarray(out[1]), [1, 0, 2])
    np.testing.assert_array_equal(np.asarray(out[2]), [True, True])
    np.testing.assert_array_equal(np.asarray(out[3]), [False, False, True])
    assert out[4].dtype == f32 and np.isclose(np.asarray(out[4]), 0.5)
    empty = np.zeros((0, 3), f32)
    out = meshjit.jit(lambda a: (a.sum(0), jnp.prod(a, 0), jnp.sum(a)))(empty)
    np.testing.assert_array_equal(np.asarray(out[0]), np.zeros(3))
    np.testing.assert_array_equal(np.asarray(out[1]), np.ones(3))
    assert float(out[2]) == 0.0


# ---------------------------------------------------------------------------------------------
# where= and initial=, as NumPy's.

_X = np.array([[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]], np.float32)
_MASK = np.array([[True, False, True], [False, True, True]])


@pytest.mark.parametrize("name", ["sum", "prod", "mean", "var", "std"])
@pytest.mark.parametrize("axis", [None, 0, 1])
def test_where_masks_the_reduced_elements(name, axis):
    got = getattr(jnp, name)(_X, axis=axis, where=_MASK)
    np.testing.assert_allclose(got, getattr(np, name)(_X, axis=axis, where=_MASK), rtol=1e-6)


@pytest.mark.parametrize("name", ["max", "min", "sum", "prod"])
def test_initial_joins_the_result(name):
    got = getattr(jnp, name)(_X, axis=1, initial=4.5, where=_MASK)
    np.testing.assert_allclose(got, getattr(np, name)(_X, axis=1, initial=4.5, where=_MASK))


def test_any_all_with_where_and_max_needs_initial_with_where():
    assert bool(jnp.all(_X > 0, where=_X > 0)) and not bool(jnp.any(_X > 9, where=_MASK))
    with pytest.raises(ValueError, match="does not have an identity"):
        jnp.max(_X, where=_MASK)


def test_nan_reductions_take_where():
    x = np.array([[1.0, np.nan, 3.0], [np.nan, 5.0, 7.0]], np.float32)
    for name in ("nansum", "nanmean", "nanvar", "nanstd", "nanprod"):
        np.testing.assert_allclose(
            getattr(jnp, name)(x, axis=1, where=_MASK), getattr(np, name)(x, axis=1, where=_MASK)
        )
    np.testing.assert_allclose(
        jnp.nanmax(x, axis=1, initial=0.0, where=_MASK), np.nanmax(x, 1, initial=0.0, where=_MASK)
    )


def test_var_and_std_with_ddof_at_or_past_the_count_are_nan_as_jax():
    """JAX divides by count - ddof and gives NaN where that is not positive; meshjit divided by
    max(count - ddof, 0) and gave inf (fuzzer round 15's var_ddof_edges)."""
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    for kw in (dict(ddof=4), dict(ddof=6), dict(ddof=4, where=x > -1)):
        assert np.isnan(np.asarray(meshjit.jit(lambda v, kw=kw: jnp.var(v, axis=1, **kw))(x))).all()
        assert np.isnan(np.asarray(jnp.std(x.astype(np.complex64), axis=1, **kw))).all()
    masked = meshjit.jit(lambda v: jnp.var(v, axis=1, ddof=2, where=v > 5))(x)
    np.testing.assert_array_equal(np.asarray(masked), [np.nan, np.nan, 2.5])
    np.testing.assert_allclose(np.asarray(jnp.std(x, axis=1, ddof=-1)), np.std(x, 1, ddof=-1))


def test_var_and_std_with_a_traced_ddof():
    """As JAX (scipy.stats.sem passes ddof traced through its jit): the divisor is traced."""
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    f = meshjit.jit(lambda v, d: (jnp.var(v, axis=1, ddof=d), jnp.std(v, ddof=d)))
    var, std = f(x, 1)
    np.testing.assert_allclose(np.asarray(var), np.var(x, axis=1, ddof=1), rtol=1e-6)
    np.testing.assert_allclose(np.asarray(std), np.std(x, ddof=1), rtol=1e-6)
    assert np.isnan(np.asarray(f(x, 4)[0])).all()
    sem = meshjit.scipy.stats.sem(x, axis=1, ddof=0)
    np.testing.assert_allclose(np.asarray(sem), np.std(x, axis=1) / 2, rtol=1e-6)


def test_integer_means_and_variances_are_float32_with_x64_on():
    """As JAX's to_inexact_dtype: an int32 / bool input's mean, var, std (and the nan- forms,
    with where=) are float32 with x64 on, an int64's float64 (fuzz seed 400015: meshjit gave the
    default float, float64)."""
    fns = [
        jnp.mean,
        jnp.var,
        jnp.std,
        jnp.nanmean,
        jnp.nanvar,
        jnp.nanstd,
        lambda x: jnp.mean(x, axis=(0,), where=x > 0),
    ]
    with meshjit.enable_x64(True):
        for dtype, want in [
            (np.int32, np.float32),
            (np.bool_, np.float32),
            (np.uint8, np.float32),
            (np.int64, np.float64),
        ]:
            x = np.arange(6).astype(dtype)
            for f in fns:
                assert meshjit.jit(f)(x).dtype == want, (f, dtype)


@pytest.mark.parametrize(
    "fn, dims",
    [
        (lambda a: jnp.max(a, axis=1, keepdims=True), "broadcast_dimensions=(0,)"),
        (lambda a: jnp.sum(a, keepdims=True), "f32[1,1] = broadcast_in_dim b"),
        (lambda a: jnp.argmax(a, axis=0, keepdims=True), "broadcast_dimensions=(1,)"),
        (lambda a: jnp.argmin(a, keepdims=True), "i32[1,1] = broadcast_in_dim"),
    ],
)
def test_keepdims_is_a_broadcast_in_dim_in_the_jaxpr_as_jax(fn, dims):
    last_eqn = str(meshjit.make_jaxpr(fn)(np.ones((2, 3), f32))).splitlines()[-2]
    assert dims in last_eqn


@pytest.mark.parametrize("name", ["sum", "max", "any", "ptp", "mean", "var", "std", "average"])
def test_an_axis_given_as_an_integer_array_is_static_as_jax(name):
    # JAX's `_ensure_optional_axes`: operator.index of the axis (or of each axis in a sequence)
    x = jnp.arange(6.0).reshape(2, 3)
    fn = getattr(jnp, name)
    want = np.asarray(fn(x, axis=1))
    for axis in (jnp.array(1), np.int64(1), jnp.int32(-1), (jnp.array(1),), [np.int8(1)]):
        np.testing.assert_allclose(np.asarray(fn(x, axis=axis)), want)


def test_a_traced_axis_must_be_known_statically():
    x = jnp.arange(6.0).reshape(2, 3)
    with pytest.raises(meshjit.errors.ConcretizationTypeError, match="known statically"):
        meshjit.jit(lambda x, a: jnp.sum(x, axis=a))(x, 1)
    with pytest.raises(TypeError, match="not iterable"):
        jnp.sum(x, axis=1.0)


def test_empty_reductions_without_identity_raise_numpys_sentence_alone():
    # As JAX (NumPy's words, no type appended): programs print str(e)
    cases = [
        (lambda: jnp.argmax(jnp.zeros((0, 3)), axis=0), "attempt to get argmax of an empty sequence"),
        (lambda: jnp.min(jnp.zeros((0,))), "zero-size array to reduction operation min which has no identity"),
        (lambda: jnp.ptp(jnp.zeros(0)), "zero-size array to reduction operation max which has no identity"),
    ]  # fmt: skip
    for call, words in cases:
        with pytest.raises(ValueError) as e:
            call()
        assert str(e.value).splitlines()[0] == words
