"""jvp and transpose rules of the core lax primitives: elementwise ops, shapes, reductions, dot.

Tangent expressions are linear in the tangents with primal coefficients (`mul(t, cos(x))`), so
the linear part of a jvp jaxpr uses only primitives with transpose rules here.
"""

from __future__ import annotations

import math

import numpy as np

from meshjit.compiler.ad.transform import (
    MeshjitNotImplementedError,
    add_tangents,
    aval_of,
    defjvp,
    deftranspose,
    instantiate,
    is_undefined,
    jvp_rules,
    zeros_like_aval,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.lax import primitives as lp
from meshjit.compiler.lax import wrappers as lax

# ---------------------------------------------------------------------------------------------
# Families of rules.


def zero_jvp(prim):
    """The outputs do not change with the inputs (comparisons, rounding, arg reductions)."""

    def rule(primals, tangents, **params):
        out = prim.bind(*primals, **params)
        return out, [None] * len(out) if prim.multiple_results else None

    jvp_rules[prim] = rule


def linear_jvp(prim, linear_args=None):
    """`prim` is linear in the arguments `linear_args` (all by default): its jvp applies it to
    their tangents, with the other (index) arguments as they are."""

    def rule(primals, tangents, **params):
        out = prim.bind(*primals, **params)
        lin = range(len(primals)) if linear_args is None else linear_args
        if all(tangents[i] is None for i in lin):
            return out, [None] * len(out) if prim.multiple_results else None
        args = [
            instantiate(t, aval_of(p)) if i in lin else p
            for i, (p, t) in enumerate(zip(primals, tangents))
        ]
        return out, prim.bind(*args, **params)

    jvp_rules[prim] = rule


def _mul_opt(t, coefficient):
    return None if t is None else lax.mul(t, coefficient)


def _as(x, like):
    """A bool mask as a float array of `like`'s dtype."""
    return lax.convert_element_type(x, aval_of(like).dtype)


for _name in ("sign", "floor", "ceil", "round", "is_finite"):
    zero_jvp(lp.unary_p[_name])
for _prim in (*lp.compare_p.values(), lp.argmax_p, lp.argmin_p):
    zero_jvp(_prim)

# ---------------------------------------------------------------------------------------------
# Unary elementwise ops: the tangent is t times a coefficient of x and the output y.


def _unary(name, tangent):
    prim = lp.unary_p[name]

    def rule(primals, tangents):
        (x,), (t,) = primals, tangents
        y = prim.bind(x)
        return y, tangent(t, x, y)

    jvp_rules[prim] = rule


_TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)
_unary("abs", lambda t, x, y: lax.mul(t, lax.sign(x)))
_unary("exp", lambda t, x, y: lax.mul(t, y))
_unary("log", lambda t, x, y: lax.div(t, x))
_unary("log1p", lambda t, x, y: lax.div(t, lax.add(x, 1.0)))
_unary("expm1", lambda t, x, y: lax.mul(t, lax.add(y, 1.0)))
_unary("sqrt", lambda t, x, y: lax.div(t, lax.mul(y, 2.0)))
_unary("rsqrt", lambda t, x, y: lax.mul(t, lax.mul(lax.div(y, x), -0.5)))
_unary("cbrt", lambda t, x, y: lax.mul(t, lax.mul(lax.integer_pow(y, -2), 1.0 / 3.0)))
_unary("sin", lambda t, x, y: lax.mul(t, lax.cos(x)))
_unary("cos", lambda t, x, y: lax.mul(t, lax.neg(lax.sin(x))))
_unary("tan", lambda t, x, y: lax.mul(t, lax.add(lax.mul(y, y), 1.0)))
_unary("tanh", lambda t, x, y: lax.mul(t, lax.sub(1.0, lax.mul(y, y))))
_unary("logistic", lambda t, x, y: lax.mul(t, lax.mul(y, lax.sub(1.0, y))))
_unary(
    "erf",
    lambda t, x, y: lax.mul(t, lax.mul(lax.exp(lax.neg(lax.mul(x, x))), _TWO_OVER_SQRT_PI)),
)

linear_jvp(lp.unary_p["neg"])


@deftranspose(lp.unary_p["neg"])
def _neg_transpose(ct, x):
    return [lax.neg(ct)]


