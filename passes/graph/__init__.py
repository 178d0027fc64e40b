"""The propagation graph and its import from MLIR.

`axes.py` axis arithmetic; `graph.py` the Slot / View / Edge / Graph types; `slots.py` slots
from types and annotations and back; `build.py` (with `ties.py`) the graph of a module;
`projection.py` a tensor's axes per rule factor; `sharding_io.py` reading and writing `sdy`
attributes; `split_constants.py` the import step that gives each use of a constant its own copy;
`callee_copies.py` a copy of a shared callee per call site (meshjit's own mode).
"""

from meshjit.passes.graph.axes import (
    Axis,
    axes_product,
    clashes,
    common_prefix,
    compatible,
    disjoint,
    extension,
    free_prefix,
    from_axis,
    merge_axes,
    overlaps,
    to_axis,
)
from meshjit.passes.graph.build import build_graph, print_warnings
from meshjit.passes.graph.graph import (
    STAGE_ALL,
    STAGE_NO_FORWARD_BROADCAST,
    STAGE_PASS_THROUGH,
    STAGE_PASS_THROUGH_FACTORS,
    STAGE_SINGLE_USE,
    Edge,
    Graph,
    GraphError,
    Label,
    Slot,
    View,
    identity_rule,
    shard_bytes,
)
from meshjit.passes.graph.projection import project, project_dim
from meshjit.passes.graph.sharding_io import ShardingReadError
from meshjit.passes.graph.slots import init_slot, new_slot, slot_sharding
from meshjit.passes.graph.split_constants import split_constants

__all__ = [
    "STAGE_ALL",
    "STAGE_NO_FORWARD_BROADCAST",
    "STAGE_PASS_THROUGH",
    "STAGE_PASS_THROUGH_FACTORS",
    "STAGE_SINGLE_USE",
    "Axis",
    "Edge",
    "Graph",
    "GraphError",
    "Label",
    "ShardingReadError",
    "Slot",
    "View",
    "axes_product",
    "build_graph",
    "clashes",
    "common_prefix",
    "compatible",
    "disjoint",
    "extension",
    "free_prefix",
    "from_axis",
    "identity_rule",
    "init_slot",
    "merge_axes",
    "new_slot",
    "overlaps",
    "print_warnings",
    "project",
    "project_dim",
    "shard_bytes",
    "slot_sharding",
    "split_constants",
    "to_axis",
]
