"""Priorities: which edges propagate when.

- op priorities (Shardy's): each round runs pass-through ops to a fixed point, then all ops but
  forward through broadcast, then all ops; with Shardy's preferences, pass-through ops none of
  whose operands has another use run first (Shardy's pass-through stage reaches an op reading a
  shared value, as `x - sum(x)` reads `x`, only after those), and the middle stage runs twice:
  pass-through factors only (a dot's contracting factor, a padded dim wait), then all factors
  (they go before a broadcast forwards anything);
- user priorities: dims annotated `pN` join as sources in round N (p0 / unmarked first).
"""

from __future__ import annotations

from meshjit.passes.graph.graph import (
    STAGE_ALL,
    STAGE_NO_FORWARD_BROADCAST,
    STAGE_PASS_THROUGH,
    STAGE_PASS_THROUGH_FACTORS,
    STAGE_SINGLE_USE,
    Edge,
    Graph,
)
from meshjit.passes.propagation.edge_step import plan_of
from meshjit.passes.propagation.options import Options


def stages_for(options: Options) -> tuple[int, ...]:
    """The op-priority stages of one round, in order."""
    if not options.op_priority:
        return (STAGE_ALL,)
    middle = (STAGE_NO_FORWARD_BROADCAST,)
    if options.reductions_wait:
        middle = (STAGE_PASS_THROUGH_FACTORS, *middle)
    stages = (STAGE_PASS_THROUGH, *middle, STAGE_ALL)
    if options.shardy_preferences:  # Shardy's visiting order (the cost model needs none)
        stages = (STAGE_SINGLE_USE, *stages)
    return stages


def edges_for(graph: Graph, stage: int, options: Options) -> list[Edge]:
    """The edges a stage runs."""
    if not options.op_priority or stage == STAGE_ALL:
        return graph.edges
    # (Shardy's first stages also run dynamic slices and updates, forward only: edge_step.py)
    first = options.shardy_preferences
    if stage == STAGE_SINGLE_USE:
        return [
            e
            for e in graph.edges
            if (e.stage == STAGE_PASS_THROUGH or first and e.forward_first) and not e.shared_operand
        ]
    if stage == STAGE_PASS_THROUGH:
        return [
            e for e in graph.edges if e.stage == STAGE_PASS_THROUGH or first and e.forward_first
        ]
    return graph.edges


def opened_edges(stage: int, edges: list[Edge], options: Options) -> list[Edge]:
    """The edges that run again at the start of `stage`. With Shardy's preferences every
    edge does, as each of Shardy's op-priority stages starts with every op in its worklist: an
    op at its fixed point may still change on a second visit (a size-one axis a result took
    now fits the factor before it). Else only an edge that may do more than in the stage
    before: a dynamic slice or update (forward only before the middle stages), an edge whose
    non-pass-through factors waited, a broadcast (not forward in the middle stages). (Only in
    Shardy's own mode: the second visits cost meshjit's auto mode a third of its time.)
    Filtered by one test per stage (the graph's edges, once per stage and options)."""
    if options.conflicts == "shardy":
        return list(edges)
    if stage == STAGE_ALL:
        return [e for e in edges if e.is_broadcast]
    if stage == STAGE_NO_FORWARD_BROADCAST and options.reductions_wait:
        return [e for e in edges if _restricted(e, options)]
    if stage in (STAGE_NO_FORWARD_BROADCAST, STAGE_PASS_THROUGH_FACTORS):
        return [e for e in edges if e.forward_first]  # (no factor waits without reductions_wait)
    return []


def _restricted(edge: Edge, options: Options) -> bool:
    """Whether the edge has factors the no-forward-broadcast stage does not propagate."""
    if not options.reductions_wait:
        return False
    plan = plan_of(edge)
    factors = plan.propagating_all if options.need_replication_propagates else plan.propagating
    return len(plan.pass_through) < len(factors)


def strip_priorities(graph: Graph) -> None:
    """Shardy's priority-ordered propagation writes no priorities back: they are spent."""
    for slot in graph.all_slots():
        if slot.priority.count(None) != len(slot.priority):  # (a priority is an int)
            slot.priority = [None] * slot.rank


def user_priorities(graph: Graph) -> list[int]:
    """The priorities (> 0) of the annotated dims held back, in round order."""
    return sorted(
        {held[2] for slot in graph.all_slots() if slot.held for held in slot.held.values()}
    )


def release_priority(graph: Graph, priority: int) -> None:
    """Adds the dims annotated `p<priority>` where stronger rounds left room for them."""
    for slot in graph.all_slots():
        for d, (axes, closed, prio, origin) in list(slot.held.items()):
            if prio != priority:
                continue
            del slot.held[d]
            # The annotated value keeps its own sharding (its axes were reserved, its dim closed
            # until now): the priority only delayed it as a source.
            if slot.dims[d] != list(axes):
                slot.origin[d] = origin if axes else None
            slot.dims[d], slot.closed[d], slot.priority[d] = list(axes), closed, prio