@defjvp(lp.integer_pow_p)
def _integer_pow_jvp(primals, tangents, *, y):
    (x,), (t,) = primals, tangents
    out = lp.integer_pow_p.bind(x, y=y)
    if y == 0:
        return out, None
    coefficient = float(y) if y == 1 else lax.mul(lax.integer_pow(x, y - 1), float(y))
    return out, lax.mul(t, coefficient)


# ---------------------------------------------------------------------------------------------
# Binary elementwise ops.


def _binary(name, tangent):
    prim = lp.binary_p[name]

    def rule(primals, tangents):
        (x, y), (tx, ty) = primals, tangents
        out = prim.bind(x, y)
        t = tangent(tx, ty, x, y, out)
        return out, None if t is None else broadcast_to_result(t, aval_of(out).shape)

    jvp_rules[prim] = rule


def broadcast_to_result(x, shape):
    """`x` broadcast as a binary primitive broadcasts its rank-0 and size-1 operands."""
    x_shape = aval_of(x).shape
    if x_shape == shape:
        return x
    return lax.broadcast_in_dim(x, shape, range(len(x_shape)))


def unbroadcast(ct, operand):
    """The cotangent of an operand a binary primitive broadcast implicitly: `ct` summed over
    the dimensions the operand was broadcast along (the transpose of `broadcast_to_result`)."""
    shape, ct_shape = aval_of(operand).shape, aval_of(ct).shape
    if shape == ct_shape:
        return ct
    if not shape:
        return lax.reduce_sum(ct, tuple(range(len(ct_shape))))
    axes = tuple(d for d, (a, b) in enumerate(zip(shape, ct_shape)) if a != b)
    return lax.reshape(lax.reduce_sum(ct, axes), shape)


def _sub_tangent(tx, ty, x, y, out):
    if ty is None:
        return tx
    return lax.neg(ty) if tx is None else lax.sub(tx, ty)


def _div_tangent(tx, ty, x, y, out):
    tx = None if tx is None else lax.div(tx, y)
    return add_tangents(tx, _mul_opt(ty, lax.neg(lax.div(out, y))))


def _pow_tangent(tx, ty, x, y, out):
    tangent = None
    if tx is not None:  # y * x ** (y - 1), and 0 where y == 0 (also at x == 0)
        power = lax.mul(y, lax.pow(x, lax.sub(y, 1.0)))
        zero = zeros_like_aval(aval_of(power))
        y_is_0 = broadcast_to_result(lax.eq(y, 0.0), aval_of(power).shape)
        tangent = lax.mul(tx, lax.select(y_is_0, zero, power))
    if ty is not None:  # log(x) * x ** y, with log(0) taken as 0 (0 ** y is 0 there)
        one = lax.full(aval_of(x).shape, np.ones((), aval_of(x).dtype))
        safe_x = lax.select(lax.eq(x, 0.0), one, x)  # x's shape: log(safe_x) * out broadcasts
        tangent = add_tangents(tangent, lax.mul(ty, lax.mul(lax.log(safe_x), out)))
    return tangent


def _rem_tangent(tx, ty, x, y, out):
    quotient = lax.div(x, y)
    truncated = lax.mul(lax.sign(quotient), lax.floor(lax.abs(quotient)))
    return add_tangents(tx, _mul_opt(ty, lax.neg(truncated)))


def _atan2_tangent(tx, ty, x, y, out):
    denominator = lax.add(lax.mul(x, x), lax.mul(y, y))
    return add_tangents(
        _mul_opt(tx, lax.div(y, denominator)), _mul_opt(ty, lax.neg(lax.div(x, denominator)))
    )


def _extremum_tangent(wins):
    """max / min: the tangent of the winner; ties share it half and half, as in JAX."""

    def tangent(tx, ty, x, y, out):
        cx = lax.add(_as(wins(x, y), out), lax.mul(_as(lax.eq(x, y), out), 0.5))
        return add_tangents(_mul_opt(tx, cx), _mul_opt(ty, lax.sub(1.0, cx)))

    return tangent


_binary("add", lambda tx, ty, x, y, out: add_tangents(tx, ty))
_binary("sub", _sub_tangent)
_binary("mul", lambda tx, ty, x, y, out: add_tangents(_mul_opt(tx, y), _mul_opt(ty, x)))
_binary("div", _div_tangent)
_binary("pow", _pow_tangent)
_binary("rem", _rem_tangent)
_binary("atan2", _atan2_tangent)
_binary("max", _extremum_tangent(lax.gt))
_binary("min", _extremum_tangent(lax.lt))


