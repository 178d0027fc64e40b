"""The propagation graph: one Slot per sharded value, one Edge per op (or data-flow tie).

Built from a module (`build_graph`), read by the algorithm (propagation.py), written back by
`write_back`. Axes are normalized to `(name, pre_size, size)` tuples here: a full axis "x"=4 is
`("x", 1, 4)`, the sub-axis `"x":(2)2` is `("x", 2, 2)`.
"""

from __future__ import annotations

import dataclasses
import re
import sys

from jaxlib.mlir import ir

from meshjit.dialects.sdy import (
    SHARDING_ATTR,
    AxisRef,
    DimSharding,
    MeshShape,
    TensorSharding,
    axis_ref,
    sharding_per_value_attr,
)
from meshjit.passes import rules as rules_lib
from meshjit.passes import sharding_io as io

Axis = tuple[str, int, int]

# Shardy's op priorities: pass-through ops none of whose operands has another use, then all
# pass-through ops, then all ops but forward through broadcast, then all ops.
STAGE_SINGLE_USE, STAGE_PASS_THROUGH, STAGE_NO_FORWARD_BROADCAST, STAGE_ALL = 0, 1, 2, 3


class GraphError(ValueError):
    def __init__(self, location: ir.Location, message: str):
        super().__init__(message)
        self.location = location


# --------------------------------------------------------------------------- axes


def to_axis(entry, mesh: MeshShape) -> Axis:
    ref = axis_ref(entry)
    if ref.is_sub_axis:
        return (ref.name, ref.pre_size, ref.size)
    return (ref.name, 1, mesh.size_of(ref.name))


def merge_axes(axes: list[Axis]) -> list[Axis]:
    """Joins adjacent sub-axes of one axis: `"x":(1)2, "x":(2)2` -> `"x":(1)4`."""
    out: list[Axis] = []
    for name, pre, size in axes:
        if out and out[-1][0] == name and out[-1][1] * out[-1][2] == pre:
            prev = out.pop()
            out.append((name, prev[1], prev[2] * size))
        else:
            out.append((name, pre, size))
    return out


def from_axis(axis: Axis, mesh: MeshShape) -> str | AxisRef:
    name, pre, size = axis
    if pre == 1 and size == mesh.size_of(name):
        return name
    return AxisRef(name, pre, size)


def overlaps(a: Axis, b: Axis) -> bool:
    """Whether two (sub-)axes share devices; an axis of size 1 still overlaps itself."""
    if a[0] != b[0]:
        return False
    return a == b or (a[1] < b[1] * b[2] and b[1] < a[1] * a[2])


def free_prefix(axis: Axis, others, full_size: int) -> Axis | None:
    """`axis`, or its largest major piece that overlaps none of `others` (None if no piece).

    Shardy cuts an axis another factor partly holds to the sub-axis before that part, e.g. "x"=4
    next to `"x":(2)2` becomes `"x":(1)2`."""
    name, pre, size = axis
    limit = None
    for o in others:
        if o[0] == name and overlaps(axis, o):
            limit = o[1] if limit is None else min(limit, o[1])
    if limit is None:
        return axis
    for k in range(size - 1, 1, -1):
        if size % k == 0 and pre * k <= limit and full_size % (pre * k) == 0:
            return (name, pre, k)
    return None


def axes_product(axes) -> int:
    product = 1
    for _, _, size in axes:
        product *= size
    return product


