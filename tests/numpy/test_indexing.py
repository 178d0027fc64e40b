"""Indexing, gather and scatter: numerics against NumPy (and JAX when installed), and errors."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from meshjit.compiler.numpy.index_plan import MeshjitIndexError
from tests.support import campaign

SETTINGS = settings(max_examples=campaign.examples(25), deadline=None)


def _arange(shape, dtype=np.float32):
    return np.arange(int(np.prod(shape)), dtype=dtype).reshape(shape)


def _jit_index(x, idx):
    return np.asarray(meshjit.jit(lambda a: a[idx])(x))


def _primitives(f, *args):
    return {eqn.primitive.name for eqn in meshjit.make_jaxpr(f)(*args).eqns}


# ---------------------------------------------------------------------------------------------
# Strategies.

shapes = st.lists(st.integers(1, 5), min_size=1, max_size=3).map(tuple)


@st.composite
def slices(draw, size):
    bound = st.one_of(st.none(), st.integers(-size - 2, size + 2))
    step = draw(st.one_of(st.none(), st.integers(-3, 3).filter(lambda s: s != 0)))
    return slice(draw(bound), draw(bound), step)


@st.composite
def basic_indices(draw, shape):
    items, axis = [], 0
    while axis < len(shape) and draw(st.booleans()):
        size = shape[axis]
        kind = draw(st.sampled_from(["int", "slice", "none"]))
        if kind == "int":
            items.append(draw(st.integers(-size, size - 1)))
        elif kind == "slice":
            items.append(draw(slices(size)))
        else:
            items.append(None)
            continue
        axis += 1
    if draw(st.booleans()):
        # An Ellipsis before other items moves them to the trailing axes, which is only the
        # same index when every axis is already consumed; otherwise it goes last.
        where = draw(st.integers(0, len(items))) if axis == len(shape) else len(items)
        items.insert(where, Ellipsis)
    return tuple(items)


@st.composite
def advanced_indices(draw, shape):
    """Integer arrays on some axes, ints or slices elsewhere."""
    items = []
    index_shape = draw(st.lists(st.integers(1, 3), min_size=0, max_size=2).map(tuple))
    for size in shape:
        kind = draw(st.sampled_from(["array", "array", "int", "slice", "full"]))
        if kind == "array":
            items.append(
                draw(
                    st.lists(
                        st.integers(-size, size - 1),
                        min_size=int(np.prod(index_shape)),
                        max_size=int(np.prod(index_shape)),
                    ).map(lambda v, s=index_shape: np.array(v, np.int32).reshape(s))
                )
            )
        elif kind == "int":
            items.append(draw(st.integers(-size, size - 1)))
        elif kind == "slice":
            items.append(draw(slices(size)))
        else:
            items.append(slice(None))
    if not any(isinstance(i, np.ndarray) for i in items):
        items[0] = np.zeros(index_shape, np.int32)
    if draw(st.booleans()):
        items.insert(draw(st.integers(0, len(items))), None)
    return tuple(items)


# ---------------------------------------------------------------------------------------------
# Reading.


@SETTINGS
@given(st.data())
def test_basic_indexing_matches_numpy(data):
    shape = data.draw(shapes)
    idx = data.draw(basic_indices(shape))
    x = _arange(shape)
    np.testing.assert_array_equal(_jit_index(x, idx), x[idx])


@SETTINGS
@given(st.data())
def test_advanced_indexing_matches_numpy(data):
    shape = data.draw(shapes)
    idx = data.draw(advanced_indices(shape))
    x = _arange(shape)
    np.testing.assert_array_equal(_jit_index(x, idx), x[idx])


@SETTINGS
@given(st.data())
def test_traced_index_arrays_match_numpy(data):
    shape = data.draw(shapes)
    size = shape[0]
    idx = np.array(
        data.draw(st.lists(st.integers(-size, size - 1), min_size=1, max_size=6)), np.int32
    )
    x = _arange(shape)
    got = meshjit.jit(lambda a, i: a[i, ...])(x, idx)
    np.testing.assert_array_equal(np.asarray(got), x[idx])


def test_basic_indexing_lowers_without_gather():
    x = _arange((4, 5))
    assert _primitives(lambda a: a[1:3, ::-2], x) == {"slice", "rev"}
    assert _primitives(lambda a: a[2, None, :, None], x) == {
        "slice",
        "squeeze",
        "broadcast_in_dim",
    }  # as JAX
    assert "gather" in _primitives(lambda a: a[np.array([0, 2])], x)


def test_traced_scalar_index_uses_dynamic_slice_and_wraps_negative():
    x = _arange((4, 3))
    f = meshjit.jit(lambda a, i: a[i, 1:])
    assert "dynamic_slice" in _primitives(lambda a, i: a[i, 1:], x, np.int32(0))
    assert "gather" not in _primitives(lambda a, i: a[i, 1:], x, np.int32(0))
    for i in (0, 3, -1, -4):
        np.testing.assert_array_equal(np.asarray(f(x, np.int32(i))), x[i, 1:])


@pytest.mark.parametrize(
    "idx",
    [
        (Ellipsis, 1),
        (None, Ellipsis, None),
        ([0, 2, 1],),
        ([[0, 1], [2, 2]], slice(None), 0),
        (slice(None), [0, 1], [1, 0]),
        ([0, 1], slice(None), [1, 0]),
        ([0, 1], None, [1, 0]),
        (1, slice(None), [0, 2]),
        (slice(None), 1, [0, 2]),
        (np.array([True, False, True]),),
        (slice(None), np.array([[True, False, True, False]] * 3)),
        (slice(4, None, -1), slice(None, None, -3)),
        (np.array([], np.int32),),
    ],
)
def test_index_forms_match_numpy(idx):
    x = _arange((3, 3, 4))
    np.testing.assert_array_equal(_jit_index(x, idx), x[idx])


def test_empty_indices_and_empty_axes():
    x = _arange((4,))
    np.testing.assert_array_equal(_jit_index(x, np.zeros(0, np.int32)), x[[]])
    empty = np.zeros((0, 2), np.float32)
    np.testing.assert_array_equal(_jit_index(empty, np.zeros(0, bool)), empty[np.zeros(0, bool)])
    got = meshjit.jit(lambda a: a.at[np.zeros(0, np.int32)].set(1.0))(empty)
    assert got.shape == (0, 2)
    got = meshjit.jit(lambda a: jnp.take(a, np.array([7, -1, 2])))(x)
    np.testing.assert_array_equal(np.asarray(got), [np.nan, 3, 2])


def test_meshjit_array_and_traced_list_indices():
    x = _arange((5, 2))
    idx = meshjit.device_put(np.array([4, 0, -1], np.int32))
    np.testing.assert_array_equal(_jit_index(x, idx), x[[4, 0, -1]])
    f = meshjit.jit(lambda a, i: a[jnp.array([i, 0])])
    np.testing.assert_array_equal(np.asarray(f(x, np.int32(3))), x[[3, 0]])


def test_a_list_as_the_whole_index_is_a_type_error_as_in_jax():
    x = jnp.arange(6.0).reshape(3, 2)
    for index in ([0, 1], [], [True, False, True]):
        with pytest.raises(TypeError, match="non-tuple sequence"):
            x[index]
        with pytest.raises(TypeError, match="non-tuple sequence"):
            x.at[index].set(1.0)
    np.testing.assert_array_equal(x[[0, 1], 0], [0.0, 2.0])  # a list inside a tuple is fine


def test_eager_indexing_of_device_array():
    x = _arange((3, 4))
    a = meshjit.device_put(x)
    np.testing.assert_array_equal(np.asarray(a[1, ::2]), x[1, ::2])
    np.testing.assert_array_equal(np.asarray(a[np.array([2, 0])]), x[[2, 0]])


def test_take_and_take_along_axis_match_numpy():
    x = _arange((3, 4))
    idx = np.array([[0, 3], [2, 1]], np.int32)
    got = meshjit.jit(lambda a, i: jnp.take(a, i, axis=1))(x, idx)
    np.testing.assert_array_equal(np.asarray(got), np.take(x, idx, axis=1))
    got = meshjit.jit(lambda a, i: jnp.take(a, i))(x, idx)
    np.testing.assert_array_equal(np.asarray(got), np.take(x, idx))
    order = np.argsort(-x, axis=0).astype(np.int32)
    got = meshjit.jit(lambda a, i: jnp.take_along_axis(a, i, axis=0))(x, order)
    np.testing.assert_array_equal(np.asarray(got), np.take_along_axis(x, order, axis=0))
    row = np.array([[1], [0], [3]], np.int32)
    got = meshjit.jit(lambda a, i: jnp.take_along_axis(a, i, axis=1))(x, row)
    np.testing.assert_array_equal(np.asarray(got), np.take_along_axis(x, row, axis=1))


# ---------------------------------------------------------------------------------------------
# Updating.


@SETTINGS
@given(st.data())
def test_at_set_matches_numpy(data):
    shape = data.draw(shapes)
    idx = data.draw(st.one_of(basic_indices(shape), advanced_indices(shape)))
    x = _arange(shape)
    expected = x.copy()
    target_shape = expected[idx].shape
    values = -1.0 - _arange(target_shape)
    expected[idx] = values
    if _has_duplicates(x, idx):
        return  # NumPy keeps the last write, XLA any of them
    got = meshjit.jit(lambda a, v: a.at[idx].set(v))(x, values)
    np.testing.assert_array_equal(np.asarray(got), expected)


def _has_duplicates(x, idx):
    flat = np.arange(x.size).reshape(x.shape)[idx].ravel()
    return len(set(flat.tolist())) != flat.size


@pytest.mark.parametrize(
    "method, np_ufunc",
    [
        ("add", np.add),
        ("multiply", np.multiply),
        ("mul", np.multiply),
        ("min", np.minimum),
        ("max", np.maximum),
    ],
)
def test_at_updates_with_duplicates_match_numpy(method, np_ufunc):
    x = _arange((4, 3)) - 5.0
    idx = (np.array([0, 2, 0, -1]), slice(1, None))
    values = np.linspace(-3, 3, 8, dtype=np.float32).reshape(4, 2)
    expected = x.copy()
    np_ufunc.at(expected, idx, values)
    got = meshjit.jit(lambda a, v: getattr(a.at[idx], method)(v))(x, values)
    np.testing.assert_allclose(np.asarray(got), expected, rtol=1e-6)


def test_at_set_broadcasts_and_casts_values():
    x = np.zeros((3, 4), np.int32)
    got = meshjit.jit(lambda a: a.at[1:, ::2].set(7.9))(x)
    expected = x.copy()
    expected[1:, ::2] = 7
    assert got.dtype == np.int32
    np.testing.assert_array_equal(np.asarray(got), expected)
    got = meshjit.jit(lambda a: a.at[:, None, 1].add(np.array([1, 2, 3])[:, None]))(x)
    expected = x.copy()
    expected[:, 1] += [1, 2, 3]
    np.testing.assert_array_equal(np.asarray(got), expected)


def test_at_with_traced_indices_and_get():
    x = _arange((5,))
    f = meshjit.jit(lambda a, i, v: a.at[i].add(v))
    got = f(x, np.array([1, 1, -1], np.int32), np.array([10, 20, 30], np.float32))
    np.testing.assert_array_equal(np.asarray(got), [0, 31, 2, 3, 34])
    got = meshjit.jit(lambda a, i: a.at[i].get())(x, np.int32(-2))
    assert float(got) == 3.0
    got = meshjit.jit(lambda a, i: a.at[i].get(mode="fill", fill_value=-1))(
        x, np.array([0, 9], np.int32)
    )
    np.testing.assert_array_equal(np.asarray(got), [0, -1])


def test_at_get_fill_with_a_traced_scalar_index_reads_the_fill_value():
    """An out-of-bounds traced scalar index of a 'fill' read is a gather, as JAX's (a dynamic
    slice clamped it: the last row came back)."""
    x = _arange((5, 2))
    f = meshjit.jit(lambda a, i: a.at[i].get(mode="fill", fill_value=-1.0))
    for i, want in ((7, [-1, -1]), (-6, [-1, -1]), (-1, [8, 9]), (2, [4, 5])):
        np.testing.assert_array_equal(np.asarray(f(x, np.int32(i))), want)
    g = meshjit.jit(lambda a, i: a.at[1:3, i].get(mode="fill"))(x, np.int32(3))
    assert np.isnan(np.asarray(g)).all() and g.shape == (2,)
    assert "gather" in _primitives(lambda a, i: a.at[i].get(mode="fill"), x, np.int32(0))
    assert "dynamic_slice" in _primitives(lambda a, i: a.at[i].get(mode="clip"), x, np.int32(0))


def test_at_lowers_to_scatter():
    x = _arange((4,))
    assert "scatter-add" in _primitives(lambda a: a.at[1:3].add(1.0), x)
    assert "scatter" in _primitives(lambda a: a.at[np.array([0, 3])].set(1.0), x)


# ---------------------------------------------------------------------------------------------
# lax.gather / lax.scatter directly.


def test_lax_gather_and_scatter_modes():
    x = _arange((5,))
    dn = lax.GatherDimensionNumbers(offset_dims=(1,), collapsed_slice_dims=(), start_index_map=(0,))
    idx = np.array([[4], [1], [-1]], np.int32)
    clip = meshjit.jit(lambda a, i: lax.gather(a, i, dn, (2,)))(x, idx)
    np.testing.assert_array_equal(np.asarray(clip), [[3, 4], [1, 2], [0, 1]])
    fill = meshjit.jit(lambda a, i: lax.gather(a, i, dn, (2,), mode="fill", fill_value=-1))(x, idx)
    np.testing.assert_array_equal(np.asarray(fill), [[-1, -1], [1, 2], [-1, -1]])
    sdn = lax.ScatterDimensionNumbers(
        update_window_dims=(), inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,)
    )
    idx = np.array([[7], [1], [1]], np.int32)
    upd = np.array([1.0, 2.0, 3.0], np.float32)
    drop = meshjit.jit(lambda a, i, u: lax.scatter_add(a, i, u, sdn))(x * 0, idx, upd)
    np.testing.assert_array_equal(np.asarray(drop), [0, 5, 0, 0, 0])
    clip = meshjit.jit(lambda a, i, u: lax.scatter_max(a, i, u, sdn, mode="clip"))(x * 0, idx, upd)
    np.testing.assert_array_equal(np.asarray(clip), [0, 3, 0, 0, 1])
    mul = meshjit.jit(lambda a, i, u: lax.scatter_mul(a, i, u, sdn))(x + 1, idx, upd)
    np.testing.assert_array_equal(np.asarray(mul), [1, 12, 3, 4, 5])
    low = meshjit.jit(lambda a, i, u: lax.scatter_min(a, i, u, sdn))(x, idx, upd)
    np.testing.assert_array_equal(np.asarray(low), [0, 1, 2, 3, 4])
    put = meshjit.jit(lambda a, i, u: lax.scatter(a, i, u, sdn))(x, idx[:2], upd[:2])
    np.testing.assert_array_equal(np.asarray(put), [0, 2, 2, 3, 4])


def test_rev():
    x = _arange((2, 3))
    got = meshjit.jit(lambda a: lax.rev(a, (0, 1)))(x)
    np.testing.assert_array_equal(np.asarray(got), x[::-1, ::-1])


# ---------------------------------------------------------------------------------------------
# JAX as an oracle.


def test_out_of_bounds_semantics_match_jax():
    jax = pytest.importorskip("jax")
    jjnp = jax.numpy
    x = _arange((5,))
    idx = np.array([7, -8, 2], np.int32)
    np.testing.assert_array_equal(_jit_index(x, idx), np.asarray(jjnp.asarray(x)[idx]))
    ours = meshjit.jit(lambda a, i: a.at[i].set(100.0))(x, idx)
    np.testing.assert_array_equal(np.asarray(ours), np.asarray(jjnp.asarray(x).at[idx].set(100.0)))
    ours = meshjit.jit(lambda a, i: a.at[i].set(100.0, mode="clip"))(x, idx)
    theirs = jjnp.asarray(x).at[idx].set(100.0, mode="clip")
    np.testing.assert_array_equal(np.asarray(ours), np.asarray(theirs))
    ours = meshjit.jit(lambda a, i: jnp.take(a, i))(x, idx)
    np.testing.assert_array_equal(np.asarray(ours), np.asarray(jjnp.take(x, idx)))


@SETTINGS
@given(st.data())
def test_advanced_indexing_matches_jax(data):
    jax = pytest.importorskip("jax")
    shape = data.draw(shapes)
    idx = data.draw(advanced_indices(shape))
    x = _arange(shape)
    np.testing.assert_array_equal(_jit_index(x, idx), np.asarray(jax.numpy.asarray(x)[idx]))


def test_lax_gather_matches_jax_on_2d_windows():
    jax = pytest.importorskip("jax")
    x = _arange((4, 5))
    dn = lax.GatherDimensionNumbers(
        offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=(0, 1)
    )
    jdn = jax.lax.GatherDimensionNumbers(
        offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=(0, 1)
    )
    idx = np.array([[0, 0], [3, 4], [1, 2], [2, -3]], np.int32)
    for mode in ("clip", "fill"):
        ours = meshjit.jit(lambda a, i, m=mode: lax.gather(a, i, dn, (1, 3), mode=m))(x, idx)
        theirs = jax.lax.gather(x, idx, jdn, (1, 3), mode=mode)
        np.testing.assert_array_equal(np.asarray(ours), np.asarray(theirs))


# ---------------------------------------------------------------------------------------------
# Errors.


def _lower(f, *args):
    return meshjit.jit(f).lower(*args)


@pytest.mark.parametrize(
    "idx, error, match",
    [
        ((0, 0, 0), MeshjitIndexError, "Too many indices: array is 2-dimensional"),
        ((Ellipsis, Ellipsis), MeshjitIndexError, "single ellipsis"),
        ((1.5,), meshjit.MeshjitTypeError, "float"),
        ((np.array([0.5]),), meshjit.MeshjitTypeError, "must be integers or booleans"),
        ((np.array([True, False]),), MeshjitIndexError, "boolean index did not match"),
        ((slice(None, None, 0),), meshjit.MeshjitValueError, "slice step cannot be zero"),
        (("a",), meshjit.MeshjitTypeError, "JAX does not support string indexing"),
    ],
)
def test_bad_static_indices_raise(idx, error, match):
    x = _arange((3, 4))
    with pytest.raises(error, match=match) as info:
        _lower(lambda a: a[idx], x)
    assert isinstance(info.value, meshjit.MeshjitError)
    assert "test_indexing.py" in info.value.located()


@pytest.mark.parametrize("idx", [(5,), (-4,), (0, -5), (1, 7), (slice(1, None), 9)])
def test_out_of_bounds_static_ints_clamp_as_in_jax(idx):
    """JAX's sharp bit: x[11] of 10 elements is x[9] (the gather clamps), no IndexError."""
    x = _arange((3, 4))
    clamped = tuple(
        i if isinstance(i, slice) else min(max(i + n if i < 0 else i, 0), n - 1)
        for i, n in zip(idx, (3, 4))
    )
    want = np.asarray(x)[clamped]
    np.testing.assert_array_equal(np.asarray(jnp.asarray(x)[idx]), want)
    np.testing.assert_array_equal(np.asarray(meshjit.jit(lambda a: a[idx])(x)), want)


