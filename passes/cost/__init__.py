"""What a sharding choice costs in communication, in bytes per device.

`collectives.py` the bytes of each collective; `candidates.py` the per-op cost model that
weighs one factor's candidate axes at one op (propagation's `cost` resolution);
`reshard.py` the price of resharding a tensor as XLA's partitioner does it; `op_cost.py` the
ways one op may be computed and their prices; `dot_plans.py` the way each dot / convolution is
computed (pinned by export); `estimate.py` the whole graph's bytes, which `auto` compares.
"""

from meshjit.passes.cost.candidates import (
    TensorClaim,
    candidate_cost,
    choose,
    loss_penalty,
    reshard_cost,
    shardy_preference,
)
from meshjit.passes.cost.collectives import all_gather_bytes, all_reduce_bytes, all_to_all_bytes
from meshjit.passes.cost.dot_plans import choose_plans, pinned_plans
from meshjit.passes.cost.estimate import MARGIN, cheaper, graph_bytes
from meshjit.passes.cost.op_cost import OpCost, clear_cache, edge_bytes
from meshjit.passes.cost.reshard import local_bytes, reshard_bytes, reshard_parts

__all__ = [
    "MARGIN",
    "OpCost",
    "TensorClaim",
    "all_gather_bytes",
    "all_reduce_bytes",
    "all_to_all_bytes",
    "candidate_cost",
    "cheaper",
    "choose",
    "choose_plans",
    "clear_cache",
    "edge_bytes",
    "graph_bytes",
    "local_bytes",
    "loss_penalty",
    "pinned_plans",
    "reshard_bytes",
    "reshard_cost",
    "reshard_parts",
    "shardy_preference",
]
