"""Numerics of meshjit.numpy and meshjit.lax under jit, against NumPy (and JAX when installed).

Every distinct shape/dtype compiles an XLA executable, so each example checks many ops at once.
"""

import ml_dtypes
import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from meshjit.test_util import check_grads

bf16 = np.dtype(ml_dtypes.bfloat16)
f16, f32 = np.dtype(np.float16), np.dtype(np.float32)
i32, i8, u8, u32 = np.dtype(np.int32), np.dtype(np.int8), np.dtype(np.uint8), np.dtype(np.uint32)
bool_ = np.dtype(np.bool_)

FLOATS = [f32, bf16, f16]
INTS = [i32, i8, u8]
ALL = FLOATS + INTS + [bool_]
LOW_PRECISION = (bf16, f16)

# rtol/atol for one rounding of a result in that dtype (XLA and NumPy may differ by an ulp).
TOL = {f32: (2e-6, 1e-6), bf16: (1.6e-2, 1e-2), f16: (2e-3, 1e-3)}
# ... and for transcendental functions (different polynomial approximations).
TRANSCENDENTAL_TOL = {f32: (2e-5, 2e-6), bf16: (2e-2, 1e-2), f16: (4e-3, 2e-3)}

SETTINGS = settings(max_examples=25, deadline=None)
FEW = settings(max_examples=12, deadline=None)


def is_float(dtype):
    return dtype in FLOATS


def values(dtype, shape, lo=-4.0, hi=4.0):
    """A strategy of arrays of `dtype` with bounded values (floats are drawn in float32)."""
    if dtype == bool_:
        return hnp.arrays(bool_, shape)
    if is_float(dtype):
        lo, hi = float(np.float32(lo)), float(np.float32(hi))
        elems = st.floats(
            lo, hi, width=32, allow_nan=False, allow_infinity=False, allow_subnormal=False
        )
        return hnp.arrays(f32, shape, elements=elems).map(lambda a: a.astype(dtype))
    info = np.iinfo(dtype)
    elems = st.integers(max(int(lo * 25), info.min), min(int(hi * 25), info.max))
    return hnp.arrays(dtype, shape, elements=elems)


def reference(fn, *xs, dtype=None):
    """NumPy's answer; low-precision floats are computed in float32 and rounded once."""
    up = [x.astype(f32) if x.dtype in LOW_PRECISION else x for x in xs]
    out = np.asarray(fn(*up))
    return out.astype(dtype) if dtype is not None else out


def host(x) -> np.ndarray:
    """The value of `x` on the host."""
    return np.asarray(x)


def assert_close(actual, expected, dtype=None, tol=TOL, scale=1.0):
    actual = host(actual)
    expected = np.asarray(expected)
    assert actual.shape == expected.shape, (actual.shape, expected.shape)
    if dtype is not None:
        assert actual.dtype == dtype, (actual.dtype, dtype)
    if actual.dtype in tol:
        rtol, atol = tol[actual.dtype]
        np.testing.assert_allclose(
            actual.astype(np.float64),
            expected.astype(np.float64),
            rtol=rtol * scale,
            atol=atol * scale,
        )
    else:
        np.testing.assert_array_equal(actual, expected.astype(actual.dtype))


dtype_st = st.sampled_from(ALL)
two_shapes = hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=3, max_side=4)
shape_st = hnp.array_shapes(min_dims=0, max_dims=3, min_side=1, max_side=4)


@pytest.mark.parametrize("shape", [(), (2,)])
def test_bfloat16_to_numpy(shape):
    out = meshjit.jit(lambda a: a + a)(np.ones(shape, bf16))
    value = np.asarray(out)
    assert value.dtype == bf16 and value.shape == shape
    np.testing.assert_array_equal(value.astype(f32), np.full(shape, 2.0, f32))


# ---------------------------------------------------------------------------------------------
# Elementwise binary ops and operators, with broadcasting.


def _binary_ops(dtype):
    ops = {
        "add": (jnp.add, np.add),
        "+": (lambda x, y: x + y, np.add),
        "multiply": (jnp.multiply, np.multiply),
        "*": (lambda x, y: x * y, np.multiply),
        "maximum": (jnp.maximum, np.maximum),
        "minimum": (jnp.minimum, np.minimum),
        "==": (lambda x, y: x == y, np.equal),
        "!=": (lambda x, y: x != y, np.not_equal),
        "<": (lambda x, y: x < y, np.less),
        "<=": (jnp.less_equal, np.less_equal),
        ">": (lambda x, y: x > y, np.greater),
        ">=": (jnp.greater_equal, np.greater_equal),
    }
    if dtype != bool_:
        ops["subtract"] = (jnp.subtract, np.subtract)
        ops["-"] = (lambda x, y: x - y, np.subtract)
    return ops


@SETTINGS
@given(st.data(), dtype_st, two_shapes)
def test_binary_elementwise(data, dtype, shapes):
    (sx, sy), _ = shapes
    x = data.draw(values(dtype, sx), label="x")
    y = data.draw(values(dtype, sy), label="y")
    ops = _binary_ops(dtype)
    out = meshjit.jit(lambda a, b: {k: f(a, b) for k, (f, _) in ops.items()})(x, y)
    for name, (_, np_fn) in ops.items():
        expected = reference(np_fn, x, y)
        want = bool_ if expected.dtype == bool_ else dtype
        assert_close(out[name], expected.astype(want), want), name


@SETTINGS
@given(st.data(), st.sampled_from(FLOATS + INTS), two_shapes)
def test_division(data, dtype, shapes):
    (sx, sy), _ = shapes
    if is_float(dtype):
        # Integer-valued floats keep floor_divide / remainder exact in every float type.
        x = data.draw(values(i8, sx)).astype(dtype)
        y = data.draw(values(i8, sy, lo=1, hi=2)).astype(dtype)
        y = np.where(data.draw(hnp.arrays(bool_, sy)), y, -y).astype(dtype)
    else:
        x = data.draw(values(dtype, sx))
        y = data.draw(values(dtype, sy))
        y = np.where(y == 0, np.ones((), dtype), y).astype(dtype)

    def f(a, b):
        return {
            "divide": jnp.divide(a, b),
            "/": a / b,
            "floor_divide": jnp.floor_divide(a, b),
            "//": a // b,
            "%": a % b,
        }

    out = meshjit.jit(f)(x, y)
    div_dtype = dtype if is_float(dtype) else f32
    assert_close(out["divide"], reference(np.true_divide, x, y, dtype=div_dtype), div_dtype)
    assert_close(out["/"], reference(np.true_divide, x, y, dtype=div_dtype), div_dtype)
    floor = reference(np.floor_divide, x, y, dtype=dtype)
    assert_close(out["floor_divide"], floor, dtype)
    assert_close(out["//"], floor, dtype)
    assert_close(out["%"], reference(np.remainder, x, y, dtype=dtype), dtype)


