"""Building the propagation graph from a module: a slot per tensor value (loaded with its
annotation), an edge per op with a rule, ties for the ops that only connect values (ties.py).
"""

from __future__ import annotations

import sys

from jaxlib.mlir import ir

from meshjit.passes.graph import sharding_io as io
from meshjit.passes.graph.data_flow import (
    EDGE_OWNERS,
    has_edge_user,
    load_named_computation_shardings,
)
from meshjit.passes.graph.graph import (
    STAGE_ALL,
    STAGE_PASS_THROUGH,
    Edge,
    Graph,
    GraphError,
    Label,
    Slot,
    View,
    identity_rule,
    whole_axis_names,
)
from meshjit.passes.graph.slots import init_slot, new_slot, type_info_cached
from meshjit.passes.graph.ties import TIES
from meshjit.passes.graph.tuples import fresh_items, is_tuple, leaves, tie_items
from meshjit.passes.rules import (
    FORWARD_FIRST_OPS,
    HOST_OFFLOAD_TARGETS,
    NO_RULE_OPS,
    PASS_THROUGH_OPS,
    SHARDY_ELEMENTWISE_OPS,
    RuleError,
    custom_call_target,
    is_tensor,
    rule_cache_key,
    rule_for,
    staged_operands,
)

_MISSING = object()


def loc_text(op) -> str:
    return str(op.location)


def _result_label(name: str, i: int, op) -> Label:
    return Label(lambda: f"{name} result {i} at {loc_text(op)}")


