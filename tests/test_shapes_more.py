"""Shape and indexing functions of meshjit.numpy (numpy_shapes) and lax (lax_more): numerics under
jit against NumPy (and JAX when installed), gradients, and the error messages."""

import os

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import meshjit
import meshjit.numpy as jnp
from meshjit import MeshjitError, lax
from meshjit.test_util import check_grads

SETTINGS = settings(max_examples=15, deadline=None)
RNG = np.random.RandomState(0)
THIS_FILE = os.path.basename(__file__)


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
# pad, roll, tile, repeat, flips.

PAD_MODES = ["constant", "edge", "reflect", "symmetric", "wrap"]


@SETTINGS
@given(shape=shapes, mode=st.sampled_from(PAD_MODES), data=st.data())
def test_pad_matches_numpy(shape, mode, data):
    x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
    width = [tuple(data.draw(st.integers(0, 3)) for _ in range(2)) for _ in shape]
    _close(_jit(lambda a: jnp.pad(a, width, mode=mode), x), np.pad(x, width, mode=mode))


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
        _jit(lambda a: jnp.pad(a, width, **kwargs), x), np.pad(x, width, **kwargs)
    )


def test_pad_traced_constant():
    x = _normal(2, 3)
    out = _jit(lambda a, c: jnp.pad(a, 1, constant_values=c), x, np.float32(5))
    _close(out, np.pad(x, 1, constant_values=5))


@SETTINGS
@given(shape=shapes, data=st.data())
def test_roll_matches_numpy(shape, data):
    x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
    shift = data.draw(st.integers(-7, 7))
    axis = data.draw(st.one_of(st.none(), st.integers(-len(shape), len(shape) - 1)))
    _close(_jit(lambda a: jnp.roll(a, shift, axis), x), np.roll(x, shift, axis))
    if axis is not None:
        _close(_jit(lambda a, s: jnp.roll(a, s, axis), x, np.int32(shift)), np.roll(x, shift, axis))


def test_roll_tuple_axes():
    x = np.arange(24.0, dtype=np.float32).reshape(2, 3, 4)
    _close(_jit(lambda a: jnp.roll(a, (1, -5), (0, 2)), x), np.roll(x, (1, -5), (0, 2)))
    _close(_jit(lambda a: jnp.roll(a, 2, (1, 2)), x), np.roll(x, 2, (1, 2)))


@SETTINGS
@given(shape=shapes, reps=st.lists(st.integers(0, 3), min_size=1, max_size=4))
def test_tile_matches_numpy(shape, reps):
    x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
    _close(_jit(lambda a: jnp.tile(a, reps), x), np.tile(x, reps))


@SETTINGS
@given(shape=shapes, data=st.data())
def test_repeat_matches_numpy(shape, data):
    x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
    axis = data.draw(st.one_of(st.none(), st.integers(0, len(shape) - 1)))
    size = x.size if axis is None else shape[axis]
    repeats = data.draw(
        st.one_of(st.integers(0, 3), st.lists(st.integers(0, 3), min_size=size, max_size=size))
    )
    _close(_jit(lambda a: jnp.repeat(a, repeats, axis), x), np.repeat(x, repeats, axis))


def test_repeat_total_repeat_length_matches_jax():
    jax = pytest.importorskip("jax")
    x = np.arange(12.0, dtype=np.float32).reshape(3, 4)
    reps = np.array([1, 0, 3], np.int32)
    for total in (2, 4, 6):
        expected = jax.numpy.repeat(x, reps, 0, total_repeat_length=total)
        traced = _jit(lambda a, r: jnp.repeat(a, r, 0, total_repeat_length=total), x, reps)  # noqa: B023
        static = _jit(lambda a: jnp.repeat(a, reps, 0, total_repeat_length=total), x)  # noqa: B023
        _close(traced, expected)
        _close(static, expected)
        _close(
            _jit(lambda a: jnp.repeat(a, 2, 1, total_repeat_length=total), x),  # noqa: B023
            jax.numpy.repeat(x, 2, 1, total_repeat_length=total),
        )