@SETTINGS
@given(st.data(), st.sampled_from(ALL), shape_st, st.integers(0, 5))
def test_integer_power(data, dtype, shape, n):
    x = data.draw(values(dtype, shape, lo=-2, hi=2))

    def f(a):
        return {"power": jnp.power(a, n), "**": a**n, "lax": lax.integer_pow(a, n)}

    if dtype == bool_:
        # JAX: a boolean base with an integer exponent computes in int32; lax rejects bool.
        out = meshjit.jit(lambda a: jnp.power(a, n))(x)
        assert_close(out, x.astype(i32) ** n, i32)
        return
    out = meshjit.jit(f)(x)
    ref = reference(lambda a: a**n, x, dtype=dtype)
    for name in ("power", "**", "lax"):
        assert_close(out[name], ref, dtype, scale=4.0)


@SETTINGS
@given(st.data(), st.sampled_from(FLOATS), two_shapes)
def test_float_power_and_negative_integer_pow(data, dtype, shapes):
    (sx, sy), _ = shapes
    x = data.draw(values(dtype, sx, lo=0.25, hi=3.0))
    y = data.draw(values(dtype, sy, lo=-2.0, hi=2.0))
    out = meshjit.jit(lambda a, b: (jnp.power(a, b), a**-2, lax.integer_pow(a, -3)))(x, y)
    assert_close(out[0], reference(np.power, x, y, dtype=dtype), dtype, TRANSCENDENTAL_TOL)
    assert_close(out[1], reference(lambda a: a**-2.0, x, dtype=dtype), dtype, scale=4.0)
    assert_close(out[2], reference(lambda a: a**-3.0, x, dtype=dtype), dtype, scale=4.0)


# ---------------------------------------------------------------------------------------------
# Unary ops.

_UNARY_FLOAT = {
    "exp": (jnp.exp, np.exp, (-4, 4)),
    "log": (jnp.log, np.log, (0.05, 8)),
    "log1p": (jnp.log1p, np.log1p, (-0.9, 4)),
    "expm1": (jnp.expm1, np.expm1, (-4, 4)),
    "sqrt": (jnp.sqrt, np.sqrt, (0, 8)),
    "sin": (jnp.sin, np.sin, (-4, 4)),
    "cos": (jnp.cos, np.cos, (-4, 4)),
    "tan": (jnp.tan, np.tan, (-1.2, 1.2)),
    "tanh": (jnp.tanh, np.tanh, (-4, 4)),
    "rsqrt": (lax.rsqrt, lambda a: 1 / np.sqrt(a), (0.05, 8)),
    "logistic": (lax.logistic, lambda a: 1 / (1 + np.exp(-a)), (-6, 6)),
    "negative": (jnp.negative, np.negative, (-4, 4)),
    "-x": (lambda a: -a, np.negative, (-4, 4)),
    "abs": (jnp.abs, np.abs, (-4, 4)),
    "abs()": (abs, np.abs, (-4, 4)),
    "sign": (jnp.sign, np.sign, (-4, 4)),
}


@SETTINGS
@given(st.data(), st.sampled_from(FLOATS), shape_st)
def test_unary_float(data, dtype, shape):
    xs = {
        name: data.draw(values(dtype, shape, lo, hi), label=name)
        for name, (_, _, (lo, hi)) in _UNARY_FLOAT.items()
    }
    out = meshjit.jit(lambda d: {k: _UNARY_FLOAT[k][0](v) for k, v in d.items()})(xs)
    for name, (_, np_fn, _) in _UNARY_FLOAT.items():
        expected = reference(np_fn, xs[name], dtype=dtype)
        assert_close(out[name], expected, dtype, TRANSCENDENTAL_TOL)


@SETTINGS
@given(st.data(), st.sampled_from(INTS), shape_st)
def test_unary_int(data, dtype, shape):
    x = data.draw(values(dtype, shape, lo=-5.12, hi=5.12))  # reaches int8's -128
    out = meshjit.jit(lambda a: (jnp.abs(a), jnp.sign(a), ~a, -a if dtype != u8 else a))(x)
    assert_close(out[0], np.abs(x), dtype)
    assert_close(out[1], np.sign(x), dtype)
    assert_close(out[2], np.invert(x), dtype)
    assert_close(out[3], -x if dtype != u8 else x, dtype)


@SETTINGS
@given(st.data(), st.sampled_from(FLOATS + [i32]), shape_st)
def test_unary_int_inputs_promote_to_float(data, dtype, shape):
    x = data.draw(values(dtype, shape, lo=0.1, hi=3))
    out = meshjit.jit(lambda a: (jnp.exp(a), jnp.sqrt(a), jnp.log(a)))(x)
    want = dtype if is_float(dtype) else f32
    for got, fn in zip(out, (np.exp, np.sqrt, np.log)):
        assert_close(
            got,
            reference(fn, x.astype(want) if want == f32 else x, dtype=want),
            want,
            TRANSCENDENTAL_TOL,
        )


# ---------------------------------------------------------------------------------------------
# where / clip / logical.


@SETTINGS
@given(st.data(), dtype_st, hnp.mutually_broadcastable_shapes(num_shapes=3, max_dims=3, max_side=4))
def test_where(data, dtype, shapes):
    (sc, sx, sy), _ = shapes
    c = data.draw(hnp.arrays(bool_, sc))
    x, y = data.draw(values(dtype, sx)), data.draw(values(dtype, sy))
    out = meshjit.jit(
        lambda c, x, y: (jnp.where(c, x, y), lax.select(*jnp.broadcast_arrays(c, x, y)))
    )(c, x, y)
    assert_close(out[0], np.where(c, x, y), dtype)
    assert_close(out[1], np.where(c, x, y), dtype)


