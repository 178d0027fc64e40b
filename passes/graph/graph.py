"""The propagation graph: one Slot per sharded value, one Edge per op (or data-flow tie).

Built from a module by build.py, read and changed by propagation/, priced by cost/, written back
by export/. A slot's dims hold normalized axes (axes.py).
"""

from __future__ import annotations

import dataclasses

from jaxlib.mlir import ir

from meshjit.dialects.sdy import MeshShape, axis_ref
from meshjit.passes.graph.axes import Axis, axes_product, merge_axes
from meshjit.passes.rules import Factor, ShardingRule

# Shardy's op priorities: pass-through ops none of whose operands has another use, then all
# pass-through ops, then the pass-through factors of all ops but forward through broadcast,
# then all their factors, then all ops.
STAGE_SINGLE_USE, STAGE_PASS_THROUGH, STAGE_PASS_THROUGH_FACTORS = 0, 1, 2
STAGE_NO_FORWARD_BROADCAST, STAGE_ALL = 3, 4


class GraphError(ValueError):
    def __init__(self, location: ir.Location, message: str):
        super().__init__(message)
        self.location = location


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
    maximal: bool = False  # its op places it on one device (`<@maximal, []>`): never rewritten
    no_sub_axes: bool = False  # func boundaries: Shardy keeps sub-axes off them
    origin: list[tuple] = dataclasses.field(default_factory=list)
    annotated: bool = False
    opaque: bool = False  # a result of an op with no sharding rule: exported replicated
    # Shardy's projection of it took axes a dim cannot show (a factor after one not fully
    # sharded): Shardy rewrote its sharding, dropping its priorities (propagation/driver.py)
    unshown: bool = False
    total_bytes: int = 0
    # A manual computation's body argument: (mesh, dims, closed) of its in_sharding without
    # the manual axes, the sharding Shardy's groups see on it from the start (build.py).
    local_initial: tuple | None = None

    @property
    def label(self) -> str:
        return str(self.label_source)

    @property
    def rank(self) -> int:
        return len(self.shape)

    def used(self) -> list[Axis]:
        return [a for dim in self.dims for a in dim]

    def blocked(self) -> list[Axis]:
        """The sub-axes the value replicates (or holds unreduced): only the pieces of their
        axes they overlap are barred, as Shardy takes the rest (`forbidden` has whole axes)."""
        return [
            (ref.name, ref.pre_size, ref.size)
            for ref in map(axis_ref, (*self.replicated, *self.unreduced))
            if ref.is_sub_axis
        ]

    def local_bytes(self) -> float:
        """Bytes one device holds under the current sharding."""
        return shard_bytes(self, self.dims)


def whole_axis_names(entries) -> set[str]:
    """The names of the whole axes among replicated / unreduced `entries` (sub-axes aside)."""
    return {ref.name for ref in map(axis_ref, entries) if not ref.is_sub_axis}


def shard_bytes(slot: Slot, dims) -> float:
    """Bytes one device holds of `slot`'s value sharded as `dims`."""
    total = float(slot.elem_bytes)
    for size, dim in zip(slot.shape, dims):
        total *= max(1.0, size / axes_product(dim))
    return total


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
    rule: ShardingRule
    operands: list[View]
    results: list[View]
    stage: int = STAGE_ALL
    is_broadcast: bool = False
    op_name: str = ""
    op: object = None  # the ir.Operation, for ops (None for data-flow ties)
    elementwise: bool = False  # an elementwise op (Shardy orders its factors by sharded size)
    direction: str = "BOTH"  # sdy.propagation_barrier: FORWARD, BACKWARD or NONE
    forward_first: bool = False  # only its operands are sources in the first op-priority stages
    shared_operand: bool = False  # a pass-through op reading a value that has another use
    # ... that has another use only until the driver erases the dead op at this position
    shared_until: int | None = None
    plan: object = None  # propagation's per-edge tables, built on first use
    owned_from: int | None = None  # a data-flow tie: its views from here on are owned values
    # A tie every other view of which is resharded into this one (a callee argument all its
    # calls share: each call reshards its own operand; cost/op_cost.py)
    into: int | None = None
    # A manual computation's result tie: (the result, the body's value, the result's other
    # sharding-group members), which Shardy's group sync sets to the body's local sharding.
    overwrite: tuple | None = None

    @property
    def syncs(self) -> bool:
        """A sharding group: its members take a new sharding at once."""
        return self.op_name == "sdy.sharding_group"

    @property
    def label(self) -> str:
        return str(self.label_source)

    def views(self) -> list[View]:
        return self.operands + self.results


def identity_rule(shape, count: int) -> ShardingRule:
    """`count` tensors of `shape` that share one factor per dimension (a tie)."""
    mapping = tuple((d,) for d in range(len(shape)))
    factors = tuple(Factor(s) for s in shape)
    return ShardingRule((mapping,) * count, (), factors)


