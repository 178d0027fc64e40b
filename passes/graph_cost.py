"""Estimated collective bytes of a propagated graph: what XLA's SPMD partitioner will move.

Used to compare whole resolutions of the conflicts (Shardy's preferences against the cost
model's, propagation.py), so the per-device bytes counted here follow bench/harness.py's count
from the partitioned HLO:
- all-gather of n shards: each device receives (n - 1) local shards;
- all-to-all over n devices (an axis moves to another dimension): (n - 1) / n of the shard;
- all-reduce over n devices: 2 (n - 1) / n of the (partial) result.

Per op, the partitioner computes in one sharding of the op's factors and reshards operands into
it (and results out of it): by default the results' sharding, for the factors the results hold;
factors only operands hold (contractions) take the operand sharding that moves least; factors
that need replication take none. For dot_general and convolution the partitioner also considers
computing in an operand's sharding and resharding the result, so the cheaper of those counts.
Ties between values (func returns, loop-carried values, call boundaries) reshard one into the
other. Resharding a tensor: axes that leave it are all-gathered, axes that move to another
dimension are one all-to-all, axes that only join are a local slice; an axis that changes place
within a dimension cannot be sliced back in, so it is gathered (a full rematerialization).
"""

from __future__ import annotations

import itertools

from meshjit.passes import rules as rules_lib
from meshjit.passes.propagation_graph import Edge, Graph, View, axes_product

_SEARCHED_OPS = frozenset({"stablehlo.dot_general", "stablehlo.convolution"})
_MAX_COMBINATIONS = 16


def graph_bytes(graph: Graph) -> tuple[float, float]:
    """(low, high) estimates of the bytes each device moves for the graph's shardings: where
    the partitioner may compute an op more than one way, the cheapest and the dearest way."""
    return _sum_bounds(graph.edges)


def cheaper(new: tuple, old: tuple) -> bool:
    """Whether `new` moves fewer bytes than `old` however the partitioner computes each op."""
    return new[1] < old[0]


def local_bytes(view: View, dims) -> float:
    slot = view.slot
    total = float(slot.elem_bytes)
    for size, axes in zip(slot.shape, dims):
        total *= max(1.0, size / axes_product(axes))
    return total


def _full_dims(view: View) -> list:
    return [list(view.slot.dims[d]) for d in range(view.slot.rank)]


def reshard_bytes(view: View, src: list, dst: list) -> float:
    """Bytes one device moves to take a tensor from dims `src` to dims `dst`."""
    if src == dst:
        return 0.0
    removed, added = {}, {}
    for d, (s, t) in enumerate(zip(src, dst)):
        k = 0
        while k < min(len(s), len(t)) and s[k] == t[k]:
            k += 1
        for a in s[k:]:
            removed[a] = d
        for a in t[k:]:
            added[a] = d
    if not removed:
        return 0.0
    moved = [a for a, d in removed.items() if a in added and added[a] != d]
    gathered = [a for a in removed if a not in moved]
    local = local_bytes(view, src)
    cost = 0.0
    if moved:
        n = axes_product(moved)
        cost += local * (n - 1) / n
    if gathered:
        cost += local * (axes_product(gathered) - 1)
    return cost


# --------------------------------------------------------------------------- one op


def edge_bytes(edge: Edge) -> tuple[float, float]:
    """(low, high) bytes for one op or tie."""
    if not any(v.slot.mesh for v in edge.views()):
        return (0.0, 0.0)
    if not edge.results:
        cost = _tie_bytes(edge)
        return (cost, cost)
    return _OpCost(edge).bounds()


def _tie_bytes(edge: Edge) -> float:
    """A value and the values tied to it (a return and its func result, loop-carried values)."""
    first = edge.operands[0]
    src = [first.axes(d) for d in range(first.slot.rank)]
    cost = 0.0
    for view in edge.operands[1:]:
        dst = [view.axes(d) for d in range(view.slot.rank)]
        if dst != src:
            cost += reshard_bytes(first, src, dst)
    return cost


