"""Export after propagation: close every dimension, pin dot plans, optionally make remaining
conflicts explicit.

Closing (`{"x", ?}` -> `{"x"}`, a closed replicated sharding on unannotated func arguments and
on the results of custom calls without a rule) makes XLA keep meshjit's decisions. A value
propagation decided nothing for stays unannotated, as Shardy leaves it, so XLA chooses there.
Pinning (`pin_plans`, on by default) puts `sdy.reshard`s around each dot / convolution so it is
computed the cheapest way cost/ finds (pin_plans.py); `insert_reshards` makes the remaining
conflicts explicit reshards (insert_reshards.py).
"""

from __future__ import annotations

from jaxlib.mlir import ir

from meshjit.passes.cost.reshard import clear_cache
from meshjit.passes.export.data_flow import export_data_flow
from meshjit.passes.export.insert_reshards import insert_reshards as insert_conflict_reshards
from meshjit.passes.export.pin_plans import pin_dot_plans
from meshjit.passes.export.write_back import write_back
from meshjit.passes.graph.build import build_graph
from meshjit.passes.graph.graph import Graph


def export_module(
    module_op: ir.Operation,
    *,
    close: bool = True,
    insert_reshards: bool = False,
    pin_plans: bool = True,
    close_unreached: bool = True,
    even_boundaries: bool = False,
) -> Graph:
    clear_cache()
    graph = build_graph(module_op, hold_priorities=False)
    if not close_unreached:  # as Shardy's export: a rule-less op's results nothing reached
        for slot in graph.all_slots():  # stay without a sharding
            slot.opaque = False
    if insert_reshards:
        insert_conflict_reshards(graph)
    write_back(graph, close=close, close_unreached=close_unreached, even_boundaries=even_boundaries)
    if pin_plans:
        pin_dot_plans(graph)
    export_data_flow(module_op)
    return graph
