"""Rules of contractions and reductions: dot / dot_general, reduce, reduce_window,
select_and_scatter, convolution."""

from __future__ import annotations

from jaxlib.mlir.dialects import stablehlo

from meshjit.passes.rules.registry import sharding_rule
from meshjit.passes.rules.rule import NEED_REPLICATION, PASS_THROUGH, PERMUTATION, REDUCTION
from meshjit.passes.rules.util import int_attr, ints, op_builder, shape_of


@sharding_rule("stablehlo.dot_general", cache_attrs=("dot_dimension_numbers",))
def dot_general_rule(op):
    dn = stablehlo.DotDimensionNumbers(op.attributes["dot_dimension_numbers"])
    return _dot_rule(
        op,
        (list(dn.lhs_batching_dimensions), list(dn.rhs_batching_dimensions)),
        (list(dn.lhs_contracting_dimensions), list(dn.rhs_contracting_dimensions)),
    )


@sharding_rule("stablehlo.dot", cache_attrs=())
def dot_rule(op):
    """`stablehlo.dot`: lhs's last dim contracts with rhs's first."""
    return _dot_rule(op, ([], []), ([len(shape_of(op.operands[0])) - 1], [0]))


def _dot_rule(op, batching, contracting):
    """Batching factors, then lhs's and rhs's free dims, then the contracting (reduction)."""
    lhs, rhs = shape_of(op.operands[0]), shape_of(op.operands[1])
    (lb, rb), (lc, rc) = batching, contracting
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


def _trivial_window_dims(op, rank: int) -> list[bool]:
    """Per dim: whether the window neither strides nor pads it (size one); as in Shardy's
    rule, a base or window dilation alone leaves a dim trivial."""
    window = ints(op, "window_dimensions")
    strides = ints(op, "window_strides") or [1] * rank
    padding = ints(op, "padding") or [0] * (2 * rank)
    return [
        (window[d], strides[d]) == (1, 1) and not any(padding[2 * d : 2 * d + 2])
        for d in range(rank)
    ]


@sharding_rule("stablehlo.reduce_window")
def reduce_window_rule(op):
    """Factors sized as the result's dims (as Shardy sizes them); windowed dims permute."""
    n = len(op.results)
    shape = shape_of(op.results[0])
    b = op_builder(op)
    for d, trivial in enumerate(_trivial_window_dims(op, len(shape))):
        f = b.factor(shape[d], PASS_THROUGH if trivial else PERMUTATION)
        for i in range(n):
            b.operand(i, d, f)
            b.result(i, d, f)
    return b.build()


@sharding_rule("stablehlo.select_and_scatter")
def select_and_scatter_rule(op):
    """Operand and result share a factor per dim (a permutation where windowed); the source
    shares it where the window is trivial, else has its own need_replication factor."""
    shape, source = shape_of(op.operands[0]), shape_of(op.operands[1])
    b = op_builder(op)
    for d, trivial in enumerate(_trivial_window_dims(op, len(shape))):
        if trivial:
            f = b.factor(shape[d])
            b.operand(1, d, f)
        else:
            b.operand(1, d, b.factor(source[d], NEED_REPLICATION))
            f = b.factor(shape[d], PERMUTATION)
        b.operand(0, d, f), b.result(0, d, f)
    return b.build()


@sharding_rule("stablehlo.convolution")
def convolution_rule(op):
    """As Shardy factors it: the batch (behind a batch-group factor), each spatial dim a
    permutation sized as the output's (a strided one with a reduction factor for the stride,
    which the kernel's dim holds; see _conv_spatial), the features (behind a feature-group
    factor, the input feature a reduction), then the size-one factors of the spatial dims."""
    dn = stablehlo.ConvDimensionNumbers(op.attributes["dimension_numbers"])
    b = op_builder(op)
    group = _conv_batch(op, b, dn)
    own = _conv_spatial(op, b, dn, shape_of(op.results[0]))
    _conv_features(op, b, dn, group)
    for side, dim in sorted(own, key=lambda pair: pair[0] != "kernel"):  # the kernel's first
        f = b.factor(1)
        b.operand(1, dim, f) if side == "kernel" else b.result(0, dim, f)
    return b.build()


