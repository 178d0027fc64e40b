"""The hand-off to XLA (jaxlib 0.10.2): what a propagated module needs so XLA keeps the
decided shardings."""

from __future__ import annotations

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import sdy

from meshjit.dialects.sdy import SHARDING_ATTR
from meshjit.passes.export.conv_guard import (
    guard_grouped_convolutions,
    guard_strided_convolutions,
)
from meshjit.passes.export.fft_guard import guard_ffts
from meshjit.passes.export.pad_guard import guard_sharded_pads
from meshjit.passes.export.reduce_guard import guard_unsplittable_reductions, unsplittable
from meshjit.passes.export.slice_guard import guard_one_per_shard_slices, may_be_guarded
from meshjit.passes.export.uneven_arguments import pin_uneven_arguments
from meshjit.passes.export.uneven_updates import guard_uneven_updates
from meshjit.passes.export.window_guard import guard_padded_strided_windows, padded_strided_dims
from meshjit.passes.export.zero_size_calls import drop_empty_calls
from meshjit.passes.graph import sharding_io as io
from meshjit.passes.graph.graph import GraphError
from meshjit.passes.rules.util import shape_of


def _passes_through(while_op) -> bool:
    """Whether the body yields one of its own block arguments unchanged (a loop invariant),
    maybe through selects between it and itself (XLA's simplifier folds them: a vmapped loop's
    batched predicate selects every carry, its invariant bound too; fuzzer seed 3000071)."""
    body = while_op.regions[1].blocks[0]
    terminator = list(body.operations)[-1]
    args = list(body.arguments)
    return any(_is_arg(v, args[i]) for i, v in enumerate(terminator.operands) if i < len(args))


def _is_arg(value, arg) -> bool:
    """Whether `value` is `arg`, or a select of two values that are."""
    if value == arg:
        return True
    if not isinstance(value, ir.OpResult) or value.owner.name != "stablehlo.select":
        return False
    _, on_true, on_false = value.owner.operands
    return _is_arg(on_true, arg) and _is_arg(on_false, arg)


def prepare_for_xla(module_op: ir.Operation, *, pin: bool = True) -> None:
    """Hands a propagated module to XLA (jaxlib 0.10.2) so it keeps the decided shardings.

    XLA's import rejects `sdy.reshard`: each becomes a sharding constraint (same layout).
    XLA's import drops the axes of an argument's unevenly sharded dimensions: such an argument
    is constrained to its sharding at the function's start (`uneven_arguments.py`).
    XLA's import ignores `sdy.sharding` on ordinary ops and propagates again from the func
    boundaries and sharding constraints; so with `pin`, every op result's sharding is restated
    as an `sdy.sharding_constraint` on that result (`pin_op_shardings`), which XLA keeps.
    And a `stablehlo.while` that carries a loop invariant and has an `sdy.sharding` fails a
    RET_CHECK (its tuple sharding gets one entry too many per invariant), and so does one that
    carries a zero-size value (XLA drops the carry, not its entry: "Sharding is tuple-shaped
    but validation shape is not"; the fuzzer's seed 290175, a vmapped while over an empty
    dimension); that op's own sharding is dropped (its results are pinned by constraints
    after it); so is an
    optimization barrier's with a dead result (XLA's simplifier drops the result but not its
    entry in the tuple sharding, and a RET_CHECK fails); so is a slice's that takes its whole
    operand (`_identity_slice`). A scatter indexing an
    unevenly sharded dimension gets it replicated: XLA's partitioner would write into other
    shards (`uneven_updates.py`); so does a grouped convolution's sharded feature dimension
    where XLA's partitioner rejects it or gets it wrong, and a strided convolution's sharded
    spatial dimensions (`conv_guard.py`), so do a pad's sharded
    padded dimensions where it does (`pad_guard.py`), and a reduce window's unevenly sharded
    padded, strided dimensions (`window_guard.py`), so do an FFT's unevenly sharded
    transformed dimensions, and an FFT next to a gather along another dimension than the first
    is isolated from its layout (`fft_guard.py`), so does a slice's dimension sharded one element
    per shard (`slice_guard.py`), and so do the reduced dimensions of a reduce whose body XLA's all-reduce refuses (`reduce_guard.py`). A call
    computing only zero-size values becomes constants (XLA crashed on one in a loop body beside
    a constraint in its condition; `zero_size_calls.py`)."""
    module_op = module_op.operation if hasattr(module_op, "operation") else module_op
    refused = xla_refusal(module_op)
    if refused is not None:
        raise GraphError(*refused)
    reshards_as_constraints(module_op)
    pin_uneven_arguments(module_op)
    guard_uneven_updates(module_op)
    guard_grouped_convolutions(module_op)
    guard_strided_convolutions(module_op)
    guard_sharded_pads(module_op)
    guard_padded_strided_windows(module_op)
    guard_ffts(module_op)
    guard_one_per_shard_slices(module_op)
    guard_unsplittable_reductions(module_op)
    drop_empty_calls(module_op)
    if pin:
        pin_op_shardings(module_op)
    for op in _find(module_op, _sharding_rejected):
        del op.attributes[SHARDING_ATTR]


