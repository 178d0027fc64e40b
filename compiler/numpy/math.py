"""meshjit.numpy math beyond the core ufuncs: inverse and hyperbolic trig, exp2 / log2 / log10,
NaN and infinity tests, isclose, nan_to_num, small composites (hypot, logaddexp, fmod, sinc,
heaviside, fmax / fmin, signbit), rounding to whole numbers (trunc, rint, around)."""

from __future__ import annotations

import functools
import math

import ml_dtypes
import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.api_util import alias
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.lax import special as lax_special
from meshjit.compiler.numpy.creation import asarray, full_like
from meshjit.compiler.numpy.elementwise import (
    ceil,
    define_binary,
    define_unary,
    floor,
    greater,
    isfinite,
    less,
    logical_and,
    logical_or,
    round,
    where,
)
from meshjit.compiler.numpy.util import (
    aval_of,
    bool_as_int32,
    broadcast_all,
    broadcast_ranks,
    check_out,
    const_like,
    jitted,
    jitted_as_jax,
    materialize,
    promote,
    promote_inexact,
    refuse_complex,
    result_type,
    strong,
    unary_operand,
)

__all__ = [
    "arccos",
    "arccosh",
    "arcsin",
    "arcsinh",
    "arctan",
    "arctanh",
    "around",
    "cosh",
    "deg2rad",
    "degrees",
    "exp2",
    "fabs",
    "float_power",
    "fmax",
    "fmin",
    "fmod",
    "heaviside",
    "hypot",
    "isclose",
    "isinf",
    "isnan",
    "isneginf",
    "isposinf",
    "log10",
    "log2",
    "logaddexp",
    "nan_to_num",
    "rad2deg",
    "radians",
    "rint",
    "signbit",
    "sinc",
    "sinh",
    "trunc",
]


def _const(x, value):
    """`value` as a strong constant of x's dtype: as in JAX, the result is then strong too."""
    return np.asarray(value, aval_of(x).dtype)


# ---------------------------------------------------------------------------------------------
# Elementwise, on floats (integer inputs are promoted to float32, as in JAX).

arccos = define_unary(lax.acos, inexact=True)
arcsin = define_unary(lax.asin, inexact=True)
arctan = define_unary(lax.atan, inexact=True)
_arccosh = define_unary(lax.acosh, inexact=True)
arcsinh = define_unary(lax.asinh, inexact=True)
arctanh = define_unary(lax.atanh, inexact=True)
sinh = define_unary(lax.sinh, inexact=True)
cosh = define_unary(lax.cosh, inexact=True)
exp2 = define_unary(lax.exp2, inexact=True)
log2 = define_unary(lambda x: lax.div(lax.log(x), lax.log(_const(x, 2.0))), inexact=True)  # JAX's
log10 = define_unary(lambda x: lax.mul(lax.log(x), _const(x, 1.0 / math.log(10.0))), inexact=True)
_real_fabs = define_unary(lax.abs, inexact=True)


def fabs(x, /):
    refuse_complex("ufunc 'fabs' does not support complex dtypes", x)
    return _real_fabs(x)


deg2rad = define_unary(lambda x: lax.mul(x, const_like(x, math.pi / 180.0)), inexact=True)
radians = alias(deg2rad, "radians")
rad2deg = define_unary(lambda x: lax.mul(x, const_like(x, 180.0 / math.pi)), inexact=True)
degrees = alias(rad2deg, "degrees")
float_power = define_binary(lax.pow, inexact=True, operands=("x", "y"))


@jitted_as_jax()
def arccosh(x, /):  # jitted in JAX, unlike the other inverse functions
    return _arccosh(x)


def _is_float(x) -> bool:
    return dtypes.is_float(aval_of(x).dtype)


def isnan(x, /):
    x = unary_operand(x)
    return lax.ne(x, x)


