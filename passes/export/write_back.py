"""Write-back: every slot's sharding stored in the module (func argument and result attributes,
op result attributes, manual computation boundaries), optionally closed."""

from __future__ import annotations

import dataclasses
import math

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import sdy

from meshjit.dialects.sdy import (
    SHARDING_ATTR,
    TensorSharding,
    sharding_per_value_attr,
    tensor_sharding_attr,
)
from meshjit.passes.graph import sharding_io as io
from meshjit.passes.graph.axes import merge_axes
from meshjit.passes.graph.graph import Graph, Slot
from meshjit.passes.graph.shardy_import import EVENED_ARGS, EVENED_RESULTS, UNEVEN_RESULTS
from meshjit.passes.graph.slots import slot_sharding
from meshjit.passes.graph.tuples import TUPLE_ELEMENT
from meshjit.passes.rules import NEED_REPLICATION, PERMUTATION, rule_for, shape_of
from meshjit.passes.rules.conservative import conservative_rule


def _inside_manual(op) -> bool:
    """Whether `op` sits in a manual computation's body."""
    parent = op.parent
    while parent is not None:
        if parent.name == "sdy.manual_computation":
            return True
        parent = parent.parent
    return False


_PLAIN_SHARDING_OPS = (
    "sdy.sharding_constraint",
    "sdy.reshard",
    "sdy.manual_computation",
    "sdy.data_flow_edge",
)


class _Shardings:
    """Slot shardings and their attributes, built once per distinct sharding state."""

    def __init__(self, meshes, close: bool):
        self.meshes, self.close = meshes, close
        self.by_state: dict = {}
        self.attrs: dict = {}
        # id(sharding) -> (sharding, attr) for one result's: most ops reuse a sharding `of`
        # made, and the entry keeps it alive, so its id names it alone (no hash of its dims)
        self.single: dict = {}

    def of(self, slot: Slot) -> TensorSharding:
        state = (
            slot.mesh,
            tuple(map(tuple, slot.dims)),
            tuple(slot.closed),
            tuple(slot.priority),
            slot.replicated,
            slot.unreduced,
        )
        sharding = self.by_state.get(state)
        if sharding is None:
            sharding = self.by_state[state] = slot_sharding(slot, self.meshes, close=self.close)
        return sharding

    def per_value_attr(self, shardings) -> ir.Attribute:
        if len(shardings) == 1:
            entry = self.single.get(id(shardings[0]))
            if entry is None:
                entry = self.single[id(shardings[0])] = (shardings[0], self._attr(shardings))
            return entry[1]
        return self._attr(shardings)

    def _attr(self, shardings) -> ir.Attribute:
        key = tuple(shardings)
        attr = self.attrs.get(key)
        if attr is None:
            attr = self.attrs[key] = sharding_per_value_attr(shardings)
        return attr


def write_back(
    graph: Graph, *, close: bool = False, close_unreached: bool = True, even_boundaries=False
) -> None:
    """Stores every slot's sharding in the module (func attrs, op attrs, manual boundaries);
    `close_unreached=False` leaves func arguments nothing reached unannotated (as Shardy);
    `even_boundaries` shards func arguments and results, and manual computations' in and out
    shardings, evenly (as Shardy's export)."""
    cache = _Shardings(graph.meshes, close)
    _write_op_results(graph, cache, even_boundaries)
    _write_boundaries(graph, cache, close, close_unreached, even_boundaries)


def _decided_results(graph: Graph) -> dict:
    """op -> {result number: slot} for the op results something was decided for."""
    per_op: dict = {}
    owned = graph.edge_owned
    for value, slot in graph.slots.items():
        if slot.mesh is None or slot.maximal or isinstance(value, ir.BlockArgument):
            continue
        if value in owned:
            continue
        if not (slot.annotated or slot.opaque or any(slot.dims)):
            continue  # nothing decided for this value (its op may still get one, for another)
        op = value.owner
        slots = per_op.get(op)
        if slots is None:
            slots = per_op[op] = {}
        slots[value.result_number] = slot
    return per_op


def _write_op_results(graph: Graph, cache: _Shardings, even: bool = False) -> None:
    manual_parents: dict = {}
    for op, slots in _decided_results(graph).items():
        op = op.operation
        if _in_manual(op, manual_parents) and not _has_sharded(slots.values()):
            continue  # nothing free to say inside a manual body (XLA rejects some of these)
        if even and op.name == "sdy.manual_computation":
            evened = {i: _evenly_sharded(slot, graph) for i, slot in slots.items()}
            before = {i: cache.of(slots[i]) for i in evened if evened[i] is not slots[i]}
            _mark_evened(op, before, EVENED_RESULTS)
            slots = evened
        results = op.results
        if len(results) == 1 and 0 in slots:
            shardings = [cache.of(slots[0])]
        else:
            shardings = _result_shardings(graph, op, cache)
        if op.name in _PLAIN_SHARDING_OPS or io.has_own_sharding(op.name):
            io.set_op_result_shardings(op, shardings)
        else:  # most ops: one cached attribute per distinct list of shardings
            op.attributes[SHARDING_ATTR] = cache.per_value_attr(shardings)


