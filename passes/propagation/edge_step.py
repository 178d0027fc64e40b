"""One application of an edge's rule: project its tensors onto the rule's factors, gather the
sources' claims per factor, decide (decisions.py), and apply the decisions to the targets
(apply.py), only ever appending axes."""

from __future__ import annotations

import contextlib
import math

from meshjit.passes.graph.axes import common_prefix, compatible, extension, merge_axes
from meshjit.passes.graph.graph import (
    STAGE_NO_FORWARD_BROADCAST,
    STAGE_PASS_THROUGH_FACTORS,
    Edge,
    Graph,
    Slot,
)
from meshjit.passes.graph.projection import project
from meshjit.passes.propagation.apply import (
    apply_decisions,
    cut_to_results,
    fit_to_tensors,
    sync_owned,
)
from meshjit.passes.propagation.decisions import decide_aggressive, decide_basic
from meshjit.passes.propagation.options import Options
from meshjit.passes.rules import NEED_REPLICATION, PASS_THROUGH, REDUCTION

# A rule's tables that its edges' plans hold too (RuleTables, EdgePlan).
_SHARED = (
    "mappings",
    "propagating",
    "propagating_all",
    "pass_through",
    "reduction",
    "dims",
    "simple",
)


class RuleTables:
    """A rule's tables for propagation, shared by the edges of one rule (ops that differ only
    in location share their rule)."""

    __slots__ = ("rule", *_SHARED, "unshared", "linked", "sizes")

    def __init__(self, rule):
        self.rule = rule  # (held: its id keys the cache)
        factors = rule.factors
        self.mappings = rule.tensors()
        self.propagating = [
            f for f, x in enumerate(factors) if not x.blocked and x.kind != NEED_REPLICATION
        ]
        self.propagating_all = [f for f, x in enumerate(factors) if not x.blocked]
        self.pass_through = [f for f in self.propagating if factors[f].kind == PASS_THROUGH]
        self.reduction = [x.kind == REDUCTION for x in factors]
        # Per tensor: (dim, factors) for the dims that have factors.
        self.dims = [[(d, fs) for d, fs in enumerate(m) if fs] for m in self.mappings]
        # Per tensor: whether every dim holds at most one factor (projection is a lookup).
        self.simple = [all(len(fs) <= 1 for fs in m) for m in self.mappings]
        self.unshared = _unshared(self.mappings)
        # Per tensor: the product of its factors' sizes (Shardy's measure of a tensor when it
        # orders factors by their sources: a concatenate's operands weigh as its result).
        self.sizes = [math.prod(factors[f].size for fs in m for f in fs) for m in self.mappings]
        self.linked = None  # factor -> the tensors linked to it (apply.py, on first use)


_TABLES: dict[int, RuleTables] = {}  # id(rule) -> its tables (each holds its rule)


def rule_tables(rule) -> RuleTables:
    tables = _TABLES.get(id(rule))
    if tables is None:
        if len(_TABLES) > _TABLES_KEPT:
            _TABLES.clear()
        tables = _TABLES[id(rule)] = RuleTables(rule)
    return tables


_TABLES_KEPT = 4096


class EdgePlan:
    """Per-edge tables that never change during propagation (built on the edge's first run):
    its rule's tables, its views and which operands read one value."""

    # (the rule's shared tables are held here too, read in the hot paths)
    __slots__ = ("tables", "views", "n_operands", "repeated", "inert", *_SHARED)

    def __init__(self, edge: Edge):
        self.tables = tables = rule_tables(edge.rule)
        self.mappings, self.dims, self.simple = tables.mappings, tables.dims, tables.simple
        self.propagating, self.propagating_all = tables.propagating, tables.propagating_all
        self.pass_through, self.reduction = tables.pass_through, tables.reduction
        self.views = edge.operands + edge.results
        self.n_operands = len(edge.operands)
        # Operand index -> the earlier operand index reading the same value (`dot(x, x)`).
        first: dict = {}
        self.repeated = {
            t: first[id(v.slot)]
            for t, v in enumerate(edge.operands)
            if first.setdefault(id(v.slot), t) != t
        }
        # No factor is shared by two tensors: nothing can ever pass through the op (a
        # broadcast of a scalar); ties and returns keep running (they sync and push as a whole).
        self.inert = (
            edge.owned_from is None
            and edge.overwrite is None
            and not edge.syncs
            and edge.op_name != "func.return"
            and tables.unshared
        )


