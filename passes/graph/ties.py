"""Ops that tie values together instead of following a factor rule: returns, loops, branches,
calls, manual computations, sharding groups and propagation barriers.

Each handler takes the graph builder (build.py) and adds identity edges between the values
that must share a sharding; region bodies are walked by the builder.
"""

from __future__ import annotations

from jaxlib.mlir import ir

from meshjit.passes.graph import sharding_io as io
from meshjit.passes.graph.data_flow import DATA_FLOW_TIES, has_edge_user
from meshjit.passes.graph.graph import (
    STAGE_PASS_THROUGH,
    Edge,
    GraphError,
    Slot,
    View,
    identity_rule,
)
from meshjit.passes.graph.slots import init_slot, new_slot
from meshjit.passes.graph.tuples import TUPLE_TIES, tie_items


def _return(b, op, forbidden, return_slots, label):
    if return_slots is None:
        return
    for i, v in enumerate(op.operands):
        if return_slots[i] is not None:
            tie_items(b, label, [b.items(v, label), return_slots[i]], op.name, op)


def _terminator(region):
    block = region.blocks[0]
    ops = list(block.operations)
    return ops[-1] if ops else None


def _untied(b, value) -> bool:
    """Whether Shardy's bare passes leave `value` (a result or body argument of an op whose
    other values have data-flow edges) untied: each is an edge owner apart, and this one has
    no edge (it keeps whatever sharding it has; a loop's region arguments hold its result's)."""
    return b.edges_only and not has_edge_user(value)


def _while(b, op, forbidden, return_slots, label):
    cond, body = op.regions[0], op.regions[1]
    for region in (cond, body):
        for i, arg in enumerate(region.blocks[0].arguments):
            shared = b.graph.slots.get(op.results[i])
            if shared is not None:
                b.graph.slots[arg] = shared
            b.slot(arg, f"{op.name} region arg {i}", forbidden)
        b.block(region.blocks[0], forbidden, None)
    yield_op = _terminator(body)
    for i, r in enumerate(op.results):
        if _untied(b, r):
            continue
        sources = [b.graph.slots.get(op.operands[i]), b.graph.slots.get(yield_op.operands[i])]
        owned = [b.graph.slots.get(r)]
        owned += [b.graph.slots.get(region.blocks[0].arguments[i]) for region in (cond, body)]
        b.tie(label, sources, op.name, owned=owned)


def _case(b, op, forbidden, return_slots, label):
    for region in op.regions:
        b.block(region.blocks[0], forbidden, None)
    if b.untied_ifs and op.name == "stablehlo.if":
        return
    for i, r in enumerate(op.results):
        if _untied(b, r):
            continue
        sources = [b.graph.slots.get(_terminator(region).operands[i]) for region in op.regions]
        b.tie(label, sources, op.name, owned=[b.graph.slots.get(r)])


def _call(b, op, forbidden, return_slots, label):
    """Tied once every callee has its slots, at the call's place in program order; the
    callee's body (at its first call) goes right there too, as Shardy's import inlines a call
    into a named computation."""
    func_op = b.funcs.get(ir.FlatSymbolRefAttr(op.attributes["callee"]).value)
    if func_op is None:
        return
    b.func_signature(func_op)
    b.calls.append((op, label, len(b.graph.edges)))
    b.func_body(func_op)


def _manual_computation(b, op, forbidden, return_slots, label, *, edges=True):
    """With `edges=False` (Shardy's bare passes, no data-flow edges): the in_shardings hold the
    body's arguments and the results the out_shardings, and nothing ties them further."""
    manual = io.manual_axes(op)
    inner_forbidden = frozenset(forbidden | manual)
    in_shardings = io.read_sharding_per_value(op.attributes["in_shardings"], op.location)
    body = op.regions[0].blocks[0]
    meshes = b.graph.meshes
    for i, v in enumerate(op.operands):
        boundary = new_slot(f"{op.name} in_sharding {i}", v.type)
        init_slot(boundary, in_shardings[i], meshes, op.location, b.hold)
        # the in_sharding keeps its manual axes, and gains none (one would change the body's
        # local shape: the verifier refuses the module then)
        boundary.forbidden |= manual
        b.graph.virtual.append(("manual_in", op, i, boundary))
        if edges and not _untied(b, body.arguments[i]):
            b.tie(label, [b.graph.slots.get(v), boundary], op.name)
        inner = b.slot(body.arguments[i], f"{op.name} body arg {i}", inner_forbidden)
        if inner is not None and boundary.mesh is not None:
            inner.local_initial = (
                boundary.mesh,
                [[a for a in dim if a[0] not in manual] for dim in boundary.dims],
                list(boundary.closed),
            )
            # (it is the in_sharding's free part: closed where the in_sharding is)
            _, dims, closed = inner.local_initial
            inner.mesh, inner.dims, inner.closed = boundary.mesh, [list(d) for d in dims], closed
        _manual_tie(b, label, boundary, inner, manual)
    b.block(body, inner_forbidden, None)
    if not edges:
        return
    ret = _terminator(op.regions[0])
    for i, r in enumerate(op.results):
        if _untied(b, r):
            continue
        outer = b.graph.slots.get(r)
        if outer is not None:
            outer.forbidden |= manual  # (likewise the out_shardings)
        inner = b.graph.slots.get(ret.operands[i])
        edge = _manual_tie(b, label, outer, inner, manual, placed=False)
        if edge is not None:
            b.manual_results.append((outer, inner, edge))


