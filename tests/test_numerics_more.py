"""The extra elementwise math and NaN-aware reductions (numpy_math, lax_extra) under jit, against
NumPy; dtypes and weak types against jax.numpy; derivatives with check_grads.

Each jitted function evaluates many ops at once, since every distinct shape/dtype compiles.
"""

import warnings

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from meshjit.test_util import check_grads

bf16 = np.dtype(ml_dtypes.bfloat16)
f16, f32 = np.dtype(np.float16), np.dtype(np.float32)
i32, i8, u8 = np.dtype(np.int32), np.dtype(np.int8), np.dtype(np.uint8)
bool_ = np.dtype(np.bool_)

FLOATS = [f32, bf16, f16]
# rtol/atol of a transcendental result in that dtype (XLA and NumPy use other approximations).
TOL = {f32: (3e-5, 3e-6), bf16: (2e-2, 1e-2), f16: (4e-3, 2e-3)}
SETTINGS = settings(max_examples=8, deadline=None)
SHAPES = st.sampled_from([(), (5,), (2, 3)])


def reference(fn, *xs):
    """NumPy's answer, computed in float32 for low-precision floats and small integers (NumPy
    would use float16 for int8, JAX uses float32), as given otherwise."""
    up = [x.astype(f32) if x.dtype in (bf16, f16, np.int8, np.uint8) else x for x in xs]
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)
        return np.asarray(fn(*up))


def assert_close(ours, expected, dtype, what=""):
    rtol, atol = TOL.get(dtype, TOL[f32])
    np.testing.assert_allclose(
        np.asarray(ours).astype(np.float64),
        np.asarray(expected).astype(np.float64),
        rtol=rtol,
        atol=atol,
        equal_nan=True,
        err_msg=what,
    )


def in_domain(u, dtype, lo, hi):
    """`u` in [0, 1) mapped onto [lo, hi], in `dtype` (integers are rounded)."""
    x = lo + (hi - lo) * u.astype(np.float64)
    return np.round(x).astype(dtype) if dtype in (i32, i8) else x.astype(dtype)


# ---------------------------------------------------------------------------------------------
# Unary elementwise math against NumPy.

# name -> (NumPy function, domain)
UNARY = {
    "arccos": (np.arccos, (-0.95, 0.95)),
    "arcsin": (np.arcsin, (-0.95, 0.95)),
    "arctan": (np.arctan, (-5, 5)),
    "arccosh": (np.arccosh, (1.05, 6)),
    "arcsinh": (np.arcsinh, (-5, 5)),
    "arctanh": (np.arctanh, (-0.9, 0.9)),
    "sinh": (np.sinh, (-4, 4)),
    "cosh": (np.cosh, (-4, 4)),
    "exp2": (np.exp2, (-6, 6)),
    "log2": (np.log2, (0.1, 50)),
    "log10": (np.log10, (0.1, 50)),
    "fabs": (np.fabs, (-5, 5)),
    "deg2rad": (np.deg2rad, (-360, 360)),
    "rad2deg": (np.rad2deg, (-4, 4)),
    "degrees": (np.degrees, (-4, 4)),
    "radians": (np.radians, (-360, 360)),
    "sinc": (np.sinc, (-3, 3)),
    "trunc": (np.trunc, (-9, 9)),
    "rint": (np.rint, (-9, 9)),
    "around": (np.around, (-9, 9)),
    "signbit": (np.signbit, (-5, 5)),
    "isnan": (np.isnan, (-5, 5)),
    "isinf": (np.isinf, (-5, 5)),
    "nan_to_num": (np.nan_to_num, (-5, 5)),
    "copy": (np.copy, (-5, 5)),
    "conj": (np.conj, (-5, 5)),
}
# Inverse functions that are ill-conditioned near the domain edge: integer inputs hit the edge.
_NOT_FOR_INTS = {"arccos", "arcsin", "arctanh", "arccosh"}


