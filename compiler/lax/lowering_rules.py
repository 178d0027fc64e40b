"""StableHLO lowering rules for the primitives in lax_primitives."""

from __future__ import annotations

import functools

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import chlo, func
from jaxlib.mlir.dialects import stablehlo as hlo

from meshjit.compiler.ir import dtypes
from meshjit.compiler.lax import primitives as lp
from meshjit.compiler.lowering import (
    LoweringRuleContext,
    OneOp,
    constant,
    emit,
    implicit_broadcasts,
    lower_function,
    register_lowering,
)

# ---------------------------------------------------------------------------------------------
# Elementwise.

_UNARY_BUILDERS = {
    "neg": hlo.NegOp,
    "abs": hlo.AbsOp,
    "sign": hlo.SignOp,
    "floor": hlo.FloorOp,
    "ceil": hlo.CeilOp,
    "round": hlo.RoundNearestEvenOp,
    "exp": hlo.ExpOp,
    "log": hlo.LogOp,
    "log1p": hlo.Log1pOp,
    "expm1": hlo.Expm1Op,
    "sqrt": hlo.SqrtOp,
    "rsqrt": hlo.RsqrtOp,
    "cbrt": hlo.CbrtOp,
    "sin": hlo.SineOp,
    "cos": hlo.CosineOp,
    "tan": hlo.TanOp,
    "tanh": hlo.TanhOp,
    "logistic": hlo.LogisticOp,
    "erf": chlo.ErfOp,
    "not": hlo.NotOp,
    "is_finite": hlo.IsFiniteOp,
}
_BINARY_BUILDERS = {
    "add": hlo.AddOp,
    "sub": hlo.SubtractOp,
    "mul": hlo.MulOp,
    "div": hlo.DivOp,
    "rem": hlo.RemOp,
    "pow": hlo.PowOp,
    "max": hlo.MaxOp,
    "min": hlo.MinOp,
    "and": hlo.AndOp,
    "or": hlo.OrOp,
    "xor": hlo.XorOp,
    "atan2": hlo.Atan2Op,
}


_prims = {**lp.unary_p, **lp.binary_p}
for _name, _builder in (*_UNARY_BUILDERS.items(), *_BINARY_BUILDERS.items()):
    register_lowering(_prims[_name], OneOp(_builder.OPERATION_NAME, elementwise=True))


def compare_type(dtype) -> str:
    if dtypes.is_float(dtype):
        return "FLOAT"
    if dtypes.is_unsigned(dtype) or dtypes.is_bool(dtype):
        return "UNSIGNED"
    return "SIGNED"


def compare(x: ir.Value, y: ir.Value, direction: str, dtype) -> ir.Value:
    return hlo.CompareOp(
        x,
        y,
        hlo.ComparisonDirectionAttr.get(direction),
        compare_type=hlo.ComparisonTypeAttr.get(compare_type(dtype)),
    ).result


def _compare_lowering(direction, ctx, x, y):
    x, y = implicit_broadcasts(ctx, x, y)
    return compare(x, y, direction, ctx.avals_in[0].dtype)


for _name in lp.COMPARE_OPS:
    register_lowering(lp.compare_p[_name], functools.partial(_compare_lowering, _name.upper()))


def _integer_pow_lowering(ctx: LoweringRuleContext, x, *, y):
    # Square-and-multiply, as XLA would not fold a generic pow with a constant exponent.
    acc, base, n = None, x, abs(y)
    while n:
        if n & 1:
            acc = base if acc is None else hlo.MulOp(acc, base).result
        n >>= 1
        if n:
            base = hlo.MulOp(base, base).result
    if acc is None:
        acc = broadcast_scalar(ctx, np.ones((), ctx.avals_in[0].dtype), ctx.avals_out[0])
    if y < 0:
        one = broadcast_scalar(ctx, np.ones((), ctx.avals_in[0].dtype), ctx.avals_out[0])
        acc = hlo.DivOp(one, acc).result
    return acc