@SETTINGS
@given(st.data(), st.sampled_from(FLOATS + INTS), shape_st)
def test_clip(data, dtype, shape):
    x = data.draw(values(dtype, shape))
    lo, hi = (1, 3) if dtype == u8 else (-1, 2)
    out = meshjit.jit(
        lambda a: (
            jnp.clip(a, lo, hi),
            jnp.clip(a, a_max=hi),
            a.clip(min=lo),
            lax.clamp(lo, a, hi),
        )
    )(x)
    assert_close(out[0], np.clip(x, lo, hi), dtype)
    assert_close(out[1], np.minimum(x, hi).astype(dtype), dtype)
    assert_close(out[2], np.maximum(x, lo).astype(dtype), dtype)
    assert_close(out[3], np.clip(x, lo, hi), dtype)


@SETTINGS
@given(st.data(), st.sampled_from([bool_, i32, u8, f32]), two_shapes)
def test_logical(data, dtype, shapes):
    (sx, sy), _ = shapes
    x, y = data.draw(values(dtype, sx, -1, 1)), data.draw(values(dtype, sy, -1, 1))
    out = meshjit.jit(
        lambda a, b: (jnp.logical_and(a, b), jnp.logical_or(a, b), jnp.logical_not(a))
    )(x, y)
    assert_close(out[0], np.logical_and(x, y), bool_)
    assert_close(out[1], np.logical_or(x, y), bool_)
    assert_close(out[2], np.logical_not(x), bool_)


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
# Products.


@st.composite
def matmul_shapes(draw):
    m, k, n = (draw(st.integers(1, 4)) for _ in range(3))
    (ba, bb), _ = draw(hnp.mutually_broadcastable_shapes(num_shapes=2, max_dims=2, max_side=3))
    kind = draw(st.sampled_from(["mat", "vec-mat", "mat-vec", "vec-vec"]))
    a = (k,) if kind.startswith("vec") else ba + (m, k)
    b = (k,) if kind.endswith("vec") and kind != "vec-mat" else bb + (k, n)
    if kind == "vec-vec":
        a, b = (k,), (k,)
    return a, b


@SETTINGS
@given(st.data(), st.sampled_from([f32, bf16, f16, i32, i8]), matmul_shapes())
def test_matmul(data, dtype, shapes):
    sa, sb = shapes
    a = data.draw(values(dtype, sa, lo=-2, hi=2))
    b = data.draw(values(dtype, sb, lo=-2, hi=2))
    out = meshjit.jit(lambda x, y: (jnp.matmul(x, y), x @ y))(a, b)
    if is_float(dtype):
        ref = np.matmul(a.astype(np.float64), b.astype(np.float64)).astype(dtype)
        scale = 4 * sa[-1]
    else:
        ref = np.matmul(a.astype(np.int64), b.astype(np.int64)).astype(dtype)  # wraps like XLA
        scale = 1
    assert_close(out[0], ref, dtype, scale=scale)
    assert_close(out[1], ref, dtype, scale=scale)


@pytest.mark.parametrize(
    "sa, sb, batch",
    [((2, 3, 4), (4, 5), ()), ((3, 4), (2, 4, 5), ()), ((2, 3, 4), (2, 4, 5), (0,))],
)
def test_matmul_contracts_batched_operands_directly(sa, sb, batch):
    # As JAX: no broadcast of the operand without batch dimensions (XLA would gather it).
    closed = meshjit.make_jaxpr(jnp.matmul)(np.ones(sa, f32), np.ones(sb, f32))
    names = [e.primitive.name for e in closed.eqns]
    assert "broadcast_in_dim" not in names and names[0] == "dot_general"
    (_, (lb, _)) = closed.eqns[0].params["dimension_numbers"]
    assert lb == batch
    a = np.random.RandomState(0).standard_normal(sa).astype(f32)
    b = np.random.RandomState(1).standard_normal(sb).astype(f32)
    np.testing.assert_allclose(np.asarray(meshjit.jit(jnp.matmul)(a, b)), a @ b, rtol=1e-5)
    check_grads(jnp.matmul, (a, b), order=1, rtol=2e-2, atol=2e-2)


@SETTINGS
@given(
    st.data(), st.sampled_from([f32, i32]), st.integers(0, 2), st.integers(1, 2), st.integers(1, 4)
)
def test_dot(data, dtype, a_rank, b_rank, k):
    sa = (3, 2, k)[3 - a_rank :] if a_rank else ()
    sb = {0: (), 1: (k,), 2: (k, 3)}[b_rank]
    if a_rank == 0:
        sb = (2, 3)
    a, b = data.draw(values(dtype, sa)), data.draw(values(dtype, sb))
    out = meshjit.jit(lambda x, y: (jnp.dot(x, y), x.dot(y)))(a, b)
    ref = np.dot(a.astype(np.float64), b.astype(np.float64)).astype(dtype)
    assert_close(out[0], ref, dtype, scale=4 * k)
    assert_close(out[1], ref, dtype, scale=4 * k)


def test_dot_with_3d_rhs():
    a = np.arange(6, dtype=f32).reshape(2, 3)
    b = np.arange(24, dtype=f32).reshape(2, 3, 4)
    out = meshjit.jit(jnp.dot)(a, b)
    np.testing.assert_allclose(np.asarray(out), np.dot(a, b))


# ---------------------------------------------------------------------------------------------
# Shapes.