@jitted_as_jax()
def isinf(x, /):
    x = unary_operand(x)
    if dtypes.is_complex(aval_of(x).dtype):  # either part infinite
        return logical_or(_real_isinf(lax.real(x)), _real_isinf(lax.imag(x)))
    return _real_isinf(x)


def _real_isinf(x):
    if not _is_float(x):
        return full_like(x, False, dtype=dtypes.bool_)
    return lax.eq(lax.abs(x), _const(x, np.inf))


def _is_signed_inf(x, infinity):
    x = unary_operand(x)
    refuse_complex(
        "isposinf/isneginf are not well defined for complex types", x, error=MeshjitValueError
    )
    if not _is_float(x):
        return full_like(x, False, dtype=dtypes.bool_)
    return lax.eq(x, _const(x, infinity))


def isposinf(x, /, out=None):
    check_out(out, "isposinf")
    return _is_signed_inf(x, np.inf)


def isneginf(x, /, out=None):
    check_out(out, "isneginf")
    return _is_signed_inf(x, -np.inf)


@jitted_as_jax("equal_nan")
def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """JAX's jitted isclose, in its order (operands rank-promoted, not broadcast; both_nan
    formed whether or not equal_nan uses it)."""
    a, b = broadcast_ranks(*promote_inexact(a, b), name="isclose", op="and")  # (JAX's and fails)
    dtype = dtypes.real_dtype(aval_of(a).dtype)  # complex: tolerances on the modulus
    rtol = lax.convert_element_type(rtol, dtype)
    atol = lax.convert_element_type(atol, dtype)
    both_nan = logical_and(isnan(a), isnan(b))
    check_fin = isfinite(b)
    in_range = lax.le(lax.abs(lax.sub(a, b)), lax.add(atol, lax.mul(rtol, lax.abs(b))))
    out = logical_or(lax.eq(a, b), logical_and(check_fin, in_range))
    return logical_or(out, both_nan) if equal_nan else out


@jitted_as_jax()
def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    x = unary_operand(x)
    dtype = aval_of(x).dtype
    if dtypes.is_complex(dtype):  # each part on its own, as JAX
        parts = (
            nan_to_num(part(x), nan=nan, posinf=posinf, neginf=neginf)
            for part in (lax.real, lax.imag)
        )
        return lax.complex(*parts)
    if not dtypes.is_float(dtype):
        return x
    info = ml_dtypes.finfo(dtype)
    posinf = info.max if posinf is None else posinf
    neginf = info.min if neginf is None else neginf
    out = where(isnan(x), asarray(nan, dtype), x)
    out = where(isposinf(out), asarray(posinf, dtype), out)
    return where(isneginf(out), asarray(neginf, dtype), out)


def hypot(x1, x2, /):
    """One program, as JAX's jitted hypot (so XLA rounds it the same way)."""
    return jitted(_hypot, name="hypot")(x1, x2)


def _hypot(x1, x2):
    x1, x2 = broadcast_all(*promote_inexact(x1, x2))
    refuse_complex(
        "jnp.hypot is not well defined for complex-valued inputs. Please convert to real "
        "values first, such as by using abs(x)",
        x1,
        error=MeshjitValueError,
    )
    x1, x2 = lax.abs(x1), lax.abs(x2)
    either_inf = logical_or(isposinf(x1), isposinf(x2))
    big, small = lax.max(x1, x2), lax.min(x1, x2)
    is_zero = lax.eq(big, 0.0)  # (JAX's formed twice, in its order)
    ratio = lax.div(small, where(lax.eq(big, 0.0), lax.full_like(big, 1), big))
    out = where(is_zero, big, lax.mul(big, lax.sqrt(lax.add(1.0, lax.square(ratio)))))
    return where(either_inf, const_like(out, np.inf), out)  # strong for arrays, as JAX's