@pytest.mark.parametrize(
    "shape, index",
    [
        ((0, 2), lambda a: a[0]),
        ((0, 2), lambda a: a[-1]),
        ((0, 2), lambda a: a.at[0].set(1)),
        ((0, 2), lambda a: a[jnp.argmax(a.shape[1] * jnp.ones(3))]),  # a traced scalar
        ((3, 0), lambda a: a[1, 0]),
    ],
)
def test_an_int_index_into_a_size_zero_axis_is_jaxs_index_error(shape, index):
    """XLA crashed the process compiling the clamped gather of a slice of one from an empty
    axis (fuzzer seed 170153: x[-1] of int8[0, 2]); JAX raises IndexError at trace time."""
    with pytest.raises(MeshjitIndexError, match="out of bounds for axis . with size 0"):
        meshjit.jit(index)(np.zeros(shape, np.int8))


def test_take_along_axis_of_an_empty_array():
    """Size-one batch slices of a zero-size dim made a gather that does not fit (seed 170036)."""
    for shape, axis in (((0, 6), 1), ((6, 0), 0)):
        x = np.zeros(shape, np.int8)
        order = np.zeros(shape, np.int32)
        got = meshjit.jit(jnp.take_along_axis, static_argnums=2)(x, order, axis)
        assert got.shape == shape and got.dtype == np.int8


