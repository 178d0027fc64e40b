"""Convolutions, windowed reductions, cumulative ops and meshjit.nn: numerics and errors.

References are small NumPy implementations (float64); JAX serves as a second oracle where it is
installed.
"""

import math

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.lib.stride_tricks import sliding_window_view

import meshjit
import meshjit.numpy as jnp
from meshjit import lax, nn
from meshjit.compiler.lax.convolution import conv_dimension_numbers

SETTINGS = settings(max_examples=12, deadline=None, derandomize=True, database=None)
RNG = np.random.default_rng(0)


def rand(*shape, dtype=np.float32):
    return RNG.standard_normal(shape).astype(dtype)


# ---------------------------------------------------------------------------------------------
# NumPy references.


def _dilate(x, axes, factors, fill):
    """Inserts `factor - 1` copies of `fill` between elements along each axis."""
    shape = list(x.shape)
    index = [slice(None)] * x.ndim
    for axis, f in zip(axes, factors):
        shape[axis] = 0 if x.shape[axis] == 0 else (x.shape[axis] - 1) * f + 1
        index[axis] = slice(None, None, f)
    out = np.full(shape, fill, x.dtype)
    out[tuple(index)] = x
    return out


def _pad(x, axes, pads, fill):
    """Pads (negative values crop) along `axes`."""
    widths = [(0, 0)] * x.ndim
    for axis, (lo, hi) in zip(axes, pads):
        widths[axis] = (max(lo, 0), max(hi, 0))
    x = np.pad(x, widths, constant_values=fill)
    index = [slice(None)] * x.ndim
    for axis, (lo, hi) in zip(axes, pads):
        index[axis] = slice(max(-lo, 0), x.shape[axis] - max(-hi, 0))
    return x[tuple(index)]


def _windows(x, axes, window, strides, wdil):
    """Views of shape (..., out spatial..., window...) over `axes`."""
    spans = [(w - 1) * d + 1 for w, d in zip(window, wdil)]
    if any(x.shape[a] < span for a, span in zip(axes, spans)):
        shape = list(x.shape) + list(window)
        for a, span, s in zip(axes, spans, strides):
            shape[a] = max(x.shape[a] - span, -1) // s + 1
        return np.zeros(shape, x.dtype)
    view = sliding_window_view(x, spans, axis=axes)
    index = [slice(None)] * x.ndim + [slice(None, None, d) for d in wdil]
    for axis, s in zip(axes, strides):
        index[axis] = slice(None, None, s)
    return view[tuple(index)]


def np_conv_nchw(lhs, rhs, strides, pads, lhs_dil, rhs_dil, fgc=1, bgc=1):
    """lhs (N, C, spatial...), rhs (O, I, spatial...) -> (N, O, spatial...), in float64."""
    lhs, rhs = lhs.astype(np.float64), rhs.astype(np.float64)
    spatial = list(range(2, lhs.ndim))
    x = _pad(_dilate(lhs, spatial, lhs_dil, 0.0), spatial, pads, 0.0)
    k = _dilate(rhs, spatial, rhs_dil, 0.0)
    view = _windows(x, spatial, k.shape[2:], strides, [1] * len(spatial))
    n, c = view.shape[:2]
    out_spatial = view.shape[2 : 2 + len(spatial)]
    patches = view.reshape(n, c, math.prod(out_spatial), -1)
    kernel = k.reshape(k.shape[0], k.shape[1], -1)
    if bgc > 1:
        parts = zip(np.split(patches, bgc, 0), np.split(kernel, bgc, 0))
        out = np.concatenate([np.einsum("ncpk,ock->nop", p, w) for p, w in parts], 1)
    else:
        parts = zip(np.split(patches, fgc, 1), np.split(kernel, fgc, 0))
        out = np.concatenate([np.einsum("ncpk,ock->nop", p, w) for p, w in parts], 1)
    return out.reshape(out.shape[:2] + tuple(out_spatial))