@SETTINGS
@given(st.data(), st.sampled_from(ALL), hnp.array_shapes(min_dims=1, max_dims=4, max_side=3))
def test_shape_ops(data, dtype, shape):
    x = data.draw(values(dtype, shape))
    ndim = len(shape)
    perm = tuple(data.draw(st.permutations(range(ndim)), label="perm"))
    ax1, ax2 = data.draw(st.integers(-ndim, ndim - 1)), data.draw(st.integers(-ndim, ndim - 1))
    src = data.draw(st.integers(-ndim, ndim - 1), label="src")
    dst = data.draw(st.integers(-ndim, ndim - 1), label="dst")
    new_axis = data.draw(st.integers(-ndim - 1, ndim), label="new_axis")
    flat = x.size
    new_shape = data.draw(st.sampled_from([(flat,), (1, flat), (flat, 1, 1), (-1,), (1, -1)]))
    target = data.draw(st.sampled_from([(2,) + shape, (1, 3) + shape, shape]))

    def f(a):
        return {
            "reshape": jnp.reshape(a, new_shape),
            "method_reshape": a.reshape(new_shape),
            "transpose": jnp.transpose(a, perm),
            "T": a.T,
            "swapaxes": jnp.swapaxes(a, ax1, ax2),
            "moveaxis": jnp.moveaxis(a, src, dst),
            "expand_dims": jnp.expand_dims(a, new_axis),
            "squeeze": jnp.squeeze(jnp.expand_dims(a, new_axis)),
            "ravel": jnp.ravel(a),
            "broadcast_to": jnp.broadcast_to(a, target),
        }

    out = meshjit.jit(f)(x)
    expected = {
        "reshape": np.reshape(x, new_shape),
        "method_reshape": x.reshape(new_shape),
        "transpose": np.transpose(x, perm),
        "T": x.T,
        "swapaxes": np.swapaxes(x, ax1, ax2),
        "moveaxis": np.moveaxis(x, src, dst),
        "expand_dims": np.expand_dims(x, new_axis),
        "squeeze": np.squeeze(np.expand_dims(x, new_axis)),
        "ravel": np.ravel(x),
        "broadcast_to": np.broadcast_to(x, target),
    }
    for name, ref in expected.items():
        assert_close(out[name], ref, dtype), name


def test_squeeze_axes_and_multiple_moveaxis():
    x = np.arange(12, dtype=f32).reshape(1, 3, 1, 4)
    out = meshjit.jit(
        lambda a: (jnp.squeeze(a, 0), jnp.squeeze(a, (0, 2)), jnp.moveaxis(a, (0, 1), (3, 0)))
    )(x)
    np.testing.assert_array_equal(np.asarray(out[0]), np.squeeze(x, 0))
    np.testing.assert_array_equal(np.asarray(out[1]), np.squeeze(x, (0, 2)))
    np.testing.assert_array_equal(np.asarray(out[2]), np.moveaxis(x, (0, 1), (3, 0)))


@SETTINGS
@given(st.data(), st.sampled_from(ALL), hnp.array_shapes(min_dims=1, max_dims=3, max_side=3))
def test_concatenate_stack_split(data, dtype, shape):
    ndim = len(shape)
    axis = data.draw(st.integers(-ndim, ndim - 1), label="axis")
    sizes = data.draw(st.lists(st.integers(0, 3), min_size=1, max_size=3), label="sizes")
    parts = []
    for s in sizes:
        part_shape = list(shape)
        part_shape[axis] = s
        parts.append(data.draw(values(dtype, tuple(part_shape))))
    x = data.draw(values(dtype, shape))
    stack_axis = data.draw(st.integers(-ndim - 1, ndim), label="stack_axis")
    n_sections = data.draw(st.sampled_from([d for d in (1, 2, 3) if shape[axis] % d == 0]))
    indices = sorted(data.draw(st.lists(st.integers(0, shape[axis]), max_size=3)))

    out = meshjit.jit(
        lambda ps, a: {
            "concatenate": jnp.concatenate(ps, axis=axis),
            "lax_concatenate": lax.concatenate(ps, axis % ndim),
            "stack": jnp.stack([a, a + a if dtype != bool_ else a], axis=stack_axis),
            "split": jnp.split(a, n_sections, axis=axis),
            "split_indices": jnp.split(a, indices, axis=axis),
        }
    )(parts, x)
    assert_close(out["concatenate"], np.concatenate(parts, axis), dtype)
    assert_close(out["lax_concatenate"], np.concatenate(parts, axis), dtype)
    doubled = reference(np.add, x, x, dtype=dtype) if dtype != bool_ else x
    assert_close(out["stack"], np.stack([x, doubled], stack_axis), dtype)
    for got, ref in zip(out["split"], np.split(x, n_sections, axis)):
        assert_close(got, ref, dtype)
    assert len(out["split_indices"]) == len(indices) + 1
    for got, ref in zip(out["split_indices"], np.split(x, indices, axis)):
        assert_close(got, ref, dtype)


def test_concatenate_promotes_mixed_dtypes():
    out = meshjit.jit(lambda a, b: jnp.concatenate([a, b]))(np.ones(2, i8), np.ones(3, f32))
    assert out.dtype == f32 and out.shape == (5,)
    out = meshjit.jit(lambda a: jnp.concatenate([a, a], axis=None))(np.ones((2, 2), u8))
    assert out.shape == (8,) and out.dtype == u8


# ---------------------------------------------------------------------------------------------
# Creation and conversion.


@pytest.mark.parametrize("dtype", [None, f32, bf16, f16, i32, i8, u8, bool_])
def test_creation(dtype):
    def f(a):
        return {
            "zeros": jnp.zeros((2, 3), dtype),
            "ones": jnp.ones(4, dtype),
            "full": jnp.full((3, 1), 7 if dtype != bool_ else True, dtype),
            "zeros_like": jnp.zeros_like(a, dtype),
            "ones_like": jnp.ones_like(a, dtype),
            "eye": jnp.eye(3, 4, k=1, dtype=dtype),
            "eye_neg_k": jnp.eye(3, k=-1, dtype=dtype),
            "arange": jnp.arange(2, dtype=dtype if dtype != bool_ else None),
        }

    x = np.ones((2, 2), i8)
    out = meshjit.jit(f)(x)
    default = f32 if dtype is None else dtype
    like = i8 if dtype is None else dtype
    fill = 7 if dtype != bool_ else True
    expected = {
        "zeros": np.zeros((2, 3), default),
        "ones": np.ones(4, default),
        "full": np.full((3, 1), fill, i32 if dtype is None else dtype),
        "zeros_like": np.zeros((2, 2), like),
        "ones_like": np.ones((2, 2), like),
        "eye": np.eye(3, 4, k=1, dtype=default),
        "eye_neg_k": np.eye(3, k=-1, dtype=default),
        "arange": np.arange(2).astype(i32 if dtype in (None, bool_) else dtype),
    }
    for name, ref in expected.items():
        assert_close(out[name], ref, ref.dtype), name