register_lowering(lp.integer_pow_p, _integer_pow_lowering)


def broadcast_scalar(ctx: LoweringRuleContext, value: np.ndarray, aval) -> ir.Value:
    c = constant(ctx.module_ctx, np.asarray(value, aval.dtype))
    if not aval.shape:
        return c
    return hlo.BroadcastInDimOp(ctx.tensor_type(aval), c, []).result


def _select_n_lowering(ctx: LoweringRuleContext, which, *cases):
    which_aval = ctx.avals_in[0]
    if which_aval.shape != ctx.avals_out[0].shape:
        pred_aval = which_aval.update(shape=ctx.avals_out[0].shape)
        which = hlo.BroadcastInDimOp(ctx.tensor_type(pred_aval), which, []).result
    else:
        pred_aval = which_aval
    return _select_tree(ctx, which, pred_aval, list(cases), 0)


def _select_tree(ctx, which, pred_aval, cases, offset):
    if len(cases) == 1:
        return cases[0]
    if pred_aval.dtype == dtypes.bool_:
        return hlo.SelectOp(which, cases[1], cases[0]).result
    mid = len(cases) // 2
    bound = broadcast_scalar(ctx, np.int32(offset + mid), pred_aval)
    pred = compare(which, bound, "LT", dtypes.int32)
    lo = _select_tree(ctx, which, pred_aval, cases[:mid], offset)
    hi = _select_tree(ctx, which, pred_aval, cases[mid:], offset + mid)
    return hlo.SelectOp(pred, lo, hi).result


register_lowering(lp.select_n_p, _select_n_lowering)


def _clamp_lowering(ctx, lo, x, hi):
    return hlo.ClampOp(lo, x, hi).result


register_lowering(lp.clamp_p, _clamp_lowering)


def _convert_lowering(ctx: LoweringRuleContext, x, *, new_dtype, weak_type):
    src = ctx.avals_in[0].dtype
    if src == new_dtype:
        return x
    if new_dtype == dtypes.bool_:
        zero = broadcast_scalar(ctx, np.zeros((), src), ctx.avals_in[0])
        return compare(x, zero, "NE", src)
    return emit("stablehlo.convert", [ctx.result_type], [x]).result


register_lowering(lp.convert_element_type_p, _convert_lowering)

# ---------------------------------------------------------------------------------------------
# Shapes.


def _broadcast_in_dim_lowering(ctx, x, *, shape, broadcast_dimensions):
    dims = ctx.module_ctx.i64_array(broadcast_dimensions)
    attrs = {"broadcast_dimensions": dims}
    return emit("stablehlo.broadcast_in_dim", [ctx.result_type], [x], attrs).result


register_lowering(lp.broadcast_in_dim_p, _broadcast_in_dim_lowering)


register_lowering(lp.reshape_p, OneOp("stablehlo.reshape", elementwise=False))
register_lowering(lp.squeeze_p, OneOp("stablehlo.reshape", elementwise=False))


def _transpose_lowering(ctx, x, *, permutation):
    return hlo.TransposeOp(x, list(permutation)).result


register_lowering(lp.transpose_p, _transpose_lowering)


def _iota_lowering(ctx, *, dtype, shape, dimension):
    return hlo.IotaOp(ctx.result_type, dimension).result


register_lowering(lp.iota_p, _iota_lowering)


def _concatenate_lowering(ctx, *xs, dimension):
    return hlo.ConcatenateOp(list(xs), dimension).result


register_lowering(lp.concatenate_p, _concatenate_lowering)


def _pad_lowering(ctx, x, value, *, padding_config):
    lo, hi, interior = zip(*padding_config) if padding_config else ((), (), ())
    if any(p < 0 for p in lo + hi):
        return _negative_pad(ctx, x, value, padding_config)
    return hlo.PadOp(x, value, list(lo), list(hi), list(interior)).result