def np_conv(lhs, rhs, strides, pads, lhs_dil, rhs_dil, dn, fgc=1, bgc=1):
    """Any layout: transpose to NCHW/OIHW with the resolved dimension numbers and back."""
    out = np_conv_nchw(
        lhs.transpose(dn.lhs_spec),
        rhs.transpose(dn.rhs_spec),
        strides,
        pads,
        lhs_dil,
        rhs_dil,
        fgc,
        bgc,
    )
    return out.transpose(np.argsort(dn.out_spec))


_IDENTITY = {np.add: 0.0, np.maximum: -np.inf, np.minimum: np.inf}


def np_reduce_window(x, init, op, window, strides, pads, base=None, wdil=None):
    """XLA's semantics: padding and dilation holes take no part; `init` is folded in once."""
    axes = list(range(x.ndim))
    base = base or [1] * x.ndim
    wdil = wdil or [1] * x.ndim
    identity = _IDENTITY[op]
    x = _pad(_dilate(x.astype(np.float64), axes, base, identity), axes, pads, identity)
    view = _windows(x, axes, window, strides, wdil)
    flat = view.reshape(view.shape[: x.ndim] + (math.prod(window),))
    return op(op.reduce(flat, axis=-1, initial=identity), init)


def same_pads(in_shape, window, strides, lower=False):
    pads = []
    for size, w, s in zip(in_shape, window, strides):
        total = max((-(-size // s) - 1) * s + w - size, 0)
        lo = total - total // 2 if lower else total // 2
        pads.append((lo, total - lo))
    return pads


# ---------------------------------------------------------------------------------------------
# Convolution numerics.


def _conv_case(lhs, rhs, strides, padding, lhs_dil=None, rhs_dil=None, dn=None, fgc=1, bgc=1):
    def f(a, b):
        return lax.conv_general_dilated(
            a,
            b,
            strides,
            padding,
            lhs_dilation=lhs_dil,
            rhs_dilation=rhs_dil,
            dimension_numbers=dn,
            feature_group_count=fgc,
            batch_group_count=bgc,
        )

    got = np.asarray(meshjit.jit(f)(lhs, rhs))
    dnums = conv_dimension_numbers(lhs.shape, rhs.shape, dn)
    nsp = lhs.ndim - 2
    lhs_dil, rhs_dil = lhs_dil or (1,) * nsp, rhs_dil or (1,) * nsp
    if isinstance(padding, str):
        in_sp = [lhs.shape[i] for i in dnums.lhs_spec[2:]]
        k_sp = [(rhs.shape[i] - 1) * d + 1 for i, d in zip(dnums.rhs_spec[2:], rhs_dil)]
        pads = (
            [(0, 0)] * nsp
            if padding == "VALID"
            else same_pads(in_sp, k_sp, strides, lower=padding == "SAME_LOWER")
        )
    else:
        pads = padding
    want = np_conv(lhs, rhs, strides, pads, lhs_dil, rhs_dil, dnums, fgc, bgc)
    assert got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-4)
    return got


@pytest.mark.parametrize("padding", ["VALID", "SAME", "SAME_LOWER", [(1, 2), (0, 1)]])
@pytest.mark.parametrize("strides", [(1, 1), (2, 1), (2, 3)])
def test_conv2d_padding_strides(padding, strides):
    _conv_case(rand(2, 3, 9, 8), rand(4, 3, 3, 2), strides, padding)


@pytest.mark.parametrize(
    "lhs_dil,rhs_dil,padding",
    [
        ((1, 1), (2, 1), "SAME"),
        ((2, 1), (1, 1), [(1, 1), (0, 0)]),
        ((2, 2), (2, 3), [(2, 1), (1, -1)]),
    ],
)
def test_conv2d_dilation(lhs_dil, rhs_dil, padding):
    _conv_case(rand(1, 2, 7, 9), rand(3, 2, 3, 2), (1, 2), padding, lhs_dil, rhs_dil)


@pytest.mark.parametrize(
    "dn,lhs_shape,rhs_shape",
    [
        (("NHWC", "HWIO", "NHWC"), (2, 8, 7, 3), (3, 2, 3, 5)),
        (("NCHW", "OIHW", "NHWC"), (2, 3, 8, 7), (5, 3, 3, 2)),
        (("NWHC", "IOWH", "CNHW"), (2, 7, 8, 3), (3, 5, 2, 3)),
    ],
)
def test_conv2d_layouts(dn, lhs_shape, rhs_shape):
    _conv_case(rand(*lhs_shape), rand(*rhs_shape), (2, 1), "SAME", dn=dn)


def test_conv_dimension_numbers_tuple():
    dn = lax.ConvDimensionNumbers((0, 3, 1, 2), (3, 2, 0, 1), (0, 3, 1, 2))
    _conv_case(rand(2, 8, 7, 3), rand(3, 2, 3, 5), (1, 1), "VALID", dn=dn)


def test_conv_feature_and_batch_groups():
    _conv_case(rand(2, 6, 7, 7), rand(6, 2, 3, 3), (1, 1), "SAME", fgc=3)
    _conv_case(rand(4, 3, 6, 5), rand(6, 3, 2, 2), (1, 1), "VALID", bgc=2)


def test_conv1d_and_3d():
    _conv_case(rand(2, 3, 11), rand(4, 3, 3), (2,), "SAME", rhs_dil=(2,))
    _conv_case(rand(1, 2, 5, 6, 4), rand(3, 2, 2, 3, 2), (1, 2, 1), "SAME")
    _conv_case(
        rand(1, 5, 6, 4, 2), rand(2, 3, 2, 2, 3), (1, 1, 1), "VALID", dn=("NDHWC", "DHWIO", "NDHWC")
    )


def test_conv_and_conv_with_general_padding():
    x, w = rand(2, 3, 6, 6), rand(4, 3, 3, 3)
    got = np.asarray(meshjit.jit(lambda a, b: lax.conv(a, b, (1, 1), "SAME"))(x, w))
    np.testing.assert_allclose(got, _conv_case(x, w, (1, 1), "SAME"), rtol=1e-5, atol=1e-5)
    f = lambda a, b: lax.conv_with_general_padding(a, b, (1, 1), [(1, 1), (2, 0)], (2, 1), (1, 2))
    got = np.asarray(meshjit.jit(f)(x, w))
    want = _conv_case(x, w, (1, 1), [(1, 1), (2, 0)], (2, 1), (1, 2))
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_conv_preferred_element_type_and_jaxpr():
    x, w = rand(1, 2, 4, 4, dtype=ml_dtypes.bfloat16), rand(2, 2, 2, 2, dtype=ml_dtypes.bfloat16)
    f = lambda a, b: lax.conv(a, b, (1, 1), "VALID", preferred_element_type=np.float32)
    out = meshjit.jit(f)(x, w)
    assert out.dtype == np.float32 and out.shape == (1, 2, 3, 3)
    text = str(meshjit.make_jaxpr(f)(x, w))
    assert "conv_general_dilated" in text and "f32[1,2,3,3]" in text


def test_conv_int_eager():
    x = np.arange(16, dtype=np.int32).reshape(1, 1, 4, 4)
    w = np.ones((1, 1, 2, 2), np.int32)
    got = np.asarray(lax.conv(x, w, (2, 2), "VALID"))
    np.testing.assert_array_equal(got[0, 0], [[10, 18], [42, 50]])


@SETTINGS
@given(
    st.integers(1, 2),
    st.integers(1, 3),
    st.integers(1, 3),
    st.lists(
        st.tuples(st.integers(1, 7), st.integers(1, 3), st.integers(1, 2), st.integers(1, 2)),
        min_size=1,
        max_size=2,
    ),
    st.sampled_from(["SAME", "VALID", "SAME_LOWER"]),
)
def test_conv_hypothesis(n, cin, cout, dims, padding):
    sizes, ksizes, strides, rdil = zip(*dims)
    sizes = [max(s, (k - 1) * d + 1) for s, k, d in zip(sizes, ksizes, rdil)]
    _conv_case(rand(n, cin, *sizes), rand(cout, cin, *ksizes), strides, padding, rhs_dil=rdil)


@pytest.mark.parametrize(
    "dn,fgc,bgc",
    [(None, 1, 1), (("NHWC", "HWIO", "NHWC"), 2, 1), (("NCHW", "OIHW", "NCHW"), 1, 2)],
)
def test_conv_vs_jax(dn, fgc, bgc):
    jax = pytest.importorskip("jax")
    if dn and dn[0] == "NHWC":
        x, w = rand(2, 9, 8, 4), rand(3, 2, 2, 6)
    else:
        x, w = rand(4, 3, 9, 8), rand(6, 3, 3, 2)
    kw = {
        "lhs_dilation": (1, 2),
        "rhs_dilation": (2, 1),
        "dimension_numbers": dn,
        "feature_group_count": fgc,
        "batch_group_count": bgc,
    }
    pads = [(1, 2), (0, 1)]
    got = meshjit.jit(lambda a, b: lax.conv_general_dilated(a, b, (2, 1), pads, **kw))(x, w)
    want = jax.lax.conv_general_dilated(x, w, (2, 1), pads, **kw)
    np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=1e-5, atol=1e-5)


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
@pytest.mark.parametrize("axis,reverse", [(0, False), (1, True), (-1, False), (2, True)])
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
    axis = data.draw(st.integers(-len(shape), len(shape) - 1))
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
    assert jnp.cumulative_prod(x, axis=0).dtype == promoted
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


# ---------------------------------------------------------------------------------------------
# meshjit.nn.


def _np_softplus(x):
    return np.logaddexp(x, 0.0)


def _np_logsumexp(x, axis):
    m = np.max(x, axis=axis, keepdims=True)
    m = np.where(np.isfinite(m), m, 0.0)
    return np.squeeze(np.log(np.sum(np.exp(x - m), axis=axis, keepdims=True)) + m, axis)


def _np_softmax(x, axis=-1):
    e = np.exp(x - np.max(x, axis=axis, keepdims=True))
    return e / np.sum(e, axis=axis, keepdims=True)


def _np_erf(x):
    return np.vectorize(math.erf)(x)


NN_REFERENCES = {
    "relu": lambda x: np.maximum(x, 0),
    "relu6": lambda x: np.clip(x, 0, 6),
    "gelu": lambda x: 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3))),
    "sigmoid": lambda x: 1 / (1 + np.exp(-x)),
    "silu": lambda x: x / (1 + np.exp(-x)),
    "swish": lambda x: x / (1 + np.exp(-x)),
    "softplus": _np_softplus,
    "log_sigmoid": lambda x: -_np_softplus(-x),
    "softmax": _np_softmax,
    "log_softmax": lambda x: np.log(_np_softmax(x)),
    "logsumexp": lambda x: _np_logsumexp(x, None),
    "elu": lambda x: np.where(x > 0, x, np.expm1(np.minimum(x, 0))),
    "leaky_relu": lambda x: np.where(x >= 0, x, 0.01 * x),
    "hard_tanh": lambda x: np.clip(x, -1, 1),
    "standardize": lambda x: (
        (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + 1e-5)
    ),
}