def extension(current: list[Axis], wanted: list[Axis]) -> list[Axis] | None:
    """The axes to append to `current` to reach `wanted`; None if `current` is no prefix.

    The last axis of `current` may be a major sub-axis of the matching one in `wanted`.
    """
    n = len(current)
    if n > len(wanted):
        return None
    if not n:
        return list(wanted)
    if n == len(wanted) and current == wanted:
        return []
    for i, (c, w) in enumerate(zip(current, wanted)):
        if c == w:
            continue
        last = i == len(current) - 1
        if last and c[0] == w[0] and c[1] == w[1] and w[2] % c[2] == 0:
            rest = (w[0], c[1] * c[2], w[2] // c[2])
            return [rest, *wanted[i + 1 :]]
        return None
    return list(wanted[len(current) :])


# --------------------------------------------------------------------------- slots


class Label:
    """Text built on first read: labels need locations, which are slow to print, and only
    explain mode and error messages read them."""

    __slots__ = ("_make", "_text")

    def __init__(self, make):
        self._make, self._text = make, None

    def __str__(self) -> str:
        if self._text is None:
            self._text = self._make()
        return self._text


@dataclasses.dataclass(eq=False)
class Slot:
    """The sharding state of one value (or of a func result / manual-computation boundary)."""

    label_source: str | Label
    shape: tuple[int, ...]
    elem_bytes: int
    value: ir.Value | None = None
    mesh: str | None = None
    dims: list[list[Axis]] = dataclasses.field(default_factory=list)
    closed: list[bool] = dataclasses.field(default_factory=list)
    priority: list[int | None] = dataclasses.field(default_factory=list)
    held: dict[int, tuple] = dataclasses.field(default_factory=dict)
    forbidden: set[str] = dataclasses.field(default_factory=set)
    replicated: tuple = ()
    unreduced: tuple = ()
    sink_only: bool = False
    no_sub_axes: bool = False  # func boundaries: Shardy keeps sub-axes off them
    origin: list[tuple] = dataclasses.field(default_factory=list)
    annotated: bool = False
    opaque: bool = False  # a result of an op with no sharding rule: exported replicated
    total_bytes: int = 0

    @property
    def label(self) -> str:
        return str(self.label_source)

    @property
    def rank(self) -> int:
        return len(self.shape)

    def used(self) -> list[Axis]:
        return [a for dim in self.dims for a in dim]

    def local_bytes(self, mesh_sizes=None) -> float:
        """Bytes one device holds under the current sharding."""
        total = float(self.elem_bytes)
        for size, dim in zip(self.shape, self.dims):
            total *= max(1.0, size / axes_product(dim))
        return total


def _elem_bytes(t: ir.Type) -> int:
    if not isinstance(t, ir.RankedTensorType):
        return 0
    et = ir.RankedTensorType(t).element_type
    for cls in (ir.IntegerType, ir.FloatType):
        if isinstance(et, cls):
            width = et.width
            return max(1, width // 8)
    if isinstance(et, ir.ComplexType):
        return 8
    return 4


# ir.Type -> (shape, element bytes, total bytes) while `build_graph` runs (types are uniqued
# per context, so the cache must not outlive the build).
_TYPE_INFO: dict | None = None


def _type_info(value_type: ir.Type) -> tuple:
    cache = _TYPE_INFO
    info = cache.get(value_type) if cache is not None else None
    if info is None:
        is_ranked = isinstance(value_type, ir.RankedTensorType)
        shape = tuple(value_type.shape) if is_ranked else ()
        elem = _elem_bytes(value_type)
        total = elem
        for size in shape:
            total *= size
        info = (shape, elem, total)
        if cache is not None:
            cache[value_type] = info
    return info


def new_slot(label, value_type: ir.Type, value=None) -> Slot:
    shape, elem, total = _type_info(value_type)
    rank = len(shape)
    slot = Slot(label, shape, elem, value)
    slot.total_bytes = total
    slot.dims = [[] for _ in shape]
    slot.closed = [False] * rank
    slot.priority = [None] * rank
    slot.origin = [None] * rank
    return slot


def init_slot(slot: Slot, sharding: TensorSharding | None, meshes, location, hold=True) -> None:
    """Loads an annotation; dims with priority > 0 are held back until their round."""
    if sharding is None:
        return
    mesh = meshes.get(sharding.mesh_name)
    if mesh is None:
        raise GraphError(location, f"sharding refers to unknown mesh @{sharding.mesh_name}")
    if len(sharding.dims) != slot.rank:
        raise GraphError(
            location,
            f"sharding {sharding.text} has {len(sharding.dims)} dims for a rank-{slot.rank} value",
        )
    slot.mesh, slot.annotated = sharding.mesh_name, True
    for name in (axis_ref(a).name for a in (*sharding.replicated, *sharding.unreduced)):
        _check_axis(mesh, name, location)
        slot.forbidden.add(name)
    slot.replicated, slot.unreduced = sharding.replicated, sharding.unreduced
    for d, dim in enumerate(sharding.dims):
        for a in dim.axes:
            _check_axis(mesh, axis_ref(a).name, location)
        axes = [to_axis(a, mesh) for a in dim.axes]
        origin = (slot.label_source, ())
        if dim.priority and hold:
            slot.held[d] = (axes, dim.is_closed, dim.priority, origin)
        else:
            slot.dims[d], slot.closed[d], slot.priority[d] = axes, dim.is_closed, dim.priority
            slot.origin[d] = origin if axes else None


def _check_axis(mesh: MeshShape, name: str, location) -> None:
    if name not in mesh.names:
        raise GraphError(location, f'unknown axis "{name}" (mesh axes: {", ".join(mesh.names)})')


def slot_sharding(slot: Slot, meshes, *, close: bool = False) -> TensorSharding:
    mesh = meshes[slot.mesh]
    dims = []
    for d, axes in enumerate(slot.dims):
        axes = tuple(from_axis(a, mesh) for a in merge_axes(axes))
        closed = close or slot.closed[d]
        dims.append(DimSharding(axes, closed, None if close else slot.priority[d]))
    return TensorSharding(slot.mesh, tuple(dims), slot.replicated, slot.unreduced)


# --------------------------------------------------------------------------- edges


@dataclasses.dataclass(eq=False)
class View:
    """A slot as one tensor of an edge; `skip[d]` leading axes of dim d are invisible (manual)."""

    slot: Slot
    skip: tuple[int, ...] = ()

    def axes(self, d: int) -> list[Axis]:
        return self.slot.dims[d][self.skip[d] if self.skip else 0 :]

    def set_axes(self, d: int, axes: list[Axis]) -> None:
        """Stores a dim's axes with adjacent sub-axes joined, so equal shardings compare equal
        (`"x":(1)2, "x":(2)2` is stored as "x")."""
        keep = self.slot.dims[d][: self.skip[d]] if self.skip else []
        self.slot.dims[d] = keep + merge_axes(axes)


@dataclasses.dataclass(eq=False)
class Edge:
    """An op (or a data-flow tie) with its rule over operand and result views."""

    label_source: str | Label
    rule: rules_lib.ShardingRule
    operands: list[View]
    results: list[View]
    stage: int = STAGE_ALL
    is_broadcast: bool = False
    op_name: str = ""
    op: object = None  # the ir.Operation, for ops (None for data-flow ties)
    elementwise: bool = False  # an elementwise op (Shardy orders its factors by sharded size)
    direction: str = "BOTH"  # sdy.propagation_barrier: FORWARD, BACKWARD or NONE
    shared_operand: bool = False  # a pass-through op reading a value that has another use
    plan: object = None  # propagation's per-edge tables, built on first use

    @property
    def label(self) -> str:
        return str(self.label_source)

    def views(self) -> list[View]:
        return self.operands + self.results


def identity_rule(shape, count: int) -> rules_lib.ShardingRule:
    mapping = tuple((d,) for d in range(len(shape)))
    factors = tuple(rules_lib.Factor(s) for s in shape)
    return rules_lib.ShardingRule((mapping,) * count, (), factors)


@dataclasses.dataclass
class Graph:
    slots: dict = dataclasses.field(default_factory=dict)  # ir.Value -> Slot
    virtual: list = dataclasses.field(default_factory=list)  # (kind, owner, index, Slot)
    edges: list[Edge] = dataclasses.field(default_factory=list)
    meshes: dict[str, MeshShape] = dataclasses.field(default_factory=dict)
    warnings: list[str] = dataclasses.field(default_factory=list)
    conflicts: int = 0  # conflicts the cost model would resolve otherwise ("auto" mode)
    blocked: int = 0  # axes a tensor could not take (another of its dims held them)
    chosen: str = ""  # with conflicts="auto", the result kept: "shardy", "cost" or "shardy-early"

    def slot_users(self) -> dict[int, list[Edge]]:
        """`id(slot)` -> the edges that read or write it."""
        users: dict[int, list[Edge]] = {}
        for edge in self.edges:
            for view in edge.views():
                users.setdefault(id(view.slot), []).append(edge)
        return users

    def all_slots(self) -> list[Slot]:
        seen, out = set(), []
        for slot in [*self.slots.values(), *(v[3] for v in self.virtual)]:
            if id(slot) not in seen:
                seen.add(id(slot))
                out.append(slot)
        return out


_MISSING = object()


def _loc_text(op) -> str:
    return str(op.location)


def _result_label(name: str, i: int, op) -> Label:
    return Label(lambda: f"{name} result {i} at {_loc_text(op)}")


class _Builder:
    """Walks a module creating slots and edges; manual axes are forbidden inside bodies."""

    def __init__(self, graph: Graph, funcs: dict, hold: bool):
        self.graph, self.funcs, self.hold = graph, funcs, hold
        self.func_results: dict[str, list[Slot]] = {}
        self.calls: list = []
        self.groups: dict = {}  # sdy.sharding_group id -> member slots
        self.rules: dict = {}  # rules_lib.rule_cache_key(op) -> rule

    def slot(self, value: ir.Value, label: str, forbidden=frozenset()) -> Slot | None:
        if not rules_lib.is_tensor(value):
            return None
        slot = self.graph.slots.get(value)
        if slot is None:
            slot = self.graph.slots[value] = new_slot(label, value.type, value)
            slot.forbidden |= set(forbidden)
        return slot

    def tie(self, label: str, slots: list[Slot], op_name: str, op=None) -> None:
        slots = [s for s in slots if s is not None]
        if len(slots) > 1:
            rule = identity_rule(slots[0].shape, len(slots))
            self.graph.edges.append(
                Edge(
                    label,
                    rule,
                    [View(s) for s in slots],
                    [],
                    STAGE_PASS_THROUGH,
                    op_name=op_name,
                    op=op,
                )
            )

    def func(self, func_op) -> None:
        name = ir.StringAttr(func_op.attributes["sym_name"]).value
        if not func_op.regions[0].blocks:
            return
        block = func_op.regions[0].blocks[0]
        meshes = self.graph.meshes
        for i, arg in enumerate(block.arguments):
            slot = self.slot(arg, f"@{name} arg {i}")
            if slot is not None:
                slot.no_sub_axes = True
                init_slot(
                    slot, io.func_arg_sharding(func_op, i), meshes, func_op.location, self.hold
                )
                self.graph.virtual.append(("func_arg", func_op, i, slot))
        ftype = ir.FunctionType(ir.TypeAttr(func_op.attributes["function_type"]).value)
        results = []
        for i, t in enumerate(ftype.results):
            slot = new_slot(f"@{name} result {i}", t)
            slot.no_sub_axes = True
            init_slot(
                slot, io.func_result_sharding(func_op, i), meshes, func_op.location, self.hold
            )
            self.graph.virtual.append(("func_result", func_op, i, slot))
            results.append(slot)
        self.func_results[name] = results
        self.block(block, frozenset(), results)

    def block(self, block, forbidden, return_slots=None) -> None:
        for op in block.operations:
            self.op(op.operation, forbidden, return_slots)

    def op(self, op, forbidden, return_slots) -> None:
        name = op.name
        label = Label(lambda: f"{name} {_loc_text(op)}")
        results = op.results
        if len(results):
            shardings = io.op_result_shardings(op)
            sink_only = name in rules_lib.NO_RULE_OPS
            for i, r in enumerate(results):
                slot = self.slot(r, _result_label(name, i, op), forbidden)
                if slot is not None and i < len(shardings):
                    if shardings[i] is not None:
                        init_slot(slot, shardings[i], self.graph.meshes, op.location, self.hold)
                    slot.sink_only = sink_only
        handler = _CONTROL_FLOW.get(name)
        if handler is not None:
            handler(self, op, forbidden, return_slots, label)
            return
        self.rule_edge(op, label)

    def rule_for(self, op):
        """The op's rule; ops that differ only in location share one (cached per build)."""
        key = rules_lib.rule_cache_key(op)
        if key is None:
            return rules_lib.rule_for(op)
        rule = self.rules.get(key, _MISSING)
        if rule is _MISSING:
            rule = self.rules[key] = rules_lib.rule_for(op)
        return rule

    def rule_edge(self, op, label) -> None:
        try:
            rule = self.rule_for(op)
        except rules_lib.RuleError as e:
            target = rules_lib.custom_call_target(op)
            what = f"custom_call @{target}" if target else op.name
            raise GraphError(op.location, f"{what}: sharding rule does not fit the op: {e}") from e
        if rule is None:
            target = rules_lib.custom_call_target(op)
            if target is not None:
                for r in op.results:
                    slot = self.graph.slots.get(r)
                    if slot is not None:
                        slot.opaque = True
                self.graph.warnings.append(
                    f"{_loc_text(op)[4:-1]}: warning: custom_call @{target} is unknown to the "
                    "meshjit sharding rule registry; its operands and results stay replicated"
                )
            return
        views = []
        slots = self.graph.slots
        operands = op.operands
        for v in (*operands, *op.results):
            slot = slots.get(v)
            if slot is None:
                if not rules_lib.is_tensor(v):
                    return  # tokens / tuples: nothing meshjit can shard
                slot = self.slot(v, Label(lambda: f"value at {_loc_text(op)}"))
            views.append(View(slot))
        n = len(operands)
        name = op.name
        stage = STAGE_PASS_THROUGH if name in rules_lib.PASS_THROUGH_OPS else STAGE_ALL
        self.graph.edges.append(
            Edge(
                label,
                rule,
                views[:n],
                views[n:],
                stage,
                name == "stablehlo.broadcast_in_dim",
                name,
                op,
                elementwise=name in rules_lib.SHARDY_ELEMENTWISE_OPS,
                shared_operand=stage == STAGE_PASS_THROUGH and any(map(_has_other_use, operands)),
            )
        )


def _has_other_use(value: ir.Value) -> bool:
    """Whether `value` has more than one use (an op reading it twice uses it twice)."""
    uses = iter(value.uses)
    next(uses, None)
    return next(uses, None) is not None


def _return_edge(b: _Builder, op, forbidden, return_slots, label):
    if return_slots is None:
        return
    for i, v in enumerate(op.operands):
        b.tie(label, [b.graph.slots.get(v), return_slots[i]], op.name, op)


def _terminator(region):
    block = region.blocks[0]
    ops = list(block.operations)
    return ops[-1] if ops else None


def _while_edge(b: _Builder, op, forbidden, return_slots, label):
    cond, body = op.regions[0], op.regions[1]
    for region in (cond, body):
        for i, arg in enumerate(region.blocks[0].arguments):
            b.slot(arg, f"{op.name} region arg {i}", forbidden)
        b.block(region.blocks[0], forbidden, None)
    yield_op = _terminator(body)
    for i, r in enumerate(op.results):
        members = [b.graph.slots.get(op.operands[i]), b.graph.slots.get(r)]
        members += [b.graph.slots.get(region.blocks[0].arguments[i]) for region in (cond, body)]
        members.append(b.graph.slots.get(yield_op.operands[i]))
        b.tie(label, members, op.name)


def _case_edge(b: _Builder, op, forbidden, return_slots, label):
    for region in op.regions:
        b.block(region.blocks[0], forbidden, None)
    for i, r in enumerate(op.results):
        members = [b.graph.slots.get(r)]
        members += [b.graph.slots.get(_terminator(region).operands[i]) for region in op.regions]
        b.tie(label, members, op.name)


def _call_edge(b: _Builder, op, forbidden, return_slots, label):
    b.calls.append((op, label))


def _manual_edge(b: _Builder, op, forbidden, return_slots, label):
    manual = set(re.findall(r'"([^"]+)"', str(op.attributes["manual_axes"])))
    inner_forbidden = frozenset(forbidden | manual)
    in_shardings = io.read_sharding_per_value(op.attributes["in_shardings"], op.location)
    body = op.regions[0].blocks[0]
    meshes = b.graph.meshes
    for i, v in enumerate(op.operands):
        boundary = new_slot(f"{op.name} in_sharding {i}", v.type)
        init_slot(boundary, in_shardings[i], meshes, op.location, b.hold)
        b.graph.virtual.append(("manual_in", op, i, boundary))
        b.tie(label, [b.graph.slots.get(v), boundary], op.name)
        inner = b.slot(body.arguments[i], f"{op.name} body arg {i}", inner_forbidden)
        _manual_tie(b, label, boundary, inner, manual, meshes)
    b.block(body, inner_forbidden, None)
    ret = _terminator(op.regions[0])
    for i, r in enumerate(op.results):
        outer = b.graph.slots.get(r)
        inner = b.graph.slots.get(ret.operands[i])
        _manual_tie(b, label, outer, inner, manual, meshes)


def _manual_tie(b, label, outer: Slot, inner: Slot, manual, meshes) -> None:
    """Ties the free (non-manual) axes of `outer` with `inner`'s axes, dim by dim."""
    if outer is None or inner is None:
        return
    skip = tuple(sum(1 for a in outer.dims[d] if a[0] in manual) for d in range(outer.rank))
    if inner.mesh is None:
        inner.mesh = outer.mesh
    rule = identity_rule(inner.shape, 2)
    b.graph.edges.append(
        Edge(
            label,
            rule,
            [View(outer, skip), View(inner)],
            [],
            STAGE_PASS_THROUGH,
            op_name="sdy.manual_computation",
        )
    )


def _group_edge(b: _Builder, op, forbidden, return_slots, label):
    group = ir.IntegerAttr(op.attributes["group_id"]).value
    b.groups.setdefault(group, []).append((b.graph.slots.get(op.operands[0]), label))


def _barrier_edge(b: _Builder, op, forbidden, return_slots, label):
    """An identity the shardings cross only in `allowed_direction`."""
    direction = _DIRECTIONS[ir.IntegerAttr(op.attributes["allowed_direction"]).value]
    source, result = b.graph.slots.get(op.operands[0]), b.graph.slots.get(op.results[0])
    if source is None or result is None or direction == "NONE":
        return
    edge = Edge(label, identity_rule(source.shape, 2), [View(source)], [View(result)])
    edge.stage, edge.op_name, edge.op, edge.direction = STAGE_PASS_THROUGH, op.name, op, direction
    b.graph.edges.append(edge)


_DIRECTIONS = ("NONE", "FORWARD", "BACKWARD", "BOTH")  # sdy::PropagationDirection values


_CONTROL_FLOW = {
    "sdy.sharding_group": _group_edge,
    "sdy.propagation_barrier": _barrier_edge,
    "func.return": _return_edge,
    "stablehlo.while": _while_edge,
    "stablehlo.case": _case_edge,
    "stablehlo.if": _case_edge,
    "func.call": _call_edge,
    "sdy.manual_computation": _manual_edge,
}


def build_graph(module_op: ir.Operation, *, hold_priorities: bool = True) -> Graph:
    """Slots and edges for every func in the module.

    With `hold_priorities`, dims annotated `pN` (N > 0) start empty and wait in `Slot.held`.
    """
    global _TYPE_INFO
    _TYPE_INFO = {}
    try:
        return _build_graph(module_op, hold_priorities)
    finally:
        _TYPE_INFO = None


def _build_graph(module_op: ir.Operation, hold_priorities: bool) -> Graph:
    graph = Graph(meshes=io.read_meshes(module_op))
    funcs = {}
    for op in module_op.regions[0].blocks[0].operations:
        if op.operation.name == "func.func":
            funcs[ir.StringAttr(op.operation.attributes["sym_name"]).value] = op.operation
    builder = _Builder(graph, funcs, hold_priorities)
    for func_op in funcs.values():
        builder.func(func_op)
    for call, label in builder.calls:
        callee = ir.FlatSymbolRefAttr(call.attributes["callee"]).value
        func_op = funcs.get(callee)
        if func_op is None or not func_op.regions[0].blocks:
            continue
        args = func_op.regions[0].blocks[0].arguments
        for i, v in enumerate(call.operands):
            builder.tie(label, [graph.slots.get(v), graph.slots.get(args[i])], call.name)
        for i, r in enumerate(call.results):
            builder.tie(label, [graph.slots.get(r), builder.func_results[callee][i]], call.name)
    for members in builder.groups.values():  # one sharding for the whole group
        builder.tie(members[0][1], [slot for slot, _ in members], "sdy.sharding_group")
    # Shardy pushes func result shardings to the returned values before visiting any op.
    returns = [e for e in graph.edges if e.op_name == "func.return"]
    if returns:
        graph.edges = returns + [e for e in graph.edges if e.op_name != "func.return"]
    if len(graph.meshes) == 1:
        only = next(iter(graph.meshes))
        for slot in graph.all_slots():
            slot.mesh = slot.mesh or only
    return graph


# --------------------------------------------------------------------------- write back


def _inside_manual(op) -> bool:
    """Whether `op` sits in a manual computation's body."""
    parent = op.parent
    while parent is not None:
        if parent.name == "sdy.manual_computation":
            return True
        parent = parent.parent
    return False


_PLAIN_SHARDING_OPS = ("sdy.sharding_constraint", "sdy.reshard", "sdy.manual_computation")


class _Shardings:
    """Slot shardings and their attributes, built once per distinct sharding state."""

    def __init__(self, meshes, close: bool):
        self.meshes, self.close = meshes, close
        self.by_state: dict = {}
        self.attrs: dict = {}

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
        key = tuple(shardings)
        attr = self.attrs.get(key)
        if attr is None:
            attr = self.attrs[key] = sharding_per_value_attr(shardings)
        return attr


def write_back(graph: Graph, *, close: bool = False) -> None:
    """Stores every slot's sharding in the module (func attrs, op attrs, manual boundaries)."""
    meshes = graph.meshes
    per_op: dict = {}
    cache = _Shardings(meshes, close)
    for value, slot in graph.slots.items():
        if slot.mesh is None or isinstance(value, ir.BlockArgument):
            continue
        if not (slot.annotated or slot.opaque or any(slot.dims)):
            continue  # nothing decided for this value (its op may still get one, for another)
        op = value.owner
        slots = per_op.get(op)
        if slots is None:
            slots = per_op[op] = {}
        slots[value.result_number] = slot
    manual_parents: dict = {}
    for op, slots in per_op.items():
        op = op.operation
        if _in_manual(op, manual_parents) and not _has_sharded(slots.values(), False):
            continue  # nothing free to say inside a manual body (XLA rejects some of these)
        results = op.results
        if len(results) == 1 and 0 in slots:
            shardings = [cache.of(slots[0])]
        else:
            shardings = _result_shardings(graph, op, cache, close)
        if op.name in _PLAIN_SHARDING_OPS:
            io.set_op_result_shardings(op, shardings)
        else:  # most ops: one cached attribute per distinct list of shardings
            op.attributes[SHARDING_ATTR] = cache.per_value_attr(shardings)
    setters = {
        "func_arg": io.set_func_arg_sharding,
        "func_result": io.set_func_result_sharding,
    }
    manual_in: dict = {}
    for kind, owner, index, slot in graph.virtual:
        if slot.mesh is None or not (slot.annotated or slot.used() or _closes_arg(kind, close)):
            continue
        if kind in setters:
            setters[kind](owner, index, cache.of(slot))
        else:
            manual_in.setdefault(owner, {})[index] = slot
    for op, slots in manual_in.items():
        ordered = [cache.of(slots[i]) for i in sorted(slots)]
        op.attributes["in_shardings"] = sharding_per_value_attr(ordered)


def _closes_arg(kind: str, close: bool) -> bool:
    """Closing gives func arguments and manual boundaries a sharding even when nothing was
    decided for them (replicated); func results stay unannotated then, as Shardy leaves them."""
    return close and kind != "func_result"


def _has_sharded(slots, close: bool) -> bool:
    return any(s.annotated or s.used() or close for s in slots)


def _result_shardings(graph: Graph, op, cache: _Shardings, close: bool) -> list:
    """Every result's sharding (open and empty for results without a slot or mesh)."""
    slots = [graph.slots.get(r) for r in op.results]
    mesh = next(s.mesh for s in slots if s is not None and s.mesh is not None)
    out = []
    for r, slot in zip(op.results, slots):
        if slot is None or slot.mesh is None:
            out.append(io.open_sharding(mesh, len(rules_lib.shape_of(r))))
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


def print_warnings(graph: Graph) -> None:
    for w in graph.warnings:
        print(w, file=sys.stderr)
