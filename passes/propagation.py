"""meshjit's factor-based sharding propagation over a propagation graph.

Per edge (op): project every tensor's sharding onto the rule's factors, decide one axis list per
factor (the longest compatible one; on conflict, basic keeps only the common prefix, aggressive
picks a winner by Shardy's preference or by the cost model's estimated communication), then
project back, only ever appending axes. Where two factors want one axis, the cost model gives it
to one factor on every tensor; Shardy's preferences, as Shardy, let each tensor take the factors
in order, so a tensor that lacks the first factor gives the axis to the next. Around that:
- user priorities: dims annotated `pN` join as sources in round N (p0 / unmarked first);
- op priorities: each round runs pass-through ops to a fixed point, then all ops but forward
  through broadcast, then all ops; with Shardy's preferences, pass-through ops none of whose
  operands has another use run first (Shardy's pass-through stage reaches an op reading a shared
  value, as `x - sum(x)` reads `x`, only after those), and the middle stage propagates
  pass-through factors only (a dot's contracting factor waits for the last stage);
- visiting order: with Shardy's preferences, Shardy's (ops in program order, an op whose tensor
  changed next, `run_to_fixed_point`); the cost model sweeps in alternating directions;
- conflict resolution (`Options.conflicts`): "shardy" follows Shardy's preferences, "cost" the
  per-op cost model; "auto" (the default) propagates with Shardy's preferences and, if that met
  a conflict or a tensor refused an axis another of its dims held (the visiting order decided
  something), again with the cost model and with Shardy's preferences but reduction factors
  in the middle stage, and keeps whichever whole result XLA is estimated to move fewer bytes
  for (graph_cost.py; Shardy's is kept unless another is cheaper by more than the estimate's
  error, `graph_cost.MARGIN`).
"""

from __future__ import annotations

import dataclasses

from meshjit.passes import cost as cost_model
from meshjit.passes import rules as rules_lib
from meshjit.passes.cost import cheaper, graph_bytes
from meshjit.passes.graph import (
    STAGE_ALL,
    STAGE_NO_FORWARD_BROADCAST,
    STAGE_PASS_THROUGH,
    STAGE_SINGLE_USE,
    Edge,
    Graph,
    Slot,
    axes_product,
    common_prefix,
    compatible,
    extension,
    free_prefix,
    overlaps,
    project,
)

PASS = rules_lib.PASS_THROUGH
STRATEGIES = ("basic", "aggressive")
CONFLICTS = ("auto", "shardy", "cost")


@dataclasses.dataclass(frozen=True)
class Options:
    strategy: str = "aggressive"
    shardy_compatible: bool = False  # Shardy's preferences only (same as conflicts="shardy")
    max_iterations: int = 64
    op_priority: bool = True
    cost_model: bool = False  # the per-op cost model only (same as conflicts="cost")
    track_origins: bool = False  # record where each dim's axes came from (explain mode)
    conflicts: str = "auto"
    # The middle op-priority stage propagates reduction factors too (Shardy's waits for the
    # last stage); "auto" tries it as a third candidate.
    early_reductions: bool = False

    @property
    def resolution(self) -> str:
        if self.shardy_compatible:
            return "shardy"
        if self.cost_model:
            return "cost"
        return self.conflicts


# --------------------------------------------------------------------------- one edge


class _Plan:
    """Per-edge tables that never change during propagation (built on the edge's first run)."""

    __slots__ = (
        "views",
        "mappings",
        "n_operands",
        "propagating",
        "pass_through",
        "reduction",
        "dims",
        "simple",
    )

    def __init__(self, edge: Edge):
        rule = edge.rule
        self.views = edge.operands + edge.results
        self.mappings = rule.tensors()
        self.n_operands = len(edge.operands)
        self.propagating = [
            f
            for f, x in enumerate(rule.factors)
            if not x.blocked and x.kind != rules_lib.NEED_REPLICATION
        ]
        self.pass_through = [f for f in self.propagating if rule.factors[f].kind == PASS]
        self.reduction = [x.kind == rules_lib.REDUCTION for x in rule.factors]
        # Per tensor: (dim, factors) for the dims that have factors.
        self.dims = [[(d, fs) for d, fs in enumerate(m) if fs] for m in self.mappings]
        # Per tensor: whether every dim holds at most one factor (projection is a lookup).
        self.simple = [all(len(fs) <= 1 for fs in m) for m in self.mappings]