@pytest.mark.parametrize(
    "idx",
    [
        (None, np.array([1, 0, 1]), Ellipsis, 0),
        (np.array([1, 0]), Ellipsis, 0),
        (0, Ellipsis, np.array([2, 1])),
        (Ellipsis, np.array([1, 0]), 0),
    ],
)
def test_an_empty_ellipsis_separates_advanced_indices(idx):
    """NumPy's rule, JAX's too: advanced indices apart (an ellipsis of no dims between them) put
    their dims first; x[None, i, ..., 0] of a matrix was (1, 3) instead of (3, 1)."""
    x = _arange((2, 4))
    want = np.asarray(x)[idx]
    np.testing.assert_array_equal(np.asarray(meshjit.jit(lambda a: a[idx])(x)), want)
    added = np.asarray(x).copy()
    np.add.at(added, idx, 1)
    np.testing.assert_array_equal(np.asarray(jnp.asarray(x).at[idx].add(1)), added)


@pytest.mark.parametrize(
    "idx",
    [
        (True,),
        (False,),
        (np.bool_(True), 1),
        (np.array(True),),
        (np.array(False), Ellipsis),
        (Ellipsis, True),
        (True, np.array([0, 1])),
        (0, True, Ellipsis, np.array([1, 2])),
        (True, Ellipsis, False),
    ],
)
def test_scalar_boolean_indices_are_numpys(idx):
    """Fuzzer round 16: x[True] (a new axis of one, indexed as an advanced index) was refused,
    x[np.array(True)] leaked NumPy's nonzero error; as NumPy and JAX now, and in .at[] (JAX
    0.10.2 alone puts the new axis wrongly after a None: x[None, False] is not tested)."""
    x = _arange((2, 3, 4))
    want = np.asarray(x)[idx]
    np.testing.assert_array_equal(np.asarray(meshjit.jit(lambda a: a[idx])(x)), want)
    added = np.asarray(x).copy()
    added[idx] += 1
    np.testing.assert_array_equal(np.asarray(jnp.asarray(x).at[idx].add(1)), added)


