"""The hand-off to XLA (jaxlib 0.10.2): what a propagated module needs so XLA keeps the
decided shardings."""

from __future__ import annotations

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import sdy

from meshjit.dialects.sdy import SHARDING_ATTR


def _passes_through(while_op) -> bool:
    """Whether the body yields one of its own block arguments unchanged (a loop invariant)."""
    body = while_op.regions[1].blocks[0]
    terminator = list(body.operations)[-1]
    args = list(body.arguments)
    return any(v == args[i] for i, v in enumerate(terminator.operands) if i < len(args))


def prepare_for_xla(module_op: ir.Operation, *, pin: bool = True) -> None:
    """Hands a propagated module to XLA (jaxlib 0.10.2) so it keeps the decided shardings.

    XLA's import rejects `sdy.reshard`: each becomes a sharding constraint (same layout).
    XLA's import ignores `sdy.sharding` on ordinary ops and propagates again from the func
    boundaries and sharding constraints; so with `pin`, every op result's sharding is restated
    as an `sdy.sharding_constraint` on that result (`pin_op_shardings`), which XLA keeps.
    And a `stablehlo.while` that carries a loop invariant and has an `sdy.sharding` fails a
    RET_CHECK (its tuple sharding gets one entry too many per invariant); that op's own
    sharding is dropped (its results are pinned by constraints after it)."""
    module_op = module_op.operation if hasattr(module_op, "operation") else module_op
    reshards_as_constraints(module_op)
    if pin:
        pin_op_shardings(module_op)
    for op in _find(module_op, _rejected_while):
        del op.attributes[SHARDING_ATTR]


def _find(module_op: ir.Operation, wanted) -> list:
    """The ops in `module_op` for which `wanted(op)` holds, in walk order."""
    found = []

    def visit(op):
        if wanted(op):
            found.append(op)
        return ir.WalkResult.ADVANCE

    module_op.walk(visit)
    return found


def _rejected_while(op) -> bool:
    """A loop with a sharding and a loop invariant (see `prepare_for_xla`)."""
    return op.name == "stablehlo.while" and SHARDING_ATTR in op.attributes and _passes_through(op)


_AS_CONSTRAINTS = {"sdy.reshard": "sharding", "sdy.all_reduce": "out_sharding"}


def reshards_as_constraints(module_op: ir.Operation) -> None:
    """XLA's StableHLO import rejects `sdy.reshard` and `sdy.all_reduce` (Shardy's export makes
    the latter for an unreduced value); a sharding constraint with the op's result sharding pins
    the same layout (reduced, for an all_reduce), and XLA inserts the data movement itself."""
    for op in _find(module_op, lambda op: op.name in _AS_CONSTRAINTS):
        with ir.InsertionPoint(op), op.location:
            sharding = op.attributes[_AS_CONSTRAINTS[op.name]]
            new = sdy.ShardingConstraintOp(op.operands[0], sharding)
        op.results[0].replace_all_uses_with(new.result)
        op.erase()


# Ops whose results are not pinned: shardings ops themselves, constants and iotas (Shardy
# gives each use its own copy), and region-holding ops whose results XLA ties to their bodies.
_NOT_PINNED = frozenset(
    {
        "sdy.sharding_constraint",
        "sdy.reshard",
        "sdy.all_reduce",
        "sdy.manual_computation",
        "stablehlo.constant",
        "stablehlo.iota",
        "stablehlo.while",
        "stablehlo.case",
        "stablehlo.if",
    }
)


def pin_op_shardings(module_op: ir.Operation) -> int:
    """Adds `sdy.sharding_constraint` after every op result that has a sharding (outside manual
    computation bodies); returns how many."""
    found = []

    def visit(op):
        if op.name == "sdy.manual_computation":
            return ir.WalkResult.SKIP
        if op.name not in _NOT_PINNED and SHARDING_ATTR in op.attributes:
            found.append(op)
        return ir.WalkResult.ADVANCE

    module_op.walk(visit, ir.WalkOrder.PRE_ORDER)
    count = 0
    for op in found:
        shardings = sdy.TensorShardingPerValueAttr(op.attributes[SHARDING_ATTR]).shardings
        for result, sharding in zip(op.results, shardings):
            if not len(list(result.uses)) or _feeds_a_partial_sum(result):
                continue
            with ir.InsertionPoint.after(op), op.location:
                pinned = sdy.ShardingConstraintOp(result, sharding)
            result.replace_all_uses_except(pinned.result, pinned.operation)
            count += 1
    return count


def _feeds_a_partial_sum(result) -> bool:
    """Whether a user of `result` is a constraint keeping it unreduced (a partial sum, as
    explicit mode's `unreduced` types lower): pinning the reduced layout first would make XLA
    all-reduce there instead of where the partial sum is reduced."""
    for use in result.uses:
        owner = use.owner
        if owner.name == "sdy.sharding_constraint":
            sharding = sdy.TensorShardingAttr(owner.attributes["sharding"])
            if len(list(sharding.unreduced_axes)):
                return True
    return False

