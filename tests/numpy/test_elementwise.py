"""Elementwise numpy ops and operators (binary with broadcasting, unary, where, clip, logical) against NumPy."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from tests.support.numerics import (
    ALL,
    FLOATS,
    INTS,
    SETTINGS,
    TRANSCENDENTAL_TOL,
    assert_close,
    bf16,
    bool_,
    dtype_st,
    f32,
    i8,
    i32,
    is_float,
    reference,
    shape_st,
    two_shapes,
    u8,
    values,
)


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
            jnp.clip(a, max=hi),
            a.clip(min=lo),
            lax.clamp(np.array(lo, dtype), a, np.array(hi, dtype)),  # one dtype, as JAX's
        )
    )(x)
    assert_close(out[0], np.clip(x, lo, hi), dtype)
    assert_close(out[1], np.minimum(x, hi).astype(dtype), dtype)
    assert_close(out[2], np.maximum(x, lo).astype(dtype), dtype)
    assert_close(out[3], np.clip(x, lo, hi), dtype)


def test_clip_is_one_jitted_program_named_clip_as_jaxs():
    """JAX's clip is `@jit`: its jaxpr shows a nested jit named clip (quantile's clamp is not
    one: JAX's lax.max / lax.min)."""
    text = str(meshjit.make_jaxpr(lambda x: jnp.clip(x, 0.0, 1.0))(np.ones(3, np.float32)))
    assert text == (
        "{ lambda ; a:f32[3]. let\n    b:f32[3] = jit[\n      name=clip\n"
        "      jaxpr={ lambda ; a:f32[3] c:f32[] d:f32[]. let\n"
        "          e:f32[] = convert_element_type[new_dtype=float32 weak_type=False] c\n"
        "          f:f32[3] = max e a\n"
        "          g:f32[] = convert_element_type[new_dtype=float32 weak_type=False] d\n"
        "          b:f32[3] = min g f\n        in (b,) }\n    ] a 0.0:f32[] 1.0:f32[]\n  in (b,) }"
    )
    assert "name=clip" in str(meshjit.make_jaxpr(lambda x: x.clip(max=2))(np.ones(3, np.int32)))
    assert "clip" not in str(meshjit.make_jaxpr(lambda x: jnp.quantile(x, 0.3))(np.ones(5, np.float32)))


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



def test_shift_divmod_and_round_operators():
    """<<, >>, divmod() and round() on arrays, as JAX's (round without digits: an int)."""
    x = jnp.arange(6)
    np.testing.assert_array_equal(np.asarray(x << 2), np.arange(6) << 2)
    np.testing.assert_array_equal(np.asarray(1 << x), 1 << np.arange(6))
    np.testing.assert_array_equal(np.asarray(64 >> x), 64 >> np.arange(6))
    q, r = divmod(x, 4)
    np.testing.assert_array_equal(np.asarray(q), np.arange(6) // 4)
    np.testing.assert_array_equal(np.asarray(r), np.arange(6) % 4)
    q, r = divmod(7, x[1:])
    np.testing.assert_array_equal(np.asarray(q), 7 // np.arange(1, 6))
    rounded = round(jnp.float32(2.5))
    assert rounded.dtype == np.int32 and int(rounded) == 2
    np.testing.assert_allclose(np.asarray(round(jnp.arange(3.0) / 3, 1)), [0.0, 0.3, 0.7])


def test_round_with_decimals_rescales_float16_in_float32():
    """jnp.round(float16, decimals) rescales in float32 as JAX does (in float16, x * 100 rounded
    first: 2.285 gave 2.28, JAX 2.29; a fuzzer find); integers refuse negative decimals with
    JAX's NotImplementedError; digits beyond the dtype's precision are a no-op."""
    x = (np.arange(0, 2000, dtype=np.float16) / np.float16(7)).astype(np.float16)
    want = (np.round(x.astype(np.float32) * 100) / 100).astype(np.float16)
    got = np.asarray(meshjit.jit(lambda v: jnp.round(v, 2))(x))
    np.testing.assert_array_equal(got, want)
    assert got.dtype == np.float16
    with pytest.raises(NotImplementedError, match="integer np.round not implemented"):
        jnp.round(jnp.int32([15]), -1)
    np.testing.assert_array_equal(np.asarray(jnp.round(jnp.int8([15, -7]), 1)), [15, -7])
    np.testing.assert_array_equal(np.asarray(jnp.round(jnp.float16([1.5]), 6)), [1.5])
    np.testing.assert_array_equal(
        np.asarray(jnp.round(jnp.asarray([1.25, 2.5], jnp.bfloat16), 1), np.float32), [1.203125, 2.5]
    )  # bfloat16 rescales in bfloat16, as JAX (12.5 rounds to 12)


def test_integer_to_a_negative_concrete_power_is_jax_type_error():
    """jnp.power(int, -k) with a concrete int is lax.integer_pow, as JAX: a TypeError in JAX's
    words (meshjit computed lax.pow and gave 0); a float base takes any concrete int power."""
    for call in (lambda: jnp.power(jnp.int32([7, -7]), -1), lambda: jnp.int8([2]) ** -2,
                 lambda: jnp.power(2, -1)):
        with pytest.raises(TypeError, match="Integers cannot be raised to negative powers"):
            call()
    np.testing.assert_array_equal(np.asarray(jnp.power(jnp.float32([2.0, 0.0]), -1)),
                                  [0.5, np.inf])
    assert jnp.power(jnp.float16([2.0]), -3).dtype == np.float16


def test_rounding_prints_as_jaxs_round_primitive_and_jitted_rint_around():
    """JAX's one `round` primitive shows its rounding_method; rint and around are `@jit`."""
    text = str(meshjit.make_jaxpr(lambda x: (lax.round(x), jnp.rint(x), jnp.around(x, 1)))(np.ones(2, np.float32)))
    assert "b:f32[2] = round[rounding_method=0] a" in text
    assert text.count("round[rounding_method=1]") == 2
    assert "name=rint" in text and "name=around" in text