def test_flips_and_rot90():
    x = np.arange(24.0, dtype=np.float32).reshape(2, 3, 4)
    for axis in (None, 0, (1, 2), -1):
        _close(_jit(lambda a: jnp.flip(a, axis), x), np.flip(x, axis))  # noqa: B023
    _close(_jit(jnp.fliplr, x), np.fliplr(x))
    _close(_jit(jnp.flipud, x), np.flipud(x))
    for k in range(-2, 6):
        for axes in ((0, 1), (2, 0), (1, -1)):
            _close(_jit(lambda a: jnp.rot90(a, k, axes), x), np.rot90(x, k, axes))  # noqa: B023


# ---------------------------------------------------------------------------------------------
# Diagonals, trace, diff.


@pytest.mark.parametrize("k", [-4, -1, 0, 2, 5])
def test_diag_diagonal_trace(k):
    m = _normal(3, 5)
    v = _normal(4)
    _close(_jit(lambda a: jnp.diag(a, k), v), np.diag(v, k))
    _close(_jit(lambda a: jnp.diag(a, k), m), np.diag(m, k))
    _close(_jit(lambda a: jnp.trace(a, k), m), np.trace(m, k))
    t = _normal(2, 3, 4)
    for axis1, axis2 in ((0, 1), (2, 0), (-1, 1)):
        _close(_jit(lambda a: jnp.diagonal(a, k, axis1, axis2), t), np.diagonal(t, k, axis1, axis2))  # noqa: B023
        _close(_jit(lambda a: jnp.trace(a, k, axis1, axis2), t), np.trace(t, k, axis1, axis2))  # noqa: B023


@SETTINGS
@given(seed=st.integers(0, 2**16), shape=shapes, n=st.integers(0, 3), data=st.data())
def test_diff_matches_numpy(shape, n, data, seed):
    rng = np.random.RandomState(seed)
    x = rng.randint(-5, 5, shape).astype(np.int32)
    axis = data.draw(st.integers(-len(shape), len(shape) - 1))
    extra = {}
    if data.draw(st.booleans()):
        extra["prepend"] = 3
    if data.draw(st.booleans()):
        extra["append"] = np.ones(shape, np.int32)
    _close(_jit(lambda a: jnp.diff(a, n, axis, **extra), x), np.diff(x, n, axis, **extra))
    b = x > 0
    np.testing.assert_array_equal(_jit(lambda a: jnp.diff(a, n, axis), b), np.diff(b, n, axis))


# ---------------------------------------------------------------------------------------------
# meshgrid, atleast_nd, splits and stacks, kron, cross, select.


@pytest.mark.parametrize("indexing", ["xy", "ij"])
@pytest.mark.parametrize("sparse", [False, True])
def test_meshgrid(indexing, sparse):
    xs = [np.arange(n, dtype=np.float32) + 10 * n for n in (2, 3, 4)]
    for count in (1, 2, 3):
        got = _jit(lambda *a: jnp.meshgrid(*a, indexing=indexing, sparse=sparse), *xs[:count])
        for g, e in zip(got, np.meshgrid(*xs[:count], indexing=indexing, sparse=sparse)):
            _close(g, e)