def _plan(edge: Edge) -> _Plan:
    plan = edge.plan
    if plan is None:
        plan = edge.plan = _Plan(edge)
    return plan


_NO_AXES: tuple = ()


class _EdgeStep:
    """One application of an edge's rule.

    Claims are `(axes, tensor index)` tuples; projections are lists indexed by factor."""

    def __init__(self, edge: Edge, stage: int, options: Options, graph: Graph):
        self.edge, self.options, self.graph = edge, options, graph
        self.in_factor_order = False  # apply the decisions factor by factor (see _dims)
        self.meshes = graph.meshes
        self.rule = edge.rule
        plan = self.plan = _plan(edge)
        views = self.views = plan.views
        self.mappings = plan.mappings
        mesh = None
        for v in views:
            if v.slot.mesh:
                mesh = v.slot.mesh
                break
        self.mesh = mesh
        if mesh is None:
            return
        targets = [i for i, v in enumerate(views) if v.slot.mesh is None or v.slot.mesh == mesh]
        sources = [i for i in targets if not views[i].slot.sink_only]
        if stage == STAGE_NO_FORWARD_BROADCAST and edge.is_broadcast:
            n = plan.n_operands
            sources = [i for i in sources if i >= n]
            targets = [i for i in targets if i < n]
        if edge.direction != "BOTH":  # a propagation barrier: one way only
            n = plan.n_operands
            forward = edge.direction == "FORWARD"
            sources = [i for i in sources if (i < n) == forward]
            targets = [i for i in targets if (i < n) != forward]
        self.sources, self.targets = sources, targets
        n_factors = len(self.rule.factors)
        factors = self.rule.factors
        proj = [None] * len(views)
        for t in set(targets) | set(sources):
            view = views[t]
            if plan.simple[t]:
                p = [_NO_AXES] * n_factors
                if view.skip:
                    for d, fs in plan.dims[t]:
                        p[fs[0]] = view.axes(d)
                else:
                    dims = view.slot.dims
                    for d, fs in plan.dims[t]:
                        p[fs[0]] = dims[d]
                proj[t] = p
            else:
                p = project(view, self.mappings[t], factors)
                if p is not None:
                    proj[t] = [p.get(f, _NO_AXES) for f in range(n_factors)]
        self.proj = proj
        self.propagating = plan.propagating
        if stage == STAGE_NO_FORWARD_BROADCAST and _waits(options):
            self.propagating = plan.pass_through

    def run(self) -> list[Slot]:
        """The slots this application changed."""
        if self.mesh is None:
            return []
        claims = self.claims()
        if not claims:
            return []
        if self.options.strategy == "basic":
            decisions = self._decide_basic(claims)
        else:
            decisions = self._decide_aggressive(claims)
        if not decisions:
            return []
        return [self.views[t].slot for t in self.targets if self.apply(t, decisions)]

    # -- deciding

    def claims(self) -> dict:
        """factor -> [(axes, tensor index), ...] over the sources that shard it, by factor."""
        out: dict = {}
        proj = self.proj
        propagating = self.propagating
        for i in self.sources:
            p = proj[i]
            if p is None:
                continue
            for f in propagating:
                axes = p[f]
                if axes:
                    entry = (tuple(axes), i)
                    if f in out:
                        out[f].append(entry)
                    else:
                        out[f] = [entry]
        if len(out) > 1:
            out = {f: out[f] for f in sorted(out)}
        return out

    def _tensor_claims(self, cs) -> list:
        """Claims with the byte sizes the cost model weighs."""
        views = self.views
        return [
            cost_model.TensorClaim(axes, views[i].slot.local_bytes(), views[i].slot.total_bytes, i)
            for axes, i in cs
        ]

    def _maximal(self, claims):
        """Claims not a prefix of another claim, one per distinct axis list."""
        if len(claims) == 1:
            return claims
        out, seen = [], set()
        for c in sorted(claims, key=lambda c: -axes_product(c[0])):
            if c[0] in seen or any(compatible(c[0], o[0]) for o in out):
                continue
            seen.add(c[0])
            out.append(c)
        return out

    def _decide_basic(self, claims) -> dict:
        decisions = {}
        for f, cs in claims.items():
            maximal = self._maximal(cs)
            if len(maximal) == 1:
                decisions[f] = (list(maximal[0][0]), maximal[0][1])
            else:
                decisions[f] = (common_prefix([c[0] for c in cs]), cs[0][1])
        # An axis two factors want goes to neither.
        wanted = dict(decisions)
        for f, (axes, src) in wanted.items():
            others = [a for g, (ax, _) in wanted.items() if g != f for a in ax]
            cut = next((k for k, a in enumerate(axes) if any(overlaps(a, o) for o in others)), None)
            if cut is not None:
                decisions[f] = (axes[:cut], src)
        return {f: d for f, d in decisions.items() if d[0]}

    def _shardy_preferences(self) -> bool:
        # Per op, the cost model cannot see what a choice costs downstream, so it alone moved
        # more bytes than Shardy's preferences on random programs about as often as fewer;
        # "auto" runs both and compares whole results (propagate_graph).
        return self.options.resolution != "cost"

    def _factor_order(self, claims, shardy: bool):
        if len(claims) == 1:
            return list(claims)
        if shardy:
            views, reduction = self.views, self.plan.reduction
            elementwise = self.edge.elementwise

            def key(f):
                # The factor whose source (its largest claiming tensor, the first one on ties)
                # is larger first; on elementwise ops then the more sharded factor; then the
                # factor whose source comes first among operands and results. Reduction
                # factors last (Shardy keeps the batch-like factor on conflicts).
                cs = claims[f]
                largest, source = max((views[i].slot.total_bytes, -i) for _, i in cs)
                most_sharded = max(axes_product(a) for a, _ in cs) if elementwise else 0
                return (reduction[f], -largest, -most_sharded, -source, f)
        else:

            def key(f):
                return (-cost_model.loss_penalty(self._tensor_claims(claims[f])), f)

        return sorted(claims, key=key)

    def _reduction_results(self, f):
        if not self.plan.reduction[f]:
            return ()
        return [v.slot.local_bytes() for v in self.edge.results]

    def _decide_aggressive(self, claims) -> dict:
        shardy = self._shardy_preferences()
        decisions, conflicted = self._resolve(claims, shardy)
        if conflicted and shardy:
            if self.options.resolution == "auto":
                # Counted only where the cost model would decide otherwise (propagate_graph
                # then also propagates with it and compares the whole results).
                if self._resolve(claims, False)[0] != decisions:
                    self.graph.conflicts += 1
            # Shardy resolves a conflict between factors per tensor: each tensor takes the
            # factors in order, and a factor keeps the axes the tensor's earlier ones left free.
            decisions = self._resolve(claims, True, per_tensor=True)[0]
            self.in_factor_order = True
        return decisions

    def _resolve(self, claims, shardy: bool, per_tensor=False) -> tuple[dict, bool]:
        """(factor -> (axes, source tensor), whether claims conflicted). With `per_tensor`,
        a factor keeps axes an earlier factor took (`apply` then resolves per tensor)."""
        decisions, taken, conflicted = {}, [], False
        for f in self._factor_order(claims, shardy):
            cs = claims[f]
            maximal = self._maximal(cs)
            if len(maximal) == 1:
                axes, index = maximal[0]
            elif shardy:
                conflicted = True
                # Shardy resolves conflicts between factors, not within one: common prefix.
                axes, index = common_prefix([c[0] for c in cs]), maximal[0][1]
            else:
                tensor_claims = self._tensor_claims(cs)
                candidates = [(c[0], tc) for c, tc in zip(maximal, self._tensor_claims(maximal))]
                axes, index = maximal[
                    cost_model.choose(
                        candidates,
                        tensor_claims,
                        compatible,
                        reduction_results=self._reduction_results(f),
                    )
                ]
            axes = list(axes)
            if taken and not per_tensor:
                kept = self._free_of(axes, taken)
                if kept != axes:
                    axes = kept
                    conflicted = True
            if axes:
                decisions[f] = (axes, index)
                taken.extend(axes)
        return decisions, conflicted

    def _free_of(self, axes, taken) -> list:
        """The prefix of `axes` (its last axis possibly cut to a major piece) clear of `taken`."""
        mesh = self.meshes[self.mesh]
        kept = []
        for a in axes:
            piece = free_prefix(a, taken, mesh.size_of(a[0]))
            if piece is not None:
                kept.append(piece)
            if piece != a:
                break
        return kept

    # -- applying

    def apply(self, t: int, decisions) -> bool:
        proj = self.proj[t]
        if proj is None:
            return False
        view = self.views[t]
        slot = view.slot
        used = slot.used()
        closed = slot.closed
        changed = False
        for d, fs in self._dims(t, decisions):
            if closed[d]:
                continue
            if len(fs) == 1:
                wanted = decisions.get(fs[0])
                if wanted is None:
                    continue
                part = proj[fs[0]]
                ext = extension(part, wanted[0])
                if not ext:
                    continue
                new = list(part)
                for axis in ext:
                    piece = self._addable(slot, axis, used)
                    if piece != axis:
                        self.graph.blocked += 1  # another dim holds (part of) it
                    if piece is None:
                        break
                    new.append(piece)
                    used.append(piece)
                    if piece != axis:
                        break
                if len(new) == len(part):
                    continue
            else:
                new = self._grow_dim(slot, proj, fs, decisions, used)
                if new is None:
                    continue
            if new != view.axes(d):
                view.set_axes(d, new)
                slot.mesh = slot.mesh or self.mesh
                if self.options.track_origins:
                    self._record_origin(slot, d, fs, decisions)
                changed = True
        return changed

    def _dims(self, t: int, decisions) -> list:
        """Tensor t's (dim, factors), in the order of their factors' decisions if it matters."""
        dims = self.plan.dims[t]
        if not self.in_factor_order or len(dims) < 2:
            return dims
        order = {f: k for k, f in enumerate(decisions)}
        last = len(order)
        return sorted(dims, key=lambda dim: min(order.get(f, last) for f in dim[1]))

    def _addable(self, slot: Slot, axis, used):
        """`axis`, the major piece of it that `used` leaves free, or None."""
        if axis[0] in slot.forbidden:
            return None
        piece = free_prefix(axis, used, self.meshes[self.mesh].size_of(axis[0]))
        if piece is None or (slot.no_sub_axes and self._is_sub_axis(piece)):
            return None
        return piece

    def _grow_dim(self, slot: Slot, proj, fs, decisions, used):
        factors = self.rule.factors
        parts, full_so_far, grew = [], True, False
        for j, f in enumerate(fs):
            part = list(proj[f])
            wanted = decisions.get(f)
            later_empty = all(not proj[g] for g in fs[j + 1 :])
            if wanted and full_so_far and later_empty:
                ext = extension(part, wanted[0]) or []
                for axis in ext:
                    piece = self._addable(slot, axis, used)
                    if piece != axis:
                        self.graph.blocked += 1
                    if piece is None:
                        break
                    if j < len(fs) - 1 and factors[f].size % axes_product(part + [piece]):
                        break
                    part.append(piece)
                    used.append(piece)
                    grew = True
                    if piece != axis:
                        break
            full_so_far = full_so_far and axes_product(part) == factors[f].size
            parts.extend(part)
        return parts if grew else None

    def _is_sub_axis(self, axis) -> bool:
        name, pre, size = axis
        return pre != 1 or size != self.meshes[self.mesh].size_of(name)

    def _record_origin(self, slot: Slot, d, fs, decisions) -> None:
        for f in fs:
            if f in decisions:
                src = self.views[decisions[f][1]].slot
                src_dim = self._dim_of(decisions[f][1], f)
                origin = src.origin[src_dim] if src_dim is not None else None
                root, path = origin if origin else (src.label, ())
                slot.origin[d] = (root, path + (self.edge.label,))
                return

    def _dim_of(self, t, f):
        for d, fs in enumerate(self.mappings[t]):
            if f in fs:
                return d
        return None


