"""Export after propagation: close every dimension, pin dot plans, optionally make remaining
conflicts explicit.

Closing (`{"x", ?}` -> `{"x"}`, a closed replicated sharding on unannotated func arguments and
on the results of custom calls without a rule) makes XLA keep meshjit's decisions. A value
propagation decided nothing for stays unannotated, as Shardy leaves it, so XLA chooses there.
Pinning (`pin_plans`, on by default) puts
`sdy.reshard`s around each dot / convolution so it is computed the cheapest way graph_cost finds
(XLA's dot partitioner otherwise picks its own way, which graph_cost cannot predict). With `insert-reshards`, an operand whose
sharding disagrees with what its op's results imply gets an `sdy.reshard` in front of the op;
a returned value that disagrees with its func result's sharding gets one in front of the return.
"""

from __future__ import annotations

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import sdy

from meshjit.dialects.sdy import SHARDING_ATTR, tensor_sharding_attr
from meshjit.passes import graph_cost, propagation
from meshjit.passes import rules as rules_lib
from meshjit.passes.propagation_graph import (
    Edge,
    Graph,
    Slot,
    build_graph,
    new_slot,
    overlaps,
    slot_sharding,
    write_back,
)


def export_module(
    module_op: ir.Operation,
    *,
    close: bool = True,
    insert_reshards: bool = False,
    pin_plans: bool = True,
):
    graph_cost.clear_cache()
    graph = build_graph(module_op, hold_priorities=False)
    if insert_reshards:
        _insert_reshards(graph)
    write_back(graph, close=close)
    if pin_plans:
        pin_dot_plans(graph)
    return graph


def pin_dot_plans(graph: Graph) -> int:
    """Pins each dot / convolution to its cheapest way to compute (graph_cost.pinned_plans):
    operands resharded into the plan's shardings, the op's results computed in the plan's and
    resharded after it into theirs. XLA's dot partitioner otherwise picks its own way by a
    fixed order (it may gather a weight where resharding a small operand would do). Returns
    how many reshards it inserted."""
    count = 0
    for edge, dims in list(graph_cost.pinned_plans(graph)):
        n = len(edge.operands)
        for t, (view, want) in enumerate(zip(edge.operands, dims)):
            if _pinnable(view.slot, want):
                _reshard(graph, edge.op, t, view.slot, want)
                count += 1
        for r, (view, want) in enumerate(zip(edge.results, dims[n:])):
            if _pinnable(view.slot, want) and _reshard_result(graph, edge.op, r, view.slot, want):
                count += 1
    return count


def _pinnable(slot: Slot, want) -> bool:
    return (
        slot.mesh is not None
        and slot.value is not None
        and want != slot.dims
        and _disjoint([a for dim in want for a in dim])
    )


def _disjoint(axes) -> bool:
    """No (sub-)axis used twice (the sharding would not verify); a plan that did is not pinned."""
    return not any(graph_cost.clashes(a, axes[:i]) for i, a in enumerate(axes))


def _closed_sharding(graph: Graph, source: Slot, dims) -> ir.Attribute:
    """`source`'s sharding with `dims` instead of its own, closed."""
    target = new_slot(f"reshard of {source.label}", source.value.type)
    target.mesh, target.dims = source.mesh, [list(d) for d in dims]
    target.closed = [True] * target.rank
    target.replicated, target.unreduced = source.replicated, source.unreduced
    return tensor_sharding_attr(slot_sharding(target, graph.meshes, close=True))


def _reshard_result(graph: Graph, op, index: int, slot: Slot, computed) -> bool:
    """The op computes result `index` sharded as `computed`; an `sdy.reshard` after it takes
    the value to the sharding its users were given."""
    result = op.results[index]
    if not len(list(result.uses)) or SHARDING_ATTR not in op.attributes:
        return False
    final = slot_sharding(slot, graph.meshes, close=True)
    with ir.InsertionPoint.after(op), op.location:
        new = sdy.ReshardOp(result, tensor_sharding_attr(final))
    result.replace_all_uses_except(new.result, new.operation)
    shardings = list(sdy.TensorShardingPerValueAttr(op.attributes[SHARDING_ATTR]).shardings)
    shardings[index] = _closed_sharding(graph, slot, computed)
    op.attributes[SHARDING_ATTR] = sdy.TensorShardingPerValueAttr.get(shardings)
    return True