def test_traced_bool_mask_raises():
    x = _arange((3,))
    with pytest.raises(
        IndexError, match="Array boolean indices must be concrete; got bool\\[3\\]"
    ) as info:
        _lower(lambda a: a[a > 1], x)
    assert "test_indexing.py" in info.value.located()
    assert not isinstance(info.value, ValueError)  # as JAX's: an IndexError only


def test_traced_slice_bound_raises():
    x = _arange((3,))
    with pytest.raises(MeshjitIndexError, match="Slice entries must be static integers") as info:
        _lower(lambda a, i: a[i:], x, np.int32(1))
    assert "test_indexing.py" in info.value.located()


def test_at_update_with_unbroadcastable_values_raises():
    x = _arange((3, 4))
    match = r"input type=float32\[3\] and requested type=float32\[4\]"
    with pytest.raises(meshjit.MeshjitValueError, match=match) as info:
        _lower(lambda a: a.at[0].set(np.ones(3, np.float32)), x)
    assert "test_indexing.py" in info.value.located()


def test_lax_gather_bad_dimension_numbers_raise():
    x = _arange((4, 5))
    dn = lax.GatherDimensionNumbers(
        offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=(0,)
    )
    idx = np.zeros((2, 2), np.int32)
    with pytest.raises(meshjit.MeshjitTypeError, match="start_index_map") as info:
        _lower(lambda a, i: lax.gather(a, i, dn, (1, 5)), x, idx)
    assert "test_indexing.py" in info.value.located()
    with pytest.raises(meshjit.MeshjitTypeError, match="Slice size at index 1 .* got 6"):
        _lower(lambda a, i: lax.gather(a, i[:, :1], dn, (1, 6)), x, idx)
    with pytest.raises(meshjit.MeshjitTypeError, match="indices must be integers"):
        _lower(lambda a: lax.gather(a, np.zeros((2, 1), np.float32), dn, (1, 5)), x)
    with pytest.raises(meshjit.MeshjitValueError, match='Unknown gather mode "wrap"'):
        _lower(lambda a, i: lax.gather(a, i[:, :1], dn, (1, 5), mode="wrap"), x, idx)