def _negative_pad(ctx, x, value, padding_config):
    # StableHLO pad allows negative edges; the verifier accepts them, so emit them directly.
    lo, hi, interior = zip(*padding_config)
    return hlo.PadOp(x, value, list(lo), list(hi), list(interior), results=[ctx.result_type]).result


register_lowering(lp.pad_p, _pad_lowering)


def _slice_lowering(ctx, x, *, start_indices, limit_indices, strides):
    strides = strides or (1,) * len(start_indices)
    return hlo.SliceOp(x, list(start_indices), list(limit_indices), list(strides)).result


register_lowering(lp.slice_p, _slice_lowering)


def _dynamic_slice_lowering(ctx, x, *starts, slice_sizes):
    return hlo.DynamicSliceOp(x, list(starts), list(slice_sizes)).result


register_lowering(lp.dynamic_slice_p, _dynamic_slice_lowering)


def _dynamic_update_slice_lowering(ctx, x, update, *starts):
    return hlo.DynamicUpdateSliceOp(x, update, list(starts)).result


register_lowering(lp.dynamic_update_slice_p, _dynamic_update_slice_lowering)

# ---------------------------------------------------------------------------------------------
# Reductions.

_REDUCERS = {
    "reduce_sum": (hlo.AddOp, lambda d: np.zeros((), d)),
    "reduce_prod": (hlo.MulOp, lambda d: np.ones((), d)),
    "reduce_max": (hlo.MaxOp, dtypes.lowest),
    "reduce_min": (hlo.MinOp, dtypes.highest),
    "reduce_and": (hlo.AndOp, lambda d: np.ones((), d)),
    "reduce_or": (hlo.OrOp, lambda d: np.zeros((), d)),
}


def reduce(ctx: LoweringRuleContext, operands, inits, axes, out_avals, body_fn):
    """Emits stablehlo.reduce; `body_fn(ctx, accs, xs) -> values` builds the reducer."""
    result_types = [ctx.tensor_type(a) for a in out_avals]
    attrs = {"dimensions": ctx.module_ctx.i64_array(axes)}
    op = emit("stablehlo.reduce", result_types, [*operands, *inits], attrs, regions=1)
    scalar_types = [ctx.module_ctx.types.tensor((), a.dtype) for a in out_avals]
    block = op.regions[0].blocks.append(*(scalar_types * 2))
    n = len(inits)
    with ir.InsertionPoint(block):
        args = list(block.arguments)
        emit("stablehlo.return", [], body_fn(ctx, args[:n], args[n:]))
    return list(op.results)


def _reduce_lowering(name, ctx: LoweringRuleContext, x, *, axes):
    # `reduce` above, specialised to one operand: reductions are common and this is hot.
    eqn = ctx.eqn
    aval = eqn.invars[0].aval
    init_value = ctx.constants.get((name, aval.dtype))
    if init_value is None:
        init_value = ctx.constants[name, aval.dtype] = ctx.block_scalar(
            _REDUCERS[name][1](aval.dtype)
        )
    # A reduction like one already emitted from the same source line is a copy of it (body and
    # location included) with new operands: cloning costs half of building.
    key = (eqn.primitive, id(eqn.source), aval.shape, aval.dtype, axes)
    op = ctx.module_ctx.templates.get(key)
    if op is not None:
        op = op.clone()
        operands = op.operands
        operands[0], operands[1] = x, init_value
        return op.result
    mctx = ctx.module_ctx
    scalar = mctx.types.tensor((), aval.dtype)
    attrs = {"dimensions": mctx.i64_array(axes)}
    op = emit("stablehlo.reduce", [ctx.result_type], [x, init_value], attrs, regions=1)
    block = op.regions[0].blocks.append(scalar, scalar)
    acc, value = block.arguments
    with ir.InsertionPoint(block):
        combined = emit(_REDUCERS[name][0].OPERATION_NAME, [scalar], [acc, value]).result
        emit("stablehlo.return", [], [combined])
    mctx.templates[key] = op
    return op.result