class Builder:
    """Walks a module creating slots and edges; manual axes are forbidden inside bodies."""

    def __init__(self, graph: Graph, hold: bool):
        self.graph, self.hold = graph, hold
        self.func_results: dict[str, list[Slot]] = {}
        self.calls: list = []
        self.funcs: dict = {}  # name -> func op
        self.built: set = set()  # funcs whose bodies have edges
        self.groups: dict = {}  # sdy.sharding_group id -> member slots
        self.region_members: set = set()  # id(slot) of grouped loop/branch region arguments
        self.other_members: set = set()  # id(slot) of the other grouped values
        self.manual_results: list = []  # (result slot, body value slot, their tie)
        self.rules: dict = {}  # rule_cache_key(op) -> rule
        self.edges_only = False  # only data-flow edge ops tie a loop's values (build_graph)
        self.untied_ifs = False  # `stablehlo.if` results tied to nothing (build_graph)
        self.static_only = False  # values of dynamic shapes get no slot (build_graph)
        self.unreturned: set = set()  # callees whose results their returns do not reach
        # callee -> the indices of its results a call's func data-flow edge reads (bare passes)
        self.edge_results: dict = {}
        self.tuples = True  # shardings flow through tuples (not Shardy-compatible: tuples.py)
        self.tuple_items: dict = {}  # a tuple-typed value -> its elements' slots (tuples.py)

    def items(self, value: ir.Value, label) -> Slot | list | None:
        """A tensor's slot; a tuple's element slots (nested lists), made on first read."""
        if not (self.tuples and is_tuple(value)):
            return self.graph.slots.get(value)
        items = self.tuple_items.get(value)
        if items is None:
            items = self.tuple_items[value] = fresh_items(self.graph, value.type, label)
        return items

    def slot(self, value: ir.Value, label: str, forbidden=frozenset()) -> Slot | None:
        if not is_tensor(value) or self.static_only and not value.type.has_static_shape:
            return None
        slot = self.graph.slots.get(value)
        if slot is None:
            slot = self.graph.slots[value] = new_slot(label, value.type, value)
            slot.forbidden |= set(forbidden)
        return slot

    def tie(
        self,
        label: str,
        slots: list[Slot],
        op_name: str,
        op=None,
        stage: int = STAGE_PASS_THROUGH,
        owned: list[Slot] = (),
    ) -> None:
        """An identity edge between `slots`; `owned`, appended after them, are the values a
        Shardy data-flow edge owns (its result and region arguments), which the other slots
        (its sources) feed: they decide as an op's results do."""
        sources = [s for s in slots if s is not None]
        slots = sources + [s for s in owned if s is not None]
        if len(slots) > 1:
            rule = identity_rule(slots[0].shape, len(slots))
            self.graph.edges.append(
                Edge(
                    label,
                    rule,
                    [View(s) for s in slots],
                    [],
                    stage,
                    op_name=op_name,
                    op=op,
                    owned_from=len(sources) if owned else None,
                )
            )

    def func(self, func_op) -> None:
        self.func_signature(func_op)
        self.func_body(func_op)

    def func_body(self, func_op) -> None:
        name = ir.StringAttr(func_op.attributes["sym_name"]).value
        if func_op.regions[0].blocks and name not in self.built:
            self.built.add(name)
            returns = None if name in self.unreturned else self.func_results[name]
            if returns is not None and name in self.edge_results:  # (only those with edges)
                returns = [
                    s if i in self.edge_results[name] else None for i, s in enumerate(returns)
                ]
            self.block(func_op.regions[0].blocks[0], frozenset(), returns)

    def func_signature(self, func_op) -> None:
        """The func's argument and result slots (once)."""
        name = ir.StringAttr(func_op.attributes["sym_name"]).value
        if not func_op.regions[0].blocks or name in self.func_results:
            return
        block = func_op.regions[0].blocks[0]
        for i, arg in enumerate(block.arguments):
            slot = self.slot(arg, f"@{name} arg {i}")
            if slot is not None:
                self._boundary(func_op, "func_arg", i, slot, io.func_arg_sharding(func_op, i))
        ftype = ir.FunctionType(ir.TypeAttr(func_op.attributes["function_type"]).value)
        results = []
        for i, t in enumerate(ftype.results):
            if self.tuples and is_tuple(t):  # (its elements' slots: tuples.py)
                results.append(fresh_items(self.graph, t, f"@{name} result {i}"))
                continue
            slot = new_slot(f"@{name} result {i}", t)
            self._boundary(func_op, "func_result", i, slot, io.func_result_sharding(func_op, i))
            results.append(slot)
        self.func_results[name] = results

    def _boundary(self, func_op, kind: str, i: int, slot: Slot, sharding) -> None:
        """A func argument or result: no sub-axes (as Shardy), its annotation loaded, and
        written back as `kind`."""
        slot.no_sub_axes = True
        init_slot(slot, sharding, self.graph.meshes, func_op.location, self.hold)
        self.graph.virtual.append((kind, func_op, i, slot))

    def block(self, block, forbidden, return_slots=None) -> None:
        for op in block.operations:
            self.op(op.operation, forbidden, return_slots)

    def op(self, op, forbidden, return_slots) -> None:
        name = op.name
        label = Label(lambda: f"{name} {loc_text(op)}")
        results = op.results
        if len(results):
            shardings = io.op_result_shardings(op)
            sink_only = name in NO_RULE_OPS
            for i, r in enumerate(results):
                slot = self.slot(r, _result_label(name, i, op), forbidden)
                if slot is not None and i < len(shardings):
                    if shardings[i] is not None:
                        init_slot(slot, shardings[i], self.graph.meshes, op.location, self.hold)
                    slot.sink_only = sink_only
        tie = TIES.get(name)
        if self.edges_only and name in _EDGE_OWNERS and not _has_edges(op):
            tie = _bodies_only
        if tie is not None:
            first = len(self.graph.edges)
            tie(self, op, forbidden, return_slots, label)
            for edge in self.graph.edges[first:]:  # (its ties: their program position)
                if edge.op is None:
                    self.graph.tie_ops.setdefault(edge, op)
            return
        self.rule_edge(op, label)

    def rule_for(self, op):
        """The op's rule; ops that differ only in location share one (cached per build)."""
        key = rule_cache_key(op)
        if key is None:
            return rule_for(op)
        rule = self.rules.get(key, _MISSING)
        if rule is _MISSING:
            rule = self.rules[key] = rule_for(op)
        return rule

    def rule_edge(self, op, label) -> None:
        try:
            rule = self.rule_for(op)
        except RuleError as e:
            target = custom_call_target(op)
            what = f"custom_call @{target}" if target else op.name
            raise GraphError(op.location, f"{what}: sharding rule does not fit the op: {e}") from e
        if rule is None:
            self._no_rule(op)
            return
        views = []
        slots = self.graph.slots
        operands = op.operands
        for v in (*operands, *op.results):
            slot = slots.get(v)
            if slot is None:
                if not is_tensor(v):
                    if op.name in PER_VALUE_OPS:  # (a token beside a barrier's tensors)
                        views.append(None)
                        continue
                    return  # tokens / tuples: nothing meshjit can shard
                slot = self.slot(v, Label(lambda: f"value at {loc_text(op)}"))
            views.append(View(slot))
        n = len(operands)
        name = op.name
        elementwise = name in SHARDY_ELEMENTWISE_OPS or _host_offload(op)
        forward_first = name in FORWARD_FIRST_OPS
        stage = STAGE_PASS_THROUGH if name in PASS_THROUGH_OPS or elementwise else STAGE_ALL
        # (an optimization barrier is one data-flow edge per value in Shardy: each pair apart,
        # so values on different meshes cross it too)
        per_value = name in PER_VALUE_OPS
        pairs = [(0, n)]
        if per_value:  # (in the bare passes, only the results with data-flow edges)
            pairs = [
                (i, i + 1)
                for i in range(n)
                if views[i] is not None
                and not (self.edges_only and not has_edge_user(op.results[i]))
            ]
        for first, last in pairs:
            self.graph.edges.append(
                Edge(
                    label,
                    identity_rule(views[first].slot.shape, 2) if per_value else rule,
                    views[first:last],
                    views[n + first : n + last] if per_value else views[n:],
                    stage,
                    name == "stablehlo.broadcast_in_dim",
                    name,
                    op,
                    elementwise=elementwise,
                    forward_first=forward_first,
                    # (a barrier's data-flow edge reads the barrier's result, its only use)
                    shared_operand=(stage == STAGE_PASS_THROUGH or forward_first)
                    and name not in PER_VALUE_OPS
                    and any(map(_has_other_use, staged_operands(op)[first:last])),
                )
            )

    def _on_one_device(self, op) -> bool:
        """Whether the op's own sharding is maximal: it stays as stated (see init_slot)."""
        shardings = io.op_result_shardings(op)
        return bool(shardings) and all(_maximal(s, self.graph.meshes) for s in shardings)

    def _no_rule(self, op) -> None:
        """A custom call without a rule: its results are exported replicated, with a warning."""
        target = custom_call_target(op)
        if target is None or not op.results or self._on_one_device(op):
            return  # nothing to propagate to, or placed on one device (a host callback)
        for r in op.results:
            slot = self.graph.slots.get(r)
            if slot is not None:
                slot.opaque = True
        if target.endswith("CustomSPMDPartitioning"):  # (meshjit_... beside JAX in a process)
            return  # custom_partitioning without a sharding_rule: replicated, silently as Shardy
        self.graph.warnings.append(
            f"{loc_text(op)[4:-1]}: warning: custom_call @{target} is unknown to the "
            "meshjit sharding rule registry; its operands and results stay replicated"
        )


