"""Edge steps remembered by what they read: ops alike (one rule, the same shardings on their
tensors, the same stage) step alike, so a step whose inputs were seen before in this
propagation writes the outcome recorded then instead of deciding again (a model's repeated
layers, a long chain's repeated steps).

The key holds everything a step reads (edge_step.py, decisions.py, apply.py): the rule (its
object, shared by the ops alike within a build), the edge's kind, the stage, which views share
a value, and every view's sharding state; the outcome is each view's dims, mesh and `unshown`
after the step, which of them the step reports changed, and the counters it added to. Edges
that read more than their views (data-flow ties syncing owned values, sharding groups, manual
computations' result ties) and the modes that record more than the outcome (origins for
explain mode, Shardy-compatible mode's sibling meshes, conservative propagation) step as usual.
"""

from __future__ import annotations

import operator

from meshjit.passes.graph.graph import Edge, Graph
from meshjit.passes.propagation.edge_step import EdgeStep
from meshjit.passes.propagation.options import Options

_KEPT = 50_000  # outcomes kept (the table starts afresh past it)


class StepMemo:
    """Steps of one propagation run (options fixed), remembered by their inputs."""

    def __init__(self, graph: Graph, options: Options):
        self.graph, self.options = graph, options
        self.on = (
            options.conflicts != "shardy" and not options.track_origins and not graph.conservative
        )
        self.table: dict = {}
        self.hits = 0
        # edge -> (its distinct slots, the key's part that never changes), for every run
        # (_NOT_PLAIN for an edge that steps as usual)
        self.static: dict = graph.step_statics

    def _static(self, edge: Edge) -> tuple:
        """(the edge's distinct slots, its static key part's number): the part is hashed once
        here, not on every step (tuples do not keep their hash), and equal parts share a
        number within the graph."""
        slots, part = _static(edge)
        numbers = self.graph.step_kinds
        return slots, numbers.setdefault(part, len(numbers))

    def run(self, edge: Edge, stage: int) -> list:
        """The slots the step changed (as `EdgeStep.run`)."""
        graph, options = self.graph, self.options
        if not self.on:
            return EdgeStep(edge, stage, options, graph).run()
        static = self.static.get(edge)
        if static is None:
            static = self.static[edge] = self._static(edge) if _plain(edge) else _NOT_PLAIN
        if static is _NOT_PLAIN:
            return EdgeStep(edge, stage, options, graph).run()
        slots = static[0]
        key = (
            static[1],
            stage,
            bool(graph.conflicts or graph.blocked),  # (whether conflicts are still counted)
            tuple(map(_state, slots)),
        )
        outcome = self.table.get(key)
        if outcome is not None:  # (the replay, inline: most steps of a long chain are)
            self.hits += 1
            states, changed, conflicts, blocked = outcome
            for slot, (dims, mesh, unshown) in zip(slots, states):
                if slot.dims != dims:
                    slot.dims = list(map(list, dims))
                slot.mesh, slot.unshown = mesh, unshown
            if conflicts or blocked:
                graph.conflicts += conflicts
                graph.blocked += blocked
            return [slots[k] for k in changed] if changed else []
        conflicts, blocked = graph.conflicts, graph.blocked
        changed = EdgeStep(edge, stage, options, graph).run()
        index = {id(s): k for k, s in enumerate(slots)}
        if len(self.table) > _KEPT:
            self.table.clear()
        self.table[key] = (
            [([list(d) for d in s.dims], s.mesh, s.unshown) for s in slots],
            [index[id(s)] for s in changed],
            graph.conflicts - conflicts,
            graph.blocked - blocked,
        )
        return changed


_NOT_PLAIN = ()  # (the static part of an edge the memo leaves alone)


def _plain(edge: Edge) -> bool:
    """Whether the step reads and writes its views alone."""
    return edge.owned_from is None and not edge.syncs and edge.overwrite is None


def _static(edge: Edge) -> tuple[list, tuple]:
    """(the edge's distinct slots, what of the key its step never changes: the rule, the op's
    kind, which views share a slot, the manual axes each view skips, the slots' shapes and
    element sizes)."""
    views = edge.operands + edge.results
    slots, shape = _distinct(views)
    flags = (edge.elementwise, edge.is_broadcast, edge.forward_first, edge.direction)
    return slots, (
        edge.rule,
        edge.op_name,
        edge.op is None,
        flags,
        shape,
        tuple(v.skip for v in views),
        tuple((s.shape, s.elem_bytes) for s in slots),
    )


def _distinct(views) -> tuple[list, tuple]:
    """The views' slots, each once in order of first use, and per view its slot's position."""
    slots, at, shape = [], {}, []
    for v in views:
        k = at.get(id(v.slot))
        if k is None:
            k = at[id(v.slot)] = len(slots)
            slots.append(v.slot)
        shape.append(k)
    return slots, tuple(shape)


# (a slot's shape and element size never change: the key's static part holds them)
_SCALARS = operator.attrgetter(
    "mesh", "sink_only", "maximal", "no_sub_axes", "replicated", "unreduced", "unshown"
)


def _state(slot) -> tuple:
    """What a step reads of a slot (but its shape and element size)."""
    return (
        _SCALARS(slot),
        tuple(map(tuple, slot.dims)),
        tuple(slot.closed),
        frozenset(slot.forbidden) if slot.forbidden else None,
        _held(slot.held) if slot.held else None,
    )


def _held(held: dict) -> tuple:
    """The dims waiting for their priority's round: (dim, axes, closed, priority)."""
    return tuple((d, tuple(axes), closed, prio) for d, (axes, closed, prio, _) in held.items())