def conservative_convolution_rule(op):
    """Shardy's rule under conservative propagation: the batch and feature factors as above,
    then a size-one factor of every spatial dim, the lhs's, the kernel's, the output's."""
    dn = stablehlo.ConvDimensionNumbers(op.attributes["dimension_numbers"])
    b = op_builder(op)
    _conv_features(op, b, dn, _conv_batch(op, b, dn))
    for d in dn.input_spatial_dimensions:
        b.operand(0, d, b.factor(1))
    for d in dn.kernel_spatial_dimensions:
        b.operand(1, d, b.factor(1))
    for d in dn.output_spatial_dimensions:
        b.result(0, d, b.factor(1))
    return b.build()


def _conv_batch(op, b, dn) -> int | None:
    """The batch factor, behind the batch-group factor of the lhs's batch dim (returned)."""
    batch_groups = int_attr(op, "batch_group_count", 1)
    group = b.factor(batch_groups) if batch_groups > 1 else None
    f = b.factor(shape_of(op.results[0])[dn.output_batch_dimension])
    b.operand(0, dn.input_batch_dimension, *([group] if group is not None else []), f)
    b.result(0, dn.output_batch_dimension, f)
    return group


def _conv_features(op, b, dn, group: int | None) -> None:
    """The feature factors: the input feature (a reduction) behind the feature-group factor,
    the output feature behind the group factor of either count."""
    lhs, out = shape_of(op.operands[0]), shape_of(op.results[0])
    feature_groups = int_attr(op, "feature_group_count", 1)
    batch_groups = int_attr(op, "batch_group_count", 1)
    if feature_groups > 1:
        group = b.factor(feature_groups)
        b.operand(0, dn.input_feature_dimension, group)
    f = b.factor(lhs[dn.input_feature_dimension] // feature_groups, REDUCTION)
    b.operand(0, dn.input_feature_dimension, f), b.operand(1, dn.kernel_input_feature_dimension, f)
    f = b.factor(out[dn.output_feature_dimension] // max(feature_groups, batch_groups))
    groups = [group] if group is not None else []
    b.operand(1, dn.kernel_output_feature_dimension, *groups, f)
    b.result(0, dn.output_feature_dimension, *groups, f)


def _conv_spatial(op, b, dn, out) -> list[tuple[str, int]]:
    """The spatial dims' factors; returns the ("kernel" or "output", dim) pairs that take a
    size-one factor of their own after the features.

    As Shardy's rule (learned from its passes; strides, padding and dilations enter only
    through the sizes): when the output dim is at least the window, the smaller of it and
    the lhs dim is a permutation factor of the lhs dim and the output, followed by a
    reduction factor of the lhs dim and the kernel, the smaller of the window and the lhs dim
    over the output. When the output is smaller, the window is a reduction factor of the lhs
    dim and the kernel, followed by a permutation factor of the lhs dim and the output, the
    smaller of the output and the lhs dim over the window. A factor of size one is left out,
    its kernel or output dim taking its own."""
    lhs, rhs = shape_of(op.operands[0]), shape_of(op.operands[1])
    own = []
    for ld, kd, od in zip(
        dn.input_spatial_dimensions, dn.kernel_spatial_dimensions, dn.output_spatial_dimensions
    ):
        window = rhs[kd]
        if out[od] >= window:
            f = b.factor(min(out[od], lhs[ld]), PERMUTATION)
            b.operand(0, ld, f), b.result(0, od, f)
            step = min(window, lhs[ld] // out[od])
            if step > 1:
                f = b.factor(step, REDUCTION)
                b.operand(0, ld, f), b.operand(1, kd, f)
            else:
                own.append(("kernel", kd))
        else:
            f = b.factor(window, REDUCTION)
            b.operand(0, ld, f), b.operand(1, kd, f)
            windows = min(out[od], lhs[ld] // window)
            if windows > 1:
                f = b.factor(windows, PERMUTATION)
                b.operand(0, ld, f), b.result(0, od, f)
            else:
                own.append(("output", od))
    return own
