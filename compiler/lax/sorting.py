"""The sort primitive (multi-operand, lexicographic over the first `num_keys` operands) with all
its rules, and the sort, sort_key_val, top_k and take_along_axis wrappers.

Floats sort in a total order with NaNs last, like NumPy: the comparator maps -0.0 to 0.0 and
every NaN to one positive NaN, then compares with stablehlo's TOTALORDER.
"""

from __future__ import annotations

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo as hlo

from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    jvp_rules,
    lowering_rules,
    sharding_rules,
)
from meshjit.compiler.ir.shape_poly import int_or_symbolic
from meshjit.compiler.ir.sharding_rules import ShardingTypeError, spec_of
from meshjit.compiler.lax import ad_util, elementwise, gather_scatter, shapes, slicing
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.lax.ad_util import aval_of
from meshjit.compiler.lax.batching import all_to_front, size_of
from meshjit.compiler.lax.elementwise import compare_type
from meshjit.compiler.lowering import LoweringRuleContext, constant

__all__ = ["sort", "sort_key_val"]

sort_p = Primitive("sort", multiple_results=True)


@abstract_eval_rules.register(sort_p)
def _sort_rule(*operands, dimension, is_stable, num_keys):
    if not operands:
        raise MeshjitTypeError("sort needs at least one operand")
    checks.same_shapes("sort", operands)
    if not 0 <= dimension < max(operands[0].ndim, 1):
        raise MeshjitValueError(
            f"sort dimension {dimension} is out of range for {operands[0].str_short()}"
        )
    if len(operands) == 1 and num_keys != 1:  # JAX's words for one operand
        raise MeshjitValueError(f"num_keys={num_keys} must equal 1 for a single operand.")
    if not 1 <= num_keys <= len(operands):
        raise MeshjitValueError(
            f"num_keys={num_keys} must be between 1 and len(operand)={len(operands)}"
        )
    return list(operands)


def _sort_lowering(ctx: LoweringRuleContext, *operands, dimension, is_stable, num_keys):
    result_types = [ctx.tensor_type(a) for a in ctx.avals_out]
    op = hlo.SortOp(result_types, list(operands), dimension=dimension, is_stable=is_stable)
    avals = ctx.avals_in
    scalar_types = [ctx.module_ctx.types.tensor((), a.dtype) for a in avals for _ in (0, 1)]
    block = op.comparator.blocks.append(*scalar_types)
    args = list(block.arguments)
    with ir.InsertionPoint(block):
        keys = [(args[2 * k], args[2 * k + 1], avals[k].dtype) for k in range(num_keys)]
        hlo.ReturnOp([_lexicographic_less(ctx, keys)])
    return list(op.results)


def _lexicographic_less(ctx, keys):
    keys = [part for key in keys for part in _complex_as_parts(key)]
    lhs, rhs, dtype = keys[-1]
    less = _less(ctx, lhs, rhs, dtype, "LT")
    for lhs, rhs, dtype in reversed(keys[:-1]):
        equal_then = hlo.AndOp(_less(ctx, lhs, rhs, dtype, "EQ"), less).result
        less = hlo.OrOp(_less(ctx, lhs, rhs, dtype, "LT"), equal_then).result
    return less


def _complex_as_parts(key):
    """A complex key sorts as its real part, then its imaginary part (as JAX's sort)."""
    lhs, rhs, dtype = key
    if not dtypes.is_complex(dtype):
        return [key]
    part = dtypes.real_dtype(dtype)
    return [
        (hlo.RealOp(lhs).result, hlo.RealOp(rhs).result, part),
        (hlo.ImagOp(lhs).result, hlo.ImagOp(rhs).result, part),
    ]


def _less(ctx, lhs, rhs, dtype, direction):
    kind = compare_type(dtype)
    if dtypes.is_float(dtype):
        lhs, rhs, kind = (
            _canonical_float(ctx, lhs, dtype),
            _canonical_float(ctx, rhs, dtype),
            "TOTALORDER",
        )
    return hlo.CompareOp(
        lhs,
        rhs,
        hlo.ComparisonDirectionAttr.get(direction),
        compare_type=hlo.ComparisonTypeAttr.get(kind),
    ).result


def _canonical_float(ctx, x, dtype):
    zero = constant(ctx.module_ctx, np.zeros((), dtype))
    nan = constant(ctx.module_ctx, np.array(np.nan, dtype))
    float_cmp = hlo.ComparisonTypeAttr.get("FLOAT")
    is_zero = hlo.CompareOp(x, zero, hlo.ComparisonDirectionAttr.get("EQ"), compare_type=float_cmp)
    x = hlo.SelectOp(is_zero.result, zero, x).result
    is_nan = hlo.CompareOp(x, x, hlo.ComparisonDirectionAttr.get("NE"), compare_type=float_cmp)
    return hlo.SelectOp(is_nan.result, nan, x).result


