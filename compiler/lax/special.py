"""More elementwise lax ops: inverse and hyperbolic trig, erf_inv, lgamma and digamma,
nextafter, shifts, bitcasts, and stop_gradient.

Each primitive has its abstract eval, lowering (CHLO for the transcendental ones, as JAX) and
jvp rule registered right after it.
"""

from __future__ import annotations

import math

import numpy as np
from jaxlib.mlir.dialects import stablehlo as hlo

from meshjit.compiler import tree_util
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import ShapedArray
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    jvp_rules,
    lowering_rules,
    sharding_rules,
)
from meshjit.compiler.ir.sharding_rules import broadcasting, same_as_first, spec_of
from meshjit.compiler.lax import complex_parts, elementwise
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.lax.ad_util import add_tangents, aval_of, zero_jvp, zeros_like_aval
from meshjit.compiler.lax.batching import elementwise_rule, moveaxis, unary_rule
from meshjit.compiler.lowering import OneOp, emit, implicit_broadcasts

__all__ = [
    "acos",
    "acosh",
    "asin",
    "asinh",
    "atan",
    "atanh",
    "bitcast_convert_type",
    "cosh",
    "digamma",
    "erf_inv",
    "erfc",
    "exp2",
    "lgamma",
    "logaddexp",
    "nextafter",
    "polygamma",
    "shift_left",
    "shift_right_arithmetic",
    "shift_right_logical",
    "sinh",
    "stop_gradient",
    "zeta",
]

# ---------------------------------------------------------------------------------------------
# Shared rule families.


def same_aval_rule(name, kinds):
    """Unary, or binary broadcasting rank-0 and size-1 operands as the lax binary ops do."""

    def rule(*xs):
        out = xs[0]
        if len(xs) > 1:
            checks.same_dtypes(name, xs)
            x, y = xs
            if x.shape != y.shape:
                out = ShapedArray(checks.broadcast_binary(name, x, y), x.dtype, x.weak_type)
        checks.dtype_in(name, xs[0], kinds, position=0 if len(xs) > 1 else None)
        if any(not x.weak_type for x in xs):
            return out.strip_weak_type()
        return out

    return rule


def _elementwise_primitive(name, op_name, kinds):
    prim = Primitive(name)
    abstract_eval_rules.register(prim)(same_aval_rule(name, kinds))
    lowering_rules.register(prim, OneOp(op_name, elementwise=True))
    sharding_rules.register(prim, broadcasting(name))
    return prim


def _unary_jvp(prim, coefficient):
    """jvp of y = prim(x): t * coefficient(x, y)."""

    @jvp_rules.register(prim)
    def rule(primals, tangents):
        (x,), (t,) = primals, tangents
        y = prim.bind(x)
        return y, None if t is None else elementwise.mul(t, coefficient(x, y))

    return rule


def _tangent_jvp(prim, tangent):
    """jvp of y = prim(x): tangent(t, x, y), as JAX's rule computes it (the same bits)."""

    @jvp_rules.register(prim)
    def rule(primals, tangents):
        (x,), (t,) = primals, tangents
        y = prim.bind(x)
        return y, None if t is None else tangent(t, x, y)

    return rule


def _one_minus_square(x):
    return elementwise.sub(1.0, elementwise.mul(x, x))


# ---------------------------------------------------------------------------------------------
# Inverse trigonometric and hyperbolic functions.

acos_p = _elementwise_primitive("acos", "chlo.acos", "fc")
_unary_jvp(acos_p, lambda x, y: elementwise.neg(elementwise.rsqrt(_one_minus_square(x))))

asin_p = _elementwise_primitive("asin", "chlo.asin", "fc")
_unary_jvp(asin_p, lambda x, y: elementwise.rsqrt(_one_minus_square(x)))

atan_p = _elementwise_primitive("atan", "chlo.atan", "fc")
_tangent_jvp(
    atan_p, lambda t, x, y: elementwise.div(t, elementwise.add(1.0, elementwise.mul(x, x)))
)

acosh_p = _elementwise_primitive("acosh", "chlo.acosh", "fc")
_unary_jvp(
    acosh_p,
    lambda x, y: elementwise.rsqrt(elementwise.sub(elementwise.mul(x, x), 1.0)),  # as JAX
)

asinh_p = _elementwise_primitive("asinh", "chlo.asinh", "fc")
_unary_jvp(asinh_p, lambda x, y: elementwise.rsqrt(elementwise.add(elementwise.mul(x, x), 1.0)))