@deftranspose(lp.binary_p["add"])
def _add_transpose(ct, x, y):
    return [
        unbroadcast(ct, x) if is_undefined(x) else None,
        unbroadcast(ct, y) if is_undefined(y) else None,
    ]


@deftranspose(lp.binary_p["sub"])
def _sub_transpose(ct, x, y):
    return [
        unbroadcast(ct, x) if is_undefined(x) else None,
        unbroadcast(lax.neg(ct), y) if is_undefined(y) else None,
    ]


def _not_linear(prim_name: str, what: str):
    return MeshjitNotImplementedError(
        f"cannot transpose '{prim_name}': {what} (the function is not linear in its tangents)"
    )


@deftranspose(lp.binary_p["mul"])
def _mul_transpose(ct, x, y):
    if is_undefined(x) and is_undefined(y):
        raise _not_linear("mul", "both operands are linear")
    if is_undefined(x):
        return [unbroadcast(lax.mul(ct, y), x), None]
    return [None, unbroadcast(lax.mul(x, ct), y)]


@deftranspose(lp.binary_p["div"])
def _div_transpose(ct, x, y):
    if is_undefined(y):
        raise _not_linear("div", "the divisor is linear")
    return [unbroadcast(lax.div(ct, y), x), None]


# ---------------------------------------------------------------------------------------------
# select_n, clamp, convert_element_type.


@defjvp(lp.select_n_p)
def _select_n_jvp(primals, tangents):
    which, *cases = primals
    out = lp.select_n_p.bind(which, *cases)
    if all(t is None for t in tangents[1:]):
        return out, None
    ts = [instantiate(t, aval_of(c)) for t, c in zip(tangents[1:], cases)]
    return out, lp.select_n_p.bind(which, *ts)


@deftranspose(lp.select_n_p)
def _select_n_transpose(ct, which, *cases):
    assert not is_undefined(which), "select_n: the predicate cannot be linear"
    zeros = zeros_like_aval(aval_of(ct).update(weak_type=False))
    cts = []
    for i, case in enumerate(cases):
        if not is_undefined(case):
            cts.append(None)
            continue
        picks = [ct if j == i else zeros for j in range(len(cases))]
        cts.append(lp.select_n_p.bind(which, *picks))
    return [None] + cts


@defjvp(lp.clamp_p)
def _clamp_jvp(primals, tangents):
    (lo, x, hi), (t_lo, t_x, t_hi) = primals, tangents
    out = lp.clamp_p.bind(lo, x, hi)
    below, above = lax.lt(x, lo), lax.gt(x, hi)
    inside = lax.bitwise_not(lax.bitwise_or(below, above))
    tangent = _mul_opt(t_x, _as(inside, out))
    tangent = add_tangents(tangent, _mul_opt(t_lo, _as(below, out)))
    return out, add_tangents(tangent, _mul_opt(t_hi, _as(above, out)))


@defjvp(lp.convert_element_type_p)
def _convert_jvp(primals, tangents, *, new_dtype, weak_type):
    (x,), (t,) = primals, tangents
    out = lp.convert_element_type_p.bind(x, new_dtype=new_dtype, weak_type=weak_type)
    if not dtypes.is_float(new_dtype):
        return out, None
    return out, lp.convert_element_type_p.bind(t, new_dtype=new_dtype, weak_type=weak_type)


@deftranspose(lp.convert_element_type_p)
def _convert_transpose(ct, x, *, new_dtype, weak_type):
    aval = x.aval
    return [lax.convert_element_type(ct, aval.dtype, weak_type=aval.weak_type)]


# ---------------------------------------------------------------------------------------------
# Shapes.

for _prim in (
    lp.broadcast_in_dim_p,
    lp.reshape_p,
    lp.squeeze_p,
    lp.transpose_p,
    lp.concatenate_p,
    lp.pad_p,
    lp.slice_p,
    lp.reduce_p["reduce_sum"],
):
    linear_jvp(_prim)
linear_jvp(lp.dynamic_slice_p, linear_args=(0,))
linear_jvp(lp.dynamic_update_slice_p, linear_args=(0, 1))