def test_lax_scatter_bad_updates_raise():
    x = _arange((5,))
    sdn = lax.ScatterDimensionNumbers(
        update_window_dims=(), inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,)
    )
    with pytest.raises(
        meshjit.MeshjitTypeError, match="Bounds of the scatter dimensions of updates"
    ) as info:
        _lower(
            lambda a: lax.scatter_add(a, np.zeros((3, 1), np.int32), np.ones(2, np.float32), sdn), x
        )
    assert "test_indexing.py" in info.value.located()


def test_at_with_out_of_bounds_static_ints_follows_the_mode_as_jax():
    x = jnp.arange(5.0)
    np.testing.assert_array_equal(x.at[10].add(10), np.arange(5.0))  # dropped
    np.testing.assert_array_equal(x.at[20].add(10, mode="clip"), [0, 1, 2, 3, 14])
    assert float(x.at[20].get()) == 4.0 and float(x.at[-6].get()) == 0.0  # clipped
    assert (
        np.isnan(x.at[20].get(mode="fill"))
        and float(x.at[20].get(mode="fill", fill_value=-1)) == -1
    )
    dropped = x.at[-1].set(99, wrap_negative_indices=False, mode="drop")
    np.testing.assert_array_equal(dropped, np.arange(5.0))
    np.testing.assert_array_equal(x.at[-1].set(99), [0, 1, 2, 3, 99])
    assert float(x[10]) == 4.0  # plain indexing clamps too, as JAX's