# --------------------------------------------------------------------------- driver


def _edges_for(graph: Graph, stage: int, options: Options) -> list[Edge]:
    if not options.op_priority or stage == STAGE_ALL:
        return graph.edges
    if stage == STAGE_SINGLE_USE:
        return [e for e in graph.edges if e.stage == STAGE_PASS_THROUGH and not e.shared_operand]
    if stage == STAGE_PASS_THROUGH:
        return [e for e in graph.edges if e.stage == STAGE_PASS_THROUGH]
    return graph.edges


def _has_axes(edge: Edge) -> bool:
    """Whether any tensor of the edge has an axis (else nothing can propagate through it)."""
    for view in edge.operands:
        if any(view.slot.dims):
            return True
    for view in edge.results:
        if any(view.slot.dims):
            return True
    return False


def run_to_fixed_point(
    graph: Graph, stage: int, options: Options, dirty: set, users: dict | None = None
) -> int:
    """Runs the stage's edges until none changes anything; returns the edge runs (worklist)
    or sweeps made. Only edges in `dirty` run: an edge is clean once it ran without changing
    anything, and dirty again when one of its slots changes.

    With Shardy's preferences, in Shardy's order (its greedy rewrite driver): edges in program
    order, and an edge whose tensor another edge changed runs next (a stack), so a sharding
    travels as far as it can before the next op in order runs; which source reaches a tensor
    first decides where two compete. The cost model sweeps, alternating direction."""
    edges = _edges_for(graph, stage, options)
    if users is None:
        users = graph.slot_users()
    if options.resolution != "cost":
        return _run_worklist(graph, edges, stage, options, dirty, users)
    for iteration in range(options.max_iterations):
        order = edges if iteration % 2 == 0 else reversed(edges)
        changed = False
        for edge in order:
            if edge not in dirty:
                continue
            dirty.discard(edge)
            if not _has_axes(edge):
                continue
            for slot in _EdgeStep(edge, stage, options, graph).run():
                changed = True
                dirty.update(users[id(slot)])
            dirty.discard(edge)  # applying its own decisions leaves an edge at its fixed point
        if not changed:
            return iteration + 1
    return options.max_iterations