@deftranspose(lp.broadcast_in_dim_p)
def _broadcast_in_dim_transpose(ct, x, *, shape, broadcast_dimensions):
    in_shape = x.aval.shape
    summed = [d for d in range(len(shape)) if d not in broadcast_dimensions]
    summed += [d for d, size in zip(broadcast_dimensions, in_shape) if size == 1 and shape[d] != 1]
    return [lax.reshape(lax.reduce_sum(ct, sorted(summed)), in_shape)]


@deftranspose(lp.reshape_p)
def _reshape_transpose(ct, x, *, new_sizes):
    return [lax.reshape(ct, x.aval.shape)]


@deftranspose(lp.squeeze_p)
def _squeeze_transpose(ct, x, *, dimensions):
    return [lax.reshape(ct, x.aval.shape)]


@deftranspose(lp.transpose_p)
def _transpose_transpose(ct, x, *, permutation):
    return [lax.transpose(ct, tuple(int(i) for i in np.argsort(permutation)))]


@deftranspose(lp.reduce_p["reduce_sum"])
def _reduce_sum_transpose(ct, x, *, axes):
    shape = x.aval.shape
    kept = [d for d in range(len(shape)) if d not in axes]
    return [lax.broadcast_in_dim(ct, shape, kept)]


@deftranspose(lp.concatenate_p)
def _concatenate_transpose(ct, *xs, dimension):
    cts, start = [], 0
    for x in xs:
        size = aval_of(x).shape[dimension]
        piece = lax.slice_in_dim(ct, start, start + size, axis=dimension)
        cts.append(piece if is_undefined(x) else None)
        start += size
    return cts


def unpad(ct, padding_config):
    """The transpose of padding by `padding_config`: the entries the operand landed on."""
    cropped = lax.pad(ct, 0, [(-lo, -hi, 0) for lo, hi, _ in padding_config])
    shape = aval_of(cropped).shape
    return lax.slice(cropped, [0] * len(shape), shape, [i + 1 for _, _, i in padding_config])


@deftranspose(lp.pad_p)
def _pad_transpose(ct, x, value, *, padding_config):
    ct_x = unpad(ct, padding_config)
    ct_value = None
    if is_undefined(value):
        everything = lax.reduce_sum(ct, range(aval_of(ct).ndim))
        ct_value = lax.sub(everything, lax.reduce_sum(ct_x, range(aval_of(ct_x).ndim)))
    return [ct_x if is_undefined(x) else None, ct_value]


@deftranspose(lp.slice_p)
def _slice_transpose(ct, x, *, start_indices, limit_indices, strides):
    shape = x.aval.shape
    strides = strides or (1,) * len(shape)
    out_shape = aval_of(ct).shape
    if 0 in out_shape:
        return [zeros_like_aval(x.aval)]
    config = [
        (lo, size - (lo + (n - 1) * stride + 1), stride - 1)
        for size, lo, stride, n in zip(shape, start_indices, strides, out_shape)
    ]
    return [lax.pad(ct, 0, config)]


@deftranspose(lp.dynamic_slice_p)
def _dynamic_slice_transpose(ct, x, *starts, slice_sizes):
    zeros = zeros_like_aval(x.aval)
    return [lp.dynamic_update_slice_p.bind(zeros, ct, *starts)] + [None] * len(starts)


@deftranspose(lp.dynamic_update_slice_p)
def _dynamic_update_slice_transpose(ct, x, update, *starts):
    u_aval = aval_of(update)
    ct_x = ct_u = None
    if is_undefined(x):
        ct_x = lp.dynamic_update_slice_p.bind(ct, zeros_like_aval(u_aval), *starts)
    if is_undefined(update):
        ct_u = lp.dynamic_slice_p.bind(ct, *starts, slice_sizes=u_aval.shape)
    return [ct_x, ct_u] + [None] * len(starts)


# ---------------------------------------------------------------------------------------------
# Reductions.


def _reduce_extremum_jvp(prim):
    """reduce_max / reduce_min: the mean of the tangents at the extremal entries."""

    def rule(primals, tangents, *, axes):
        (x,), (t,) = primals, tangents
        out = prim.bind(x, axes=axes)
        shape = aval_of(x).shape
        kept = [d for d in range(len(shape)) if d not in axes]
        hits = _as(lax.eq(x, lax.broadcast_in_dim(out, shape, kept)), x)
        count = lax.reduce_sum(hits, axes)
        return out, lax.div(lax.reduce_sum(lax.mul(t, hits), axes), count)

    jvp_rules[prim] = rule


