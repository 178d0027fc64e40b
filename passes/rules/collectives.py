"""Rules of collectives that move data between dimensions: all_gather, reduce_scatter,
all_to_all (all_reduce and collective_permute are elementwise, see elementwise.py)."""

from __future__ import annotations

from meshjit.passes.rules.registry import sharding_rule
from meshjit.passes.rules.rule import NEED_REPLICATION, ShardingRule
from meshjit.passes.rules.util import int_attr, op_builder, shape_of


def _collective_rule(op, *special_dims) -> ShardingRule:
    """Pointwise except `special_dims` (the gathered / split / concatenated dims, in that
    order), which need replication on each side separately and are made last (as Shardy
    orders them). A variadic collective maps every operand and result of the first's rank to
    the first operand's and result's factors (as Shardy does, whatever their sizes)."""
    special_dims = tuple(dict.fromkeys(special_dims))
    b = op_builder(op)
    shape, out_shape = shape_of(op.operands[0]), shape_of(op.results[0])
    operands = [i for i, v in enumerate(op.operands) if len(shape_of(v)) == len(shape)]
    results = [i for i, v in enumerate(op.results) if len(shape_of(v)) == len(out_shape)]

    def link(d, operand_factor, result_factor):
        for i in operands:
            b.operand(i, d, operand_factor)
        for i in results:
            b.result(i, d, result_factor)

    for d, size in enumerate(shape):
        if d not in special_dims:
            f = b.factor(size)
            link(d, f, f)
    for d in special_dims:
        link(d, b.factor(shape[d], NEED_REPLICATION), b.factor(out_shape[d], NEED_REPLICATION))
    return b.build()


@sharding_rule("stablehlo.all_gather")
def all_gather_rule(op):
    return _collective_rule(op, int_attr(op, "all_gather_dim"))


@sharding_rule("stablehlo.reduce_scatter")
def reduce_scatter_rule(op):
    return _collective_rule(op, int_attr(op, "scatter_dimension"))


@sharding_rule("stablehlo.all_to_all")
def all_to_all_rule(op):
    return _collective_rule(op, int_attr(op, "split_dimension"), int_attr(op, "concat_dimension"))