_EDGE_OWNERS = EDGE_OWNERS | {"sdy.manual_computation"}
PER_VALUE_OPS = frozenset({"stablehlo.optimization_barrier"})


def _has_edges(op) -> bool:
    """Whether Shardy's data-flow edge ops stand after the op's results or region arguments."""
    if any(has_edge_user(r) for r in op.results):
        return True
    return any(has_edge_user(a) for region in op.regions for a in region.blocks[0].arguments)


def _note_region_readers(graph, op, body_edges) -> None:
    """Records which of the loop's body edges read the slots its results share with its region
    arguments (Graph.region_readers)."""
    shared = {id(graph.slots[r]) for r in op.results if graph.slots.get(r) is not None}
    for edge in body_edges:
        for view in edge.views():
            if id(view.slot) in shared:
                graph.region_readers.setdefault(id(view.slot), set()).add(edge)


def _bodies_only(b, op, forbidden, return_slots, label) -> None:
    """An op that owns data-flow edges but has none: its regions' ops propagate on their own; a
    loop's region arguments hold its results' shardings, a named computation's arguments and
    results its in/out shardings (not written back)."""
    if op.name == "sdy.manual_computation":
        TIES[op.name](b, op, forbidden, return_slots, label, edges=False)
        return
    first_edge = len(b.graph.edges)
    for region in op.regions:
        for i, arg in enumerate(region.blocks[0].arguments):
            shared = b.graph.slots.get(op.results[i]) if op.name == "stablehlo.while" else None
            if shared is not None:  # the loop op holds its arguments' sharding (not a token's)
                b.graph.slots[arg] = shared
            b.slot(arg, f"{op.name} region arg", forbidden)
        if op.name == "sdy.named_computation":
            load_named_computation_shardings(b, op)
        b.block(region.blocks[0], forbidden, None)
    if op.name == "stablehlo.while":
        _note_region_readers(b.graph, op, b.graph.edges[first_edge:])
    if op.name == "sdy.named_computation":  # (its results hold its out_shardings)
        b.graph.edge_owned.update(op.results)


def _maximal(sharding, meshes) -> bool:
    mesh = meshes.get(sharding.mesh_name) if sharding is not None else None
    return mesh is not None and not mesh.axes


