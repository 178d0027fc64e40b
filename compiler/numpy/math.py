"""meshjit.numpy math: inverse and hyperbolic trig, logs, NaN/inf tests and NaN-aware
reductions, rounding, and the small composite ufuncs (hypot, logaddexp, sinc, ...)."""

from __future__ import annotations

import math

import ml_dtypes
import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.lax import extra as lax_extra
from meshjit.compiler.numpy.api import (
    _bool_as_int32,
    _broadcast_all,
    _count,
    _define_binary,
    _define_unary,
    _materialize,
    _promote,
    _promote_inexact,
    _reduction_axes,
    all,
    asarray,
    aval_of,
    broadcast_to,
    ceil,
    divide,
    equal,
    floor,
    greater,
    less,
    logical_and,
    logical_not,
    logical_or,
    max,
    mean,
    min,
    multiply,
    not_equal,
    reshape,
    round,
    sum,
    where,
)
from meshjit.compiler.numpy.creation import full_like, zeros_like

__all__ = [
    "allclose",
    "arccos",
    "arccosh",
    "arcsin",
    "arcsinh",
    "arctan",
    "arctanh",
    "around",
    "array_equal",
    "average",
    "conj",
    "conjugate",
    "copy",
    "cosh",
    "count_nonzero",
    "deg2rad",
    "degrees",
    "empty_like",
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
    "nanmax",
    "nanmean",
    "nanmin",
    "nansum",
    "ptp",
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

arccos = _define_unary(lax_extra.acos, inexact=True)
arcsin = _define_unary(lax_extra.asin, inexact=True)
arctan = _define_unary(lax_extra.atan, inexact=True)
arccosh = _define_unary(lax_extra.acosh, inexact=True)
arcsinh = _define_unary(lax_extra.asinh, inexact=True)
arctanh = _define_unary(lax_extra.atanh, inexact=True)
sinh = _define_unary(lax_extra.sinh, inexact=True)
cosh = _define_unary(lax_extra.cosh, inexact=True)
exp2 = _define_unary(lax_extra.exp2, inexact=True)
log2 = _define_unary(lambda x: lax.div(lax.log(x), _const(x, math.log(2.0))), inexact=True)
log10 = _define_unary(lambda x: lax.mul(lax.log(x), _const(x, 1.0 / math.log(10.0))), inexact=True)
fabs = _define_unary(lax.abs, inexact=True)
deg2rad = radians = _define_unary(lambda x: lax.mul(x, math.pi / 180.0), inexact=True)
rad2deg = degrees = _define_unary(lambda x: lax.mul(x, 180.0 / math.pi), inexact=True)
float_power = _define_binary(lax.pow, inexact=True)


def _unary_operand(x):
    (x,) = _promote(x)
    return _materialize(x)


def _is_float(x) -> bool:
    return dtypes.is_float(aval_of(x).dtype)


def isnan(x):
    x = _unary_operand(x)
    return lax.ne(x, x)


def isinf(x):
    x = _unary_operand(x)
    if not _is_float(x):
        return full_like(x, False, dtype=dtypes.bool_)
    return lax.eq(lax.abs(x), _const(x, np.inf))


def _is_signed_inf(x, infinity):
    x = _unary_operand(x)
    if not _is_float(x):
        return full_like(x, False, dtype=dtypes.bool_)
    return lax.eq(x, _const(x, infinity))


def isposinf(x):
    return _is_signed_inf(x, np.inf)


def isneginf(x):
    return _is_signed_inf(x, -np.inf)


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    a, b = _broadcast_all(*_promote_inexact(a, b))
    dtype = aval_of(a).dtype
    rtol = lax.convert_element_type(rtol, dtype)
    atol = lax.convert_element_type(atol, dtype)
    in_range = lax.le(lax.abs(lax.sub(a, b)), lax.add(atol, lax.mul(rtol, lax.abs(b))))
    out = logical_or(lax.eq(a, b), logical_and(lax.is_finite(b), in_range))
    if equal_nan:
        out = logical_or(out, logical_and(isnan(a), isnan(b)))
    return out


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return all(isclose(a, b, rtol, atol, equal_nan))


def array_equal(a1, a2, equal_nan=False):
    a1, a2 = asarray(a1), asarray(a2)
    if aval_of(a1).shape != aval_of(a2).shape:
        return asarray(False)
    eq = equal(a1, a2)
    if equal_nan:
        eq = logical_or(eq, logical_and(isnan(a1), isnan(a2)))
    return all(eq)


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    x = _unary_operand(x)
    dtype = aval_of(x).dtype
    if not dtypes.is_float(dtype):
        return x
    info = ml_dtypes.finfo(dtype)
    posinf = info.max if posinf is None else posinf
    neginf = info.min if neginf is None else neginf
    out = where(isnan(x), asarray(nan, dtype), x)
    out = where(isposinf(out), asarray(posinf, dtype), out)
    return where(isneginf(out), asarray(neginf, dtype), out)


def hypot(x1, x2):
    x1, x2 = _broadcast_all(*_promote_inexact(x1, x2))
    x1, x2 = lax.abs(x1), lax.abs(x2)
    either_inf = logical_or(isposinf(x1), isposinf(x2))
    big, small = lax.max(x1, x2), lax.min(x1, x2)
    is_zero = lax.eq(big, 0.0)
    ratio = lax.div(small, where(is_zero, 1.0, big))
    out = where(is_zero, big, lax.mul(big, lax.sqrt(lax.add(lax.mul(ratio, ratio), 1.0))))
    return where(either_inf, np.inf, out)


def logaddexp(x1, x2):
    x1, x2 = _broadcast_all(*_promote_inexact(x1, x2))
    delta = lax.sub(x1, x2)
    # Infinities of one sign (and NaNs) give a NaN delta; x1 + x2 is then the right answer.
    stable = lax.add(lax.max(x1, x2), lax.log1p(lax.exp(lax.neg(lax.abs(delta)))))
    return lax.select(lax.ne(delta, delta), lax.add(x1, x2), stable)


def fmod(x1, x2):
    x1, x2 = _broadcast_all(*_promote(x1, x2))
    if dtypes.is_int(aval_of(x1).dtype):  # as JAX: x % 0 is 0 (booleans keep XLA's x % 0 == x)
        aval = aval_of(x2)
        ones = lax.full(aval.shape, 1, aval.dtype)
        x2 = lax.select(
            lax.eq(x2, 0), lax.convert_element_type(ones, aval.dtype, weak_type=aval.weak_type), x2
        )
    return lax.rem(*_bool_as_int32(x1, x2))


def heaviside(x1, x2):
    x1, x2 = _broadcast_all(*_promote_inexact(x1, x2))
    at_zero = where(isnan(x1), x1, x2)
    return where(lax.lt(x1, 0.0), 0.0, where(lax.gt(x1, 0.0), 1.0, at_zero))


def sinc(x):
    (x,) = _promote_inexact(x)
    x = _materialize(x)
    pi_x = lax.mul(x, math.pi)
    is_zero = lax.eq(x, 0.0)
    safe = where(is_zero, 1.0, pi_x)
    # At 0 the Maclaurin polynomial, so that derivatives there are right too (to fourth order).
    square = lax.mul(pi_x, pi_x)
    series = lax.add(lax.mul(square, lax.sub(lax.mul(square, 1.0 / 120.0), 1.0 / 6.0)), 1.0)
    return where(is_zero, series, lax.div(lax.sin(safe), safe))


def fmax(x1, x2):
    return where(logical_or(greater(x1, x2), isnan(x2)), x1, x2)


def fmin(x1, x2):
    return where(logical_or(less(x1, x2), isnan(x2)), x1, x2)


def signbit(x):
    x = _unary_operand(x)
    dtype = aval_of(x).dtype
    if dtypes.is_bool(dtype):
        return full_like(x, False, dtype=dtypes.bool_)
    if not dtypes.is_float(dtype):
        return lax.lt(x, _const(x, 0))
    bits = lax_extra.bitcast_convert_type(x, np.dtype(f"int{dtype.itemsize * 8}"))
    return lax.lt(bits, 0)


# ---------------------------------------------------------------------------------------------
# Rounding and copies.


def trunc(x):
    x = _unary_operand(x)
    if not _is_float(x):
        return x
    return where(lax.lt(x, 0.0), ceil(x), floor(x))


def rint(x):
    x = _unary_operand(x)
    if not _is_float(x):
        return lax.convert_element_type(x, dtypes.float32)
    return lax.round(x)


def around(a, decimals=0):
    return round(a, decimals)


def copy(a, order=None):
    return asarray(a)


def conj(x):
    return _unary_operand(x)  # meshjit has no complex dtypes: conj is the identity


conjugate = conj


def empty_like(prototype, dtype=None, shape=None):
    return zeros_like(prototype, dtype=dtype, shape=shape)


# ---------------------------------------------------------------------------------------------
# NaN-aware and other reductions.


def _nan_reduction(reducer, identity, a, axis, keepdims, **kwargs):
    a = _unary_operand(a)
    if not _is_float(a):
        return reducer(a, axis=axis, keepdims=keepdims, **kwargs)
    return reducer(where(isnan(a), identity, a), axis=axis, keepdims=keepdims, **kwargs)


def nansum(a, axis=None, dtype=None, keepdims=False):
    return _nan_reduction(sum, 0.0, a, axis, keepdims, dtype=dtype)


def _nan_extremum(reducer, identity, a, axis, keepdims):
    out = _nan_reduction(reducer, identity, a, axis, keepdims)
    a = _unary_operand(a)
    if not _is_float(a):
        return out
    all_nan = all(isnan(a), axis=axis, keepdims=keepdims)
    return where(all_nan, asarray(np.nan, aval_of(out).dtype), out)


def nanmax(a, axis=None, keepdims=False):
    return _nan_extremum(max, -np.inf, a, axis, keepdims)


def nanmin(a, axis=None, keepdims=False):
    return _nan_extremum(min, np.inf, a, axis, keepdims)


def nanmean(a, axis=None, dtype=None, keepdims=False):
    a = _unary_operand(a)
    if not _is_float(a):
        return mean(a, axis=axis, dtype=dtype, keepdims=keepdims)
    dtype = aval_of(a).dtype if dtype is None else dtypes.canonicalize(dtype)
    count = sum(logical_not(isnan(a)), axis=axis, dtype=dtype, keepdims=keepdims)
    return lax.div(nansum(a, axis=axis, dtype=dtype, keepdims=keepdims), count)


def count_nonzero(a, axis=None, keepdims=False):
    return sum(not_equal(a, 0), axis=axis, dtype=dtypes.int32, keepdims=keepdims)


def ptp(a, axis=None, keepdims=False):
    return lax.sub(max(a, axis=axis, keepdims=keepdims), min(a, axis=axis, keepdims=keepdims))


def average(a, axis=None, weights=None, returned=False, keepdims=False):
    if weights is None:
        (a,) = _promote_inexact(a)
        a = _materialize(a)
        avg = mean(a, axis=axis, keepdims=keepdims)
        total = float(_count(a, _reduction_axes(a, axis)))
        weights_sum = lax.full((), total, aval_of(avg).dtype)
    else:
        a, weights = (_materialize(v) for v in _promote_inexact(a, weights))
        weights = _weights_like(a, weights, axis)
        weights_sum = sum(weights, axis=axis, keepdims=keepdims)
        avg = divide(sum(multiply(a, weights), axis=axis, keepdims=keepdims), weights_sum)
    if not returned:
        return avg
    shape = aval_of(avg).shape
    if aval_of(weights_sum).shape != shape:
        weights_sum = broadcast_to(weights_sum, shape)
    return avg, weights_sum


def _weights_like(a, weights, axis):
    """Weights given along the reduced axes only, reshaped to broadcast against `a`."""
    a_shape, w_shape = aval_of(a).shape, aval_of(weights).shape
    if a_shape == w_shape:
        return weights
    if axis is None:
        raise MeshjitValueError("average: axis must be given when a and weights differ in shape")
    axes = _reduction_axes(a, axis)
    if w_shape != tuple(a_shape[i] for i in axes):
        raise MeshjitValueError(
            f"average: weights of shape {w_shape} do not match a of shape {a_shape} along "
            f"axis {axis}"
        )
    order = sorted(range(len(axes)), key=lambda i: axes[i])
    if order != list(range(len(axes))):
        weights = lax.transpose(weights, order)
    return reshape(weights, tuple(d if i in axes else 1 for i, d in enumerate(a_shape)))
