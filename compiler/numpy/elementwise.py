"""meshjit.numpy's core ufuncs: arithmetic, comparisons, bitwise and logical ops, the common
unary functions and rounding, plus `where`, `clip` and `astype`.

Most are made by ufuncs.py's `define_unary` / `define_binary` from their lax op; the others
promote (NumPy's rules with JAX's weak types) and broadcast their operands as those do.
"""

from __future__ import annotations

import operator
import warnings

import ml_dtypes
import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.api_util import alias
from meshjit.compiler.errors import (
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.numpy.ufuncs import define_binary, define_binary_with_bool, define_unary
from meshjit.compiler.numpy.util import (
    as_bool,
    aval_of,
    bool_as_int32,
    broadcast_all,
    broadcast_ranks,
    check_arraylike,
    check_out,
    const_like,
    from_jax_array,
    jitted,
    jitted_as_jax,
    materialize,
    opaque_operands,
    placed,
    promote,
    promote_inexact,
    refuse_complex,
)

__all__ = [
    "abs",
    "absolute",
    "add",
    "arctan2",
    "astype",
    "bitwise_and",
    "bitwise_not",
    "bitwise_or",
    "bitwise_xor",
    "cbrt",
    "ceil",
    "clip",
    "cos",
    "divide",
    "equal",
    "exp",
    "expm1",
    "floor",
    "divmod",
    "floor_divide",
    "greater",
    "greater_equal",
    "invert",
    "isfinite",
    "less",
    "less_equal",
    "log",
    "log1p",
    "logical_and",
    "logical_not",
    "logical_or",
    "logical_xor",
    "maximum",
    "minimum",
    "mod",
    "multiply",
    "negative",
    "not_equal",
    "positive",
    "power",
    "reciprocal",
    "remainder",
    "round",
    "sign",
    "sin",
    "sqrt",
    "square",
    "subtract",
    "tan",
    "tanh",
    "true_divide",
    "where",
]


# ---------------------------------------------------------------------------------------------
# Ufuncs made from their lax op.

add = define_binary_with_bool(lax.add, lax.bitwise_or)
subtract = define_binary(lax.sub)
multiply = define_binary_with_bool(lax.mul, lax.bitwise_and)
divide = define_binary(lax.div, inexact=True)
true_divide = alias(divide, "true_divide")  # (functions of their own, as JAX's)
maximum = define_binary(lax.max)
minimum = define_binary(lax.min)
arctan2 = define_binary(lax.atan2, inexact=True)
equal = define_binary(lax.eq, operands=("x", "y"))
not_equal = define_binary(lax.ne, operands=("x", "y"))


def _is_complex(x) -> bool:
    return dtypes.is_complex(aval_of(x).dtype)


def _define_ordered(lax_fn):
    """less / greater / ...: complex operands compare lexicographically on (real, imag), as
    jax.numpy's do (lax's comparisons refuse complex operands)."""
    real_fn = define_binary(lax_fn)

    def fn(x, y, /):
        if not (_is_complex(x) or _is_complex(y)):
            return real_fn(x, y)
        x, y = broadcast_all(*promote(x, y))
        rx, ry = lax.real(x), lax.real(y)
        return lax.select(lax.eq(rx, ry), lax_fn(lax.imag(x), lax.imag(y)), lax_fn(rx, ry))

    return fn


less = _define_ordered(lax.lt)
less_equal = _define_ordered(lax.le)
greater = _define_ordered(lax.gt)
greater_equal = _define_ordered(lax.ge)
bitwise_and = define_binary(lax.bitwise_and)
bitwise_or = define_binary(lax.bitwise_or)
bitwise_xor = define_binary(lax.bitwise_xor)

exp = define_unary(lax.exp, inexact=True)
log = define_unary(lax.log, inexact=True)
log1p = define_unary(lax.log1p, inexact=True)
expm1 = define_unary(lax.expm1, inexact=True)
sqrt = define_unary(lax.sqrt, inexact=True)
cbrt = define_unary(lax.cbrt, inexact=True)
sin = define_unary(lax.sin, inexact=True)
cos = define_unary(lax.cos, inexact=True)
tan = define_unary(lax.tan, inexact=True)
tanh = define_unary(lax.tanh, inexact=True)


def _define_rounding(lax_fn):
    """floor / ceil: integers and booleans are already whole, so they pass through (as JAX)."""

    def fn(x, /):
        (x,) = promote(x)
        x = materialize(x)
        return lax_fn(x) if dtypes.is_inexact(aval_of(x).dtype) else x  # complex: lax's error

    return fn


floor = _define_rounding(lax.floor)
ceil = _define_rounding(lax.ceil)
_real_isfinite = define_unary(lax.is_finite, inexact=True)


def isfinite(x, /):
    """Complex: both parts finite; integers and booleans: all True (a strong bool, as JAX)."""
    if not _is_complex(x):
        (x,) = promote(x)
        if not dtypes.is_inexact(aval_of(x).dtype):
            return lax.full(aval_of(x).shape, True, dtypes.bool_)
        return _real_isfinite(x)
    x = materialize(x)
    return lax.bitwise_and(lax.is_finite(lax.real(x)), lax.is_finite(lax.imag(x)))


def negative(x):
    (x,) = promote(x)
    if dtypes.is_bool(aval_of(x).dtype):
        raise MeshjitTypeError(  # JAX's words (lax.neg's)
            "neg does not accept dtype bool. Accepted dtypes are subtypes of integer, floating, "
            "complexfloating. (negative is not defined for boolean arrays; use logical_not)"
        )
    return lax.neg(materialize(x))


def positive(x, /):
    return materialize(x)


def abs(x, /):
    (x,) = promote(x)
    dtype = aval_of(x).dtype
    if dtypes.is_unsigned(dtype) or dtypes.is_bool(dtype):
        return materialize(x)
    return lax.abs(materialize(x))


absolute = alias(abs, "absolute")


def sign(x, /):
    (x,) = promote(x)
    dtype = aval_of(x).dtype
    if dtypes.is_bool(dtype):
        raise MeshjitTypeError("sign is not defined for boolean arrays")
    if dtypes.is_unsigned(dtype):
        return lax.convert_element_type(not_equal(x, 0), dtype)
    return lax.sign(materialize(x))


def round(a, decimals=0, out=None):
    """One program, as JAX's jitted jnp.round (so XLA rounds `x * 10**d / 10**d` alike)."""
    check_out(out, "round")
    from meshjit.compiler.jit.signature import hashable_static  # JAX jits it: decimals static

    decimals = operator.index(hashable_static(decimals, "argument decimals of jnp.round"))
    check_arraylike("round", a)
    return jitted(_round, ("decimals",), "round")(a, decimals=decimals)


def _round(a, decimals):
    (x,) = promote(a)
    if _is_complex(x):  # each part rounded, as JAX
        x = materialize(x)
        return lax.complex(_round(lax.real(x), decimals), _round(lax.imag(x), decimals))
    dtype = aval_of(x).dtype
    if dtypes.is_bool(dtype):  # as JAX, whose finfo refuses booleans
        raise MeshjitValueError(f"data type {np.bool_!r} not inexact")
    if not dtypes.is_float(dtype):
        if decimals < 0:  # JAX's refusal, in its words
            raise MeshjitNotImplementedError("integer np.round not implemented for decimals < 0")
        return materialize(x)
    if decimals > np.log10(float(ml_dtypes.finfo(dtype).max)):  # beyond the precision: no-op
        return materialize(x)
    if decimals:
        # float16 rescales in float32 (x * 100 in float16 would round before the rounding)
        wide = lax.convert_element_type(x, np.float32) if dtype == np.float16 else x
        factor = const_like(wide, 10.0**decimals)  # JAX's _const: weak for a weak scalar
        out = lax.div(lax.round(lax.mul(wide, factor), lax.RoundingMethod.TO_NEAREST_EVEN), factor)
        return lax.convert_element_type(out, dtype) if dtype == np.float16 else out
    return lax.round(materialize(x), lax.RoundingMethod.TO_NEAREST_EVEN)


def square(x, /):
    """lax.square, as JAX (booleans square in int32)."""
    (x,) = bool_as_int32(*promote(x))
    return lax.square(materialize(x))


def reciprocal(x, /):
    (x,) = promote_inexact(x)
    return lax.integer_pow(materialize(x), -1)


def invert(x, /):
    (x,) = promote(x)
    return lax.bitwise_not(materialize(x))


bitwise_not = alias(invert, "bitwise_not")


# ---------------------------------------------------------------------------------------------
# Integer division and powers (booleans compute in int32, as in JAX), logic, where, clip.


@jitted_as_jax()
def floor_divide(x1, x2, /):
    """JAX's jitted floor_divide, in its order (operands rank-promoted, not broadcast)."""
    x1, x2 = broadcast_ranks(*bool_as_int32(*promote(x1, x2)), name="floor_divide")
    refuse_complex("floor_divide does not support complex-valued inputs", x1)
    dtype = aval_of(x1).dtype
    if dtypes.is_unsigned(dtype):
        return lax.div(x1, x2)
    if dtypes.is_int(dtype):
        quotient = lax.div(x1, x2)
        fix = logical_and(not_equal(lax.sign(x1), lax.sign(x2)), not_equal(lax.rem(x1, x2), 0))
        return where(fix, subtract(quotient, 1), quotient)  # x // 0 as JAX's: -1 or -2
    return _float_divmod(x1, x2)[0]


def _float_divmod(x1, x2):
    """CPython's float_divmod, as JAX: x // 0.0 is x / 0.0 (+-inf, nan for 0 and nan); the
    quotient rounded half away from zero (lax.round's default)."""
    mod = lax.rem(x1, x2)
    div = lax.div(where(equal(x2, 0), x1, lax.sub(x1, mod)), x2)
    fix = lax.bitwise_and(not_equal(mod, 0), not_equal(lax.sign(x2), lax.sign(mod)))
    mod = lax.select(fix, add(mod, x2), mod)
    div = lax.select(fix, subtract(div, 1.0), div)
    return lax.round(div), mod


@jitted_as_jax()
def remainder(x1, x2, /):
    """JAX's jitted remainder, in its order: the truncated remainder moved by x2 where its
    sign is not x2's."""
    x1, x2 = broadcast_ranks(*bool_as_int32(*promote(x1, x2)), name="remainder")
    zero = np.zeros((), aval_of(x1).dtype)
    if dtypes.is_int(aval_of(x2).dtype):  # as JAX: an integer x % 0 is 0
        x2 = where(equal(x2, 0), lax.full_like(x2, 1), x2)
    mod = lax.rem(x1, x2)
    not_zero = lax.ne(mod, zero)
    fix = lax.bitwise_and(lax.ne(lax.lt(mod, zero), lax.lt(x2, zero)), not_zero)
    return lax.select(fix, lax.add(mod, x2), mod)


def mod(x1, x2, /):
    """JAX's: remainder (jitted) called by a function of its own."""
    return remainder(x1, x2)


@jitted_as_jax()
def divmod(x1, x2, /):  # noqa: A001  (numpy's name)
    """JAX's jitted divmod: integers by floor_divide and remainder, floats by one
    _float_divmod."""
    x1, x2 = broadcast_ranks(*bool_as_int32(*promote(x1, x2)), name="divmod")
    if dtypes.is_int(aval_of(x1).dtype):
        return floor_divide(x1, x2), remainder(x1, x2)
    refuse_complex("floor_divide does not support complex-valued inputs", x1)
    return _float_divmod(x1, x2)


def power(x1, x2, /):
    # a concrete int power is integer_pow, as JAX (an integer base to a negative one: TypeError)
    if isinstance(x2, int) and not isinstance(x2, bool) and -(2**16) < x2 < 2**16:
        (x1,) = promote(x1)
        if dtypes.is_bool(aval_of(x1).dtype):
            x1 = lax.convert_element_type(x1, dtypes.int32)
        return lax.integer_pow(materialize(x1), x2)
    (base,), (exponent,) = promote(x1), promote(x2)
    if dtypes.is_inexact(aval_of(base).dtype) and dtypes.is_int(aval_of(exponent).dtype):
        # as JAX: an inexact base to integer powers is lax.pow of the operands unpromoted (the
        # base's dtype; strong when the exponent is)
        return lax.pow(*broadcast_ranks(base, exponent, name="power", op="pow"))
    x1, x2 = bool_as_int32(*promote(x1, x2))
    if dtypes.is_int(aval_of(x1).dtype):
        return _pow_int_int(*broadcast_all(x1, x2, op="pow"))
    return lax.pow(*broadcast_ranks(x1, x2, name="power", op="pow"))  # as JAX's: rank-0 kept


def _pow_int_int(x1, x2):
    """Integer powers as JAX computes them: binary exponentiation over the exponent's low six
    bits (more overflows any base above 1), wrapping as integer products do, the exponent's bits
    read unsigned (XLA's integer pow differs: 2 ** 40 in int32 is not 0 there)."""
    zero, one = (lax.full_like(x2, v) for v in (0, 1))
    acc = where(lax.bitwise_and(lax.eq(x1, zero), lax.ne(x2, zero)), zero, one)
    for _ in range(6):
        acc = where(lax.ne(lax.bitwise_and(x2, one), zero), lax.mul(acc, x1), acc)
        x1 = lax.mul(x1, x1)
        x2 = lax.shift_right_logical(x2, one)
    return acc


def logical_and(x1, x2):
    x1, x2 = promote(x1, x2)  # first, as JAX: two weak bools make a strong one
    return lax.bitwise_and(*broadcast_ranks(as_bool(x1), as_bool(x2), name="logical_and"))


def logical_or(x1, x2):
    x1, x2 = promote(x1, x2)  # first, as JAX: two weak bools make a strong one
    return lax.bitwise_or(*broadcast_ranks(as_bool(x1), as_bool(x2), name="logical_or"))


def logical_xor(x1, x2):
    x1, x2 = promote(x1, x2)  # first, as JAX: two weak bools make a strong one
    return lax.bitwise_xor(*broadcast_ranks(as_bool(x1), as_bool(x2), name="logical_xor"))


def logical_not(x, /):
    return lax.bitwise_not(materialize(as_bool(x)))


def where(condition, x=None, y=None, /, *, size=None, fill_value=None):
    """where(condition, x, y) selects; where(condition) is nonzero(condition) (concrete, or
    with `size`), as in JAX."""
    if x is None and y is None:
        from meshjit.compiler.numpy.sorting import nonzero  # a later module

        condition = from_jax_array(condition)  # JAX's ensure_arraylike, before nonzero's jit
        return nonzero(condition, size=size, fill_value=fill_value)
    if x is None or y is None:  # JAX's TypeError: None is not an array
        raise MeshjitTypeError(
            "where requires ndarray or scalar arguments, got <class 'NoneType'> at position "
            f"{1 if x is None else 2}. Either both or neither of x and y should be provided"
        )
    opaque = opaque_operands("where", x, y)
    if opaque is not None:  # typed keys: the condition selects whole keys of their data
        (xd, yd), trailing, rebuild = opaque
        cond = as_bool(condition)
        cond = lax.reshape(cond, aval_of(cond).shape + (1,) * trailing)
        return rebuild(where(cond, xd, yd))
    return _where(condition, x, y)


@jitted_as_jax()
def _where(condition, x, y):
    """One program, as JAX's jitted `_where` (a scalar condition is not broadcast)."""
    condition = as_bool(condition)
    x, y = promote(x, y)
    if aval_of(condition).shape:
        condition, x, y = broadcast_all(condition, x, y)
    else:
        x, y = broadcast_all(x, y)
    if 0 in aval_of(x).shape:  # as JAX's: nothing to select, so x (its tangent, a zero of y's)
        return x
    return lax.select(condition, x, y)


@jitted_as_jax()
def clip(arr=None, /, min=None, max=None):
    """JAX 0.10's signature: NumPy's `a_min=` / `a_max=` spellings are gone; one program named
    clip, as JAX's jitted clip."""
    a, a_min, a_max = arr, min, max
    if a is None:  # JAX's words
        raise MeshjitValueError("No input was provided to the clip function.")
    refuse_complex(
        "Clip received a complex value either through the input or the min/max keywords. "
        "Complex values have no ordering and cannot be clipped. Please convert to a real value "
        "or array by taking the real or imaginary components via jax.numpy.real/imag "
        "respectively.",
        *(v for v in (a, a_min, a_max) if v is not None),
        error=MeshjitValueError,
    )
    if a_min is not None:  # JAX's operand order (its broadcasting error names them so)
        a = maximum(a_min, a)
    if a_max is not None:
        a = minimum(a_max, a)
    return materialize(a)


def astype(x, dtype, /, *, copy=False, device=None):
    """x as `dtype` (`copy` is moot: arrays are immutable); on `device` when given."""
    if isinstance(device, str):  # JAX's words (a name is neither a device nor a sharding)
        raise MeshjitValueError(f"sharding={device!r} must be an instance of jax.sharding.Sharding")
    if device is not None:
        return placed(astype(x, dtype), device, None, "astype")
    if getattr(dtype, "is_extended", False):  # a key dtype: JAX's error (wrap_key_data makes keys)
        raise MeshjitValueError(f"Cannot convert_element_type from {aval_of(x).dtype} to {dtype}")
    dtypes.check_user_dtype(dtype, "astype")
    x = materialize(x)
    if _is_complex(x):
        target = np.dtype(getattr(dtype, "dtype", dtype))
        if target == dtypes.bool_:  # nonzero, not the real part's truth as lax's conversion
            return lax.ne(x, lax.convert_element_type(0, aval_of(x).dtype))
        if target.kind in "iuf" or target == dtypes.bfloat16:
            warnings.warn(
                "Casting from complex to real dtypes will soon raise a ValueError. Please "
                "first use jnp.real or jnp.imag to take the real/imaginary component of your "
                "input.",
                DeprecationWarning,
                stacklevel=2,
            )
        return lax.convert_element_type(x, dtype, warn_on_complex_to_real_cast=False)
    return lax.convert_element_type(x, dtype)