def _host_offload(op) -> bool:
    return op.name == "stablehlo.custom_call" and custom_call_target(op) in HOST_OFFLOAD_TARGETS


def _has_other_use(value: ir.Value) -> bool:
    """Whether `value` has more than one use (an op reading it twice uses it twice)."""
    uses = iter(value.uses)
    next(uses, None)
    return next(uses, None) is not None


def build_graph(
    module_op: ir.Operation,
    *,
    hold_priorities: bool = True,
    edges_only: bool = False,
    untied_ifs: bool = False,
    static_only: bool = False,
    open_members_move: bool = False,
) -> Graph:
    """Slots and edges for every func in the module.

    With `hold_priorities`, dims annotated `pN` (N > 0) start empty and wait in `Slot.held`.
    With `edges_only` (Shardy's bare propagation passes, which run after its import), loops,
    branches, barriers and named computations tie their values only through the data-flow
    edge ops the import would have added. With `untied_ifs` (Shardy's pipeline, whose import
    gives `stablehlo.if` no data-flow edges) an `if`'s results are tied to nothing. With
    `static_only` (Shardy-compatible) a value of a dynamic shape gets no slot: Shardy
    propagates nothing to or from one (a function argument returned as it is). With
    `open_members_move` (meshjit's own propagation) a fully open group member may leave its
    mesh for the group's (_free_open_members).
    """
    with type_info_cached():
        return _build_graph(
            module_op, hold_priorities, edges_only, untied_ifs, static_only, open_members_move
        )


def _build_graph(
    module_op: ir.Operation,
    hold_priorities: bool,
    edges_only: bool,
    untied_ifs: bool,
    static_only: bool = False,
    open_members_move: bool = False,
) -> Graph:
    graph = Graph(meshes=io.read_meshes(module_op), mesh_keys=io.read_mesh_keys(module_op))
    funcs = {}
    for op in module_op.regions[0].blocks[0].operations:
        if op.operation.name == "func.func":
            funcs[ir.StringAttr(op.operation.attributes["sym_name"]).value] = op.operation
    builder = Builder(graph, hold_priorities)
    builder.funcs, builder.edges_only = funcs, edges_only
    graph.bare = edges_only
    builder.untied_ifs, builder.static_only = untied_ifs, static_only
    builder.tuples = not static_only  # (Shardy refuses tuples: the compatible mode ignores them)
    called = graph.callees = _called(module_op)
    if edges_only:  # Shardy's bare passes: a callee's results only through func data-flow edges
        builder.unreturned = _callees_without_edges(module_op, funcs)
        builder.edge_results = _callee_edge_results(module_op)
    for name, func_op in funcs.items():
        if name not in called:  # a callee's body is built where it is called (ties.py)
            builder.func(func_op)
    for func_op in funcs.values():  # callees whose calls were never reached
        builder.func(func_op)
    _tie_calls(builder, funcs)
    graph.region_only_members = builder.region_members - builder.other_members
    for members in builder.groups.values():  # one sharding for the whole group
        slots = [slot for slot, _ in members if slot is not None]
        source = _share_initial_sharding(slots, graph.region_only_members)
        if source is None and open_members_move:
            _free_open_members(graph, slots)
        _group_in_shardings(graph, slots, source)
        builder.tie(members[0][1], slots, "sdy.sharding_group")
        for outer, inner, edge in builder.manual_results:
            others = [s for s in slots if s is not outer and s.rank == inner.rank]
            if any(s is outer for s in slots) and others:
                edge.overwrite = (outer, edge.operands[0], others)
    # Shardy pushes func result shardings to the returned values before visiting any op (not
    # a callee's in its pipeline, whose import makes the callee a named computation). In its
    # pipeline a returned call result (the named computation's result) takes the func
    # result's first too, and its callee's body adds only what fits (campaign 70547).
    returns = [
        e
        for e in graph.edges
        if e.op_name == "func.return"
        and (untied_ifs or not _returns_call(graph, e))
        and not (untied_ifs and _func_name(e.op) in called)
    ]
    if returns:
        first = set(map(id, returns))
        graph.edges = returns + [e for e in graph.edges if id(e) not in first]
    if len(graph.meshes) == 1 and next(iter(graph.meshes.values())).names:
        only = next(iter(graph.meshes))  # (a maximal or empty mesh is no one's default)
        for slot in graph.all_slots():
            slot.mesh = slot.mesh or only
    return graph