for _name in lp.REDUCE_OPS:
    register_lowering(lp.reduce_p[_name], functools.partial(_reduce_lowering, _name))


def _arg_reduce_lowering(direction, ctx: LoweringRuleContext, x, *, axes, index_dtype):
    aval = ctx.avals_in[0]
    (axis,) = axes
    index_aval = aval.update(dtype=index_dtype)
    index = hlo.IotaOp(ctx.tensor_type(index_aval), axis).result
    init_value = dtypes.lowest(aval.dtype) if direction == "GT" else dtypes.highest(aval.dtype)
    inits = [
        constant(ctx.module_ctx, init_value),
        constant(ctx.module_ctx, np.zeros((), index_dtype)),
    ]
    out_avals = [ctx.avals_out[0].update(dtype=aval.dtype), ctx.avals_out[0]]
    body = functools.partial(_arg_reduce_body, direction, aval.dtype, index_dtype)
    return reduce(ctx, [x, index], inits, axes, out_avals, body)[1]


def _arg_reduce_body(direction, dtype, index_dtype, ctx, accs, xs):
    (a, ia), (b, ib) = accs, xs
    better = compare(a, b, direction, dtype)
    tie = hlo.AndOp(compare(a, b, "EQ", dtype), compare(ia, ib, "LT", index_dtype)).result
    pick_a = hlo.OrOp(better, tie).result
    if dtypes.is_float(dtype):
        a_nan, b_nan = compare(a, a, "NE", dtype), compare(b, b, "NE", dtype)
        not_b_nan = hlo.NotOp(b_nan).result
        a_first = hlo.OrOp(not_b_nan, compare(ia, ib, "LT", index_dtype)).result
        pick_a = hlo.OrOp(hlo.AndOp(a_nan, a_first).result, hlo.AndOp(not_b_nan, pick_a).result)
        pick_a = pick_a.result
    return [hlo.SelectOp(pick_a, a, b).result, hlo.SelectOp(pick_a, ia, ib).result]


register_lowering(lp.argmax_p, functools.partial(_arg_reduce_lowering, "GT"))
register_lowering(lp.argmin_p, functools.partial(_arg_reduce_lowering, "LT"))


def _dot_general_lowering(ctx, lhs, rhs, *, dimension_numbers, preferred_element_type=None):
    cache = ctx.module_ctx.attributes
    dims = cache.get(("dot", dimension_numbers))
    if dims is None:
        (lc, rc), (lb, rb) = dimension_numbers
        dims = cache["dot", dimension_numbers] = hlo.DotDimensionNumbers.get(
            lhs_batching_dimensions=list(lb),
            rhs_batching_dimensions=list(rb),
            lhs_contracting_dimensions=list(lc),
            rhs_contracting_dimensions=list(rc),
        )
    attrs = {"dot_dimension_numbers": dims}
    return emit("stablehlo.dot_general", [ctx.result_type], [lhs, rhs], attrs).result


register_lowering(lp.dot_general_p, _dot_general_lowering)

# ---------------------------------------------------------------------------------------------
# Nested jit.


def _pjit_lowering(ctx: LoweringRuleContext, *args, jaxpr, name):
    mctx = ctx.module_ctx
    symbol = mctx.functions.get(id(jaxpr))
    if symbol is None:
        symbol = mctx.functions[id(jaxpr)] = mctx.unique_symbol(name)
        with ir.InsertionPoint(mctx.module.body), ir.Location.unknown():
            lower_function(mctx, symbol, jaxpr, public=False)
    result_types = [ctx.tensor_type(a) for a in ctx.avals_out]
    return list(func.CallOp(result_types, ir.FlatSymbolRefAttr.get(symbol), list(args)).results)


register_lowering(lp.pjit_p, _pjit_lowering)