_TOLERANCE = {np.float32: 2e-5, ml_dtypes.bfloat16: 3e-2, np.float16: 4e-3}


@pytest.mark.parametrize("dtype", [np.float32, ml_dtypes.bfloat16, np.float16], ids=str)
@pytest.mark.parametrize("name", sorted(NN_REFERENCES))
def test_nn_functions(name, dtype):
    x = (rand(4, 6) * 3).astype(dtype)
    out = meshjit.jit(getattr(nn, name))(x)
    assert out.dtype == np.dtype(dtype)
    want = NN_REFERENCES[name](x.astype(np.float64))
    tol = _TOLERANCE[dtype]
    scale = 1.0 if name != "logsumexp" else 5.0
    np.testing.assert_allclose(
        np.asarray(out, np.float64), want, rtol=tol * scale, atol=tol * scale
    )


def test_gelu_exact():
    x = rand(50) * 3
    got = np.asarray(meshjit.jit(lambda a: nn.gelu(a, approximate=False))(x))
    np.testing.assert_allclose(got, 0.5 * x * (1 + _np_erf(x / np.sqrt(2))), rtol=1e-5, atol=1e-6)


def test_softmax_axes_and_infinities():
    x = rand(3, 4, 5)
    x[0, 1, :] = -np.inf
    x[1, 2, 3] = -np.inf
    for axis in (0, 1, -1):
        got = np.asarray(meshjit.jit(lambda a, ax=axis: nn.softmax(a, axis=ax))(x[1:]))
        np.testing.assert_allclose(got, _np_softmax(x[1:], axis), rtol=1e-5, atol=1e-6)
    got = np.asarray(meshjit.jit(lambda a: nn.logsumexp(a, axis=-1))(x))
    assert got[0, 1] == -np.inf
    with np.errstate(divide="ignore"):
        np.testing.assert_allclose(got, _np_logsumexp(x, -1), rtol=1e-5)
    big = np.array([1e30, 1e30, -1e30], np.float32)
    np.testing.assert_allclose(np.asarray(nn.logsumexp(big)), 1e30 + np.log(2), rtol=1e-6)
    np.testing.assert_allclose(np.asarray(nn.log_softmax(big))[:2], -np.log(2), rtol=1e-6)


