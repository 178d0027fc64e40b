"""Shardy's data-flow edges: `sdy.data_flow_edge` / `sdy.func_data_flow_edge` ops (what Shardy's
import leaves after while, case, optimization_barrier, named and manual computation results and
region arguments, and after calls and callee arguments) and `sdy.named_computation`.

An edge is the owner of its input's sharding: its result shares the slot of its input (the loop
or branch result, the region argument, the call result), so whatever ties the input (ties.py)
ties the edge too; the sharding is written on the edge, not on the input's op (write_back.py).
"""

from __future__ import annotations

from jaxlib.mlir import ir

from meshjit.passes.graph import sharding_io as io
from meshjit.passes.graph.graph import GraphError, whole_axis_names
from meshjit.passes.graph.slots import init_slot

EDGE_OPS = ("sdy.data_flow_edge", "sdy.func_data_flow_edge")
# Ops whose results (and region arguments) Shardy's import gives data-flow edges.
EDGE_OWNERS = frozenset(
    {
        "stablehlo.while",
        "stablehlo.case",
        "stablehlo.if",
        "stablehlo.optimization_barrier",
        "sdy.named_computation",
    }
)


def _edge(b, op, forbidden, return_slots, label):
    """The edge's result takes its input's slot (with the edge's own sharding loaded into it)."""
    source, result = op.operands[0], op.results[0]
    if source.type != result.type:
        raise GraphError(
            op.location,
            f"{op.name}: operand type {source.type} differs from result type {result.type}",
        )
    mine = b.graph.slots.get(result)
    slot = b.graph.slots.get(source)
    if slot is None or mine is None:
        return
    if mine.annotated:
        sharding = io.op_result_shardings(op)[0]
        slot.dims = [[] for _ in slot.shape]
        init_slot(slot, sharding, b.graph.meshes, op.location, b.hold)
    elif isinstance(source, ir.OpResult) and source.owner.operation.name in EDGE_OWNERS:
        _forget_sharding(slot)  # (Shardy reads the edge's sharding, not its owner's)
    b.graph.slots[result] = slot
    b.graph.edge_owned.add(source)
    if isinstance(source, ir.OpResult) and source.owner.name == "func.call":
        callee = ir.FlatSymbolRefAttr(source.owner.attributes["callee"]).value
        b.graph.edge_owned.add(("results of", callee))


def _forget_sharding(slot) -> None:
    """The slot as an unannotated value's: fully open, on no mesh yet."""
    slot.forbidden -= whole_axis_names((*slot.replicated, *slot.unreduced))
    slot.replicated = slot.unreduced = ()
    slot.dims = [[] for _ in slot.shape]
    slot.closed = [False] * slot.rank
    slot.priority = [None] * slot.rank
    slot.held = {}
    slot.mesh, slot.annotated = None, False


def _named_computation(b, op, forbidden, return_slots, label):
    """Operands tie to the body's arguments, the body's returns to the results. In Shardy's
    bare passes (the import gave some of them edges) only a value with an edge of its own
    is tied: each body argument and result is an edge owner apart."""
    body = op.regions[0].blocks[0]
    meshes = b.graph.meshes
    ins = _shardings(op, "in_shardings")
    for i, arg in enumerate(body.arguments):
        inner = b.slot(arg, f"{op.name} body arg {i}", forbidden)
        if inner is not None and ins:
            init_slot(inner, ins[i], meshes, op.location, b.hold)
        if not b.edges_only or has_edge_user(arg):
            b.tie(label, [b.graph.slots.get(op.operands[i]), inner], op.name)
    b.block(body, forbidden, None)
    ret = list(body.operations)[-1]
    outs = _shardings(op, "out_shardings")
    for i, r in enumerate(op.results):
        outer = b.graph.slots.get(r)
        if outer is not None and outs:
            init_slot(outer, outs[i], meshes, op.location, b.hold)
        if not b.edges_only or has_edge_user(r):
            b.tie(label, [b.graph.slots.get(ret.operands[i]), b.graph.slots.get(r)], op.name)
        else:
            b.graph.edge_owned.add(r)  # (it holds its out_sharding, not written back)


def load_named_computation_shardings(b, op) -> None:
    """The body's arguments hold the in_shardings, the results the out_shardings."""
    for attr, values in (
        ("in_shardings", op.regions[0].blocks[0].arguments),
        ("out_shardings", op.results),
    ):
        for value, sharding in zip(values, _shardings(op, attr)):
            slot = b.slot(value, f"{op.name} {attr}")
            if slot is not None:
                init_slot(slot, sharding, b.graph.meshes, op.location, b.hold)


def _shardings(op, name: str) -> list:
    if name not in op.attributes:
        return []
    return io.read_sharding_per_value(op.attributes[name], op.location)


def has_edge_user(value: ir.Value) -> bool:
    return any(use.owner.name in EDGE_OPS for use in value.uses)


DATA_FLOW_TIES = {
    "sdy.data_flow_edge": _edge,
    "sdy.func_data_flow_edge": _edge,
    "sdy.named_computation": _named_computation,
}