@pytest.mark.parametrize("kind", ["add", "mul"])
def test_at_add_and_mul_reject_bool_as_jax(kind):
    """Fuzzer find: meshjit or-ed (and-ed) bools where JAX's scatter computation rejects them;
    .at[].set/min/max of bools stay accepted, as in JAX."""
    x = np.array([True, False])
    with pytest.raises(TypeError, match=f"^{kind} does not accept dtype bool at position 0"):
        meshjit.jit(lambda a: getattr(a.at[0], kind)(True))(x)
    got = meshjit.jit(lambda a: (a.at[0].set(False), a.at[1].max(True), a.at[0].min(False)))(x)
    assert [np.asarray(g).tolist() for g in got] == [[False, False], [True, True], [False, False]]


def test_gradient_of_out_of_bounds_reads_follows_the_mode_as_jax():
    """x[idx] and .at[idx].get() default to promise_in_bounds as in JAX: the read clamps, and its
    gradient drops an out-of-bounds index (JAX's transpose scatters with XLA's semantics); with
    mode='clip' the gradient lands on the clamped index. (Values read off JAX 0.10.2; meshjit's
    x[idx] gradient was [8, 0, 7], a fuzzer probe find.)"""
    x = jnp.asarray([1.5, -2.5, 0.5])
    idx = jnp.asarray([0, 0, 5, -1, -7])
    weights = jnp.arange(1.0, 6.0)

    def grad_of(read):
        return np.asarray(meshjit.grad(lambda v: (read(v) * weights).sum())(x))

    np.testing.assert_array_equal(grad_of(lambda v: v[idx]), [3.0, 0.0, 4.0])
    np.testing.assert_array_equal(grad_of(lambda v: v.at[idx].get()), [3.0, 0.0, 4.0])
    np.testing.assert_array_equal(grad_of(lambda v: v.at[idx].get(mode="clip")), [8.0, 0.0, 7.0])
    np.testing.assert_array_equal(grad_of(lambda v: jnp.take(v, idx)), [3.0, 0.0, 4.0])
    np.testing.assert_array_equal(np.asarray(x[idx]), [1.5, 1.5, 0.5, 0.5, 1.5])
    batched = meshjit.vmap(meshjit.grad(lambda v: (v[idx] * weights).sum()))(jnp.stack([x, x]))
    np.testing.assert_array_equal(np.asarray(batched), [[3.0, 0.0, 4.0]] * 2)


def test_at_updates_run_in_the_promoted_dtype_as_jax():
    """x.at[i].add/mul/... promote x and the values as JAX does, update, then cast back: int8
    [3] .at[0].mul(1.5) is 4 (meshjit cast 1.5 to 1 first and gave 3), a repeated index adds
    1.5 twice; bool arrays take Python int updates through int32 (values read off JAX 0.10.2,
    which warns with a FutureWarning, as meshjit now does)."""
    x = jnp.asarray([3, 1, -5], jnp.int8)
    i = jnp.asarray([0, 0, 2])
    with pytest.warns(FutureWarning, match="scatter inputs have incompatible types"):
        got = {
            "mul": x.at[0].mul(1.5),
            "add": x.at[i].add(1.5),
            "subtract": x.at[i].subtract(1.5),
            "add_f32": meshjit.jit(lambda v: v.at[i].add(jnp.float32(1.5)))(x),
        }
    want = {"mul": [4, 1, -5], "add": [6, 1, -3], "subtract": [0, 1, -6], "add_f32": [6, 1, -3]}
    for name, out in got.items():
        assert out.dtype == np.int8, name
        np.testing.assert_array_equal(np.asarray(out), want[name], err_msg=name)
    b = jnp.asarray([True, False, False, True])
    np.testing.assert_array_equal(np.asarray(b.at[1].add(1)), [True, True, False, True])
    with pytest.raises(TypeError):
        b.at[i].add(True)