def test_atleast_and_stacking():
    s, v, m = np.float32(2), np.arange(3.0, dtype=np.float32), _normal(3, 2)
    for x in (s, v, m, _normal(2, 3, 4)):
        _close(_jit(jnp.atleast_2d, x), np.atleast_2d(x))
        _close(_jit(jnp.atleast_3d, x), np.atleast_3d(x))
    for g, e in zip(_jit(lambda a, b: jnp.atleast_2d(a, b), s, v), np.atleast_2d(s, v)):
        _close(g, e)
    _close(_jit(lambda a, b: jnp.dstack([a, b]), m, m), np.dstack([m, m]))
    _close(_jit(lambda a, b: jnp.dstack([a, b]), v, v), np.dstack([v, v]))
    _close(_jit(lambda a, b: jnp.column_stack([a, b]), v, m), np.column_stack([v, m]))
    t = _normal(4, 6, 2)
    for fn, ref in ((jnp.hsplit, np.hsplit), (jnp.vsplit, np.vsplit), (jnp.dsplit, np.dsplit)):
        for sections in (2, [1, 3]):
            for g, e in zip(_jit(lambda a: fn(a, sections), t), ref(t, sections)):  # noqa: B023
                _close(g, e)
    for g, e in zip(_jit(lambda a: jnp.hsplit(a, 3), np.arange(6.0)), np.hsplit(np.arange(6.0), 3)):
        _close(g, e)


@pytest.mark.parametrize(
    "sa, sb", [((2,), (3,)), ((2, 3), (3, 2)), ((2,), (2, 2)), ((2, 1, 2), (3, 2))]
)
def test_kron(sa, sb):
    a, b = _normal(*sa), _normal(*sb)
    _close(_jit(jnp.kron, a, b), np.kron(a, b))


def test_cross():
    a, b = _normal(4, 3), _normal(4, 3)
    _close(_jit(jnp.cross, a, b), np.cross(a, b))
    _close(_jit(lambda x, y: jnp.cross(x, y, axis=0), a.T, b.T), np.cross(a.T, b.T, axis=0))
    _close(
        _jit(lambda x, y: jnp.cross(x, y, axisa=0, axisc=0), a.T, b),
        np.cross(a.T, b, axisa=0, axisc=0),
    )
    _close(_jit(jnp.cross, a[:, :2], b), np.cross(np.pad(a[:, :2], ((0, 0), (0, 1))), b))
    jax = pytest.importorskip("jax")
    _close(_jit(jnp.cross, a[:, :2], b[:, :2]), jax.numpy.cross(a[:, :2], b[:, :2]))