def _run_worklist(graph, edges, stage, options, dirty, users) -> int:
    in_stage = set(edges)
    stack = [e for e in reversed(edges) if e in dirty]  # the first edge on top
    queued = set(stack)
    budget = options.max_iterations * max(1, len(edges))
    runs = 0
    while stack and runs < budget:
        edge = stack.pop()
        queued.discard(edge)
        dirty.discard(edge)
        runs += 1
        if not _has_axes(edge):
            continue
        for slot in _EdgeStep(edge, stage, options, graph).run():
            for user in users[id(slot)]:
                dirty.add(user)
                if user in in_stage and user not in queued and user is not edge:
                    stack.append(user)  # an edge already queued keeps its place
                    queued.add(user)
        dirty.discard(edge)  # applying its own decisions leaves an edge at its fixed point
    return runs


def release_priority(graph: Graph, priority: int) -> None:
    """Adds the dims annotated `p<priority>` where stronger rounds left room for them."""
    for slot in graph.all_slots():
        for d, (axes, closed, prio, origin) in list(slot.held.items()):
            if prio != priority:
                continue
            del slot.held[d]
            # The annotated value keeps its own sharding; the priority only delayed it as a source.
            others = [a for k, dim in enumerate(slot.dims) if k != d for a in dim]
            if any(overlaps(a, o) for a in axes for o in others):
                continue
            if slot.dims[d] != list(axes):
                slot.origin[d] = origin if axes else None
            slot.dims[d], slot.closed[d], slot.priority[d] = list(axes), closed, prio


