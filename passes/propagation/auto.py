"""Propagation to a fixed point, and the `auto` choice between resolutions of the conflicts.

With conflicts="auto" (the default), propagation runs with Shardy's preferences and, if that met
a conflict or a tensor refused an axis another of its dims held (the visiting order decided
something), again with the per-op cost model and with Shardy's preferences but reduction factors
in the middle stage ("shardy-early"); it keeps whichever whole result XLA is estimated to move
fewer bytes for (cost/estimate.py; Shardy's is kept unless another is cheaper by more than the
estimate's error, `cost.MARGIN`).
"""

from __future__ import annotations

import dataclasses

from meshjit.passes.cost.dot_plans import fingerprint
from meshjit.passes.cost.estimate import cheaper, graph_bytes
from meshjit.passes.graph.graph import Graph
from meshjit.passes.propagation.driver import propagate_rounds
from meshjit.passes.propagation.options import Options

# The other candidates of conflicts="auto", tried in this order after Shardy's preferences.
AUTO_CANDIDATES = ("cost", "shardy-early")


def propagate_graph(graph: Graph, options: Options = Options()) -> None:
    """Propagates to a fixed point; with conflicts="auto", keeps the cheapest candidate and
    names it in `graph.chosen`."""
    if options.strategy == "basic" or options.conflicts != "auto":
        propagate_rounds(graph, options)
        return
    start = _snapshot(graph)
    graph.conflicts = graph.blocked = 0
    users = graph.slot_users()  # (one table for every candidate: the edges stay)
    graph.notify_order = {}
    propagate_rounds(graph, options, users)
    graph.chosen = "shardy"
    if not graph.conflicts and not graph.blocked:
        # No conflict the cost model would decide otherwise, and no tensor refused an axis
        # (so the visiting order decided nothing): every candidate would come out the same.
        return
    preferred, preferred_key, preferred_bytes = _snapshot(graph), None, None
    edges = len(graph.edges)
    for name in AUTO_CANDIDATES:
        _restore(graph, start)
        propagate_rounds(graph, dataclasses.replace(options, conflicts=name), users)
        if preferred_key is None and _same_shardings(graph, preferred, edges):
            continue  # the same shardings move the same bytes: not cheaper (a long chain's)
        key = fingerprint(graph)
        if preferred_key is None:  # (the preferred one's, taken once a candidate differs)
            preferred_key = _snapshot_fingerprint(preferred, edges)
        if key == preferred_key:
            continue
        if preferred_bytes is None:  # (estimated once a candidate ends otherwise)
            candidate = _snapshot(graph)
            _restore(graph, preferred)
            preferred_bytes = graph_bytes(graph, key=preferred_key)
            _restore(graph, candidate)
        estimate = graph_bytes(graph, key=key)
        if cheaper(estimate, preferred_bytes):
            graph.chosen, preferred, preferred_bytes = name, _snapshot(graph), estimate
            preferred_key = key
    _restore(graph, preferred)


def _snapshot(graph: Graph) -> list:
    return [
        (
            slot,
            slot.mesh,
            list(map(list, slot.dims)),
            list(slot.closed),
            list(slot.priority),
            dict(slot.held),
            list(slot.origin),
        )
        for slot in graph.all_slots()
    ]


def _same_shardings(graph: Graph, snapshot: list, edges: int) -> bool:
    """Whether the graph's `fingerprint` equals the snapshot's (taken with `edges` edges),
    compared in place (no fingerprint built: most candidates of a long chain end alike)."""
    slots = graph.all_slots()
    if len(graph.edges) != edges or len(slots) != len(snapshot):
        return False
    for slot, part in zip(slots, snapshot):
        if slot is not part[0] or slot.mesh != part[1] or slot.dims != part[2]:
            return False
    return True


def _snapshot_fingerprint(snapshot: list, edges: int) -> tuple:
    """The `fingerprint` the graph had when the snapshot (of all its slots) was taken."""
    return edges, tuple((id(s), mesh, tuple(map(tuple, dims))) for s, mesh, dims, *_ in snapshot)


def _restore(graph: Graph, snapshot: list) -> None:
    """Puts the snapshot's state back: a copy of each part that changed since (the candidates
    of a long chain often end alike, so most parts have not; the snapshot's own lists stay
    its own)."""
    for slot, mesh, dims, closed, priority, held, origin in snapshot:
        slot.mesh = mesh
        if slot.dims != dims:
            slot.dims = list(map(list, dims))
        if slot.closed != closed:
            slot.closed = list(closed)
        if slot.priority != priority:
            slot.priority = list(priority)
        if slot.held != held:
            slot.held = dict(held)
        if slot.origin != origin:
            slot.origin = list(origin)