def _desired_operand(edge: Edge, t: int, decided: dict, proj) -> list[list] | None:
    """The operand's dims if every factor the results fix took the results' axes."""
    mapping = edge.rule.operands[t]
    own = proj[t]
    if own is None:
        return None
    dims = [[a for f in fs for a in (decided[f] if f in decided else own[f])] for fs in mapping]
    flat = [a for dim in dims for a in dim]
    for i, a in enumerate(flat):
        if any(overlaps(a, b) for b in flat[i + 1 :]):
            return None
    return dims


def _result_decisions(edge: Edge, proj) -> dict:
    decided = {}
    n = len(edge.operands)
    for r, mapping in enumerate(edge.rule.results):
        if proj[n + r] is None:
            continue
        for fs in mapping:
            for f in fs:
                decided.setdefault(f, list(proj[n + r][f]))
    return decided


def _reshard(graph: Graph, op, index: int, source: Slot, dims) -> None:
    with ir.InsertionPoint(op), op.location:
        new = sdy.ReshardOp(op.operands[index], _closed_sharding(graph, source, dims)).result
    op.operands[index] = new


def _insert_reshards(graph: Graph) -> None:
    for edge in list(graph.edges):
        if edge.op is None:
            continue
        if edge.op_name == "func.return":
            _reshard_return(graph, edge)
            continue
        if not edge.results or edge.op_name in ("sdy.reshard", "sdy.sharding_constraint"):
            continue
        proj = [
            propagation.project(v, m, edge.rule.factors)
            for v, m in zip(edge.views(), edge.rule.tensors())
        ]
        decided = _result_decisions(edge, proj)
        for t, view in enumerate(edge.operands):
            slot = view.slot
            if slot.mesh is None or slot.value is None:
                continue
            dims = _desired_operand(edge, t, decided, proj)
            if dims is not None and dims != slot.dims:
                _reshard(graph, edge.op, t, slot, dims)


def _reshard_return(graph: Graph, edge: Edge) -> None:
    value_slot, result_slot = (v.slot for v in edge.operands)
    if value_slot.value is None or result_slot.mesh is None:
        return
    if value_slot.dims != result_slot.dims:
        index = next(i for i, v in enumerate(edge.op.operands) if v == value_slot.value)
        _reshard(graph, edge.op, index, value_slot, result_slot.dims)


# --------------------------------------------------------------------------- XLA hand-off


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
    found = []

    def visit(op):
        if op.name == "stablehlo.while" and "sdy.sharding" in op.attributes:
            if _passes_through(op):
                found.append(op)
        return ir.WalkResult.ADVANCE

    module_op.walk(visit)
    for op in found:
        del op.attributes["sdy.sharding"]


def reshards_as_constraints(module_op: ir.Operation) -> None:
    """XLA's StableHLO import rejects `sdy.reshard`; a sharding constraint with the same
    sharding pins the same layout, and XLA inserts the data movement itself."""
    reshards = []

    def visit(op):
        if op.name == "sdy.reshard":
            reshards.append(op)
        return ir.WalkResult.ADVANCE

    module_op.walk(visit)
    for op in reshards:
        with ir.InsertionPoint(op), op.location:
            new = sdy.ShardingConstraintOp(op.operands[0], op.attributes["sharding"])
        op.results[0].replace_all_uses_with(new.result)
        op.erase()


# Ops whose results are not pinned: shardings ops themselves, constants and iotas (Shardy
# gives each use its own copy), and region-holding ops whose results XLA ties to their bodies.
_NOT_PINNED = frozenset(
    {
        "sdy.sharding_constraint",
        "sdy.reshard",
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
            if not len(list(result.uses)):
                continue
            with ir.InsertionPoint.after(op), op.location:
                pinned = sdy.ShardingConstraintOp(result, sharding)
            result.replace_all_uses_except(pinned.result, pinned.operation)
            count += 1
    return count


__all__ = ["export_module", "pin_op_shardings", "prepare_for_xla", "rules_lib"]