atanh_p = _elementwise_primitive("atanh", "chlo.atanh", "fc")
_tangent_jvp(
    atanh_p,
    lambda t, x, y: elementwise.mul(
        elementwise.div(1.0, elementwise.add(1.0, x)), elementwise.div(t, elementwise.sub(1.0, x))
    ),
)

sinh_p = _elementwise_primitive("sinh", "chlo.sinh", "fc")
cosh_p = _elementwise_primitive("cosh", "chlo.cosh", "fc")
_unary_jvp(sinh_p, lambda x, y: cosh_p.bind(x))
_unary_jvp(cosh_p, lambda x, y: sinh_p.bind(x))

_HALF_SQRT_PI = math.sqrt(math.pi) / 2.0
erf_inv_p = _elementwise_primitive("erf_inv", "chlo.erf_inv", "f")
_tangent_jvp(
    erf_inv_p,
    lambda t, x, y: elementwise.mul(
        _HALF_SQRT_PI, elementwise.mul(t, elementwise.exp(elementwise.mul(y, y)))
    ),
)


erfc_p = _elementwise_primitive("erfc", "chlo.erfc", "f")
_tangent_jvp(
    erfc_p,
    lambda t, x, y: elementwise.mul(
        -2.0 / math.sqrt(math.pi),
        elementwise.mul(t, elementwise.exp(elementwise.neg(elementwise.mul(x, x)))),
    ),
)


# log |Gamma(x)|, its derivative digamma, and digamma's, polygamma(1, x) (as JAX; polygamma is
# differentiable in x, not in its order m).
lgamma_p = _elementwise_primitive("lgamma", "chlo.lgamma", "f")
digamma_p = _elementwise_primitive("digamma", "chlo.digamma", "f")
polygamma_p = _elementwise_primitive("polygamma", "chlo.polygamma", "f")
_unary_jvp(lgamma_p, lambda x, y: digamma_p.bind(x))
_unary_jvp(digamma_p, lambda x, y: polygamma(1.0, x))


@jvp_rules.register(polygamma_p)
def _polygamma_jvp(primals, tangents):
    (m, x), (tm, tx) = primals, tangents
    if tm is not None:
        raise MeshjitTypeError("polygamma is not differentiable in its order m (as in JAX)")
    y = polygamma_p.bind(m, x)
    if tx is None:
        return y, None
    return y, elementwise.mul(tx, polygamma(elementwise.add(m, 1.0), x))


def acos(x):
    return acos_p.bind(x)


def asin(x):
    return asin_p.bind(x)


def atan(x):
    return atan_p.bind(x)


def acosh(x):
    return acosh_p.bind(x)


def asinh(x):
    return asinh_p.bind(x)


def atanh(x):
    return atanh_p.bind(x)


def sinh(x):
    return sinh_p.bind(x)


def cosh(x):
    return cosh_p.bind(x)


def erf_inv(x):
    return erf_inv_p.bind(x)


def lgamma(x):
    """log |Gamma(x)|, elementwise."""
    return lgamma_p.bind(x)


def digamma(x):
    """The derivative of lgamma, elementwise."""
    return digamma_p.bind(x)


def zeta(x, q):
    """The Hurwitz zeta function sum_n (n + q)^-x."""
    return zeta_p.bind_internal(*elementwise.lax_operands(x, q, name="zeta"))


def erfc(x):
    """1 - erf(x), accurate where erf(x) is near 1."""
    return erfc_p.bind(x)


def polygamma(m, x):
    """The m-th derivative of digamma (m a non-negative integer, as a float array)."""
    return polygamma_p.bind_internal(*elementwise.lax_operands(m, x, name="polygamma"))


def exp2(x, *, accuracy=None):
    """2 ** x: JAX's exp2 primitive (lowered as exp(log 2 * x)); `accuracy` is the
    exponential's."""
    checks.dtype_in("exp2", elementwise.aval_of(x), "fc")
    return elementwise.exp2(x, accuracy=accuracy)


# The Hurwitz zeta function; differentiable in q (d/dq zeta(x, q) = -x zeta(x + 1, q)).
zeta_p = _elementwise_primitive("zeta", "chlo.zeta", "f")


@jvp_rules.register(zeta_p)
def _zeta_jvp(primals, tangents):
    (x, q), (tx, tq) = primals, tangents
    if tx is not None:
        raise MeshjitTypeError("zeta is not differentiable in its exponent x in meshjit")
    y = zeta_p.bind(x, q)
    if tq is None:
        return y, None
    return y, elementwise.mul(
        tq, elementwise.neg(elementwise.mul(x, zeta(elementwise.add(x, 1.0), q)))
    )


# ---------------------------------------------------------------------------------------------
# logaddexp: one primitive, for JAX's derivative (its custom jvp) at infinities and NaN.