def _func_name(op) -> str:
    return ir.StringAttr(op.parent.attributes["sym_name"]).value


def _returns_call(graph: Graph, edge) -> bool:
    """Whether the edge returns a call's result: Shardy's import makes the call a named
    computation whose result its body decides, so the func result reaches it only in turn."""
    slot = edge.operands[0].slot
    return any(
        isinstance(v, ir.OpResult) and v.owner.name == "func.call" and graph.slots.get(v) is slot
        for v in edge.op.operands
    )


def _share_initial_sharding(slots: list[Slot], region_only: set) -> Slot | None:
    """A group member's own sharding is every member's from the start (as Shardy's groups);
    the member it came from. A loop's region argument grouped as such only gives none (its
    sharding is its loop's, which Shardy's groups never read)."""
    source = next(
        (
            s
            for s in slots
            if id(s) not in region_only
            and (
                (s.annotated and s.mesh is not None and _says(s))
                or (not s.annotated and s.local_initial is not None and _local_says(s))
            )
        ),
        None,
    )
    if source is None:
        return None
    if not source.annotated:  # a manual computation's body argument: its local in_sharding
        mesh, dims, closed = source.local_initial
        for slot in slots:
            if slot is not source and not slot.annotated and slot.rank == len(dims):
                slot.mesh, slot.annotated = mesh, True
                slot.dims, slot.closed = [list(d) for d in dims], list(closed)
        return source
    for slot in slots:
        # (a fully open member says nothing: it takes the group's sharding too)
        if not (slot.annotated and _says(slot)) and slot.rank == source.rank:
            slot.mesh, slot.annotated = source.mesh, True
            slot.dims = [list(d) for d in source.dims]
            slot.closed = list(source.closed)
            slot.priority = list(source.priority)
            slot.held = dict(source.held)  # (a member's priorities are the group's)
            slot.origin = list(source.origin)
            # the whole sharding: its replicated (and unreduced) axes too
            slot.replicated, slot.unreduced = source.replicated, source.unreduced
            slot.forbidden |= whole_axis_names((*source.replicated, *source.unreduced))
    return source


def _free_open_members(graph: Graph, slots: list[Slot]) -> None:
    """meshjit's own mode, a group none of whose members says anything at the start: a member
    annotated fully open (nothing replicated) says only its mesh; where another member is not
    known to be on it, the member takes the group's mesh as propagation brings it, as Shardy's
    group sync replaces its sharding whole (round22a-groups-meshes): otherwise the group would
    hold two meshes and the values they meet stay unsharded."""
    for slot in slots:
        if not (slot.annotated and slot.mesh is not None) or _says(slot):
            continue
        if slot.replicated or slot.unreduced or slot.maximal:
            continue
        if all(o.mesh is not None and graph.same_mesh(o.mesh, slot.mesh) for o in slots):
            continue
        slot.mesh, slot.annotated, slot.held = None, False, {}
        slot.closed, slot.priority = [False] * slot.rank, [None] * slot.rank


def _group_in_shardings(graph: Graph, slots: list[Slot], source: Slot | None) -> None:
    """A manual computation's body argument that took another member's sharding: its
    in_sharding is that sharding after the manual axes (Shardy keeps a body argument's sharding
    in the in_sharding), closed where it is."""
    if source is None:
        return
    members = {id(s) for s in slots if s is not source}
    for kind, op, i, boundary in graph.virtual:
        if kind != "manual_in":
            continue
        inner = graph.slots.get(op.regions[0].blocks[0].arguments[i])
        if inner is None or id(inner) not in members or inner.rank != boundary.rank:
            continue
        manual = io.manual_axes(op)
        for d in range(boundary.rank):
            kept = [a for a in boundary.dims[d] if a[0] in manual]
            boundary.dims[d] = kept + list(inner.dims[d])
            boundary.closed[d] = inner.closed[d]


def _local_says(slot: Slot) -> bool:
    """Whether a manual computation's body argument's local in_sharding says more than "fully
    open" (one that says nothing is no group's sharding: another member's is)."""
    _, dims, closed = slot.local_initial
    return any(dims) or any(closed)


def _says(slot: Slot) -> bool:
    """Whether a sharding says more than "fully open" (its replicated axes aside): Shardy's
    groups share only such a one at the start."""
    held = slot.held.values()  # (a dim held back for its round says what it was annotated)
    shown = [c for d, c in enumerate(slot.closed) if d not in slot.held]
    return any(slot.dims) or any(shown) or any(axes or closed for axes, closed, *_ in held)