def _whole(slot: Slot, graph: Graph, whole: bool) -> Slot:
    return _whole_axes(slot, graph) if whole else slot


def _mark_uneven_result(func, index: int, sharding) -> None:
    """Keeps a func result's sharding as propagation left it, before export makes it even
    (export reshards a returned call result to that one, shardy_ops.py)."""
    old = func.attributes[UNEVEN_RESULTS] if UNEVEN_RESULTS in func.attributes else None
    entries = {} if old is None else {a.name: a.attr for a in ir.DictAttr(old)}
    entries[str(index)] = tensor_sharding_attr(sharding)
    func.attributes[UNEVEN_RESULTS] = ir.DictAttr.get(entries)


def _mark_evened(op, before: dict, mark: str) -> None:
    """Marks the manual computation's results (or the func's arguments) whose shardings export
    made even, each with its sharding before (export's call reshards tell such a change from a
    sharding propagation left, shardy_ops.py)."""
    if not before:
        return
    old = op.attributes[mark] if mark in op.attributes else None
    entries = {} if old is None else {a.name: a.attr for a in ir.DictAttr(old)}
    entries.update({str(i): tensor_sharding_attr(s) for i, s in before.items()})
    op.attributes[mark] = ir.DictAttr.get(entries)


_BOUNDARY_SETTERS = {
    "func_arg": io.set_func_arg_sharding,
    "func_result": io.set_func_result_sharding,
}


def _write_boundaries(
    graph: Graph, cache: _Shardings, close: bool, unreached: bool, even: bool = False
) -> None:
    """Func arguments and results, and manual computations' in_shardings."""
    manual_in: dict = {}
    for kind, owner, index, slot in graph.virtual:
        if slot.mesh is None or not (
            slot.annotated or slot.used() or _closes_arg(kind, close, unreached)
        ):
            continue
        setter = _BOUNDARY_SETTERS.get(kind)
        if kind == TUPLE_ELEMENT:  # (a tuple carries no sharding: tuples.py)
            continue
        if _edge_owned(graph, kind, owner, index):
            continue
        if setter is not None:
            callee = _callee(graph, owner)
            # (a callee's result stays as the user gave it: the export reshards its call
            # results to that, and then gives it its returned value's even sharding)
            whole = close and not callee
            if even and not (callee and kind == "func_result"):
                evened = _evenly_sharded(slot, graph)
                if kind == "func_result" and evened is not slot:
                    _mark_uneven_result(owner, index, cache.of(_whole(slot, graph, whole)))
                elif evened is not slot:  # a func argument
                    _mark_evened(owner, {index: cache.of(_whole(slot, graph, whole))}, EVENED_ARGS)
                slot = evened
            setter(owner, index, cache.of(_whole(slot, graph, whole)))
        else:
            manual_in.setdefault(owner, {})[index] = _evenly_sharded(slot, graph) if even else slot
    for op, slots in manual_in.items():
        old = io.read_sharding_per_value(op.attributes["in_shardings"], op.location)
        ordered = [cache.of(slots[i]) if i in slots else old[i] for i in range(len(old))]
        op.attributes["in_shardings"] = sharding_per_value_attr(ordered)


def _evenly_sharded(slot: Slot, graph: Graph) -> Slot:
    """The slot with each dim's axes cut where they stop dividing its size (`even_dims`)."""
    dims = even_dims(slot.shape, slot.dims)
    return slot if dims is None else dataclasses.replace(slot, dims=dims)