@SETTINGS
@given(st.sampled_from(FLOATS + [i32, i8]), SHAPES, st.data())
def test_unary_math_matches_numpy(dtype, shape, data):
    u = data.draw(hnp.arrays(f32, shape, elements=st.floats(0, 1, width=32)))
    names = [n for n in UNARY if dtype in FLOATS or n not in _NOT_FOR_INTS]
    inputs = {n: in_domain(u, dtype, *UNARY[n][1]) for n in names}
    out = meshjit.jit(lambda d: {n: getattr(jnp, n)(d[n]) for n in d})(inputs)
    for n in names:
        assert_close(out[n], reference(UNARY[n][0], inputs[n]), dtype, n)


SPECIALS = np.array([0.0, -0.0, 1.5, -2.5, 0.5, -0.5, np.inf, -np.inf, np.nan, 6.0e4], f32)


@pytest.mark.parametrize("dtype", FLOATS)
def test_special_values_match_numpy(dtype):
    x = SPECIALS.astype(dtype)
    names = ["isnan", "isinf", "isposinf", "isneginf", "signbit", "trunc", "rint", "fabs"]
    out = meshjit.jit(lambda v: {n: getattr(jnp, n)(v) for n in names})(x)
    for n in names:
        expected = reference(getattr(np, n), x)
        assert np.array_equal(np.asarray(out[n], expected.dtype), expected, equal_nan=True), n
    got = meshjit.jit(lambda v: jnp.nan_to_num(v, nan=7.0, posinf=1.0, neginf=-2.0))(x)
    expected = np.nan_to_num(x.astype(f32), nan=7.0, posinf=1.0, neginf=-2.0).astype(dtype)
    np.testing.assert_array_equal(np.asarray(got), expected)
    big = ml_dtypes.finfo(dtype)
    np.testing.assert_array_equal(
        np.asarray(jnp.nan_to_num(x))[6:8], np.array([big.max, big.min], dtype)
    )


def test_sinc_at_zero_and_integers():
    x = np.array([0.0, 1.0, -2.0, 0.5], f32)
    np.testing.assert_allclose(np.asarray(meshjit.jit(jnp.sinc)(x)), np.sinc(x), atol=1e-7)


# ---------------------------------------------------------------------------------------------
# Binary elementwise math against NumPy.


def _signed(u, lo, hi):
    return np.where(u > 0.5, 1.0, -1.0) * (lo + (hi - lo) * np.abs(2 * u - 1))


BINARY = {
    "hypot": (np.hypot, lambda u, v: (8 * u - 4, 8 * v - 4)),
    "logaddexp": (np.logaddexp, lambda u, v: (20 * u - 10, 20 * v - 10)),
    "fmod": (np.fmod, lambda u, v: (20 * u - 10, _signed(v, 0.5, 4))),
    "heaviside": (np.heaviside, lambda u, v: (np.round(4 * u - 2), v)),
    "float_power": (np.float_power, lambda u, v: (0.2 + 3 * u, 4 * v - 2)),
    "fmax": (np.fmax, lambda u, v: (np.where(u < 0.2, np.nan, u), np.where(v > 0.8, np.nan, v))),
    "fmin": (np.fmin, lambda u, v: (np.where(u < 0.2, np.nan, u), np.where(v > 0.8, np.nan, v))),
}


@SETTINGS
@given(st.sampled_from(FLOATS), SHAPES, st.data())
def test_binary_math_matches_numpy(dtype, shape, data):
    unit = hnp.arrays(f32, shape, elements=st.floats(0, 1, width=32))
    u, v = data.draw(unit), data.draw(unit)
    inputs = {n: tuple(a.astype(dtype) for a in make(u, v)) for n, (_, make) in BINARY.items()}
    out = meshjit.jit(lambda d: {n: getattr(jnp, n)(*d[n]) for n in d})(inputs)
    for n, (fn, _) in BINARY.items():
        expected = reference(fn, *inputs[n])
        if n == "fmod":  # a quotient near an integer may round either way in low precision
            rtol, atol = TOL[dtype]
            divisor = inputs[n][1].astype(np.float64)
            diff = np.abs(np.asarray(out[n], np.float64) - expected)
            assert np.all((diff <= atol * 10) | (np.abs(diff - np.abs(divisor)) <= 0.05)), n
            continue
        assert_close(out[n], expected, dtype, n)