logaddexp_p = Primitive("logaddexp")
abstract_eval_rules.register(logaddexp_p)(same_aval_rule("logaddexp", "fc"))
sharding_rules.register(logaddexp_p, broadcasting("logaddexp"))


def _logaddexp_lowering(ctx, x, y):
    """max(x, y) + log1p(exp(-|x - y|)); x + y where x - y is NaN (NaNs, or infinities of one
    sign)."""
    x, y = implicit_broadcasts(ctx, x, y)
    if dtypes.is_complex(ctx.avals_out[0].dtype):
        return _complex_logaddexp(ctx, x, y)
    delta = hlo.SubtractOp(x, y).result
    tail = hlo.Log1pOp(hlo.ExpOp(hlo.NegOp(hlo.AbsOp(delta).result).result).result).result
    stable = hlo.AddOp(hlo.MaxOp(x, y).result, tail).result
    is_nan = elementwise.compare(delta, delta, "NE", ctx.avals_out[0].dtype)
    return hlo.SelectOp(is_nan, hlo.AddOp(x, y).result, stable).result


def _complex_logaddexp(ctx, x, y):
    """JAX's: m + log1p(exp(x + y - 2 m)), m the lexicographic max, its imaginary part wrapped
    into [-pi, pi)."""
    amax = elementwise.complex_extremum(x, y, "GT")
    two = elementwise.broadcast_scalar(ctx, np.array(2, ctx.avals_out[0].dtype), ctx.avals_out[0])
    delta = hlo.SubtractOp(hlo.AddOp(x, y).result, hlo.MulOp(amax, two).result).result
    out = hlo.AddOp(amax, hlo.Log1pOp(hlo.ExpOp(delta).result).result).result
    part_aval = ctx.avals_out[0].update(dtype=dtypes.real_dtype(ctx.avals_out[0].dtype))
    return hlo.ComplexOp(
        hlo.RealOp(out).result, _wrap_pi(ctx, hlo.ImagOp(out).result, part_aval)
    ).result


def _wrap_pi(ctx, x, aval):
    """x wrapped into [-pi, pi): ((x + pi) rem 2 pi, made nonnegative) - pi, as JAX."""

    def const(v):
        return elementwise.broadcast_scalar(ctx, np.array(v, aval.dtype), aval)

    rem = hlo.RemOp(hlo.AddOp(x, const(np.pi)).result, const(2 * np.pi)).result
    negative = elementwise.compare(rem, const(0), "LT", aval.dtype)
    rem = hlo.SelectOp(negative, hlo.AddOp(rem, const(2 * np.pi)).result, rem).result
    return hlo.SubtractOp(rem, const(np.pi)).result


lowering_rules.register(logaddexp_p, _logaddexp_lowering)


def posinf_as_zero(x):
    """+inf taken as 0 (JAX's _replace_inf; -inf stays, so exp(-inf - out) is 0); a complex
    value whose real part is +inf too."""
    real = complex_parts.real(x) if dtypes.is_complex(aval_of(x).dtype) else x
    return elementwise.select(elementwise.eq(real, np.inf), zeros_like_aval(aval_of(x)), x)


@jvp_rules.register(logaddexp_p)
def _logaddexp_jvp(primals, tangents):
    """As JAX's: t * exp(x - out), with x or out at +inf taken as 0."""
    (x, y), (tx, ty) = primals, tangents
    out = logaddexp_p.bind(x, y)
    out_finite = posinf_as_zero(out)

    def part(t, v):
        if t is None:
            return None
        return elementwise.mul(t, elementwise.exp(elementwise.sub(posinf_as_zero(v), out_finite)))

    t = add_tangents(part(tx, x), part(ty, y))
    return out, None if t is None else elementwise.broadcast_to_result(t, aval_of(out).shape)


def logaddexp(x1, x2):
    """log(exp(x1) + exp(x2)) without overflow."""
    return logaddexp_p.bind_internal(*elementwise.lax_operands(x1, x2, name="logaddexp"))


# ---------------------------------------------------------------------------------------------
# Bits: nextafter (not differentiable, as in JAX), shifts, bitcasts (zero tangents).

nextafter_p = _elementwise_primitive("nextafter", "chlo.next_after", "f")  # no jvp, as JAX

shift_left_p = _elementwise_primitive("shift_left", "stablehlo.shift_left", "i")
shift_right_arithmetic_p = _elementwise_primitive(
    "shift_right_arithmetic", "stablehlo.shift_right_arithmetic", "i"
)
shift_right_logical_p = _elementwise_primitive(
    "shift_right_logical", "stablehlo.shift_right_logical", "i"
)
for _prim in (shift_left_p, shift_right_arithmetic_p, shift_right_logical_p):
    zero_jvp(_prim)


