"""Rules of collectives that move data between dimensions: all_gather, reduce_scatter,
all_to_all (all_reduce and collective_permute are elementwise, see elementwise.py)."""

from __future__ import annotations

from meshjit.passes.rules.registry import sharding_rule
from meshjit.passes.rules.rule import NEED_REPLICATION, ShardingRule
from meshjit.passes.rules.util import int_attr, op_builder, shape_of


def _collective_rule(op, in_dims, out_dims) -> ShardingRule:
    """Pointwise except `in_dims` / `out_dims`: need_replication on each side separately."""
    b = op_builder(op)
    shape = shape_of(op.operands[0])
    out_shape = shape_of(op.results[0])
    for d, size in enumerate(shape):
        if d in in_dims or d in out_dims:
            b.operand(0, d, b.factor(size, NEED_REPLICATION))
            b.result(0, d, b.factor(out_shape[d], NEED_REPLICATION))
        else:
            f = b.factor(size)
            b.operand(0, d, f), b.result(0, d, f)
    return b.build()


@sharding_rule("stablehlo.all_gather")
def all_gather_rule(op):
    if len(op.operands) != 1:
        return None
    return _collective_rule(op, {int_attr(op, "all_gather_dim")}, set())


@sharding_rule("stablehlo.reduce_scatter")
def reduce_scatter_rule(op):
    return _collective_rule(op, {int_attr(op, "scatter_dimension")}, set())


@sharding_rule("stablehlo.all_to_all")
def all_to_all_rule(op):
    if len(op.operands) != 1:
        return None
    return _collective_rule(
        op, {int_attr(op, "split_dimension")}, {int_attr(op, "concat_dimension")}
    )