@pytest.mark.parametrize("dtype", [i32, i8, u8])
def test_integer_fmod_and_signbit(dtype):
    x = np.array([7, 0, 5, 100, 3, 1], dtype)
    y = np.array([3, 4, 0, 7, 1, 2], dtype)
    if dtype != u8:
        x[0], y[3] = -7, -7
    got = meshjit.jit(jnp.fmod)(x, y)
    with np.errstate(all="ignore"):
        np.testing.assert_array_equal(np.asarray(got), np.where(y == 0, 0, np.fmod(x, y)))
    np.testing.assert_array_equal(np.asarray(meshjit.jit(jnp.signbit)(x)), np.signbit(x))


# ---------------------------------------------------------------------------------------------
# Comparisons.


def test_isclose_allclose_array_equal_match_numpy():
    a = np.array([1.0, 1e6, np.inf, -np.inf, np.nan, 0.0, 1e-9], f32)
    b = np.array([1.0 + 1e-6, 1.0001e6, np.inf, np.inf, np.nan, 1e-9, 0.0], f32)

    def f(a, b):
        return (
            jnp.isclose(a, b),
            jnp.isclose(a, b, equal_nan=True),
            jnp.isclose(a, b, rtol=0.0, atol=1e-3),
            jnp.allclose(a, b),
            jnp.allclose(a[:2], b[:2], rtol=1e-3),
            jnp.allclose(a, a, equal_nan=True),
            jnp.array_equal(a, a),
            jnp.array_equal(a, a, equal_nan=True),
            jnp.array_equal(a[:3], a[:3]),
            jnp.array_equal(a, a[:3]),
        )

    got = meshjit.jit(f)(a, b)
    expected = (
        np.isclose(a, b),
        np.isclose(a, b, equal_nan=True),
        np.isclose(a, b, rtol=0.0, atol=1e-3),
        np.allclose(a, b),
        np.allclose(a[:2], b[:2], rtol=1e-3),
        np.allclose(a, a, equal_nan=True),
        np.array_equal(a, a),
        np.array_equal(a, a, equal_nan=True),
        np.array_equal(a[:3], a[:3]),
        np.array_equal(a, a[:3]),
    )
    for i, (ours, theirs) in enumerate(zip(got, expected)):
        assert np.asarray(ours).dtype == bool_, i
        np.testing.assert_array_equal(np.asarray(ours), theirs, err_msg=str(i))
    assert jnp.isclose(np.int32(3), 3.0000001)


# ---------------------------------------------------------------------------------------------
# NaN-aware and other reductions.

AXES = st.sampled_from([None, 0, -1, (0, 1)])


@SETTINGS
@given(st.sampled_from(FLOATS + [i32]), AXES, st.booleans(), st.data())
def test_reductions_match_numpy(dtype, axis, keepdims, data):
    x = data.draw(hnp.arrays(f32, (3, 4), elements=st.floats(-8, 8, width=32)))
    x = in_domain((x + 8) / 16, dtype, -8, 8)
    if dtype in FLOATS:
        x[data.draw(hnp.arrays(bool_, (3, 4)))] = np.nan
        x[0] = np.nan  # a row of NaNs
    w = (np.arange(12).reshape(3, 4) % 5 + 1).astype(dtype)
    kw = {"axis": axis, "keepdims": keepdims}

    def f(x, w):
        return {
            "nansum": jnp.nansum(x, **kw),
            "nanmean": jnp.nanmean(x, **kw),
            "nanmax": jnp.nanmax(x, **kw),
            "nanmin": jnp.nanmin(x, **kw),
            "count_nonzero": jnp.count_nonzero(x, **kw),
            "ptp": jnp.ptp(x, **kw),
            "average": jnp.average(x, axis=axis, weights=w, keepdims=keepdims),
        }

    out = meshjit.jit(f)(x, w)
    expected = {
        "nansum": reference(lambda a: np.nansum(a, **kw), x),
        "nanmean": reference(lambda a: np.nanmean(a, **kw), x),
        "nanmax": reference(lambda a: np.nanmax(a, **kw), x),
        "nanmin": reference(lambda a: np.nanmin(a, **kw), x),
        "count_nonzero": reference(lambda a: np.count_nonzero(a, **kw), x),
        "ptp": reference(lambda a: np.ptp(a, **kw), x),
        "average": reference(
            lambda a, w: np.average(a, axis=axis, weights=w, keepdims=keepdims), x, w
        ),
    }
    for n, value in expected.items():
        assert np.shape(out[n]) == np.shape(value), n
        rtol, atol = TOL.get(dtype, TOL[f32])
        scale = 12 if n in ("nansum", "average", "nanmean") else 1  # accumulated roundings
        np.testing.assert_allclose(
            np.asarray(out[n], np.float64),
            np.asarray(value, np.float64),
            rtol=rtol * scale,
            atol=atol * scale,
            equal_nan=True,
            err_msg=n,
        )