def _unshared(mappings) -> bool:
    """Whether no factor appears in two of the tensors."""
    seen: set = set()
    for mapping in mappings:
        factors = {f for fs in mapping for f in fs}
        if seen & factors:
            return False
        seen |= factors
    return True


def plan_of(edge: Edge) -> EdgePlan:
    plan = edge.plan
    if plan is None:
        plan = edge.plan = EdgePlan(edge)
    return plan


_NO_AXES: tuple = ()
# The stages that run a broadcast backward only (its operand takes, its result gives nothing).
_NO_FORWARD_BROADCAST = (STAGE_PASS_THROUGH_FACTORS, STAGE_NO_FORWARD_BROADCAST)


def _source(slot: Slot, options: Options) -> bool:
    """Whether the slot gives its sharding: constants and iotas only take their users' in
    meshjit's own mode, but are values like any other in Shardy's."""
    if not slot.sink_only:
        return True
    return options.need_replication_propagates and not slot.maximal


def _take_group_mesh(views) -> None:
    """Shardy's group sync gives a member the sharding another member took: a member on one
    device (a maximal mesh) is on the group's mesh from then on, and propagates."""
    source = next((v.slot for v in views if v.slot.mesh and not v.slot.maximal), None)
    if source is None:
        return
    for v in views:
        slot = v.slot
        if slot.maximal and slot.rank == source.rank:
            slot.maximal = slot.sink_only = False
            slot.mesh, slot.closed = source.mesh, list(source.closed)


def _edge_mesh(views, options: Options, graph: Graph) -> str | None:
    """The mesh the step propagates on, or None (nothing propagates). Shardy propagates
    nothing through an op whose values are on different meshes (or on one device, a maximal
    mesh). meshjit's own mode places such an op on the first mesh its values are on (a value on
    another mesh then neither gives nor takes: XLA reshards it), as Shardy's import does an op
    whose results are wanted on two meshes (the first placed puts the others on its mesh),
    rather than leave it unsharded."""
    shardy = options.conflicts == "shardy"
    mesh = None
    for v in views:
        if v.slot.maximal and shardy:
            return None
        other = v.slot.mesh
        if not other:
            continue
        if mesh is None:
            mesh = other
        elif shardy and not graph.same_mesh(other, mesh):
            return None
    return mesh