_reduce_extremum_jvp(lp.reduce_p["reduce_max"])
_reduce_extremum_jvp(lp.reduce_p["reduce_min"])


def exclusive_products(x, axis: int):
    """Per entry along `axis`, the product of all the other entries (exact with zeros)."""
    from meshjit.compiler.lax import windowed as lax_windowed

    ndim = aval_of(x).ndim
    right_shift = [(0, 0, 0)] * ndim
    left_shift = [(0, 0, 0)] * ndim
    right_shift[axis], left_shift[axis] = (1, -1, 0), (-1, 1, 0)
    before = lax.pad(lax_windowed.cumprod(x, axis), 1, right_shift)
    after = lax.pad(lax_windowed.cumprod(x, axis, reverse=True), 1, left_shift)
    return lax.mul(before, after)


@defjvp(lp.reduce_p["reduce_prod"])
def _reduce_prod_jvp(primals, tangents, *, axes):
    (x,), (t,) = primals, tangents
    out = lp.reduce_p["reduce_prod"].bind(x, axes=axes)
    shape = aval_of(x).shape
    kept = [d for d in range(len(shape)) if d not in axes]
    flat_shape = [shape[d] for d in kept] + [math.prod(shape[a] for a in axes)]

    def flat(v):
        return lax.reshape(lax.transpose(v, kept + list(axes)), flat_shape)

    others = exclusive_products(flat(x), len(kept))
    return out, lax.reduce_sum(lax.mul(flat(t), others), (len(kept),))


# ---------------------------------------------------------------------------------------------
# dot_general.


@defjvp(lp.dot_general_p)
def _dot_general_jvp(primals, tangents, **params):
    (x, y), (tx, ty) = primals, tangents
    out = lp.dot_general_p.bind(x, y, **params)
    t1 = None if tx is None else lp.dot_general_p.bind(tx, y, **params)
    t2 = None if ty is None else lp.dot_general_p.bind(x, ty, **params)
    return out, add_tangents(t1, t2)


def _free_dims(ndim, contracting, batch):
    return [d for d in range(ndim) if d not in contracting and d not in batch]


def _dot_operand_ct(ct, other, own_aval, own_dims, other_dims, ct_other_free):
    """The cotangent of one dot_general operand: ct contracted with the other operand over the
    other's free dimensions, then laid out as the operand."""
    (own_c, own_b), (other_c, other_b) = own_dims, other_dims
    other_aval = aval_of(other)
    other_free = _free_dims(other_aval.ndim, other_c, other_b)
    batch = tuple(range(len(own_b)))
    if aval_of(ct).dtype != other_aval.dtype:
        ct = lax.convert_element_type(ct, other_aval.dtype)
    dims = ((tuple(ct_other_free), tuple(other_free)), (batch, tuple(other_b)))
    out = lp.dot_general_p.bind(ct, other, dimension_numbers=dims, preferred_element_type=None)
    own_free = _free_dims(own_aval.ndim, own_c, own_b)
    sources = list(own_b) + own_free + [own_c[other_c.index(d)] for d in sorted(other_c)]
    out = lax.transpose(out, tuple(int(i) for i in np.argsort(sources)))
    return lax.convert_element_type(out, own_aval.dtype)


@deftranspose(lp.dot_general_p)
def _dot_general_transpose(ct, x, y, *, dimension_numbers, preferred_element_type=None):
    (lc, rc), (lb, rb) = dimension_numbers
    if is_undefined(x) and is_undefined(y):
        raise _not_linear("dot_general", "both operands are linear")
    x_aval, y_aval = aval_of(x), aval_of(y)
    n_batch, n_lfree = len(lb), len(_free_dims(x_aval.ndim, lc, lb))
    n_rfree = len(_free_dims(y_aval.ndim, rc, rb))
    if is_undefined(x):
        ct_rfree = range(n_batch + n_lfree, n_batch + n_lfree + n_rfree)
        return [_dot_operand_ct(ct, y, x_aval, (lc, lb), (rc, rb), ct_rfree), None]
    ct_lfree = range(n_batch, n_batch + n_lfree)
    return [None, _dot_operand_ct(ct, x, y_aval, (rc, rb), (lc, lb), ct_lfree)]


import meshjit.compiler.ad.rules_collectives  # noqa: E402,F401
import meshjit.compiler.ad.rules_control_flow  # noqa: E402,F401
import meshjit.compiler.ad.rules_indexing  # noqa: E402,F401