def test_logsumexp_b_keepdims_return_sign():
    a, b = rand(3, 4), rand(3, 4)
    out, sign = meshjit.jit(lambda a, b: nn.logsumexp(a, axis=1, b=b, return_sign=True))(a, b)
    total = np.sum(b * np.exp(a), axis=1)
    np.testing.assert_allclose(np.asarray(out), np.log(np.abs(total)), rtol=1e-5)
    np.testing.assert_array_equal(np.asarray(sign), np.sign(total))
    kept = meshjit.jit(lambda a: nn.logsumexp(a, axis=(0, 1), keepdims=True))(a)
    assert kept.shape == (1, 1)
    np.testing.assert_allclose(np.asarray(kept)[0, 0], np.log(np.exp(a).sum()), rtol=1e-5)


def test_one_hot():
    idx = np.array([[0, 2], [3, -1]], np.int32)
    out = meshjit.jit(lambda i: nn.one_hot(i, 3))(idx)
    assert out.dtype == np.float32 and out.shape == (2, 2, 3)
    np.testing.assert_array_equal(
        np.asarray(out), (idx[..., None] == np.arange(3)).astype(np.float32)
    )
    out = nn.one_hot(idx, 4, dtype=jnp.int32, axis=0)
    assert out.shape == (4, 2, 2) and out.dtype == np.int32
    np.testing.assert_array_equal(
        np.asarray(out), np.moveaxis(idx[..., None] == np.arange(4), -1, 0)
    )


