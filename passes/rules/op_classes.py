"""Classes of ops that propagation treats alike (Shardy's op priorities and factor orders)."""

from __future__ import annotations

from meshjit.passes.rules.elementwise import ELEMENTWISE_OPS

# Ops Shardy treats as elementwise (MLIR's Elementwise trait, or broadcasting elementwise).
SHARDY_ELEMENTWISE_OPS = frozenset(ELEMENTWISE_OPS) - {
    "stablehlo.all_reduce",
    "stablehlo.collective_permute",
    "stablehlo.collective_broadcast",
    "stablehlo.optimization_barrier",
    "sdy.sharding_constraint",
    "sdy.reshard",
}
# Ops that take their users' sharding and have no rule of their own.
NO_RULE_OPS = frozenset({"stablehlo.constant", "stablehlo.iota"})
# Ops Shardy's first op-priority stage propagates forward only (operands to every tensor).
FORWARD_FIRST_OPS = frozenset({"stablehlo.dynamic_slice", "stablehlo.dynamic_update_slice"})
# First op-priority stage: ops that never move data when shardings agree.
PASS_THROUGH_OPS = frozenset(ELEMENTWISE_OPS) | {"stablehlo.reshape", "stablehlo.transpose"}
# Their tensor operands (the start indices follow them).
_INDEXED = {"stablehlo.dynamic_slice": 1, "stablehlo.dynamic_update_slice": 2}


def staged_operands(op) -> list:
    """The operands whose other uses hold an op back in Shardy's first op-priority stages: all
    of them, but a dynamic slice's or update's start indices."""
    operands = list(op.operands)
    return operands[: _INDEXED.get(op.name, len(operands))]