def test_at_apply_applies_once_per_time_an_entry_is_indexed():
    x = np.arange(6.0, dtype=np.float32)
    got = meshjit.numpy.asarray(x).at[np.array([1, 1, 4])].apply(lambda v: v * 2 + 1)
    np.testing.assert_array_equal(got, [0.0, 7.0, 2.0, 3.0, 9.0, 5.0])
    jitted = meshjit.jit(lambda a, i: a.at[i].apply(meshjit.numpy.sin))(x, 2)
    np.testing.assert_allclose(jitted, np.where(np.arange(6) == 2, np.sin(x), x), rtol=1e-6)
    dropped = meshjit.numpy.asarray(x).at[9].apply(lambda v: v + 1, mode="drop")
    np.testing.assert_array_equal(dropped, x)
    ints = meshjit.numpy.arange(4).at[np.array([0, 0, 0])].apply(lambda v: v + 1)
    assert ints.dtype == np.int32 and list(np.asarray(ints)) == [3, 1, 2, 3]


def test_at_helper_is_named_as_jax():
    helper = jnp.ones(2).at
    assert type(helper).__name__ == "_IndexUpdateHelper"
    assert repr(helper) == "_IndexUpdateHelper(Array([1., 1.], dtype=float32))"


def test_jaxpr_of_an_array_index_normalizes_with_scalar_constants_as_jax():
    # JAX's _normalize_index: `lt b 0:i32[]`, `add b 12:i32[]`, the index vector's trailing axis
    # by broadcast_in_dim (meshjit broadcast the constants and reshaped the indices)
    text = str(meshjit.make_jaxpr(lambda x, i: x[i])(jnp.ones(12), jnp.zeros(4, jnp.int32)))
    assert "lt b 0:i32[]" in text and "add b 12:i32[]" in text
    assert "i32[4,1] = broadcast_in_dim[broadcast_dimensions=(0,)]" in text
    assert "reshape" not in text and "broadcast_in_dim 0:i32[]" not in text


def test_new_axes_by_none_are_a_broadcast_in_dim_as_jax():
    # JAX binds x[:, None] as broadcast_in_dim and x[0, None] as squeeze + broadcast_in_dim
    # (meshjit reshaped); the transpose of x[:, None] is then JAX's reduce_sum
    text = str(meshjit.make_jaxpr(lambda x: (x[:, None], x[0, None]))(jnp.ones((3, 4))))
    assert "f32[3,1,4] = broadcast_in_dim[broadcast_dimensions=(0, 2)] a" in text
    assert "squeeze[dimensions=(0,)]" in text and "reshape" not in text
    grad = meshjit.make_jaxpr(meshjit.grad(lambda b: jnp.sum(jnp.ones((4, 3)) + b[:, None])))
    assert "reduce_sum[axes=(1,)" in str(grad(jnp.ones(4)))


@pytest.mark.parametrize(
    "update, hints",
    [
        (lambda a: a.at[0].set(5.0), True),
        (lambda a: a.at[:, ::2].mul(2.0), True),
        (lambda a: a.at[jnp.array([0, 0])].add(1.0), False),
    ],
)
def test_basic_index_updates_hint_sorted_unique_indices_as_jax(update, hints):
    text = str(meshjit.make_jaxpr(update)(np.ones((2, 3), np.float32)))
    assert f"indices_are_sorted={hints}" in text and f"unique_indices={hints}" in text


def test_static_int_update_indices_are_built_in_the_jaxpr_as_jax():
    jaxpr = meshjit.make_jaxpr(lambda a: a.at[1, 2].add(1.0))(np.ones((3, 4), np.float32))
    assert not jaxpr.consts
    assert [e.primitive.name for e in jaxpr.eqns] == [
        "broadcast_in_dim", "broadcast_in_dim", "concatenate", "scatter-add",
    ]  # fmt: skip