@pytest.mark.parametrize("dtype", [np.float32, ml_dtypes.bfloat16, np.float16], ids=str)
@pytest.mark.parametrize(
    "name",
    [
        "relu",
        "relu6",
        "gelu",
        "sigmoid",
        "silu",
        "softplus",
        "log_sigmoid",
        "softmax",
        "log_softmax",
        "logsumexp",
        "elu",
        "celu",
        "selu",
        "leaky_relu",
        "hard_tanh",
        "hard_sigmoid",
        "hard_silu",
        "soft_sign",
        "glu",
        "standardize",
    ],
)
def test_nn_vs_jax(name, dtype):
    jax = pytest.importorskip("jax")
    x = (rand(4, 6) * 3).astype(dtype)
    got = np.asarray(meshjit.jit(getattr(nn, name))(x), np.float64)
    want = np.asarray(getattr(jax.nn, name)(x), np.float64)
    tol = _TOLERANCE[dtype] * (5.0 if name == "logsumexp" else 1.0)
    np.testing.assert_allclose(got, want, rtol=tol, atol=tol)


# ---------------------------------------------------------------------------------------------
# Errors.


def test_conv_feature_mismatch():
    with pytest.raises(meshjit.MeshjitTypeError, match="feature dimension mismatch"):
        meshjit.jit(lambda a, b: lax.conv(a, b, (1, 1), "SAME"))(rand(1, 3, 4, 4), rand(2, 4, 3, 3))