class EdgeStep:
    """One application of an edge's rule.

    Claims are `(axes, tensor index)` tuples; projections are lists indexed by factor."""

    def __init__(self, edge: Edge, stage: int, options: Options, graph: Graph):
        self.edge, self.options, self.graph = edge, options, graph
        self.in_factor_order = False  # apply the decisions factor by factor (see apply.py)
        self.synced: list[Slot] = []  # a data-flow tie's owned slots brought to one sharding
        self.refused = False  # a target could not take all the axes decided for it
        self.pending = None  # axes a tensor's factors hold that no dim shows (apply.py)
        self.meshes = graph.meshes
        self.rule = edge.rule
        plan = self.plan = plan_of(edge)
        views = self.views = plan.views
        self.mappings = plan.mappings
        if edge.op_name == "sdy.sharding_group":  # (meshjit's own mode too)
            _take_group_mesh(views)
        self.mesh = mesh = _edge_mesh(views, options, graph)
        if mesh is None:
            return
        targets = [
            i
            for i, v in enumerate(views)
            if v.slot.mesh is None or graph.same_mesh(v.slot.mesh, mesh)
        ]
        sources = [
            i for i in targets if not views[i].slot.sink_only or _source(views[i].slot, options)
        ]
        if edge.syncs and options.conflicts == "shardy" and graph.region_only_members:
            # (a loop argument's sharding is its loop's, which Shardy's group sync never reads)
            sources = [i for i in sources if id(views[i].slot) not in graph.region_only_members]
        backward_broadcast = edge.is_broadcast and stage in _NO_FORWARD_BROADCAST
        if backward_broadcast:
            n = plan.n_operands
            sources = [i for i in sources if i >= n]
            targets = [i for i in targets if i < n]
        self.forward_first = edge.forward_first and stage < STAGE_PASS_THROUGH_FACTORS
        if self.forward_first:
            sources = [i for i in sources if i < plan.n_operands]
        if edge.direction != "BOTH":  # a propagation barrier: one way only
            n = plan.n_operands
            forward = edge.direction == "FORWARD"
            sources = [i for i in sources if (i < n) == forward]
            targets = [i for i in targets if (i < n) != forward]
        self.sources, self.targets = sources, targets
        if edge.owned_from is not None and options.shardy_preferences:
            self.synced = sync_owned(self, edge.owned_from)
        # Sources are among the targets unless a stage or a barrier split them.
        split = edge.direction != "BOTH" or backward_broadcast
        projected = set(targets).union(sources) if split else targets
        self.proj = _project_views(plan, views, projected, self.rule.factors)
        self.propagating = (
            plan.propagating_all if options.need_replication_propagates else plan.propagating
        )
        if stage == STAGE_PASS_THROUGH_FACTORS and options.reductions_wait:
            self.propagating = plan.pass_through

    def _before_repeats(self, targets, repeated) -> dict | None:
        """Operand index -> its value's dims before this step, for the values read again."""
        firsts = {repeated[t] for t in targets if t in repeated}
        if not firsts:
            return None
        return {t: [list(d) for d in self.views[t].slot.dims] for t in firsts}

    def run(self) -> list[Slot]:
        """The slots this application changed."""
        if self.mesh is None:
            return []
        if self.graph.conservative and self.edge.op_name in _AS_THEY_ARE:
            return self._with_sub_axes()
        synced = self.synced
        claims = self.claims()
        if claims and self.forward_first:
            claims = self._bounded_by_results(claims)
        if not claims:
            return synced
        if self.options.strategy == "basic":
            across = self._op_rule()
            decisions = decide_basic(
                claims,
                self.mappings,
                self.meshes[self.mesh].size_of,
                across=across,
                held=self._held_by_others() if across else {},
            )
            projected = [t for t, p in enumerate(self.proj) if p is not None]
            decisions = fit_to_tensors(self, decisions, projected)
        else:
            decisions = decide_aggressive(self, claims)
        if self.graph.conservative:  # decisions end before their first sub-axis
            decisions = self._whole_axes(decisions)
        if not decisions:
            return synced
        changed = list(synced)
        targets = self.targets
        sub_axes = False
        if (
            self.options.strategy != "basic"
            and self.options.shardy_preferences
            and self.edge.elementwise
        ):
            # An elementwise op's results take the decisions first, factor by factor; what one
            # of them refuses, no tensor takes (as Shardy's aggressive strategy decides). Other
            # ops' tensors each take what they can (a result that holds an axis in another
            # factor, or a closed result dim, cuts nothing for the operands).
            n = self.plan.n_operands
            results = [t for t in targets if t >= n]
            if results:
                self.refused = False  # (factors whose axes overlap go in order: decisions.py)
                for t in results:
                    if apply_decisions(self, t, decisions):
                        changed.append(self.views[t].slot)
                if self.refused:
                    decisions = cut_to_results(self, decisions, results)
                    # conservatively too, the operands take the sub-axis a result cut a
                    # decision to (Shardy cuts the source's axes at their first sub-axis, then
                    # to what every tensor of the factor agrees on)
                    sub_axes = self.graph.conservative
                targets = [t for t in targets if t < n]
        if sub_axes:
            with _sub_axes_allowed([self.views[t].slot for t in targets]):
                return self._apply_to(targets, decisions, changed)
        return self._apply_to(targets, decisions, changed)

    def _apply_to(self, targets, decisions, changed) -> list[Slot]:
        """`changed` and the target slots `decisions` changed."""
        repeated = self.plan.repeated if self.options.conflicts == "shardy" else None
        saved = self._before_repeats(targets, repeated) if repeated else None
        for t in targets:
            if saved is not None and t in repeated:
                # Shardy writes each operand's update in turn: for a value read twice, a later
                # operand's update (if it changes the value as it stood) replaces the first's.
                slot = self.views[t].slot
                written, slot.dims = slot.dims, [list(d) for d in saved[repeated[t]]]
                if not apply_decisions(self, t, decisions):
                    slot.dims = written
                elif slot not in changed:
                    changed.append(slot)
                continue
            if apply_decisions(self, t, decisions):
                slot = self.views[t].slot
                if slot not in changed:
                    changed.append(slot)
        return changed

    def _bounded_by_results(self, claims: dict) -> dict:
        """Forward only, the results' axes still bound a factor's claims (Shardy takes the
        axes all tensors agree on): where a result's axes conflict with a claim, the factor
        keeps only the prefix every claim and result agrees on (a claim the result cuts to
        nothing still cuts the others)."""
        out = {}
        results = [p for p in self.proj[self.plan.n_operands :] if p is not None]
        for f, cs in claims.items():
            bounds = [p[f] for p in results if p[f]]
            if all(compatible(axes, b) for axes, _ in cs for b in bounds):
                out[f] = cs
                continue
            axes = tuple(common_prefix([axes for axes, _ in cs] + bounds))
            if axes:
                out[f] = [(axes, cs[0][1])]
        return out

    def reproject(self, t: int) -> None:
        """Projects tensor t again (after apply.py changed it)."""
        self.proj[t] = _project_views(self.plan, self.views, [t], self.rule.factors)[t]

    def _whole_axes(self, decisions: dict) -> dict:
        mesh = self.meshes[self.mesh]
        out = {f: (_whole_prefix(axes, mesh), src) for f, (axes, src) in decisions.items()}
        return {f: d for f, d in out.items() if d[0]}

    def _with_sub_axes(self) -> list[Slot]:
        """A func result's sharding reaches the returned value as it is (Shardy pushes it there
        before propagating), sub-axes too, also conservatively; so do a propagation barrier's
        in its allowed direction."""
        self.graph.conservative = False
        try:
            with _sub_axes_allowed([v.slot for v in self.views]):
                return self.run()
        finally:
            self.graph.conservative = True

    def _held_by_others(self) -> dict:
        """factor -> the axes the op's tensors hold for it that it does not propagate (yet
        Shardy's basic strategy gives them to no other factor): a blocked factor's, and a
        factor's overflow axes (its dim's axes past those its factors could take)."""
        factors = self.rule.factors
        held: dict = {}
        for f, x in enumerate(factors):
            if x.blocked:
                held[f] = [a for p in self.proj if p is not None for a in (p[f] or ())]
        for t, p in enumerate(self.proj):
            if p is None or self.plan.simple[t]:
                continue
            for d, fs in self.plan.dims[t]:
                taken = [f for f in fs if p[f] is not None]
                if len(taken) == len(fs):
                    continue
                done = merge_axes([a for f in taken for a in p[f]])
                rest = extension(done, merge_axes(self.views[t].axes(d))) or []
                held.setdefault(taken[-1], []).extend(rest)
        return held

    def _op_rule(self) -> bool:
        """Whether the edge is an op with its own rule (not a tie, nor an optimization barrier:
        Shardy gives each of its values a data-flow edge of its own)."""
        edge = self.edge
        return edge.op is not None and edge.op_name != "stablehlo.optimization_barrier"

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


# Edges whose shardings cross with their sub-axes under conservative propagation too.
_AS_THEY_ARE = ("func.return", "sdy.propagation_barrier")


@contextlib.contextmanager
def _sub_axes_allowed(slots: list[Slot]):
    """The slots may take sub-axes meanwhile."""
    saved = [s.no_sub_axes for s in slots]
    try:
        for s in slots:
            s.no_sub_axes = False
        yield
    finally:
        for s, flag in zip(slots, saved):
            s.no_sub_axes = flag


def _whole_prefix(axes, mesh) -> list:
    """The axes before the first sub-axis."""
    for k, (name, pre, size) in enumerate(axes):
        if pre != 1 or size != mesh.size_of(name):
            return axes[:k]
    return axes


def _project_views(plan: EdgePlan, views, indices, factors) -> list:
    """Per tensor in `indices`: its axes per factor (a list indexed by factor; None for the
    factors of a dim whose axes do not fit them); None for the other tensors."""
    n_factors = len(factors)
    proj = [None] * len(views)
    for t in indices:
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
            p = project(view, plan.mappings[t], factors, partial=True)
            proj[t] = [p.get(f, _NO_AXES) for f in range(n_factors)]
    return proj