@pytest.mark.parametrize(
    "args, kwargs",
    [
        ((5,), {}),
        ((2, 9), {}),
        ((2, 9, 3), {}),
        ((9, 2, -2), {}),
        ((0.0, 2.0, 0.5), {}),
        ((1, 2, 0.25), {}),
        ((5,), {"dtype": f32}),
        ((3, 1), {}),
        ((-3.5, 1.0), {}),
    ],
)
def test_arange(args, kwargs):
    out = meshjit.jit(lambda: jnp.arange(*args, **kwargs))()
    ref = np.arange(*args, **kwargs)
    ref = ref.astype(f32 if ref.dtype.kind == "f" else i32)
    assert_close(out, ref, ref.dtype)


_CONVERTIBLE = [f32, bf16, f16, i32, i8, u8, bool_]


@SETTINGS
@given(st.data(), st.sampled_from(_CONVERTIBLE), st.sampled_from(_CONVERTIBLE), shape_st)
def test_astype_and_convert_element_type(data, src, dst, shape):
    # Values that every destination can represent (float -> int conversion truncates).
    lo = 0 if dst in (u8, bool_) or src == u8 else -100
    x = data.draw(
        values(src, shape, lo=lo / 25 if src in INTS else lo, hi=4 if src in INTS else 100)
    )
    out = meshjit.jit(
        lambda a: (a.astype(dst), jnp.astype(a, dst), lax.convert_element_type(a, dst))
    )(x)
    if dst == bool_:
        ref = x != 0
    elif dst in INTS and is_float(src):
        ref = np.trunc(x.astype(f32)).astype(dst)
    else:
        ref = x.astype(f32).astype(dst) if src in LOW_PRECISION else x.astype(dst)
    for got in out:
        assert_close(got, ref, dst)


# ---------------------------------------------------------------------------------------------
# lax.


@st.composite
def dot_general_case(draw):
    nb, nc = draw(st.integers(0, 2)), draw(st.integers(0, 2))
    nfl, nfr = draw(st.integers(0, 2)), draw(st.integers(0, 1))
    batch = [draw(st.integers(1, 3)) for _ in range(nb)]
    contract = [draw(st.integers(1, 3)) for _ in range(nc)]
    lfree = [draw(st.integers(1, 3)) for _ in range(nfl)]
    rfree = [draw(st.integers(1, 3)) for _ in range(nfr)]
    # Lay out each operand's dimensions in a random order.
    lkinds = (
        [("b", i) for i in range(nb)]
        + [("c", i) for i in range(nc)]
        + [("f", i) for i in range(nfl)]
    )
    rkinds = (
        [("b", i) for i in range(nb)]
        + [("c", i) for i in range(nc)]
        + [("f", i) for i in range(nfr)]
    )
    lkinds, rkinds = draw(st.permutations(lkinds)), draw(st.permutations(rkinds))
    size = {"b": batch, "c": contract}
    lshape = tuple(size[k][i] if k in size else lfree[i] for k, i in lkinds)
    rshape = tuple(size[k][i] if k in size else rfree[i] for k, i in rkinds)
    lc = tuple(lkinds.index(("c", i)) for i in range(nc))
    rc = tuple(rkinds.index(("c", i)) for i in range(nc))
    lb = tuple(lkinds.index(("b", i)) for i in range(nb))
    rb = tuple(rkinds.index(("b", i)) for i in range(nb))
    return lshape, rshape, ((lc, rc), (lb, rb))


def _np_dot_general(a, b, dims):
    (lc, rc), (lb, rb) = dims
    letters = iter("abcdefghijklmnop")
    la = [None] * a.ndim
    lr = [None] * b.ndim
    for i, j in zip(lb, rb):
        la[i] = lr[j] = next(letters)
    for i, j in zip(lc, rc):
        la[i] = lr[j] = next(letters)
    for arr in (la, lr):
        for i, v in enumerate(arr):
            if v is None:
                arr[i] = next(letters)
    out = [la[i] for i in lb]
    out += [c for i, c in enumerate(la) if i not in lb and i not in lc]
    out += [c for i, c in enumerate(lr) if i not in rb and i not in rc]
    spec = f"{''.join(la)},{''.join(lr)}->{''.join(out)}"
    return np.einsum(spec, a, b)


@SETTINGS
@given(st.data(), st.sampled_from([f32, bf16, i32]), dot_general_case())
def test_lax_dot_general(data, dtype, case):
    lshape, rshape, dims = case
    a = data.draw(values(dtype, lshape, -2, 2))
    b = data.draw(values(dtype, rshape, -2, 2))
    out = meshjit.jit(lambda x, y: lax.dot_general(x, y, dims))(a, b)
    ref = _np_dot_general(a.astype(np.float64), b.astype(np.float64), dims).astype(dtype)
    assert_close(out, ref, dtype, scale=40)


def test_lax_dot_general_preferred_element_type():
    a = np.full((2, 3), 100, i8)
    out = meshjit.jit(
        lambda x: lax.dot_general(x, x, (((1,), (1,)), ((), ())), preferred_element_type=i32)
    )(a)
    assert out.dtype == i32
    np.testing.assert_array_equal(np.asarray(out), np.full((2, 2), 30000, i32))


@SETTINGS
@given(st.data(), st.sampled_from(ALL), hnp.array_shapes(min_dims=0, max_dims=3, max_side=3))
def test_lax_broadcast_reshape_transpose(data, dtype, shape):
    x = data.draw(values(dtype, shape))
    lead = tuple(data.draw(st.lists(st.integers(1, 3), max_size=2)))
    out_shape = lead + shape
    dims = tuple(range(len(lead), len(out_shape)))
    perm = tuple(data.draw(st.permutations(range(len(shape)))))
    out = meshjit.jit(
        lambda a: (
            lax.broadcast_in_dim(a, out_shape, dims),
            lax.reshape(a, (x.size,)),
            lax.transpose(a, perm),
            lax.reshape(a, (x.size,), dimensions=perm),
        )
    )(x)
    assert_close(out[0], np.broadcast_to(x, out_shape), dtype)
    assert_close(out[1], x.reshape(-1), dtype)
    assert_close(out[2], np.transpose(x, perm), dtype)
    assert_close(out[3], np.transpose(x, perm).reshape(-1), dtype)