def _called(module_op: ir.Operation) -> set:
    names = set()

    def visit(op):
        if op.name == "func.call":
            names.add(ir.FlatSymbolRefAttr(op.attributes["callee"]).value)
        return ir.WalkResult.ADVANCE

    module_op.walk(visit)
    return names


def _tie_calls(builder: Builder, funcs: dict) -> None:
    """Ties each call's operands and results to its callee's arguments and results (the ties
    run where the call is in program order, before the callee's own ops, as Shardy's)."""
    graph = builder.graph
    calls_of: dict = {}
    for call, _, _ in builder.calls:
        calls_of.setdefault(ir.FlatSymbolRefAttr(call.attributes["callee"]).value, []).append(call)
    for call, label, at in reversed(builder.calls):  # later calls first: `at` stays valid
        if builder.edges_only and not _call_has_edges(call, funcs):
            continue  # Shardy's bare passes: a call without func data-flow edges ties nothing
        callee = ir.FlatSymbolRefAttr(call.attributes["callee"]).value
        func_op = funcs.get(callee)
        if func_op is None or not func_op.regions[0].blocks:
            continue
        args = func_op.regions[0].blocks[0].arguments
        edges, graph.edges = graph.edges, []
        # A callee several calls share (its copies not flattened): each argument is one edge
        # from every call's operand, tied at the first call (Shardy's func data-flow edges).
        sharing = calls_of[callee]
        # (in the bare passes each argument and result is tied only with an edge of its own)
        bare = builder.edges_only
        if len(sharing) == 1 or sharing[0] == call:
            for i in range(len(args)):
                if bare and not has_edge_user(args[i]):
                    continue
                sources = [builder.items(c.operands[i], label) for c in sharing]
                first = len(graph.edges)
                tie_items(builder, label, [*sources, builder.items(args[i], label)], call.name)
                targets = set(map(id, leaves(builder.items(args[i], label))))
                for edge in graph.edges[first:]:  # (every call reshards its operand: op_cost.py)
                    if len(sharing) > 1 and id(edge.operands[-1].slot) in targets:
                        edge.into = len(edge.operands) - 1
        for i, r in enumerate(call.results):
            _result_takes_callee_annotation(builder, call, func_op, i)
            if bare and not has_edge_user(r):
                continue
            result = builder.items(r, label)
            tie_items(builder, label, [result, builder.func_results[callee][i]], call.name)
        graph.edges = edges[:at] + graph.edges + edges[at:]


def _result_takes_callee_annotation(builder: Builder, call, func_op, i: int) -> None:
    """A call result without a sharding of its own starts from its callee's result
    annotation, closed dimensions included (Shardy's import makes the call a named computation
    whose result edge holds the callee's result sharding)."""
    sharding = io.func_result_sharding(func_op, i)
    slot = builder.graph.slots.get(call.results[i])
    if sharding is None or slot is None or slot.annotated or io.SHARDING_ATTR in call.attributes:
        return
    init_slot(slot, sharding, builder.graph.meshes, call.location, builder.hold)


def _callees_without_edges(module_op: ir.Operation, funcs: dict) -> set:
    names = set()

    def visit(op):
        if op.name == "func.call" and not _call_has_edges(op, funcs):
            names.add(ir.FlatSymbolRefAttr(op.attributes["callee"]).value)
        return ir.WalkResult.ADVANCE

    module_op.walk(visit)
    return names


def _callee_edge_results(module_op: ir.Operation) -> dict:
    """callee -> the indices of the results its calls' func data-flow edges read."""
    found: dict = {}

    def visit(op):
        if op.name == "func.call":
            name = ir.FlatSymbolRefAttr(op.attributes["callee"]).value
            read = found.setdefault(name, set())
            read.update(i for i, r in enumerate(op.results) if has_edge_user(r))
        return ir.WalkResult.ADVANCE

    module_op.walk(visit)
    return found


def _call_has_edges(call, funcs: dict) -> bool:
    """Whether func data-flow edges stand after the call's results or its callee's arguments."""
    if any(has_edge_user(r) for r in call.results):
        return True
    func_op = funcs.get(ir.FlatSymbolRefAttr(call.attributes["callee"]).value)
    if func_op is None or not func_op.regions[0].blocks:
        return False
    return any(has_edge_user(a) for a in func_op.regions[0].blocks[0].arguments)


def print_warnings(graph: Graph) -> None:
    for w in graph.warnings:
        print(w, file=sys.stderr)
