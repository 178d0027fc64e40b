"""A constant's copies (one per use, graph/split_constants.py) that nothing reached take what
their reached siblings hold, so splitting loses no sharding the shared constant would have had.

A constant costs nothing to shard (each device builds its own piece), so a copy read only by
constant expressions and unannotated results (`subtract %k, %k` returned) is sharded as the
constant's other uses are, as Shardy's propagation shards the shared constant, instead of being
left replicated. Only copies no sharding reached are seeded; propagation then runs again and,
only ever appending axes, changes nothing it had decided.
"""

from __future__ import annotations

import dataclasses

from meshjit.passes.graph.axes import overlaps
from meshjit.passes.graph.graph import Graph, Slot
from meshjit.passes.propagation.auto import AUTO_CANDIDATES
from meshjit.passes.propagation.driver import propagate_rounds
from meshjit.passes.propagation.options import Options


def propagate_from_copies(graph: Graph, groups: list, options: Options) -> None:
    """After propagation: seeds the unreached copies in `groups` and propagates again, with
    the resolution of conflicts `conflicts="auto"` kept (graph.chosen)."""
    if not seed_unreached_copies(graph, groups):
        return
    if graph.chosen in AUTO_CANDIDATES:
        options = dataclasses.replace(options, conflicts=graph.chosen)
    propagate_rounds(graph, options)


def seed_unreached_copies(graph: Graph, groups: list) -> bool:
    """Seeds each unreached copy in `groups` (a split op with its copies) from its siblings;
    returns whether any was seeded."""
    seeded = False
    for ops in groups:
        slots = [graph.slots.get(op.results[0]) for op in ops]
        slots = [s for s in slots if s is not None]
        reached = [s for s in slots if s.mesh is not None and not s.maximal and any(s.dims)]
        if not reached:
            continue
        mesh, dims = reached[0].mesh, _merged(reached)
        for slot in slots:
            if _seedable(slot, mesh):
                _seed(slot, mesh, dims, reached[0])
                seeded = True
    return seeded


def _seedable(slot: Slot, mesh: str) -> bool:
    if slot.annotated or slot.maximal or any(slot.dims) or any(slot.closed):
        return False
    if slot.replicated or slot.unreduced or slot.forbidden:
        return False
    return slot.mesh in (None, mesh)


def _merged(reached: list) -> list:
    """Per dim, the first sibling's axes there that no dim took already (same mesh only)."""
    mesh, taken = reached[0].mesh, []
    dims: list = [[] for _ in reached[0].dims]
    for d in range(len(dims)):
        for slot in reached:
            axes = slot.dims[d] if slot.mesh == mesh else []
            if axes and not any(overlaps(a, b) for a in axes for b in taken):
                dims[d] = list(axes)
                taken.extend(axes)
                break
    return dims


def _seed(slot: Slot, mesh: str, dims: list, source: Slot) -> None:
    slot.mesh, slot.sink_only = mesh, False  # (a constant is a sink: this one is a source)
    slot.dims = [list(axes) for axes in dims]
    if not slot.closed:
        slot.closed = [False] * slot.rank
    if len(slot.origin) != slot.rank:
        slot.origin = [None] * slot.rank
    for d, axes in enumerate(dims):
        if axes:
            slot.origin[d] = (f"the copies of {source.label}", ())