def test_lax_broadcast_in_dim_size_one_and_middle_dims():
    x = np.arange(3, dtype=f32).reshape(3, 1)
    out = meshjit.jit(lambda a: lax.broadcast_in_dim(a, (2, 3, 4), (1, 2)))(x)
    np.testing.assert_array_equal(np.asarray(out), np.broadcast_to(x[None], (2, 3, 4)))
    out = meshjit.jit(lambda a: lax.broadcast_in_dim(a, (3, 2), (0,)))(np.arange(3, dtype=i32))
    np.testing.assert_array_equal(np.asarray(out), np.arange(3)[:, None].repeat(2, 1))


@SETTINGS
@given(st.data(), st.sampled_from(ALL), hnp.array_shapes(min_dims=1, max_dims=3, max_side=5))
def test_lax_slices(data, dtype, shape):
    x = data.draw(values(dtype, shape))
    starts = [data.draw(st.integers(0, d)) for d in shape]
    limits = [data.draw(st.integers(s, d)) for s, d in zip(starts, shape)]
    strides = [data.draw(st.integers(1, 3)) for _ in shape]
    sizes = [data.draw(st.integers(0, d)) for d in shape]
    # dynamic starts may be out of range: XLA clamps them so the slice fits.
    dyn = [data.draw(st.integers(-2, d + 2)) for d in shape]
    upd = data.draw(values(dtype, tuple(sizes)))
    out = meshjit.jit(
        lambda a, u, *ix: (
            lax.slice(a, starts, limits, strides),
            lax.slice(a, starts, limits),
            lax.dynamic_slice(a, ix, sizes),
            lax.dynamic_update_slice(a, u, ix),
        )
    )(x, upd, *[np.int32(i) for i in dyn])
    sl = tuple(slice(s, stop, st_) for s, stop, st_ in zip(starts, limits, strides))
    assert_close(out[0], x[sl], dtype)
    assert_close(out[1], x[tuple(slice(s, stop) for s, stop in zip(starts, limits))], dtype)
    clamped = [min(max(i, 0), d - s) for i, d, s in zip(dyn, shape, sizes)]
    window = tuple(slice(c, c + s) for c, s in zip(clamped, sizes))
    assert_close(out[2], x[window], dtype)
    updated = x.copy()
    updated[window] = upd
    assert_close(out[3], updated, dtype)


def test_lax_dynamic_slice_with_python_and_traced_indices():
    x = np.arange(20, dtype=f32).reshape(4, 5)
    out = meshjit.jit(lambda a, i: lax.dynamic_slice(a, (i, 1), (2, 3)))(x, np.int32(1))
    np.testing.assert_array_equal(np.asarray(out), x[1:3, 1:4])
    out = meshjit.jit(lambda a: lax.dynamic_slice(a, (3, 4), (2, 2)))(x)
    np.testing.assert_array_equal(np.asarray(out), x[2:4, 3:5])


def _np_pad(x, value, config):
    out = x
    for axis, (lo, hi, interior) in enumerate(config):
        if interior and out.shape[axis] > 1:
            n = out.shape[axis]
            shape = list(out.shape)
            shape[axis] = n + (n - 1) * interior
            spread = np.full(shape, value, x.dtype)
            index = [slice(None)] * out.ndim
            index[axis] = slice(None, None, interior + 1)
            spread[tuple(index)] = out
            out = spread
        pads = [(0, 0)] * out.ndim
        pads[axis] = (max(lo, 0), max(hi, 0))
        out = np.pad(out, pads, constant_values=np.asarray(value, x.dtype))
        index = [slice(None)] * out.ndim
        index[axis] = slice(-min(lo, 0), out.shape[axis] + min(hi, 0))
        out = out[tuple(index)]
    return out


@SETTINGS
@given(st.data(), st.sampled_from(ALL), hnp.array_shapes(min_dims=1, max_dims=3, max_side=4))
def test_lax_pad(data, dtype, shape):
    x = data.draw(values(dtype, shape))
    config = []
    for d in shape:
        interior = data.draw(st.integers(0, 2))
        full = d + max(d - 1, 0) * interior
        lo = data.draw(st.integers(-min(full, 2), 2))
        hi = data.draw(st.integers(-min(full + lo, 2), 2))
        config.append((lo, hi, interior))
    value = True if dtype == bool_ else 3
    out = meshjit.jit(lambda a: lax.pad(a, value, config))(x)
    assert_close(out, _np_pad(x, value, config), dtype)


@SETTINGS
@given(st.data(), st.sampled_from(ALL), shape_st)
def test_lax_select_and_select_n(data, dtype, shape):
    pred = data.draw(hnp.arrays(bool_, shape))
    which = data.draw(hnp.arrays(i32, shape, elements=st.integers(0, 2)))
    a, b, c = (data.draw(values(dtype, shape)) for _ in range(3))
    out = meshjit.jit(
        lambda p, w, x, y, z: (
            lax.select(p, x, y),
            lax.select_n(p, x, y),
            lax.select_n(w, x, y, z),
            lax.select(True, x, y),
        )
    )(pred, which, a, b, c)
    assert_close(out[0], np.where(pred, a, b), dtype)
    assert_close(out[1], np.where(pred, b, a), dtype)
    assert_close(out[2], np.choose(which, [a, b, c]), dtype)
    assert_close(out[3], a, dtype)


def test_lax_iota_rejects_bool():
    with pytest.raises(meshjit.MeshjitTypeError, match="iota does not accept dtype bool"):
        meshjit.jit(lambda: lax.iota(bool_, 3))()
    with pytest.raises(meshjit.MeshjitTypeError, match="iota"):
        meshjit.jit(lambda: jnp.arange(3, dtype=bool_))()


@pytest.mark.parametrize("dtype", [f32, bf16, i32, u8])
def test_lax_iota(dtype):
    out = meshjit.jit(
        lambda: (lax.iota(dtype, 5), lax.broadcasted_iota(dtype, (2, 3), 1), jnp.arange(3))
    )()
    assert_close(out[0], np.arange(5).astype(dtype), dtype)
    assert_close(out[1], np.broadcast_to(np.arange(3), (2, 3)).astype(dtype), dtype)
    assert_close(out[2], np.arange(3).astype(i32), i32)


