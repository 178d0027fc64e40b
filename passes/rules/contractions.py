"""Rules of contractions and reductions: dot_general, reduce, reduce_window, convolution."""

from __future__ import annotations

from jaxlib.mlir.dialects import stablehlo

from meshjit.passes.rules.registry import sharding_rule
from meshjit.passes.rules.rule import NEED_REPLICATION, PASS_THROUGH, PERMUTATION, REDUCTION
from meshjit.passes.rules.util import int_attr, ints, op_builder, shape_of


@sharding_rule("stablehlo.dot_general", cache_attrs=("dot_dimension_numbers",))
def dot_general_rule(op):
    dn = stablehlo.DotDimensionNumbers(op.attributes["dot_dimension_numbers"])
    lhs, rhs = shape_of(op.operands[0]), shape_of(op.operands[1])
    lb, rb = list(dn.lhs_batching_dimensions), list(dn.rhs_batching_dimensions)
    lc, rc = list(dn.lhs_contracting_dimensions), list(dn.rhs_contracting_dimensions)
    b = op_builder(op)
    out = 0
    for ld, rd in zip(lb, rb):
        f = b.factor(lhs[ld])
        b.operand(0, ld, f), b.operand(1, rd, f), b.result(0, out, f)
        out += 1
    for side, shape, skip in ((0, lhs, lb + lc), (1, rhs, rb + rc)):
        for d, size in enumerate(shape):
            if d not in skip:
                f = b.factor(size)
                b.operand(side, d, f), b.result(0, out, f)
                out += 1
    for ld, rd in zip(lc, rc):
        f = b.factor(lhs[ld], REDUCTION)
        b.operand(0, ld, f), b.operand(1, rd, f)
    return b.build()


@sharding_rule("stablehlo.reduce", cache_attrs=("dimensions",))
def reduce_rule(op):
    n = len(op.results)
    reduced = set(ints(op, "dimensions"))
    shape = shape_of(op.operands[0])
    b = op_builder(op)
    out = 0
    for d, size in enumerate(shape):
        f = b.factor(size, REDUCTION if d in reduced else PASS_THROUGH)
        for i in range(n):
            b.operand(i, d, f)
            if d not in reduced:
                b.result(i, out, f)
        out += d not in reduced
    return b.build()


@sharding_rule("stablehlo.reduce_window")
def reduce_window_rule(op):
    n = len(op.results)
    shape = shape_of(op.operands[0])
    rank = len(shape)
    window = ints(op, "window_dimensions")
    strides = ints(op, "window_strides") or [1] * rank
    base = ints(op, "base_dilations") or [1] * rank
    win_dil = ints(op, "window_dilations") or [1] * rank
    padding = ints(op, "padding") or [0] * (2 * rank)
    b = op_builder(op)
    for d, size in enumerate(shape):
        trivial = (window[d], strides[d], base[d], win_dil[d]) == (1, 1, 1, 1) and not any(
            padding[2 * d : 2 * d + 2]
        )
        f = b.factor(size, PASS_THROUGH if trivial else PERMUTATION)
        for i in range(n):
            b.operand(i, d, f)
            b.result(i, d, f)
    return b.build()


@sharding_rule("stablehlo.convolution")
def convolution_rule(op):
    dn = stablehlo.ConvDimensionNumbers(op.attributes["dimension_numbers"])
    lhs, rhs, out = shape_of(op.operands[0]), shape_of(op.operands[1]), shape_of(op.results[0])
    groups = int_attr(op, "feature_group_count", 1)
    batch_groups = int_attr(op, "batch_group_count", 1)
    b = op_builder(op)
    f = b.factor(
        out[dn.output_batch_dimension], PASS_THROUGH if batch_groups == 1 else NEED_REPLICATION
    )
    if batch_groups == 1:
        b.operand(0, dn.input_batch_dimension, f)
    else:
        b.operand(
            0, dn.input_batch_dimension, b.factor(lhs[dn.input_batch_dimension], NEED_REPLICATION)
        )
    b.result(0, dn.output_batch_dimension, f)
    f = b.factor(out[dn.output_feature_dimension])
    b.operand(1, dn.kernel_output_feature_dimension, f)
    b.result(0, dn.output_feature_dimension, f)
    kind = REDUCTION if groups == 1 else NEED_REPLICATION
    f = b.factor(lhs[dn.input_feature_dimension], kind)
    b.operand(0, dn.input_feature_dimension, f)
    if groups == 1:
        b.operand(1, dn.kernel_input_feature_dimension, f)
    else:
        b.operand(
            1,
            dn.kernel_input_feature_dimension,
            b.factor(rhs[dn.kernel_input_feature_dimension], NEED_REPLICATION),
        )
    strides = ints(op, "window_strides") or [1] * len(dn.input_spatial_dimensions)
    for s, (ld, kd, od) in enumerate(
        zip(dn.input_spatial_dimensions, dn.kernel_spatial_dimensions, dn.output_spatial_dimensions)
    ):
        trivial = rhs[kd] == 1 and strides[s] == 1 and lhs[ld] == out[od]
        f = b.factor(out[od], PASS_THROUGH if trivial else PERMUTATION)
        b.operand(0, ld, f)
        b.result(0, od, f)
        b.operand(1, kd, b.factor(rhs[kd], NEED_REPLICATION))
    return b.build()