def priorities(graph: Graph) -> list[int]:
    return sorted({held[2] for slot in graph.all_slots() for held in slot.held.values()})


def propagate_graph(graph: Graph, options: Options = Options()) -> None:
    """Propagates to a fixed point. With conflicts="auto", candidates are compared by
    graph_cost's estimate of the bytes XLA will move: Shardy's preferences and, when a
    conflict was met or a tensor refused an axis, the per-op cost model's choices and
    Shardy's preferences with reduction factors propagated in the middle stage; Shardy's is
    kept unless another is cheaper by more than `graph_cost.MARGIN`."""
    if options.strategy == "basic" or options.resolution != "auto":
        _propagate(graph, options)
        return
    start = _snapshot(graph)
    graph.conflicts = graph.blocked = 0
    _propagate(graph, options)
    graph.chosen = "shardy"
    if not graph.conflicts and not graph.blocked:
        # No conflict the cost model would decide otherwise, and no tensor refused an axis
        # (so the visiting order decided nothing): every candidate would come out the same.
        return
    preferred, preferred_bytes = _snapshot(graph), graph_bytes(graph)
    for name, variant in (
        ("cost", dict(conflicts="cost")),
        ("shardy-early", dict(conflicts="shardy", early_reductions=True)),
    ):
        _restore(graph, start)
        _propagate(graph, dataclasses.replace(options, **variant))
        estimate = graph_bytes(graph)
        if cheaper(estimate, preferred_bytes):
            graph.chosen, preferred, preferred_bytes = name, _snapshot(graph), estimate
    _restore(graph, preferred)


