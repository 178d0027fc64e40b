"""Pinning dot plans: each dot / convolution resharded into its cheapest way to compute
(cost/dot_plans.py), since XLA's dot partitioner otherwise picks its own way by a fixed order
(it may gather a weight where resharding a small operand would do)."""

from __future__ import annotations

from meshjit.dialects.sdy import axis_ref
from meshjit.passes.cost.dot_plans import pinned_plans
from meshjit.passes.export.reshard import reshard_operand, reshard_result
from meshjit.passes.graph.axes import disjoint
from meshjit.passes.graph.graph import Graph, Slot


def pin_dot_plans(graph: Graph) -> int:
    """Operands resharded into the plan's shardings, the op's results computed in the plan's
    and resharded after it into theirs. Returns how many reshards it inserted."""
    count = 0
    for edge, dims in list(pinned_plans(graph)):
        if _meshes(edge) > 1:
            continue  # operands on different meshes: no plan names axes all of them have
        n = len(edge.operands)
        for t, (view, want) in enumerate(zip(edge.operands, dims)):
            if _pinnable(view.slot, want):
                reshard_operand(graph, edge.op, t, view.slot, want)
                count += 1
        for r, (view, want) in enumerate(zip(edge.results, dims[n:])):
            if _pinnable(view.slot, want) and reshard_result(graph, edge.op, r, view.slot, want):
                count += 1
    return count


def _meshes(edge) -> int:
    return len({v.slot.mesh for v in (*edge.operands, *edge.results) if v.slot.mesh is not None})


def _pinnable(slot: Slot, want) -> bool:
    """A value with a sharding and a plan that differs from it; a plan using a (sub-)axis twice,
    or an axis the value holds unreduced, is not pinned (the sharding would not verify: a
    reshard keeps the value's unreduced axes)."""
    axes = [a for dim in want for a in dim]
    return (
        slot.mesh is not None
        and slot.value is not None
        and want != slot.dims
        and disjoint(axes)
        and not _unreduced_names(slot) & {a[0] for a in axes}
    )


def _unreduced_names(slot: Slot) -> set:
    return {axis_ref(a).name for a in slot.unreduced} if slot.unreduced else set()