@SETTINGS
@given(st.data(), st.sampled_from(FLOATS + INTS), two_shapes)
def test_lax_binary_ops(data, dtype, shapes):
    _, shape = shapes
    x = data.draw(values(dtype, shape))
    y = data.draw(values(dtype, shape))
    y = np.where(y == 0, np.ones((), dtype), y).astype(dtype)
    out = meshjit.jit(
        lambda a, b: (
            lax.add(a, b),
            lax.sub(a, b),
            lax.mul(a, b),
            lax.max(a, b),
            lax.lt(a, b),
            lax.rem(a, b),
            lax.div(a, b),
            lax.mul(a, 2),
        )
    )(x, y)
    assert_close(out[0], reference(np.add, x, y, dtype=dtype), dtype)
    assert_close(out[1], reference(np.subtract, x, y, dtype=dtype), dtype)
    assert_close(out[2], reference(np.multiply, x, y, dtype=dtype), dtype)
    assert_close(out[3], np.maximum(x, y), dtype)
    assert_close(out[4], reference(np.less, x, y), bool_)
    # lax.rem and lax.div round toward zero (C semantics), unlike NumPy's // and %.
    assert_close(out[5], reference(np.fmod, x, y, dtype=dtype), dtype)
    if is_float(dtype):
        assert_close(out[6], reference(np.divide, x, y, dtype=dtype), dtype)
    else:
        quotient = np.trunc(x.astype(np.float64) / y.astype(np.float64))
        assert_close(out[6], quotient.astype(dtype), dtype)
    assert_close(out[7], reference(lambda a: a * 2, x, dtype=dtype), dtype)


# ---------------------------------------------------------------------------------------------
# Eager (outside jit).


def test_eager_ops_match_numpy():
    x = np.arange(6, dtype=f32).reshape(2, 3)
    assert_close(jnp.add(x, 1), x + 1, f32)
    assert_close(jnp.sum(x, axis=0), x.sum(0), f32)
    assert_close(jnp.matmul(x, x.T), x @ x.T, f32)
    assert_close(jnp.exp(jnp.asarray(x)) * 2, np.exp(x) * 2, f32, TRANSCENDENTAL_TOL)
    assert_close(jnp.zeros((2,)) + jnp.arange(2), np.arange(2.0), f32)
    assert isinstance(jnp.add(x, 1), meshjit.Array)


# ---------------------------------------------------------------------------------------------
# The JAX oracle: dtypes, weak types and values match jax.numpy.


def _both(fn, *args):
    """fn(numpy_module, *args) under meshjit.jit and jax.jit."""
    jax = pytest.importorskip("jax")
    jjnp = pytest.importorskip("jax.numpy")
    ours = meshjit.jit(lambda *a: fn(jnp, *a))(*args)
    theirs = jax.jit(lambda *a: fn(jjnp, *a))(*args)
    return ours, theirs


def _assert_same_type(ours, theirs):
    assert ours.dtype == theirs.dtype, (ours.dtype, theirs.dtype)
    assert ours.weak_type == theirs.weak_type, ("weak_type", ours.weak_type, theirs.weak_type)