def _waits(options: Options) -> bool:
    """Whether non-pass-through factors wait for the last op-priority stage (as Shardy's do)."""
    return options.resolution != "cost" and not options.early_reductions


def _restricted(edge: Edge, options: Options) -> bool:
    """Whether the edge has factors the no-forward-broadcast stage does not propagate."""
    if not _waits(options):
        return False
    plan = _plan(edge)
    return len(plan.pass_through) < len(plan.propagating)


def _snapshot(graph: Graph) -> list:
    return [
        (
            slot,
            slot.mesh,
            [list(d) for d in slot.dims],
            list(slot.closed),
            list(slot.priority),
            dict(slot.held),
            list(slot.origin),
        )
        for slot in graph.all_slots()
    ]


def _restore(graph: Graph, snapshot: list) -> None:
    for slot, mesh, dims, closed, priority, held, origin in snapshot:
        slot.mesh, slot.closed, slot.priority = mesh, list(closed), list(priority)
        slot.dims = [list(d) for d in dims]
        slot.held, slot.origin = dict(held), list(origin)


def _propagate(graph: Graph, options: Options) -> None:
    stages = (STAGE_PASS_THROUGH, STAGE_NO_FORWARD_BROADCAST, STAGE_ALL)
    if options.resolution != "cost":  # Shardy's visiting order (the cost model needs none)
        stages = (STAGE_SINGLE_USE, *stages)
    if not options.op_priority:
        stages = (STAGE_ALL,)
    users = graph.slot_users()
    for round_priority in [0, *priorities(graph)]:
        if round_priority:
            release_priority(graph, round_priority)
        dirty = set(graph.edges)
        for stage in stages:
            if stage == STAGE_ALL:  # edges that ran with fewer sources or factors before
                dirty.update(e for e in graph.edges if e.is_broadcast or _restricted(e, options))
            run_to_fixed_point(graph, stage, options, dirty, users)