def _manual_tie(b, label, outer: Slot, inner: Slot, manual, placed=True) -> Edge | None:
    """Ties the free (non-manual) axes of `outer` with `inner`'s axes, dim by dim; `placed`
    puts `inner` on `outer`'s mesh (a body argument: a returned value takes its mesh from
    what reaches it, as in Shardy, where it may be another mesh's)."""
    if outer is None or inner is None:
        return None
    skip = tuple(sum(1 for a in outer.dims[d] if a[0] in manual) for d in range(outer.rank))
    if placed and inner.mesh is None:
        inner.mesh = outer.mesh
    rule = identity_rule(inner.shape, 2)
    edge = Edge(
        label,
        rule,
        [View(outer, skip), View(inner)],
        [],
        STAGE_PASS_THROUGH,
        op_name="sdy.manual_computation",
    )
    b.graph.edges.append(edge)
    return edge


def _sharding_group(b, op, forbidden, return_slots, label):
    group = ir.IntegerAttr(op.attributes["group_id"]).value
    slot = b.graph.slots.get(op.operands[0])
    members = b.groups.setdefault(group, [])
    for other, _ in members:
        if slot is not None and other is not None and _meshes_differ(b.graph, slot, other):
            raise GraphError(
                op.location,
                f"sharding group {group} has members on different meshes "
                f"(@{other.mesh} and @{slot.mesh})",
            )
    members.append((slot, label))
    if slot is not None and isinstance(op.operands[0], ir.BlockArgument):
        b.graph.grouped_arguments.add(id(slot))
    if slot is not None and _region_argument(op.operands[0]):
        b.region_members.add(id(slot))
    elif slot is not None:
        b.other_members.add(id(slot))


def _region_argument(value) -> bool:
    """Whether `value` is a loop's region argument (its sharding is the loop's)."""
    if not isinstance(value, ir.BlockArgument):
        return False
    owner = value.owner.owner
    return owner is not None and owner.operation.name == "stablehlo.while"


def _meshes_differ(graph, a: Slot, b: Slot) -> bool:
    """Whether the slots are on meshes of different definitions (equal ones are one mesh)."""
    return a.mesh is not None and b.mesh is not None and not graph.same_mesh(a.mesh, b.mesh)


def _barrier(b, op, forbidden, return_slots, label):
    """An identity the shardings cross only in `allowed_direction`."""
    direction = _DIRECTIONS[ir.IntegerAttr(op.attributes["allowed_direction"]).value]
    source, result = b.graph.slots.get(op.operands[0]), b.graph.slots.get(op.results[0])
    if source is None or result is None or direction == "NONE":
        return
    edge = Edge(label, identity_rule(source.shape, 2), [View(source)], [View(result)])
    edge.stage, edge.op_name, edge.op, edge.direction = STAGE_PASS_THROUGH, op.name, op, direction
    b.graph.edges.append(edge)


_DIRECTIONS = ("NONE", "FORWARD", "BACKWARD", "BOTH")  # sdy::PropagationDirection values

# op name -> handler(builder, op, forbidden axes, the func's result slots, label)
TIES = {
    "sdy.sharding_group": _sharding_group,
    "sdy.propagation_barrier": _barrier,
    "func.return": _return,
    "stablehlo.while": _while,
    "stablehlo.case": _case,
    "stablehlo.if": _case,
    "func.call": _call,
    "sdy.manual_computation": _manual_computation,
    **DATA_FLOW_TIES,
    **TUPLE_TIES,
}