def _sharding_rejected(op) -> bool:
    return _rejected_while(op) or _rejected_barrier(op) or _identity_slice(op)


def _identity_slice(op) -> bool:
    """A slice with a sharding that takes its whole operand (a one-chunk lax.split, as
    ravel_pytree's unravel of one leaf makes): XLA's simplifier folds it away and its sharding
    lands on a loop's tuple when the operand is a carry ("Number of tile assignment dimensions
    ... is different than the input rank"; fuzzer seed 33031, vmap of vmap of a sharded gmres,
    and an abort on an uneven one). Its result is pinned by the constraint after it."""
    if op.name != "stablehlo.slice" or SHARDING_ATTR not in op.attributes:
        return False
    return op.operands[0].type == op.results[0].type


_GUARDED = frozenset(
    {"stablehlo.convolution", "stablehlo.pad", "stablehlo.fft", "stablehlo.scatter"}
)


def _guarded(op, partitions: int) -> bool:
    return (
        op.name in _GUARDED
        or (op.name == "stablehlo.slice" and may_be_guarded(op, partitions))
        or (op.name == "stablehlo.reduce" and unsplittable(op))
        or (op.name == "stablehlo.reduce_window" and bool(padded_strided_dims(op)))
    )


def has_guarded_ops(module_op: ir.Operation) -> bool:
    """Whether `module_op` has an op `prepare_for_xla` may guard (for propagation='xla', which
    propagates only to place the guards where there are any)."""
    found = []
    module_op = module_op.operation if hasattr(module_op, "operation") else module_op
    partitions = _partitions(module_op)

    def visit(op):
        if _guarded(op, partitions):
            found.append(op)
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    module_op.walk(visit)
    return bool(found)


def _partitions(module_op: ir.Operation) -> int:
    attr = (
        module_op.attributes["mhlo.num_partitions"]
        if "mhlo.num_partitions" in module_op.attributes
        else None
    )
    return 1 if attr is None else ir.IntegerAttr(attr).value


def _find(module_op: ir.Operation, wanted) -> list:
    """The ops in `module_op` for which `wanted(op)` holds, in walk order."""
    found = []

    def visit(op):
        if wanted(op):
            found.append(op)
        return ir.WalkResult.ADVANCE

    module_op.walk(visit)
    return found


def xla_refusal(module_op: ir.Operation) -> tuple[ir.Location, str] | None:
    """(location, message) for the first construct XLA would abort the process on rather than
    report, or None: a manual computation with unreduced axes that are not manual."""
    for op in _find(module_op, _unreduced_free_axes):
        return op.location, (
            "a sdy.manual_computation's in/out sharding has unreduced axes that are not among "
            f"its manual axes ({', '.join(_unreduced_free_axes(op))}), which XLA cannot "
            "compile: make those axes manual in the computation, or reduce the value (psum) "
            "before it enters or leaves"
        )
    return None


def _unreduced_free_axes(op) -> list[str]:
    """A manual computation's unreduced axes in its in/out shardings that are not manual
    (XLA's sdy import aborts the process on them: only one of unreduced and manual axes may
    be present in a sharding); [] for other ops."""
    if op.name != "sdy.manual_computation":
        return []
    manual = io.manual_axes(op)
    free = []
    for name in ("in_shardings", "out_shardings"):
        for sharding in sdy.TensorShardingPerValueAttr(op.attributes[name]).shardings:
            for axis in sdy.TensorShardingAttr(sharding).unreduced_axes:
                name = sdy.AxisRefAttr(axis).name
                if name not in manual and f'"{name}"' not in free:
                    free.append(f'"{name}"')
    return free


def _rejected_while(op) -> bool:
    """A loop with a sharding and a loop invariant or a zero-size carry (see
    `prepare_for_xla`)."""
    if op.name != "stablehlo.while" or SHARDING_ATTR not in op.attributes:
        return False
    return _passes_through(op) or any(0 in shape_of(r) for r in op.results)


def _rejected_barrier(op) -> bool:
    """An optimization barrier with a sharding and a result nothing reads but pinning
    constraints (see `prepare_for_xla`)."""
    if op.name != "stablehlo.optimization_barrier" or SHARDING_ATTR not in op.attributes:
        return False
    return any(_dead(r) for r in op.results)


def _dead(value) -> bool:
    """Whether only sharding constraints whose results are dead read `value`."""
    return all(
        u.owner.name == "sdy.sharding_constraint" and _dead(u.owner.results[0]) for u in value.uses
    )


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