def test_average_weights_along_an_axis_and_returned():
    x = np.arange(12.0, dtype=f32).reshape(3, 4)
    w = np.array([1.0, 2.0, 3.0, 4.0], f32)
    avg, total = meshjit.jit(lambda x, w: jnp.average(x, axis=1, weights=w, returned=True))(x, w)
    e_avg, e_total = np.average(x, axis=1, weights=w, returned=True)
    np.testing.assert_allclose(np.asarray(avg), e_avg, rtol=1e-6)
    np.testing.assert_allclose(np.asarray(total), e_total)
    avg, total = jnp.average(x, returned=True)
    assert float(avg) == 5.5 and float(total) == 12.0
    with pytest.raises(meshjit.MeshjitValueError, match="axis"):
        jnp.average(x, weights=w)


# ---------------------------------------------------------------------------------------------
# lax_extra against NumPy.


@SETTINGS
@given(st.sampled_from(FLOATS), SHAPES, st.data())
def test_lax_extra_float_ops_match_numpy(dtype, shape, data):
    u = data.draw(hnp.arrays(f32, shape, elements=st.floats(0, 1, width=32)))
    x = in_domain(u, dtype, -0.9, 0.9)
    up = in_domain(u, dtype, 0.5, 4)

    def f(x, up):
        return (
            lax.acos(x),
            lax.asin(x),
            lax.atan(x),
            lax.acosh(up + 1),
            lax.asinh(x),
            lax.atanh(x),
            lax.sinh(x),
            lax.cosh(x),
            lax.exp2(x),
            lax.erf(lax.erf_inv(x)),
            lax.nextafter(up, up + 1) - up,
            lax.nextafter(up, -up),
        )

    got = meshjit.jit(f)(x, up)
    xf, upf = x.astype(f32), up.astype(f32)
    expected = [
        np.arccos(xf),
        np.arcsin(xf),
        np.arctan(xf),
        np.arccosh(upf + 1),
        np.arcsinh(xf),
        np.arctanh(xf),
        np.sinh(xf),
        np.cosh(xf),
        np.exp2(xf),
        xf,
    ]
    for i, (ours, theirs) in enumerate(zip(got, expected)):
        assert np.asarray(ours).dtype == dtype
        assert_close(ours, theirs, dtype, str(i))
    np.testing.assert_array_equal(np.asarray(got[10]), np.spacing(up))
    np.testing.assert_array_equal(np.asarray(got[11]), np.nextafter(up, -up))