def test_conv_rank_mismatch():
    with pytest.raises(meshjit.MeshjitTypeError, match="same rank"):
        lax.conv(rand(1, 3, 4, 4), rand(2, 3, 3), (1, 1), "SAME")


@pytest.mark.parametrize(
    "dn,match",
    [
        (("NCHW", "OIHW", "NCHX"), "different spatial dimensions"),
        (("NCH", "OIHW", "NCHW"), "has 3 letters"),
        (("NNHW", "OIHW", "NCHW"), "exactly once"),
        (("NCHW", "OIHW"), "three entries"),
        (((0, 1, 2, 2), (0, 1, 2, 3), (0, 1, 2, 3)), "not a permutation"),
    ],
)
def test_conv_bad_dimension_numbers(dn, match):
    with pytest.raises(meshjit.MeshjitError, match=match):
        lax.conv_general_dilated(
            rand(1, 3, 4, 4), rand(2, 3, 3, 3), (1, 1), "SAME", dimension_numbers=dn
        )


@pytest.mark.parametrize(
    "kwargs,match",
    [
        ({"window_strides": (1,)}, "window_strides"),
        ({"padding": "FULL"}, "unknown padding 'FULL'"),
        ({"padding": [(1, 1)]}, "padding .* has 1 entries"),
        ({"feature_group_count": 2}, "feature"),
        ({"rhs_dilation": (0, 1)}, "rhs_dilation must be positive"),
        ({"lhs_dilation": (2, 1)}, "lhs_dilation"),
    ],
)
def test_conv_bad_params(kwargs, match):
    args = {"window_strides": (1, 1), "padding": "SAME"}
    args.update(kwargs)
    with pytest.raises(meshjit.MeshjitError, match=match):
        lax.conv_general_dilated(rand(1, 4, 4, 4), rand(2, 4, 3, 3), **args)


def test_reduce_window_bad_window_rank():
    with pytest.raises(meshjit.MeshjitValueError, match=r"f32\[4,4\]: window_dimensions \(2,\)"):
        meshjit.jit(lambda a: lax.reduce_window(a, 0.0, lax.add, (2,), (1,), "VALID"))(rand(4, 4))
    with pytest.raises(meshjit.MeshjitValueError, match="window_strides"):
        lax.reduce_window_max(rand(4, 4), (2, 2), (1,), "VALID")


def test_reduce_window_unsupported_computation():
    with pytest.raises(meshjit.MeshjitTypeError, match="unsupported computation mul"):
        lax.reduce_window(rand(4, 4), 1.0, lax.mul, (2, 2), (1, 1), "VALID")
    with pytest.raises(meshjit.MeshjitTypeError, match="unsupported computation"):
        lax.reduce_window(rand(4, 4), 0.0, lambda a, b: a + b, (2, 2), (1, 1), "VALID")


def test_cumulative_errors():
    with pytest.raises(meshjit.MeshjitValueError, match="axis 2 is out of range"):
        lax.cumsum(rand(3, 4), axis=2)
    with pytest.raises(meshjit.MeshjitTypeError, match="floating or integer"):
        lax.cummax(np.ones(3, np.bool_))
    with pytest.raises(meshjit.MeshjitValueError, match="axis must be given"):
        jnp.cumulative_sum(rand(3, 4))


def test_nn_errors():
    with pytest.raises(meshjit.MeshjitTypeError, match="num_classes"):
        nn.one_hot(np.arange(3), -1)
    with pytest.raises(meshjit.MeshjitTypeError, match="must be even"):
        nn.glu(rand(2, 3))