def test_at_get_out_sharding_types_only_a_gather_as_jax():
    """JAX reads a basic index under jit with a static / dynamic slice, typed by the slice rules:
    at[].get's out_sharding= is left unused (x[0] of a sharded dim stays JAX's ShardingTypeError);
    only its gather (index arrays, fill mode, a concrete array sliced eagerly) takes it (fuzz
    entry out_sharding20_at_get)."""
    from meshjit.sharding import AxisType, NamedSharding, P, ShardingTypeError

    mesh = meshjit.make_mesh((2,), ("a",), axis_types=(AxisType.Explicit,))
    x = np.arange(8.0, dtype=np.float32).reshape(4, 2)
    x = meshjit.device_put(x, NamedSharding(mesh, P("a")))
    R = NamedSharding(mesh, P())
    with pytest.raises(ShardingTypeError, match="slicing on sharded dims"):
        meshjit.jit(lambda v: v.at[0].get(out_sharding=R))(x)
    cases = [  # index, mode, JAX's spec under jit, eagerly
        ((slice(None), 0), None, P("a"), P(None)),
        ((slice(1, 3),), "clip", P("a", None), P(None, None)),
        ((slice(None), 0), "fill", P(None), P(None)),
        ((0,), None, None, P(None)),
    ]
    for index, mode, traced, eager in cases:

        def get(v, index=index, mode=mode):
            return v.at[index].get(out_sharding=R, mode=mode)

        if traced is not None:
            assert meshjit.jit(get)(x).sharding.spec == traced, index
        out = get(x)
        assert out.sharding.spec == eager, index
        np.testing.assert_array_equal(out, np.asarray(x)[index])


def test_a_traced_integer_index_binds_one_dynamic_slice_as_jax():
    """JAX 0.10.2's jaxpr of x[i] (rank 3, i a weak int): the starts are converted to int32
    first, the static ones too, each counted from the end, then one dynamic_slice and a squeeze."""
    text = str(meshjit.make_jaxpr(lambda x, i: x[i])(jnp.zeros((2, 3, 4)), 1))
    assert text == (
        "{ lambda ; a:f32[2,3,4] b:i32[]. let\n"
        "    c:i32[] = convert_element_type[new_dtype=int32 weak_type=False] b\n"
        "    d:bool[] = lt c 0:i32[]\n"
        "    e:i32[] = add c 2:i32[]\n"
        "    f:i32[] = select_n d c e\n"
        "    g:bool[] = lt 0:i32[] 0:i32[]\n"
        "    h:i32[] = add 0:i32[] 3:i32[]\n"
        "    i:i32[] = select_n g 0:i32[] h\n"
        "    j:bool[] = lt 0:i32[] 0:i32[]\n"
        "    k:i32[] = add 0:i32[] 4:i32[]\n"
        "    l:i32[] = select_n j 0:i32[] k\n"
        "    m:f32[1,3,4] = dynamic_slice[slice_sizes=(1, 3, 4)] a f i l\n"
        "    n:f32[3,4] = squeeze[dimensions=(0,)] m\n"
        "  in (n,) }"
    )
    x = np.arange(24.0, dtype=np.float32).reshape(2, 3, 4)
    got = meshjit.jit(lambda x, i: (x[i, ::-1, None], x[:, i, 1:3], x[-1, i]))(x, 1)
    np.testing.assert_array_equal(got[0], x[1, ::-1, None])
    np.testing.assert_array_equal(got[1], x[:, 1, 1:3])
    np.testing.assert_array_equal(got[2], x[-1, 1])


def test_traced_boolean_masks_and_slice_bounds_refused_in_jaxs_words():
    with pytest.raises(IndexError) as e:
        meshjit.jit(lambda x: x[x > 0])(jnp.array([1.0, -1.0]))
    assert str(e.value) == (
        "Array boolean indices must be concrete; got bool[2]\n\n"
        "See https://docs.jax.dev/en/latest/errors.html#jax.errors.NonConcreteBooleanIndexError"
    )
    with pytest.raises(IndexError) as e:
        meshjit.jit(lambda x: x[: x[0]])(jnp.ones(2, jnp.int32))
    assert str(e.value) == (
        "Slice entries must be static integers. Got slice(None, JitTracer(int32[]), None) at "
        "position 0"
    )
    assert any("lax.dynamic_slice" in n for n in e.value.__notes__)  # the fix, with the traceback


def test_at_updates_take_lists_of_values_as_jax():
    # JAX's .at methods pass the values through jnp.asarray
    x = jnp.array([1, 2, 3])
    np.testing.assert_array_equal(np.asarray(x.at[:2].set([5, 6])), [5, 6, 3])
    np.testing.assert_array_equal(np.asarray(x.at[jnp.array([0, 2])].add((10, 20))), [11, 2, 23])
    with pytest.raises(ValueError) as e:
        x.at[0].add([1, 2])
    assert (
        str(e.value) == "Cannot broadcast to shape with fewer dimensions: arr_shape=(2,) shape=()"
    )
    with pytest.raises(TypeError) as e:
        jnp.zeros(3).at[0].set("a")
    assert str(e.value) == (
        "Value 'a' with dtype <U1 is not a valid JAX array type. Only arrays of numeric types "
        "are supported by JAX."
    )
    with pytest.raises(TypeError) as e:
        jnp.sin("a")
    assert str(e.value).endswith(
        "passed to the function at path x.\nThis typically means that a jit-wrapped function "
        "was called with a non-array argument, and this argument was not marked as static "
        "using the static_argnums or static_argnames parameters of jax.jit."
    )