lowering_rules.register(sort_p, _sort_lowering)


def sort(operand, dimension: int = -1, is_stable: bool = True, num_keys: int = 1):
    """Sorts one array, or several along the same axis keyed by the first `num_keys`."""
    single = not isinstance(operand, (list, tuple))
    operands = [operand] if single else list(operand)
    ndim = ad_util.aval_of(operands[0]).ndim
    if ndim == 0:
        raise MeshjitValueError("sort needs an array of rank >= 1, got a scalar")
    dimension = checks.canonical_axis(dimension, ndim)  # JAX's words: "axis 2 is out of ..."
    shapes = [ad_util.aval_of(x).shape for x in operands]
    if len(set(shapes)) > 1:
        raise MeshjitTypeError(
            f"Arguments to sort must have equal shapes, got: {' '.join(map(str, shapes))}"
        )
    outs = sort_p.bind(
        *operands, dimension=dimension, is_stable=bool(is_stable), num_keys=int(num_keys)
    )
    return outs[0] if single else tuple(outs)


def sort_key_val(keys, values, dimension: int = -1, is_stable: bool = True):
    """Sorts `keys` along `dimension` and permutes `values` the same way."""
    k, v = sort([keys, values], dimension=dimension, is_stable=is_stable, num_keys=1)
    return k, v


# ---------------------------------------------------------------------------------------------
# top_k and take_along_axis, over sort and gather.


def top_k(operand, k: int, *, axis: int = -1):
    """The `k` largest entries along `axis` (the last by default), descending, and their int32
    indices.

    Ties keep the lower index first, and floats are ranked by their total order (as XLA's
    TopK: +NaN first, -NaN last, 0 before -0): sorting the reversed row stably and reversing
    the result gives both.
    """
    aval = ad_util.aval_of(operand)
    if not isinstance(k, (int, np.integer)) and k < 0:  # JAX compares first: bool() of a tracer
        raise MeshjitValueError(f"k argument to top_k must be nonnegative, got {k}")
    if isinstance(k, (float, np.floating)):  # JAX's words (k is the output's last dimension)
        raise MeshjitTypeError(
            f"Shapes must be 1D sequences of concrete values of integer type, got [{k}]. (top_k's "
            "k must be an integer)"
        )
    k = int_or_symbolic(k)  # a symbolic k (shape polymorphism) slices the sorted row
    if aval.ndim == 0:
        raise MeshjitValueError(  # JAX's words (its axis -1 is out of bounds)
            "axis -1 is out of bounds for array of dimension 0: top_k needs an operand of rank "
            ">= 1, got a scalar"
        )
    if dtypes.is_complex(aval.dtype):
        raise MeshjitValueError("top_k is not compatible with complex inputs.")
    if not -aval.ndim <= axis < aval.ndim:
        raise MeshjitValueError(
            f"top_k: axis {axis} is out of bounds for an operand of rank {aval.ndim}"
        )
    last = axis % aval.ndim
    if k < 0:
        raise MeshjitValueError(f"k argument to top_k must be nonnegative, got {k}")
    if k > aval.shape[last]:
        raise MeshjitValueError(
            "k argument to top_k must be no larger than size along axis; got "
            f"k={k} with shape={list(aval.shape)} and axis={last}"
        )
    return list(top_k_p.bind_internal(operand, k=k, axis=last))  # a list, as JAX's


# ---------------------------------------------------------------------------------------------
# top_k: one primitive, as JAX's (lowered as a stable sort of the reversed row).

top_k_p = Primitive("top_k", multiple_results=True)


@abstract_eval_rules.register(top_k_p)
def _top_k_rule(operand, *, k, axis):
    shape = operand.shape[:axis] + (k,) + operand.shape[axis + 1 :]
    return [
        operand.update(shape=shape, weak_type=False),
        operand.update(shape=shape, dtype=dtypes.int32, weak_type=False),
    ]


def _top_k_impl(operand, *, k, axis):
    """Ties keep the lower index first, and floats are ranked by their total order (as XLA's
    TopK: +NaN first, -NaN last, 0 before -0): sorting the reversed row stably and reversing
    the result gives both."""
    aval, last = aval_of(operand), axis
    iota = shapes.broadcasted_iota(dtypes.int32, aval.shape, last)
    reversed_ = [gather_scatter.rev(x, (last,)) for x in (operand, iota)]
    if dtypes.is_float(aval.dtype):  # by the floats' total order, as XLA's TopK (no canonical
        # NaN or zero, unlike sort): -NaN is the smallest, +0 above -0
        _, keys, ids = sort([_total_order_key(reversed_[0]), *reversed_], last, num_keys=1)
    else:
        keys, ids = sort_key_val(*reversed_, dimension=last)
    n = aval.shape[last]
    values = slicing.slice_in_dim(gather_scatter.rev(keys, (last,)), 0, k, 1, last) if n else keys
    indices = slicing.slice_in_dim(gather_scatter.rev(ids, (last,)), 0, k, 1, last) if n else ids
    return [values, indices]