def even_dims(shape, dims) -> list | None:
    """Each dim's axes (`(name, pre, size)` lists) cut where they stop dividing its size, the
    axis there cut to its major sub-axis that still divides (Shardy's export makes func arguments
    and results evenly sharded: `"a"=4` on a dim of 2 becomes `"a":(1)2`); None if none is cut."""
    out, cut = [], False
    for size, axes in zip(shape, dims):
        kept, product = [], 1
        for name, pre, n in merge_axes(axes):
            if size % (product * n) == 0:
                kept.append((name, pre, n))
                product *= n
                continue
            cut = True
            piece = math.gcd(size // product, n)
            if piece > 1:
                kept.append((name, pre, piece))
            break
        out.append(kept)
    return out if cut else None


def _whole_axes(slot: Slot, graph: Graph) -> Slot:
    """The slot with each open dim cut before its first sub-axis: Shardy's export keeps
    sub-axes that propagation put on func arguments and results off them (a user's closed dims
    keep theirs)."""
    mesh = graph.meshes[slot.mesh]
    dims, cut = [], False
    for d, axes in enumerate(slot.dims):
        if slot.closed[d]:
            dims.append(axes)
            continue
        whole = []
        for name, pre, size in merge_axes(axes):
            if pre != 1 or size != mesh.size_of(name):
                cut = True
                break
            whole.append((name, pre, size))
        dims.append(whole)
    return dataclasses.replace(slot, dims=dims) if cut else slot


def _callee(graph: Graph, func) -> bool:
    """Whether calls call `func`: Shardy's import makes its body a named computation, whose
    boundaries keep the sub-axes propagation put there."""
    return ir.StringAttr(func.attributes["sym_name"]).value in graph.callees


def _edge_owned(graph: Graph, kind: str, owner, index: int) -> bool:
    """Whether a data-flow edge holds this boundary's sharding (a callee's argument or result,
    a manual computation's body argument): Shardy leaves the boundary as it was then."""
    owned = graph.edge_owned
    if not owned:
        return False
    if kind == "func_result":
        return ("results of", ir.StringAttr(owner.attributes["sym_name"]).value) in owned
    return owner.regions[0].blocks[0].arguments[index] in owned


def _closes_arg(kind: str, close: bool, unreached: bool) -> bool:
    """Closing gives func arguments (with `unreached`) and manual boundaries a sharding even
    when nothing was decided for them (replicated); func results stay unannotated then, as
    Shardy leaves them."""
    return close and kind != "func_result" and (unreached or kind != "func_arg")


def _has_sharded(slots) -> bool:
    return any(s.annotated or s.used() for s in slots)


def _result_shardings(graph: Graph, op, cache: _Shardings) -> list:
    """Every result's sharding (open and empty for results without a slot or mesh)."""
    slots = [graph.slots.get(r) for r in op.results]
    mesh = next(s.mesh for s in slots if s is not None and s.mesh is not None and not s.maximal)
    out = []
    for r, slot in zip(op.results, slots):
        if slot is not None and slot.maximal and io.value_sharding(r) is not None:
            out.append(io.value_sharding(r))  # (on one device: as it was written)
        elif r in graph.edge_owned:  # (its data-flow edge holds its sharding)
            own = io.value_sharding(r)
            out.append(own if own is not None else io.open_sharding(mesh, len(shape_of(r))))
        elif slot is None or slot.mesh is None:
            out.append(io.open_sharding(mesh, len(shape_of(r))))
        else:
            out.append(cache.of(slot))
    return out


def _in_manual(op, known: dict) -> bool:
    """`_inside_manual(op)`, remembered per parent op."""
    parent = op.parent
    inside = known.get(parent)
    if inside is None:
        inside = known[parent] = _inside_manual(op)
    return inside


def keep_sharding_rules(module_op, conservative: bool = False) -> None:
    """Each op's rule as its `sdy.sharding_rule` (Shardy's keep-sharding-rules), also inside
    reduction bodies, `conservative`ly the rule conservative propagation used; a custom call's
    own rule stays as the user wrote it."""

    def visit(op):
        if "sdy.sharding_rule" not in op.attributes and _has_kept_rule(op.name):
            rule = rule_for(op)
            if rule is not None and conservative:
                rule = conservative_rule(op.name, op, rule)
            if rule is not None:
                text = (_as_written(rule) if op.name == "stablehlo.concatenate" else rule).text
                op.attributes["sdy.sharding_rule"] = ir.Attribute.parse(text)
        return ir.WalkResult.ADVANCE

    module_op.walk(visit)


def drop_generated_rules(module_op) -> None:
    """Without keep-sharding-rules Shardy removes every `sdy.sharding_rule` that is not marked
    `custom` when propagation ends, a rule the input wrote on an op included."""

    def visit(op):
        if "sdy.sharding_rule" in op.attributes:
            rule = sdy.OpShardingRuleAttr(op.attributes["sdy.sharding_rule"])
            if not rule.is_custom:
                del op.attributes["sdy.sharding_rule"]
        return ir.WalkResult.ADVANCE

    module_op.walk(visit)


def _has_kept_rule(name: str) -> bool:
    """Shardy keeps no rule on its own ops but the sharding constraint's (elementwise), nor on
    an optimization barrier (a data-flow op to it)."""
    if name == "stablehlo.optimization_barrier":
        return False
    return not name.startswith("sdy.") or name == "sdy.sharding_constraint"


def _as_written(rule):
    """Shardy writes concatenate's concatenated dim as need_replication (its propagation moves
    axes along it as along a permutation factor, as meshjit's rule says)."""
    factors = tuple(
        dataclasses.replace(f, kind=NEED_REPLICATION) if f.kind == PERMUTATION else f
        for f in rule.factors
    )
    return dataclasses.replace(rule, factors=factors)
