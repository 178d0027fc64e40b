"""Steps of Shardy's import pipeline that change what propagation sees (the `shardy-import`
option of meshjit-propagate, on in Shardy-compatible op-priority mode, which stands for
`sdy-propagation-pipeline`):

- dead ops go (Shardy's import rewrites the module with MLIR's greedy driver, which erases
  them), so a dead user never holds a constant or couples two values;
- a `sdy.sharding_constraint` that is the only user of a value without a sharding gives the value
  its sharding (closed dims stay closed), as Shardy's `sdy-apply-sharding-constraints` does.
"""

from __future__ import annotations

from jaxlib.mlir import ir

from meshjit.dialects.sdy import SHARDING_ATTR
from meshjit.passes.graph import sharding_io as io

_PURE_PREFIXES = ("stablehlo.", "sdy.constant", "chlo.")
_IMPURE = frozenset(
    {
        "stablehlo.custom_call",
        "stablehlo.while",
        "stablehlo.case",
        "stablehlo.if",
        "stablehlo.optimization_barrier",
        "stablehlo.send",
        "stablehlo.recv",
        "stablehlo.outfeed",
        "stablehlo.infeed",
        "stablehlo.rng",
        "stablehlo.rng_bit_generator",
        "stablehlo.return",
    }
)


def _ops(module_op: ir.Operation) -> list:
    found = []

    def visit(op):
        found.append(op)
        return ir.WalkResult.ADVANCE

    module_op.walk(visit)
    return found


def _dead(op) -> bool:
    name = op.name
    if not op.results or name in _IMPURE or not name.startswith(_PURE_PREFIXES):
        return False
    if "collective" in name or name.startswith("stablehlo.all_") or len(op.regions):
        return name == "stablehlo.reduce" and not _used(op)
    return not _used(op)


def _used(op) -> bool:
    return any(next(iter(r.uses), None) is not None for r in op.results)


def erase_dead_ops(module_op: ir.Operation) -> int:
    """Erases side-effect-free ops whose results nothing uses (users before their operands)."""
    count = 0
    for op in reversed(_ops(module_op)):
        if _dead(op):
            op.erase()
            count += 1
    return count


def apply_sharding_constraints(module_op: ir.Operation) -> None:
    for op in _ops(module_op):
        if op.name == "sdy.sharding_constraint":
            _apply(op)


def _apply(constraint) -> None:
    value = constraint.operands[0]
    uses = iter(value.uses)
    next(uses, None)
    if next(uses, None) is not None:
        return  # another user: the value's sharding is propagation's to decide
    sharding = constraint.attributes["sharding"]
    if isinstance(value, ir.BlockArgument):
        _apply_to_arg(value, sharding)
        return
    owner = value.owner
    if owner.name in ("sdy.sharding_constraint", "sdy.reshard", "sdy.manual_computation"):
        return
    if SHARDING_ATTR in owner.attributes:
        return
    shardings = [None] * len(owner.results)
    shardings[value.result_number] = io.read_sharding(sharding, constraint.location)
    if len(owner.results) > 1:
        return  # a multi-result op: Shardy would need the other results' shardings too
    io.set_op_result_shardings(owner, shardings)


def _apply_to_arg(arg: ir.BlockArgument, sharding) -> None:
    func = arg.owner.owner
    if func is None or func.name != "func.func":
        return
    if io.func_arg_sharding(func, arg.arg_number) is not None:
        return
    io.set_func_arg_sharding(func, arg.arg_number, io.read_sharding(sharding, func.location))