def nextafter(x1, x2):
    return nextafter_p.bind(*elementwise.lax_operands(x1, x2))


def shift_left(x, y):
    return shift_left_p.bind(*elementwise.lax_operands(x, y))


def shift_right_arithmetic(x, y):
    return shift_right_arithmetic_p.bind(*elementwise.lax_operands(x, y))


def shift_right_logical(x, y):
    return shift_right_logical_p.bind(*elementwise.lax_operands(x, y))


bitcast_convert_type_p = Primitive("bitcast_convert_type")


@abstract_eval_rules.register(bitcast_convert_type_p)
def _bitcast_rule(x, *, new_dtype):
    special = [dtypes.is_bool(d) or dtypes.is_complex(d) for d in (x.dtype, new_dtype)]
    if any(special) and x.dtype != new_dtype:  # as JAX (XLA cannot bitcast complex values)
        raise MeshjitTypeError(
            "lax.bitcast_convert_type does not support bool or complex values unless the "
            f"operand and destination types match. Got operand dtype={x.dtype}, "
            f"new_dtype={new_dtype!r}. Consider using the arr.view() method instead."
        )
    old_bits, new_bits = dtypes.bit_width(x.dtype), dtypes.bit_width(new_dtype)
    if old_bits == new_bits:
        return ShapedArray(x.shape, new_dtype)
    if old_bits > new_bits:
        return ShapedArray((*x.shape, old_bits // new_bits), new_dtype)
    ratio = new_bits // old_bits
    if not x.shape or x.shape[-1] != ratio:
        last = x.shape[-1] if x.shape else 1
        raise MeshjitValueError(  # JAX's words
            f"Attempting to convert array of shape {x.shape} from {x.dtype} of size {old_bits} "
            f"bits to {new_dtype} of size {new_bits}, bits but {last} * {old_bits} != "
            f"{new_bits} (bitcast_convert_type needs a last dimension of size {ratio})"
        )
    return ShapedArray(x.shape[:-1], new_dtype)


def _bitcast_lowering(ctx, x, *, new_dtype):
    return emit("stablehlo.bitcast_convert", [ctx.result_type], [x]).result


lowering_rules.register(bitcast_convert_type_p, _bitcast_lowering)


@sharding_rules.register(bitcast_convert_type_p)
def _bitcast_sharding(out, x, *, new_dtype):
    xs = spec_of(x)
    return (xs + (None,))[: len(out.shape)] if out.ndim >= x.ndim else xs[:-1]


zero_jvp(bitcast_convert_type_p)


def bitcast_convert_type(operand, new_dtype):
    new_dtype = dtypes.canonicalize(new_dtype)
    return bitcast_convert_type_p.bind(operand, new_dtype=np.dtype(new_dtype))


# ---------------------------------------------------------------------------------------------
# stop_gradient: the identity, whose tangent is zero.

stop_gradient_p = Primitive("stop_gradient")


@abstract_eval_rules.register(stop_gradient_p)
def _stop_gradient_rule(x):
    return x


lowering_rules.register(stop_gradient_p, lambda ctx, x: x)
sharding_rules.register(stop_gradient_p, same_as_first)
zero_jvp(stop_gradient_p)


def stop_gradient(x):
    """Its argument (any pytree of arrays), through which no gradient flows."""

    def stop(leaf):
        if isinstance(leaf, (bool, int, float, complex, np.generic, np.ndarray)):
            return leaf
        return stop_gradient_p.bind(leaf)

    return tree_util.tree_map(stop, x)


# ---------------------------------------------------------------------------------------------
# Batching: per element (bitcasts may add or drop a trailing axis: the mapped one goes first).

for _prim in (
    acos_p,
    asin_p,
    atan_p,
    acosh_p,
    asinh_p,
    atanh_p,
    sinh_p,
    cosh_p,
    erf_inv_p,
    lgamma_p,
    digamma_p,
    logaddexp_p,
    nextafter_p,
    shift_left_p,
    shift_right_arithmetic_p,
    shift_right_logical_p,
    erfc_p,
    polygamma_p,
    zeta_p,
):
    elementwise_rule(_prim)
unary_rule(stop_gradient_p)


@batching_rules.register(bitcast_convert_type_p)
def _bitcast_batcher(args, dims, *, new_dtype):
    return bitcast_convert_type_p.bind(moveaxis(args[0], dims[0], 0), new_dtype=new_dtype), 0