@dataclasses.dataclass
class Graph:
    slots: dict = dataclasses.field(default_factory=dict)  # ir.Value -> Slot
    virtual: list = dataclasses.field(default_factory=list)  # (kind, owner, index, Slot)
    edges: list[Edge] = dataclasses.field(default_factory=list)
    meshes: dict[str, MeshShape] = dataclasses.field(default_factory=dict)
    mesh_keys: dict[str, str] = dataclasses.field(default_factory=dict)  # (Graph.same_mesh)
    warnings: list[str] = dataclasses.field(default_factory=list)
    edge_owned: set = dataclasses.field(default_factory=set)  # values a data-flow edge owns
    callees: set = dataclasses.field(default_factory=set)  # names of the functions calls call
    # conflicts the cost model would resolve otherwise ("auto" mode; counted until the first,
    # or until `blocked` is set: then the other candidates run anyway)
    conflicts: int = 0
    blocked: int = 0  # axes a tensor could not take (another of its dims held them)
    chosen: str = ""  # with conflicts="auto", the result kept: "shardy", "cost" or "shardy-early"
    conservative: bool = False  # Shardy's conservative-propagation: no sub-axis propagates
    # (shardings' fingerprint, {name: what the cost model computed for them}): cost/dot_plans.py
    cost_cache: tuple | None = None
    bare: bool = False  # Shardy's propagation passes alone (no import before them)
    # Shardy's bare passes, a loop without data-flow edges: id(the slot its results and region
    # arguments share) -> the edges reading it through a region argument. A change to it wakes
    # only the loop results' users (Shardy's loop op holds the sharding): the region
    # arguments' readers wait for the next op-priority stage, which revisits every op.
    region_readers: dict = dataclasses.field(default_factory=dict)
    # id(slot) of the loop region arguments a sharding group holds: a group sync sets the
    # argument itself, which wakes its readers at once (Shardy notifies the member's users).
    grouped_arguments: set = dataclasses.field(default_factory=set)
    # id(slot) of the loop and branch region arguments a sharding group holds as such only
    # (not their op's results too): their data-flow edge sets the sharding their op holds,
    # which Shardy's group sync never reads (propagation/edge_step.py).
    region_only_members: set = dataclasses.field(default_factory=set)
    # id(slot) of the values whose users Shardy's import re-attached to a data-flow edge op
    # (loop, branch, barrier and call results, callee arguments): their use lists hold the
    # users in program order, a parsed value's the other way round (propagation/driver.py).
    reattached: set = dataclasses.field(default_factory=set)
    notify_order: dict = dataclasses.field(default_factory=dict)  # (driver.py, per graph)
    # Shardy's basic and aggressive passes: edge -> the program position at which its op dies
    # (its users are dead ops erased when the driver reaches them), and edge -> its op's
    # program position (api.py, shardy_import.dying_ops; driver.py).
    dying: dict = dataclasses.field(default_factory=dict)
    edge_index: dict = dataclasses.field(default_factory=dict)
    tie_ops: dict = dataclasses.field(default_factory=dict)  # a tie without an op -> its op
    # (position, the edges of the ops the driver visits again when it erases the ops dying
    # there), in program order; spent by the first stage
    releases: list = dataclasses.field(default_factory=list)
    gone: float = -1  # the last of those positions the driver got past (math.inf: all)
    # explain mode's table, made before dying ops are erased (their values can't be named then)
    explanation: str | None = None
    # (mesh, dims, replicated, unreduced) -> the closed sharding attribute export's reshards
    # give (export/reshard.py)
    reshard_attrs: dict = dataclasses.field(default_factory=dict)
    # edge -> what of a step's key never changes (propagation/step_memo.py)
    step_statics: dict = dataclasses.field(default_factory=dict)
    # a step key's static part -> its number (propagation/step_memo.py)
    step_kinds: dict = dataclasses.field(default_factory=dict)
    # ((len(slots), len(virtual)), all_slots()): the slots are made by the build alone, and
    # propagation, the cost model and export ask for them many times (a long chain's 3
    # candidates: fingerprints, snapshots, priorities)
    # (edge count, stage, options opened_edges reads) -> the edges the stage opens (driver.py)
    opened: dict = dataclasses.field(default_factory=dict)
    slots_cache: tuple | None = dataclasses.field(default=None, repr=False, compare=False)

    def same_mesh(self, a: str, b: str) -> bool:
        """Whether meshes `a` and `b` are one mesh: Shardy compares their definitions."""
        return a == b or self.mesh_keys.get(a, a) == self.mesh_keys.get(b, b)

    def slot_users(self) -> dict[int, list[Edge]]:
        """`id(slot)` -> the edges that read or write it."""
        users: dict[int, list[Edge]] = {}
        for edge in self.edges:
            for view in edge.views():
                users.setdefault(id(view.slot), []).append(edge)
        return users

    def all_slots(self) -> list[Slot]:
        """Every slot once, in first-seen order (the list is shared: read it, don't change
        it)."""
        key = (len(self.slots), len(self.virtual))
        if self.slots_cache is not None and self.slots_cache[0] == key:
            return self.slots_cache[1]
        unique = {id(slot): slot for slot in self.slots.values()}  # (in first-seen order)
        for v in self.virtual:
            unique.setdefault(id(v[3]), v[3])
        slots = list(unique.values())
        self.slots_cache = (key, slots)
        return slots