_PROMOTION_CASES = {
    "i8+u8": (lambda m, x, y: x + y, (i8, u8)),
    "u8+i32": (lambda m, x, y: x + y, (u8, i32)),
    "bf16+f16": (lambda m, x, y: x + y, (bf16, f16)),
    "bf16*i32": (lambda m, x, y: x * y, (bf16, i32)),
    "f16-u8": (lambda m, x, y: x - y, (f16, u8)),
    "bool+bool": (lambda m, x, y: x + y, (bool_, bool_)),
    "bool*bool": (lambda m, x, y: x * y, (bool_, bool_)),
    "bool+i8": (lambda m, x, y: x + y, (bool_, i8)),
    "u32+i32": (lambda m, x, y: x + y, (u32, i32)),
    "i8/i8": (lambda m, x, y: x / y, (i8, i8)),
    "u8//u8": (lambda m, x, y: x // y, (u8, u8)),
    "where(i8,f16)": (lambda m, x, y: m.where(x > 0, x, y), (i8, f16)),
    "maximum(u8,i8)": (lambda m, x, y: m.maximum(x, y), (u8, i8)),
    "matmul(i8,u8)": (lambda m, x, y: x @ y, (i8, u8)),
    "concatenate(bf16,f32)": (lambda m, x, y: m.concatenate([x, y]), (bf16, f32)),
    "i32*2.5": (lambda m, x: x * 2.5, (i32,)),
    "u8+1": (lambda m, x: x + 1, (u8,)),
    "1-u8": (lambda m, x: 1 - x, (u8,)),
    "i8*2": (lambda m, x: x * 2, (i8,)),
    "bf16+1.5": (lambda m, x: x + 1.5, (bf16,)),
    "f16**2": (lambda m, x: x**2, (f16,)),
    "bool+1": (lambda m, x: x + 1, (bool_,)),
    "bool*1.5": (lambda m, x: x * 1.5, (bool_,)),
    "u8>1": (lambda m, x: x > 1, (u8,)),
    "sum(i8)": (lambda m, x: m.sum(x), (i8,)),
    "sum(u8)": (lambda m, x: x.sum(0), (u8,)),
    "sum(bool)": (lambda m, x: m.sum(x), (bool_,)),
    "sum(bf16)": (lambda m, x: m.sum(x), (bf16,)),
    "prod(i8)": (lambda m, x: m.prod(x), (i8,)),
    "mean(i32)": (lambda m, x: m.mean(x), (i32,)),
    "mean(u8)": (lambda m, x: m.mean(x, axis=0), (u8,)),
    "mean(bool)": (lambda m, x: m.mean(x), (bool_,)),
    "mean(f16)": (lambda m, x: m.mean(x), (f16,)),
    "var(i8)": (lambda m, x: m.var(x), (i8,)),
    "var(bf16)": (lambda m, x: m.var(x), (bf16,)),
    "max(u8)": (lambda m, x: m.max(x), (u8,)),
    "argmax(f16)": (lambda m, x: m.argmax(x), (f16,)),
    "exp(i8)": (lambda m, x: m.exp(x), (i8,)),
    "sqrt(u8)": (lambda m, x: m.sqrt(x), (u8,)),
    "abs(i8)": (lambda m, x: m.abs(x), (i8,)),
    "sign(u8)": (lambda m, x: m.sign(x), (u8,)),
    "clip(u8,0,3)": (lambda m, x: m.clip(x, 0, 3), (u8,)),
    "clip(i8,0.5,2)": (lambda m, x: m.clip(x, 0.5, 2), (i8,)),
    "astype(bf16)": (lambda m, x: x.astype(m.bfloat16), (i8,)),
    "zeros_like(u8)": (lambda m, x: m.zeros_like(x), (u8,)),
    "full_like(i8,2.5)": (lambda m, x: m.full_like(x, 2.5), (i8,)),
    "full(3)": (lambda m, x: m.full((2,), 3) + x, (i8,)),
    "arange+bf16": (lambda m, x: m.arange(2) + x, (bf16,)),
    "eye*i8": (lambda m, x: m.eye(2) * x, (i8,)),
    "power(i8,u8)": (lambda m, x, y: m.power(x, y), (i8, u8)),
    "power(bool,2)": (lambda m, x: m.power(x, 2), (bool_,)),
    "square(bool)": (lambda m, x: m.square(x), (bool_,)),
    "logical_and(i8,f32)": (lambda m, x, y: m.logical_and(x, y), (i8, f32)),
    "floor_divide(f16,2)": (lambda m, x: m.floor_divide(x, 2), (f16,)),
    "dot(i8,i8)": (lambda m, x, y: m.dot(x, y), (i8, i8)),
    "i8==2.5": (lambda m, x: x == 2.5, (i8,)),
    "u8<1": (lambda m, x: x < 1, (u8,)),
    "floor(i8)": (lambda m, x: m.floor(x), (i8,)),
    "ceil(bool)": (lambda m, x: m.ceil(x), (bool_,)),
    "floor(bf16)": (lambda m, x: m.floor(x * 0.5), (bf16,)),
    "reciprocal(bool)": (lambda m, x: m.reciprocal(x), (bool_,)),
    "reciprocal(i8)": (lambda m, x: m.reciprocal(x), (i8,)),
    "floor_divide(bool,bool)": (lambda m, x, y: x // y, (bool_, bool_)),
    "remainder(bool,bool)": (lambda m, x, y: x % y, (bool_, bool_)),
    "power(bool,bool)": (lambda m, x, y: x**y, (bool_, bool_)),
    "floor_divide(i32,2.5)": (lambda m, x: x // 2.5, (i32,)),
    "remainder(u8,2.5)": (lambda m, x: x % 2.5, (u8,)),
}


@pytest.mark.parametrize("name", sorted(_PROMOTION_CASES))
def test_promotion_matches_jax(name):
    fn, arg_dtypes = _PROMOTION_CASES[name]
    args = [np.arange(1, 5).reshape(2, 2).astype(d) for d in arg_dtypes]
    ours, theirs = _both(fn, *args)
    _assert_same_type(ours, theirs)
    np.testing.assert_allclose(
        np.asarray(ours).astype(np.float64), np.asarray(theirs).astype(np.float64), rtol=1e-2
    )


@pytest.mark.parametrize(
    "expr",
    [
        lambda m, x: x + 1,
        lambda m, x: 2.0 * x,
        lambda m, x: m.exp(x),
        lambda m, x: m.sum(x),
        lambda m, x: x.reshape(1),
        lambda m, x: m.maximum(x, 3),
        lambda m, x: m.zeros_like(x),
        lambda m, x: m.full_like(x, 7),
        lambda m, x: m.floor(x),
        lambda m, x: x == 2.5,
        lambda m, x: x // 2,
        lambda m, x: m.reciprocal(x),
    ],
)
@pytest.mark.parametrize("scalar", [1, 1.5])
def test_weak_type_of_python_scalar_arguments_matches_jax(expr, scalar):
    """A Python scalar passed to jit stays weak through the ops, as in JAX."""
    ours, theirs = _both(expr, scalar)
    _assert_same_type(ours, theirs)


@pytest.mark.parametrize("scalar", [1, 2.5])
def test_lax_ops_keep_weak_scalars_weak_as_jax(scalar):
    jax = pytest.importorskip("jax")

    one, two = type(scalar)(1), type(scalar)(2)

    def f(lax_module, x):
        return lax_module.mul(lax_module.sub(x, one), two), lax_module.lt(x, two)

    ours = meshjit.jit(lambda x: f(lax, x))(scalar)
    theirs = jax.jit(lambda x: f(jax.lax, x))(scalar)
    for a, b in zip(ours, theirs):
        _assert_same_type(a, b)
        assert np.asarray(a) == np.asarray(b)


_VALUE_OPS = {
    "floor_divide": lambda m, x, y: m.floor_divide(x, y),
    "remainder": lambda m, x, y: m.remainder(x, y),
    "power": lambda m, x, y: m.power(m.abs(x) + 1, y),
    "logistic-ish": lambda m, x, y: m.tanh(x) * m.log1p(m.abs(y)),
    "var": lambda m, x, y: m.var(x, axis=0) + m.mean(y),
    "argmin": lambda m, x, y: m.argmin(x * y, axis=1),
    "matmul": lambda m, x, y: x @ y.T,
    "clip-where": lambda m, x, y: m.where(x > y, m.clip(x, -1, 1), y),
    "sign-expm1": lambda m, x, y: m.sign(x) * m.expm1(y / 4),
}


@FEW
@given(
    st.data(),
    st.sampled_from(sorted(_VALUE_OPS)),
    st.sampled_from([f32, bf16, i32]),
)
def test_values_match_jax(data, name, dtype):
    x = data.draw(values(dtype, (3, 4)))
    y = data.draw(values(dtype, (3, 4)))
    y = np.where(y == 0, np.ones((), dtype), y).astype(dtype)
    assume(name != "power" or dtype != i32 or np.all(y >= 0))
    ours, theirs = _both(_VALUE_OPS[name], x, y)
    _assert_same_type(ours, theirs)
    rtol, atol = TRANSCENDENTAL_TOL.get(np.dtype(ours.dtype), (0, 0))
    np.testing.assert_allclose(
        np.asarray(ours).astype(np.float64),
        np.asarray(theirs).astype(np.float64),
        rtol=rtol * 4,
        atol=atol * 4,
    )