def test_select():
    x = np.arange(-4.0, 5.0, dtype=np.float32)
    conds = lambda a: [a < -2, a > 2, a == 0]  # noqa: E731
    choices = lambda a: [a * 10, a * 100, 7.0]  # noqa: E731
    got = _jit(lambda a: jnp.select(conds(a), choices(a), -1.0), x)
    _close(got, np.select(conds(x), choices(x), -1.0))


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
        _jit(lambda x, y: jnp.searchsorted(x, y, side), a, v), np.searchsorted(a, v, side)
    )
    sorter = rng.permutation(n).astype(np.int32)
    shuffled = a[np.argsort(sorter)]
    got = _jit(lambda x: jnp.searchsorted(x, v, side, sorter=sorter), shuffled)
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
    got = _jit(lambda a: jnp.nonzero(a, size=size, fill_value=fill), x)
    for g, e in zip(got, expected):
        np.testing.assert_array_equal(
            g, np.pad(e[:size], (0, max(size - len(e), 0)), constant_values=fill_v)
        )
    flat = np.flatnonzero(x)
    np.testing.assert_array_equal(
        _jit(lambda a: jnp.flatnonzero(a, size=size, fill_value=fill), x),
        np.pad(flat[:size], (0, max(size - len(flat), 0)), constant_values=fill_v),
    )
    arg = np.argwhere(x)[:size]
    arg = np.pad(arg, ((0, size - len(arg)), (0, 0)), constant_values=fill_v)
    np.testing.assert_array_equal(
        _jit(lambda a: jnp.argwhere(a, size=size, fill_value=fill), x), arg
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
    got = _jit(lambda a: jnp.unique(a, True, True, True, size=size, fill_value=-1.0), x)
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
        got = _jit(lambda a: jnp.unique(a, **kwargs), x)  # noqa: B023
        expected = jax.numpy.unique(x, **kwargs)
        for g, e in zip(
            got if isinstance(got, list) else [got],
            expected if isinstance(expected, tuple) else [expected],
        ):
            np.testing.assert_array_equal(g, np.asarray(e))


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


# ---------------------------------------------------------------------------------------------
# lax: top_k, dynamic index helpers, full_like, collapse, reduce.


@SETTINGS
@given(seed=st.integers(0, 2**16), shape=shapes, data=st.data())
def test_top_k_matches_numpy(shape, data, seed):
    rng = np.random.RandomState(seed)
    x = rng.randint(-3, 3, shape).astype(np.float32)  # ties on purpose
    k = data.draw(st.integers(0, shape[-1]))
    values, indices = _jit(lambda a: lax.top_k(a, k), x)
    order = np.argsort(-x, axis=-1, kind="stable")[..., :k]
    np.testing.assert_array_equal(indices, order)
    np.testing.assert_array_equal(values, np.take_along_axis(x, order, -1))
    assert indices.dtype == np.int32


def test_top_k_matches_jax_with_nan():
    jax = pytest.importorskip("jax")
    x = np.array([[3.0, np.nan, 3.0, 5.0, -1.0], [0.0, 0.0, 1.0, 1.0, 0.0]], np.float32)
    got = _jit(lambda a: lax.top_k(a, 4), x)
    for g, e in zip(got, jax.lax.top_k(x, 4)):
        np.testing.assert_array_equal(g, np.asarray(e))


def test_dynamic_index_helpers():
    x = np.arange(24.0, dtype=np.float32).reshape(2, 3, 4)
    got = _jit(lambda a, i: lax.dynamic_index_in_dim(a, i, 1, keepdims=False), x, np.int32(2))
    _close(got, x[:, 2])
    _close(_jit(lambda a, i: lax.dynamic_index_in_dim(a, i, 2), x, np.int32(1)), x[:, :, 1:2])
    upd = -np.ones((2, 4), np.float32)
    expected = x.copy()
    expected[:, 1] = upd
    _close(
        _jit(lambda a, u, i: lax.dynamic_update_index_in_dim(a, u, i, 1), x, upd, np.int32(1)),
        expected,
    )
    _close(
        _jit(lambda a, u: lax.dynamic_update_index_in_dim(a, u[:, None], 1, 1), x, upd), expected
    )
    expected = x.copy()
    expected[:, :, 2:4] = 0
    got = _jit(
        lambda a: lax.dynamic_update_slice_in_dim(a, np.zeros((2, 3, 2), np.float32), 2, 2), x
    )
    _close(got, expected)


def test_full_like_collapse_reduce():
    x = np.arange(24, dtype=np.int32).reshape(2, 3, 4)
    out = _jit(lambda a: lax.full_like(a, 3), x)
    assert out.dtype == np.int32 and (out == 3).all() and out.shape == x.shape
    out = _jit(lambda a: lax.full_like(a, 2.5, np.float32, (5,)), x)
    _close(out, np.full((5,), 2.5, np.float32))
    _close(_jit(lax.zeros_like_array, x), np.zeros_like(x))
    assert _jit(lambda a: lax.collapse(a, 1), x).shape == (2, 12)
    assert _jit(lambda a: lax.collapse(a, 0, 2), x).shape == (6, 4)
    assert _jit(lambda a: lax.collapse(a, -2, 3), x).shape == (2, 12)
    np.testing.assert_array_equal(
        _jit(lambda a: lax.reduce(a, 0, lax.add, (0, 2)), x), x.sum((0, 2))
    )
    np.testing.assert_array_equal(
        _jit(lambda a: lax.reduce(a, 10, lax.add, (1,)), x), x.sum(1) + 10
    )
    np.testing.assert_array_equal(
        _jit(lambda a: lax.reduce(a, np.int32(-(2**31)), lax.max, (2,)), x), x.max(2)
    )
    np.testing.assert_array_equal(
        _jit(lambda a: lax.reduce(a, 5, lax.min, (0,)), x), np.minimum(x.min(0), 5)
    )
    f = np.float32(x) / 10
    got = _jit(lambda a: lax.reduce((a, a), (1.0, 0.0), lax.mul, (1, 2)), f)
    _close(got[0], f.prod((1, 2)))
    _close(got[1], np.zeros(2))


# ---------------------------------------------------------------------------------------------
# Gradients.

GRAD_CASES = {
    "pad_constant": (lambda x: jnp.pad(x, ((1, 2), (0, 1)), constant_values=1.5), (3, 4)),
    "pad_reflect": (lambda x: jnp.pad(x, ((2, 1), (3, 3)), mode="reflect"), (3, 4)),
    "pad_wrap": (lambda x: jnp.pad(x, 2, mode="wrap"), (3, 4)),
    "roll": (lambda x: jnp.roll(x, (1, -3), (0, 1)), (3, 4)),
    "tile": (lambda x: jnp.tile(x, (2, 1, 3)), (3, 4)),
    "repeat": (lambda x: jnp.repeat(x, 2, 1), (3, 4)),
    "repeat_array": (lambda x: jnp.repeat(x, [2, 0, 1], 0), (3, 4)),
    "flip": (lambda x: jnp.flip(x, 1), (3, 4)),
    "rot90": (lambda x: jnp.rot90(x), (3, 4)),
    "diag_vector": (lambda x: jnp.diag(x[0], -1), (3, 4)),
    "diagonal": (lambda x: jnp.diagonal(x, 1), (3, 4)),
    "trace": (lambda x: jnp.trace(x), (3, 4)),
    "diff": (lambda x: jnp.diff(x, 2, axis=1), (3, 4)),
    "cross": (lambda x: jnp.cross(x[:, :3], x[:, 1:]), (3, 4)),
    "kron": (lambda x: jnp.kron(x, x[:2, :2]), (3, 4)),
    "median": (lambda x: jnp.median(x, axis=1), (3, 4)),
    "quantile": (lambda x: jnp.quantile(x, np.array([0.2, 0.7], np.float32), axis=0), (3, 4)),
    "top_k": (lambda x: lax.top_k(x, 2)[0], (3, 4)),
}


@pytest.mark.parametrize("name", sorted(GRAD_CASES))
def test_gradients(name):
    fn, shape = GRAD_CASES[name]
    x = np.random.RandomState(1).permutation(np.prod(shape)).reshape(shape).astype(np.float32)
    check_grads(fn, (x / 3 + 0.1,), order=1, atol=3e-2, rtol=3e-2)


# ---------------------------------------------------------------------------------------------
# Errors.


def _raises(fn, *args, words):
    with pytest.raises(MeshjitError) as info:
        fn(*args)
    message = str(info.value)
    for word in words:
        assert word in message, message
    assert THIS_FILE in message, message


def test_error_bad_pad_mode():
    _raises(
        meshjit.jit(lambda a: jnp.pad(a, 1, mode="median")),
        np.ones(3, np.float32),
        words=["pad", "'median'"],
    )


def test_error_unique_without_size_under_jit():
    _raises(meshjit.jit(lambda a: jnp.unique(a)), np.ones(3, np.float32), words=["unique", "size="])
    _raises(
        meshjit.jit(lambda a: jnp.nonzero(a)), np.ones(3, np.float32), words=["nonzero", "size="]
    )


def test_error_top_k_too_large():
    _raises(
        meshjit.jit(lambda a: lax.top_k(a, 5)), np.ones((2, 4), np.float32), words=["top_k", "k=5"]
    )


def test_error_repeat_traced_without_total():
    f = meshjit.jit(lambda a, r: jnp.repeat(a, r))
    _raises(
        f, np.ones(3, np.float32), np.ones(3, np.int32), words=["repeat", "total_repeat_length"]
    )


def test_error_reduce_unsupported_computation():
    f = meshjit.jit(lambda a: lax.reduce(a, 0.0, lambda x, y: x - y, (0,)))
    _raises(f, np.ones(3, np.float32), words=["lax.reduce", "not supported"])
