"""The estimated collective bytes of a propagated graph: what XLA's SPMD partitioner will
move, summed over its ops (op_cost.py) with each dot / convolution as its plan computes it
(dot_plans.py). Used to compare whole resolutions of the conflicts (propagation/auto.py), so
the per-device bytes counted here follow the differential harness's count from the partitioned
HLO (tests/support/harness.py).
"""

from __future__ import annotations

from meshjit.passes.cost.dot_plans import cached, choose_plans
from meshjit.passes.cost.op_cost import edge_bytes
from meshjit.passes.graph.graph import Graph


def graph_bytes(graph: Graph, *, pinned: bool = True, key=None) -> tuple[float, float]:
    """(low, high) estimates of the bytes each device moves for the graph's shardings: where
    the partitioner may compute an op more than one way, the cheapest and the dearest way.
    `pinned`: export pins each dot / convolution to the way `choose_plans` picks, so those
    count that way only. `key`: the graph's `fingerprint`, if already taken."""
    return cached(graph, ("bytes", pinned), lambda: _graph_bytes(graph, pinned), key)


def _graph_bytes(graph: Graph, pinned: bool) -> tuple[float, float]:
    plans = {id(edge): plan for edge, _, plan in choose_plans(graph)} if pinned else {}
    return _sum_bounds(graph.edges, plans)


MARGIN = 0.02  # the estimate's error on random programs (reshapes into sub-axes, rank 3)


def cheaper(new: tuple, old: tuple) -> bool:
    """Whether `new` moves fewer bytes than `old` however the partitioner computes each op,
    by more than the estimate's error (`MARGIN` of `old`)."""
    return new[1] < old[0] * (1.0 - MARGIN)


def _sum_bounds(edges, plans: dict) -> tuple[float, float]:
    low = high = 0.0
    paid: set = set()
    for edge in edges:
        a, b = edge_bytes(edge, paid, plans.get(id(edge)))
        low, high = low + a, high + b
    return low, high