class _OpCost:
    """The cheapest way the partitioner computes one op, given its tensors' final shardings."""

    def __init__(self, edge: Edge):
        from meshjit.passes.propagation import project  # propagation imports this module

        self.edge, self.rule = edge, edge.rule
        self.views = edge.operands + edge.results
        self.n_operands = len(edge.operands)
        self.mappings = self.rule.tensors()
        self.proj = [project(v, m, self.rule.factors) for v, m in zip(self.views, self.mappings)]
        # The dot / convolution partitioner gathers operands or reshards the result; it does
        # not move an operand's axis to another dimension first.
        self.searched = edge.op_name in _SEARCHED_OPS

    def bounds(self) -> tuple[float, float]:
        if any(p is None for p in self.proj):
            return (0.0, 0.0)  # a sharding the rule cannot express (left as is by propagation)
        plans = [self._result_plan()]
        if self.searched:
            plans += [self._operand_plan(t) for t in range(self.n_operands)]
        costs = [self._plan_cost(plan) for plan in plans if plan is not None]
        allowed = [c for c, moves in costs if not moves] or [c for c, _ in costs]
        return (min(allowed), max(allowed))

    # -- plans: one axis list per factor (the op's sharding)

    def _result_plan(self) -> dict:
        plan = self._gathered_factors()
        for r in range(self.n_operands, len(self.views)):
            for f, axes in self.proj[r].items():
                plan.setdefault(f, list(axes))
        return self._fill_operand_factors(plan)

    def _gathered_factors(self) -> dict:
        """Factors the partitioner computes unsharded: permutation factors (a windowed or
        shifted dim: the operand is gathered, the result sliced afterwards) and the reduced
        dims of a variadic reduce (argmax: its operands are gathered, not its results
        all-reduced)."""
        factors = self.rule.factors
        variadic = self.edge.op_name == "stablehlo.reduce" and len(self.edge.results) > 1
        return {
            f: []
            for f, factor in enumerate(factors)
            if factor.kind == rules_lib.PERMUTATION
            or (variadic and factor.kind == rules_lib.REDUCTION)
        }

    def _operand_plan(self, t: int) -> dict | None:
        own = {f: list(axes) for f, axes in self.proj[t].items() if axes}
        if not own:
            return None
        plan = {**own, **self._gathered_factors()}
        used = [a for axes in own.values() for a in axes]
        for r in range(self.n_operands, len(self.views)):
            for f, axes in self.proj[r].items():
                if f not in plan:
                    plan[f] = [a for a in axes if a not in used]
        return self._fill_operand_factors(plan)

    def _fill_operand_factors(self, plan: dict) -> dict:
        """Factors no result holds: none for need-replication ones, else the cheapest choice
        among the operands' own shardings of them (unsharded included)."""
        factors = self.rule.factors
        open_factors = []
        for f, factor in enumerate(factors):
            if f in plan:
                continue
            if factor.kind == rules_lib.NEED_REPLICATION:
                plan[f] = []
            else:
                open_factors.append(f)
        if not open_factors:
            return plan
        choices = []
        for f in open_factors:
            seen = {()}
            for t in range(self.n_operands):
                seen.add(tuple(self.proj[t].get(f, ())))
            choices.append(sorted(seen))
        combos = list(itertools.islice(itertools.product(*choices), _MAX_COMBINATIONS))
        best, best_cost = None, None
        for combo in combos:
            trial = dict(plan)
            trial.update({f: list(axes) for f, axes in zip(open_factors, combo)})
            moves_bytes = self._plan_cost(trial)[::-1]  # plans that move no axis first
            if best_cost is None or moves_bytes < best_cost:
                best, best_cost = trial, moves_bytes
        return best

    def _plan_cost(self, plan: dict) -> tuple[float, bool]:
        """(bytes, whether an operand had to move an axis between dims), or with `searched`
        ops' disallowed plans priced after the allowed ones."""
        cost, moves = self._price(plan)
        return (cost, moves and self.searched)

    # -- pricing a plan

    def _dims(self, t: int, plan: dict, reduced=()) -> list:
        """Tensor t's dims under the plan; `reduced` axes stay off its non-reduction factors
        (the partitioner scatters them into the result after the reduction)."""
        factors = self.rule.factors
        return [
            [
                a
                for f in fs
                for a in plan.get(f, ())
                if factors[f].kind == rules_lib.REDUCTION or a not in reduced
            ]
            for fs in self.mappings[t]
        ]

    def _price(self, plan: dict) -> tuple[float, bool]:
        factors = self.rule.factors
        reduced = [
            a for f, axes in plan.items() if factors[f].kind == rules_lib.REDUCTION for a in axes
        ]
        cost, moves = 0.0, False
        for t in range(self.n_operands):
            view = self.views[t]
            src, dst = _full_dims(view), self._dims(t, plan, reduced)
            cost += reshard_bytes(view, src, dst)
            moves = moves or _moves_axis(src, dst)
        for r in range(self.n_operands, len(self.views)):
            view = self.views[r]
            final = _full_dims(view)
            computed = self._dims(r, plan, reduced)
            scattered = [a for dim in final for a in dim if a in reduced]
            if reduced:
                cost += _reduction_bytes(view, final, reduced, scattered)
                final_unscattered = [[a for a in dim if a not in scattered] for dim in final]
                cost += reshard_bytes(view, computed, final_unscattered)
            else:
                cost += reshard_bytes(view, computed, final)
        return cost, moves


def _moves_axis(src, dst) -> bool:
    where = {a: d for d, dim in enumerate(src) for a in dim}
    return any(a in where and where[a] != d for d, dim in enumerate(dst) for a in dim)


def _reduction_bytes(view: View, final, reduced, scattered) -> float:
    """Summing partial results: an all-reduce of the partial result over the reduced axes (the
    CPU partitioner slices afterwards rather than reduce-scattering, even where the result
    keeps some of those axes)."""
    partial = local_bytes(view, final) * axes_product(scattered)
    n = axes_product(reduced)
    return 2.0 * partial * (n - 1) / n


def _sum_bounds(edges) -> tuple[float, float]:
    low = high = 0.0
    for edge in edges:
        a, b = edge_bytes(edge)
        low, high = low + a, high + b
    return low, high