def _top_k_lowering(ctx, operand, *, k, axis):
    from meshjit.compiler.lax.lapack import lower_fun  # a later family

    return lower_fun(_top_k_impl, multiple_results=True)(ctx, operand, k=k, axis=axis)


lowering_rules.register(top_k_p, _top_k_lowering)


@jvp_rules.register(top_k_p)
def _top_k_jvp(primals, tangents, *, k, axis):
    values, indices = top_k_p.bind(*primals, k=k, axis=axis)
    (t,) = tangents
    return [values, indices], [take_along_axis(t, indices, axis), None]


@batching_rules.register(top_k_p)
def _top_k_batcher(args, dims, *, k, axis):
    (x,) = all_to_front(args, dims, size_of(args, dims))
    return top_k_p.bind(x, k=k, axis=axis + 1), [0, 0]


@sharding_rules.register(top_k_p)
def _top_k_sharding(out, operand, *, k, axis):
    """The operand's sharding, which must not shard the reduced axis."""
    spec = spec_of(operand)
    if spec[axis] is not None:
        err = ShardingTypeError(  # JAX's words
            "The input should be unsharded over the axis along which to compute the top_k "
            f"values. Got input type={operand.str_long()} and axis={axis}"
        )
        err.add_note(f"reshard axis {axis} to None first (meshjit.sharding.reshard)")
        raise err
    return [spec, spec]


def _total_order_key(x):
    """Signed integers ordered as the floats' total order: negative floats' magnitude bits
    flipped."""
    from meshjit.compiler.lax import special  # a later family

    width = dtypes.finfo(aval_of(x).dtype).bits
    int_type = {16: np.int16, 32: np.int32, 64: np.int64}[width]
    bits = special.bitcast_convert_type(x, int_type)
    magnitude = np.asarray((1 << (width - 1)) - 1, int_type)
    sign = special.shift_right_arithmetic(bits, np.asarray(width - 1, int_type))
    return elementwise.bitwise_xor(bits, elementwise.bitwise_and(sign, magnitude))


def take_along_axis(x, indices, axis: int):
    """x[..., indices[...], ...] along `axis`, as a gather batched over the other axes (the
    indices may be fewer than x's along `axis`: top_k's)."""
    shape = aval_of(x).shape
    others = tuple(d for d in range(len(shape)) if d != axis)
    dn = gather_scatter.GatherDimensionNumbers(
        offset_dims=(),
        collapsed_slice_dims=(axis,),
        start_index_map=(axis,),
        operand_batching_dims=others,
        start_indices_batching_dims=others,
    )
    index_vectors = shapes.reshape(indices, aval_of(indices).shape + (1,))
    return gather_scatter.gather(x, index_vectors, dn, (1,) * len(shape))


@jvp_rules.register(sort_p)
def _sort_jvp(primals, tangents, *, dimension, is_stable, num_keys):
    shape = aval_of(primals[0]).shape
    positions = shapes.broadcasted_iota(dtypes.int32, shape, dimension)
    outs = sort_p.bind(
        *primals, positions, dimension=dimension, is_stable=is_stable, num_keys=num_keys
    )
    order = outs[-1]
    touts = [None if t is None else take_along_axis(t, order, dimension) for t in tangents]
    return outs[:-1], touts


# ---------------------------------------------------------------------------------------------
# Batching: every operand with the mapped axis in front, sorted along the shifted dimension.


@batching_rules.register(sort_p)
def _sort_batcher(args, dims, *, dimension, is_stable, num_keys):
    xs = all_to_front(args, dims, size_of(args, dims))
    outs = sort_p.bind(*xs, dimension=dimension + 1, is_stable=is_stable, num_keys=num_keys)
    return outs, [0] * len(outs)


# ---------------------------------------------------------------------------------------------
# Sharding (explicit mode).


@sharding_rules.register(sort_p)
def _sort_sharding(out, *operands, dimension, is_stable, num_keys):
    """Every result has the operands' one sharding (JAX's check, over the typed operands),
    which must not shard the sorted dimension."""
    typed = [a.sharding for a in operands if a.sharding is not None]
    for s in typed:
        if s.spec[dimension] is not None:
            err = ShardingTypeError(  # JAX's words
                "Arguments to sort must be unsharded over the sorting dimension. Got arg "
                f"sharding={s!r} and sorting dimension={dimension}"
            )
            err.add_note(f"reshard dimension {dimension} to None first (meshjit.sharding.reshard)")
            raise err
        if s != typed[0]:
            shown = " ".join(repr(t) for t in typed)
            err = ShardingTypeError(f"Arguments to sort must have equal shardings, got: {shown}")
            err.add_note("reshard the operands to one sharding first (meshjit.sharding.reshard)")
            raise err
    spec = spec_of(operands[0])
    return [spec] * len(out)