def logaddexp(x1, x2):
    """log(exp(x1) + exp(x2)) without overflow: JAX's custom_jvp function (not jitted)."""
    x1, x2 = broadcast_ranks(*promote_inexact(x1, x2), name="logaddexp", op="max")  # JAX's words
    out = custom_logaddexp(base2=False)(x1, x2)
    if dtypes.is_complex(aval_of(out).dtype) and aval_of(out).ndim:
        return strong(out)  # JAX's complex form multiplies by a typed 2
    return out


@functools.cache
def custom_logaddexp(base2: bool):
    """JAX's custom_jvp logaddexp / logaddexp2 (their names in jaxprs): the derivative
    t * e**(x - out), with x or out at +inf taken as 0."""
    from meshjit.compiler.ad.custom_derivatives import custom_jvp  # ad sits above numpy

    name, exp = ("logaddexp2", lax.exp2) if base2 else ("logaddexp", lax.exp)

    def impl(x1, x2):
        return _logaddexp_impl(x1, x2, base2)

    impl.__name__ = impl.__qualname__ = name
    rule = custom_jvp(impl)

    def jvp(primals, tangents):
        (x1, x2), (t1, t2) = primals, tangents
        out = rule(x1, x2)
        inf0 = lax_special.posinf_as_zero
        t1 = lax.mul(t1, exp(lax.sub(inf0(x1), inf0(out))))  # JAX's order, out's twice
        return out, lax.add(t1, lax.mul(t2, exp(lax.sub(inf0(x2), inf0(out)))))

    jvp.__name__ = jvp.__qualname__ = f"_{name}_jvp"
    rule.defjvp(jvp)
    return rule


def _logaddexp_impl(x1, x2, base2: bool):
    """m + log1p(e**-|x1 - x2|) (/ log 2), the sum where the difference is NaN (NaNs, or
    infinities of one sign), in JAX's order; for complex values JAX's form, its imaginary part
    wrapped into [-pi, pi) (/ log 2)."""
    aval = aval_of(x1)
    amax = lax.max(x1, x2)
    exp, scale = (lax.exp2, 1 / math.log(2)) if base2 else (lax.exp, None)
    if not dtypes.is_complex(aval.dtype):
        delta = lax.sub(x1, x2)
        is_nan, total = lax.ne(delta, delta), lax.add(x1, x2)  # first, as JAX's
        tail = lax.log1p(exp(lax.neg(lax.abs(delta))))
        tail = lax.mul(const_like(amax, scale), tail) if base2 else tail  # JAX's _const
        return lax.select(is_nan, total, lax.add(amax, tail))
    # of x1's dtype and weak type (JAX's _const): weak operands give a weak result, as JAX
    two = lax.convert_element_type(2, aval.dtype, weak_type=aval.weak_type)
    delta = lax.sub(lax.add(x1, x2), lax.mul(amax, two))
    tail = lax.log1p(exp(delta))
    if base2:
        tail = lax.mul(lax.convert_element_type(scale, aval.dtype, weak_type=aval.weak_type), tail)
    out = lax.add(amax, tail)
    period = math.pi / math.log(2) if base2 else math.pi
    imag = lax.rem(lax.add(lax.imag(out), period), 2 * period)
    imag = lax.select(lax.lt(imag, 0.0), lax.add(imag, 2 * period), imag)
    return lax.complex(lax.real(out), lax.sub(imag, period))


@jitted_as_jax()
def fmod(x1, x2, /):
    """JAX's jitted fmod: an integer x2 of 0 taken as 1 (x % 0 is 0; booleans keep XLA's
    x % 0 == x), then lax.rem of the promoted operands."""
    if dtypes.is_int(result_type(x1, x2)):
        x2 = where(lax.eq(x2, np.zeros((), aval_of(x2).dtype)), lax.full_like(x2, 1), x2)
    return lax.rem(*broadcast_ranks(*bool_as_int32(*promote(x1, x2)), name="fmod"))