@pytest.mark.parametrize("dtype", [i32, i8, u8])
def test_shifts_match_numpy(dtype):
    bits = dtype.itemsize * 8
    x = np.array(np.iinfo(dtype).min + np.arange(0, 250, 31), dtype)
    s = (np.arange(x.size) % bits).astype(dtype)
    left, arith, logical = meshjit.jit(
        lambda x, s: (
            lax.shift_left(x, s),
            lax.shift_right_arithmetic(x, s),
            lax.shift_right_logical(x, s),
        )
    )(x, s)
    signed, unsigned = np.dtype(f"int{bits}"), np.dtype(f"uint{bits}")
    np.testing.assert_array_equal(np.asarray(left), np.left_shift(x, s))
    # Arithmetic shifts fill with the sign bit, also of unsigned types (as in XLA and JAX).
    expected = np.right_shift(x.view(signed), s.astype(signed)).view(dtype)
    np.testing.assert_array_equal(np.asarray(arith), expected)
    expected = np.right_shift(x.view(unsigned), s.astype(unsigned)).view(dtype)
    np.testing.assert_array_equal(np.asarray(logical), expected)


@pytest.mark.parametrize(
    "src, dst", [(f32, i32), (i32, f32), (f32, u8), (bf16, np.dtype(np.int16)), (u8, f16)]
)
def test_bitcast_convert_type_matches_view(src, dst):
    x = np.arange(1, 9).reshape(2, 4).astype(src)
    if src.itemsize < dst.itemsize:
        x = x.reshape(-1, dst.itemsize // src.itemsize)
    got = meshjit.jit(lambda v: lax.bitcast_convert_type(v, dst))(x)
    expected = x.view(dst)
    if src.itemsize != dst.itemsize:
        expected = expected.reshape(np.asarray(got).shape)
    assert np.asarray(got).dtype == dst
    np.testing.assert_array_equal(np.asarray(got).view(np.uint8), expected.view(np.uint8))


def test_bitcast_convert_type_rejects_a_mismatched_last_dimension():
    with pytest.raises(meshjit.MeshjitTypeError, match="last dimension"):
        meshjit.jit(lambda v: lax.bitcast_convert_type(v, np.float32))(np.zeros((3,), u8))


# ---------------------------------------------------------------------------------------------
# Dtypes and weak types against jax.numpy.

UNARY_NAMES = [
    "arccos",
    "arcsin",
    "arctan",
    "arccosh",
    "arcsinh",
    "arctanh",
    "sinh",
    "cosh",
    "exp2",
    "log2",
    "log10",
    "isnan",
    "isinf",
    "nan_to_num",
    "trunc",
    "rint",
    "around",
    "signbit",
    "sinc",
    "deg2rad",
    "rad2deg",
    "degrees",
    "radians",
    "copy",
    "conj",
    "empty_like",
    "fabs",
]
BINARY_NAMES = [
    "isclose",
    "allclose",
    "array_equal",
    "hypot",
    "logaddexp",
    "fmod",
    "heaviside",
    "float_power",
    "fmax",
    "fmin",
]
REDUCTION_NAMES = ["nansum", "nanmean", "nanmax", "nanmin", "count_nonzero", "average", "ptp"]


def _types_of(module, tree):
    return {k: (np.dtype(v.dtype), bool(v.weak_type)) for k, v in tree.items()}


def _all_ops(m, x, y):
    out = {n: getattr(m, n)(x) for n in UNARY_NAMES}
    out.update({n: getattr(m, n)(x, y) for n in BINARY_NAMES})
    if np.ndim(x):
        out.update({n: getattr(m, n)(x) for n in REDUCTION_NAMES})
    return out


@pytest.mark.parametrize(
    "x, y",
    [
        (np.arange(1, 5).astype(i8), np.arange(1, 5).astype(i8)),
        (np.arange(1, 5).astype(u8), 2),
        (np.arange(1, 5).astype(bf16), np.arange(1, 5).astype(f16)),
        (np.arange(1, 5).astype(f16), 0.5),
        (np.arange(1, 5).astype(f32), np.arange(1, 5).astype(i32)),
        (1.5, 2.5),
        (3, 2),
    ],
    ids=["i8,i8", "u8,weak", "bf16,f16", "f16,weak", "f32,i32", "weak_f", "weak_i"],
)
def test_dtypes_and_weak_types_match_jax(x, y):
    jax = pytest.importorskip("jax")
    ours = meshjit.jit(lambda x, y: _all_ops(jnp, x, y))(x, y)
    theirs = jax.jit(lambda x, y: _all_ops(jax.numpy, x, y))(x, y)
    assert _types_of(jnp, ours) == _types_of(jax.numpy, theirs)


# ---------------------------------------------------------------------------------------------
# Derivatives.

DIFFERENTIABLE = {
    "arccos": (-0.7, 0.7),
    "arcsin": (-0.7, 0.7),
    "arctan": (-2, 2),
    "arccosh": (1.5, 3),
    "arcsinh": (-2, 2),
    "arctanh": (-0.7, 0.7),
    "sinh": (-2, 2),
    "cosh": (-2, 2),
    "exp2": (-2, 2),
    "log2": (0.5, 3),
    "log10": (0.5, 3),
    "deg2rad": (-2, 2),
    "rad2deg": (-2, 2),
    "sinc": (0.2, 1.7),
    "fabs": (0.5, 2),
    "nansum": (-2, 2),
    "nanmean": (-2, 2),
    "nanmax": (-2, 2),
    "ptp": (-2, 2),
    "average": (-2, 2),
}


def _sample(lo, hi, n=4):
    return np.linspace(lo, hi, n, dtype=np.float64).astype(f32) + np.float32(0.013)


@pytest.mark.parametrize("name", sorted(DIFFERENTIABLE))
def test_grads(name):
    fn = getattr(jnp, name)
    check_grads(fn, (_sample(*DIFFERENTIABLE[name]),), order=2, rtol=2e-2, atol=2e-2)


@pytest.mark.parametrize("name", ["acos", "asin", "atan", "asinh", "atanh", "erf_inv"])
def test_lax_grads(name):
    check_grads(getattr(lax, name), (_sample(-0.6, 0.6),), order=2, rtol=2e-2, atol=2e-2)


def test_lax_acosh_grads():
    check_grads(lax.acosh, (_sample(1.5, 3),), order=2, rtol=2e-2, atol=2e-2)


@pytest.mark.parametrize("name", ["hypot", "logaddexp", "float_power", "fmax", "heaviside"])
def test_binary_grads(name):
    x, y = _sample(0.5, 2), _sample(0.7, 1.3)[::-1].copy()
    check_grads(getattr(jnp, name), (x, y), order=2, rtol=2e-2, atol=2e-2)


def test_sinc_derivatives_at_zero_match_jax():
    jax = pytest.importorskip("jax")
    ours = meshjit.grad(meshjit.grad(jnp.sinc))(0.0)
    theirs = jax.grad(jax.grad(jax.numpy.sinc))(0.0)
    np.testing.assert_allclose(float(ours), float(theirs), rtol=1e-5)
    assert float(meshjit.grad(jnp.sinc)(0.0)) == 0.0


def test_stop_gradient_zeroes_gradients():
    x = np.array([1.0, -2.0, 3.0], f32)
    g = meshjit.grad(lambda v: jnp.sum(v * lax.stop_gradient(v)))(x)
    np.testing.assert_allclose(np.asarray(g), x)
    g = meshjit.jit(meshjit.grad(lambda v: jnp.sum(lax.stop_gradient(v) ** 2)))(x)
    np.testing.assert_array_equal(np.asarray(g), np.zeros_like(x))
    tree = lax.stop_gradient({"a": x, "b": (x, 2.0)})
    np.testing.assert_array_equal(np.asarray(tree["b"][0]), x)
    _, tangent = meshjit.jvp(lax.stop_gradient, (x,), (np.ones_like(x),))
    np.testing.assert_array_equal(np.asarray(tangent), np.zeros_like(x))


def test_non_differentiable_ops_have_zero_tangents():
    x = np.array([1.0, -2.0, 3.0], f32)

    def f(v):
        bits = lax.bitcast_convert_type(v, np.int32)
        shifted = lax.shift_right_logical(bits, 1)
        return jnp.sum(lax.nextafter(v, v + 1)) + jnp.sum(shifted.astype(f32)) * 0.0

    np.testing.assert_array_equal(np.asarray(meshjit.grad(f)(x)), np.zeros_like(x))
