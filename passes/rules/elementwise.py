"""Rules of elementwise ops (and of ops that act as identities per operand/result pair):
one pass-through factor per dimension, shared by every tensor of that rank."""

from __future__ import annotations

from jaxlib.mlir import ir

from meshjit.passes.rules.registry import sharding_rule
from meshjit.passes.rules.rule import NEED_REPLICATION, PASS_THROUGH, ShardingRule
from meshjit.passes.rules.util import op_builder, shape_of


def pointwise_rule(op: ir.Operation, special=None, shape=None) -> ShardingRule:
    """One factor per result dim shared by every same-rank tensor; scalars map to nothing.

    `special(dim) -> (kind, blocked) | None` overrides a dimension's factor kind; `shape` the
    factor sizes (the result's by default).
    """
    b = op_builder(op)
    if shape is None:
        shape = shape_of(op.results[0]) if len(op.results) else shape_of(op.operands[0])
    rank = len(shape)
    for d, size in enumerate(shape):
        kind, blocked = (special(d) if special else None) or (PASS_THROUGH, False)
        f = b.factor(size, kind, blocked)
        for i, v in enumerate(op.operands):
            if len(shape_of(v)) == rank:
                b.operand(i, d, f)
        for i, v in enumerate(op.results):
            if len(shape_of(v)) == rank:
                b.result(i, d, f)
    return b.build()


ELEMENTWISE_OPS = tuple(
    "stablehlo." + n
    for n in [
        "abs",
        "add",
        "and",
        "atan2",
        "bitcast_convert",
        "cbrt",
        "ceil",
        "clamp",
        "compare",
        "complex",
        "convert",
        "cosine",
        "count_leading_zeros",
        "divide",
        "exponential",
        "exponential_minus_one",
        "floor",
        "imag",
        "is_finite",
        "log",
        "log_plus_one",
        "logistic",
        "maximum",
        "minimum",
        "multiply",
        "negate",
        "not",
        "or",
        "popcnt",
        "power",
        "real",
        "reduce_precision",
        "remainder",
        "round_nearest_afz",
        "round_nearest_even",
        "rsqrt",
        "select",
        "shift_left",
        "shift_right_arithmetic",
        "shift_right_logical",
        "sign",
        "sine",
        "sqrt",
        "subtract",
        "tan",
        "tanh",
        "xor",
        "all_reduce",
        "collective_permute",
        "collective_broadcast",
        "optimization_barrier",
    ]
) + ("sdy.sharding_constraint", "chlo.erf", "chlo.erf_inv")


@sharding_rule(*ELEMENTWISE_OPS, cache_attrs=(), shape_only=True)
def elementwise_rule(op):
    if op.name == "stablehlo.bitcast_convert" and shape_of(op.operands[0]) != shape_of(
        op.results[0]
    ):
        return bitcast_resize_rule(op)
    if op.name == "stablehlo.optimization_barrier" and len(op.results) > 1:
        return per_pair_rule(op)
    return pointwise_rule(op)


@sharding_rule("sdy.reshard", cache_attrs=(), shape_only=True)
def reshard_rule(op) -> ShardingRule:
    """An explicit reshard links nothing: its operand and its result each keep their own
    factors (Shardy propagates across neither way; users still shard its result)."""
    b = op_builder(op)
    for d, size in enumerate(shape_of(op.results[0])):
        b.operand(0, d, b.factor(size))
        b.result(0, d, b.factor(size))
    return b.build()


def bitcast_resize_rule(op) -> ShardingRule:
    """A bitcast between element widths: the narrower side's extra minor dim needs
    replication."""
    b = op_builder(op)
    shapes = shape_of(op.operands[0]), shape_of(op.results[0])
    for d, size in enumerate(max(shapes, key=len)):
        f = b.factor(size, PASS_THROUGH if d < min(map(len, shapes)) else NEED_REPLICATION)
        if d < len(shapes[0]):
            b.operand(0, d, f)
        if d < len(shapes[1]):
            b.result(0, d, f)
    return b.build()


def per_pair_rule(op) -> ShardingRule:
    """Operand i and result i share factors (variadic identity-like ops)."""
    b = op_builder(op)
    for i, (v, r) in enumerate(zip(op.operands, op.results)):
        for d, size in enumerate(shape_of(r)):
            f = b.factor(size)
            if len(shape_of(v)) == len(shape_of(r)):
                b.operand(i, d, f)
            b.result(i, d, f)
    return b.build()