@jitted_as_jax()
def heaviside(x1, x2, /):
    x1, x2 = promote_inexact(x1, x2)
    zero, one = const_like(x1, 0.0), const_like(x1, 1.0)  # JAX's: weak for a weak scalar x1
    # JAX's order: both comparisons, then the NaN test
    return where(lax.lt(x1, zero), zero, where(lax.gt(x1, zero), one, where(isnan(x1), x1, x2)))


@jitted_as_jax()
def sinc(x, /):
    """JAX's jitted sinc: sin(pi x) / (pi x), and at 0 its Maclaurin series (a custom_jvp, so
    that derivatives of every order there are right)."""
    (x,) = promote_inexact(x)
    x = materialize(x)
    is_zero = lax.eq(x, const_like(x, 0.0))
    pi_x = lax.mul(const_like(x, math.pi), x)
    safe = where(is_zero, const_like(x, 1.0), pi_x)
    return where(is_zero, _sinc_maclaurin()(0, pi_x), lax.div(lax.sin(safe), safe))


@functools.cache
def _sinc_maclaurin():
    """JAX's _sinc_maclaurin(k, x): the k-th derivative of sin(x) / x at 0 (x * 0 + c, so of
    x's shape), its jvp the next one."""
    from meshjit.compiler.ad.custom_derivatives import custom_jvp  # ad sits above numpy

    def _sinc_maclaurin(k, x):
        if k % 2:
            return x * 0
        return x * 0 + (-1) ** (k // 2) / (k + 1)

    rule = custom_jvp(_sinc_maclaurin, nondiff_argnums=(0,))

    def _sinc_maclaurin_jvp(k, primals, tangents):
        (x,), (t,) = primals, tangents
        return rule(k, x), rule(k + 1, x) * t

    rule.defjvp(_sinc_maclaurin_jvp)
    return rule


@jitted_as_jax()
def fmax(x1, x2):
    return where(logical_or(greater(x1, x2), isnan(x2)), x1, x2)


@jitted_as_jax()
def fmin(x1, x2):
    return where(logical_or(less(x1, x2), isnan(x2)), x1, x2)


@jitted_as_jax()
def signbit(x, /):
    x = unary_operand(x)
    dtype = aval_of(x).dtype
    if dtypes.is_complex(dtype):
        raise MeshjitValueError(f"jax.numpy.signbit is not well defined for {dtype}")
    if dtypes.is_bool(dtype):
        return full_like(x, False, dtype=dtypes.bool_)
    if not dtypes.is_float(dtype):
        return lax.lt(x, _const(x, 0))
    int_type = np.dtype(f"int{dtype.itemsize * 8}")
    bits = lax.bitcast_convert_type(x, int_type)  # JAX's: the sign bit shifted down, as a bool
    sign = lax.shift_right_arithmetic(bits, np.asarray(dtype.itemsize * 8 - 1, int_type))
    return lax.convert_element_type(sign, dtypes.bool_)


# ---------------------------------------------------------------------------------------------
# Rounding.


@jitted_as_jax()
def trunc(x):
    x = unary_operand(x)
    refuse_complex(f"trunc does not accept dtype {aval_of(x).dtype.name}", x)
    if not _is_float(x):
        return x
    return where(lax.lt(x, 0.0), ceil(x), floor(x))


@jitted_as_jax()
def rint(x, /):
    """One program named rint, as JAX's jitted rint."""
    x = unary_operand(x)
    if dtypes.is_complex(aval_of(x).dtype):  # each part, as JAX
        return lax.complex(rint(lax.real(x)), rint(lax.imag(x)))
    if not _is_float(x):
        return lax.convert_element_type(x, dtypes.default_float)
    return lax.round(x, lax.RoundingMethod.TO_NEAREST_EVEN)


@jitted_as_jax("decimals")
def around(a, decimals=0, out=None):
    """jnp.round in a program named around, as JAX's jitted around."""
    return round(a, decimals, out)
