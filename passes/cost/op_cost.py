"""What computing one op costs, given its tensors' final shardings: the ways the partitioner
may compute it (plans: one axis list per factor of the op's rule) and what each moves.

Per op, the partitioner computes in one sharding of the op's factors and reshards operands into
it (and results out of it): by default the results' sharding, for the factors the results hold;
factors only operands hold (contractions) take the operand sharding that moves least (a plain
reduce keeps its operand's, even axes its result wants: it reduces each shard, all-reduces and
slices the result); factors that need replication take none, and neither do factors a dim
sharding could only hold as a strided shard (the partitioner gathers those). XLA's dot /
convolution partitioner picks among several ways by its own order, not by cost (measured: it
may all-to-all an operand into the result's sharding, contract over the split the operands
share and all-reduce the whole result, or gather both operands), so for those ops the bounds
span: the result's sharding (contracting factors chosen cheapest, or unsplit), each operand's
sharding completed by the result's, and the operands' shardings as they are. A reshard of one
value into the same dims is made once however many ops want it (XLA reuses it), and so is the
all-gather two reshards of one value start with (`reshard_parts`): free in the low bound after
the first op that may make it, counted in full in the high bound. Ties between values (func
returns, loop-carried values, call boundaries) reshard one into the other.
"""

from __future__ import annotations

import itertools

from meshjit.dialects.sdy import axis_ref
from meshjit.passes.cost.collectives import all_reduce_bytes
from meshjit.passes.cost.reshard import clear_cache as clear_reshards
from meshjit.passes.cost.reshard import local_bytes, reshard_bytes, reshard_parts
from meshjit.passes.graph.axes import axes_product, clashes
from meshjit.passes.graph.graph import Edge, View
from meshjit.passes.graph.projection import project
from meshjit.passes.rules import NEED_REPLICATION, PERMUTATION, REDUCTION

SEARCHED_OPS = frozenset({"stablehlo.dot_general", "stablehlo.convolution"})
_MAX_COMBINATIONS = 16


def edge_bytes(
    edge: Edge, paid: set | None = None, plan: dict | None = None
) -> tuple[float, float]:
    """(low, high) bytes for one op or tie. `paid`: operand reshards (value, target dims) an
    earlier op may have made: XLA makes a reshard once for all the ops that want the same one,
    so those count nothing in the low bound (and in full in the high one). `plan`: the way
    the op is pinned to compute (its bytes are then exact)."""
    if not any(v.slot.mesh for v in edge.views()):
        return (0.0, 0.0)
    if not edge.results:
        cost = _tie_bytes(edge)
        return (cost, cost)
    return OpCost(edge, set() if paid is None else paid).bounds(plan)


def op_cost(edge: Edge, paid: set):
    if not edge.results or not any(v.slot.mesh for v in edge.views()):
        return None
    cost = OpCost(edge, paid)
    return None if any(p is None for p in cost.proj) else cost


def _tie_bytes(edge: Edge) -> float:
    """A value and the values tied to it (a return and its func result, loop-carried values);
    a tie `into` one view (a shared callee's argument): each other view resharded into it."""
    if edge.into is not None:
        return _into_bytes(edge.operands, edge.operands[edge.into])
    first = edge.operands[0]
    src = [first.axes(d) for d in range(first.slot.rank)]
    cost = 0.0
    for view in edge.operands[1:]:
        dst = [view.axes(d) for d in range(view.slot.rank)]
        if dst != src:
            cost += reshard_bytes(first, src, dst)
    return cost


def _into_bytes(views: list[View], target: View) -> float:
    """Each value resharded into `target` once (calls passing one value share its reshard:
    XLA inlines the calls and makes it once)."""
    dst = [target.axes(d) for d in range(target.slot.rank)]
    cost, seen = 0.0, {id(target.slot)}
    for view in views:
        src = [view.axes(d) for d in range(view.slot.rank)]
        if id(view.slot) not in seen and src != dst:
            cost += reshard_bytes(view, src, dst)
        seen.add(id(view.slot))
    return cost


class OpCost:
    """The ways the partitioner may compute one op, given its tensors' final shardings."""

    def __init__(self, edge: Edge, paid: set):
        self.edge, self.rule, self.paid = edge, edge.rule, paid
        self.views = edge.operands + edge.results
        self.n_operands = len(edge.operands)
        self.searched = edge.op_name in SEARCHED_OPS
        self._breakdowns: dict = {}  # plan -> (results' bytes, operand reshards): see _breakdown
        self._ids = [id(v.slot) for v in edge.operands]  # (the values reshard keys name)
        self._possible = None  # the reshards its plans may make (see _paid_state)
        alike = _alike(edge, self.views)
        if alike is None:
            alike = _ALIKE[_signature(edge, self.views)] = self._costing()
        self.mappings, self.proj, self.full, self.split_dims, self._fixed = alike[:5]
        self._fills, self._shared_breakdowns, self._choices_made = alike[5:]

    def _costing(self) -> tuple:
        """What costing the op computes from its rule and its tensors' shapes and shardings
        alone, shared by the ops alike (a chain's repeated steps): the projections, each
        tensor's own dims, the plans, their completions and breakdowns (operands by index)."""
        mappings = self.rule.tensors()
        proj = [project(v, m, self.rule.factors) for v, m in zip(self.views, mappings)]
        full = [_full_dims(v) for v in self.views]  # each tensor's own sharding
        split_dims = [fs for mapping in mappings for fs in mapping if len(fs) > 1]  # reshapes
        # (the plans that depend on no paid reshard: see _memo; plan -> its completions: see
        # _filled; plan -> breakdown with operands by index: see _breakdown; the cheapest
        # plans found: see cheapest)
        return mappings, proj, full, split_dims, {}, {}, {}, {}

    def plans(self) -> list[dict]:
        return [self._result_plan(), *self._other_plans()]

    def _other_plans(self) -> list[dict]:
        if not self.searched:
            return []
        plans = [self._operand_plan(t) for t in range(self.n_operands)]
        plans += [
            self._memo(("operands", t), self._operands_plan, t) for t in range(self.n_operands)
        ]
        # operands gathered where results lack
        plans.append(self._memo("unfilled", self._result_plan, False))
        return [plan for plan in plans if plan is not None]

    def _memo(self, key, make, *args) -> dict | None:
        """A plan that depends on the op's shardings alone (not on the reshards paid), made
        once per costing (a copy each time: callers complete plans in place)."""
        if key not in self._fixed:
            self._fixed[key] = make(*args)
        plan = self._fixed[key]
        return None if plan is None else dict(plan)

    def cheapest(self, shares: dict | None = None) -> tuple[dict, float]:
        """The cheapest plan and its price; its reshards become paid. With `shares` (dots
        using each value), an operand reshard counts its bytes over that many in the choice.
        Computing in the results' sharding is tried first: when that moves nothing (the
        op's tensors agree), no other way is cheaper.

        The outcome depends on which of the op's operand reshards are paid and on the shares
        of its operands alone, so the ops alike (a chain's repeated dots) find it once per
        such state (operands by index)."""
        made = self._choices_made
        ids, paid = self._ids, self.paid
        # (which operands read one value: the reshards found are kept by operand index)
        at = {i: t for t, i in reversed(list(enumerate(ids)))}
        key = (
            self._paid_state(),
            tuple(shares.get(i, 1) for i in ids) if shares else None,
            tuple(at[i] for i in ids),
        )
        hit = made.get(key)
        if hit is None:
            plan, price, reshards = self._cheapest(shares)
            hit = made[key] = (plan, price, [(at[i], dims) for i, dims in reshards])
        plan, price, reshards = hit
        paid.update((ids[t], dims) for t, dims in reshards)
        return dict(plan), price

    def priced_plans(self) -> list[tuple[dict, tuple[float, dict]]]:
        """[(plan, its parts)] for each of `plans()`, found once per alike costing and state
        of the op's paid reshards (operands by index)."""
        key = ("priced", self._paid_state())
        hit = self._choices_made.get(key)
        if hit is None:
            hit = self._choices_made[key] = [
                (plan, *self._shared_breakdown(plan)) for plan in self.plans()
            ]
        ids = self._ids
        return [
            (dict(plan), (results_bytes, {(ids[t], dims): b for (t, dims), b in reshards}))
            for plan, results_bytes, reshards in hit
        ]

    def _paid_state(self) -> tuple:
        """Which of the reshards the op's plans may make are paid (all that the plans
        `cheapest` and `plans` find depend on, with the shares)."""
        keys = self._possible
        if keys is None:
            relevant = self._choices_made.get("reshards")
            if relevant is None:
                relevant = self._choices_made["reshards"] = self._possible_reshards()
            keys = self._possible = [(self._ids[t], dims) for t, dims in relevant]
        return tuple(map(self.paid.__contains__, keys))

    def _possible_reshards(self) -> list:
        """[(operand index, dims)]: every operand reshard a plan `cheapest` may try makes (its
        completions included)."""
        self.plans()  # (makes every plan's completions)
        plans = [plan for options in self._fills.values() for pair in options for plan in pair]
        plans += [plan for plan in self._fixed.values() if plan is not None]
        plans += [self._result_plan(), *self._other_plans()]
        keys: dict = {}
        for plan in plans:
            for (t, dims), _ in self._shared_breakdown(plan)[1]:
                keys[(t, dims)] = None
        return list(keys)

    def _cheapest(self, shares: dict | None) -> tuple[dict, float, list]:
        plans = [self._result_plan()]
        priced = [self._price(plans[0], self.paid, shares)]
        if priced[0][0] > 0.0:
            plans += self._other_plans()
            priced += [self._price(plan, self.paid, shares) for plan in plans[1:]]
        # Ties go to the way that reshards fewer operands (the partitioner's own, if any).
        best = min(range(len(plans)), key=lambda i: (priced[i][0], len(priced[i][1]), i))
        price = self._price(plans[best], self.paid)[0] if shares else priced[best][0]
        return plans[best], price, priced[best][1]

    def plan_dims(self, plan: dict) -> list:
        """Each operand's and result's dims as the plan computes the op."""
        reduced = self._reduced(plan)
        return [self._dims(t, plan, reduced) for t in range(len(self.views))]

    def bounds(self, plan: dict | None = None) -> tuple[float, float]:
        if any(p is None for p in self.proj):
            return (0.0, 0.0)  # a sharding the rule cannot express (left as is by propagation)
        if plan is not None:
            cost, reshards = self._price(plan, self.paid)
            self.paid.update(reshards)
            return (cost, cost)
        plans = self.plans()
        # Low: a reshard some earlier op may have made is free. High: nothing is.
        low = min(self._price(plan, self.paid)[0] for plan in plans)
        high = max(self._price(plan)[0] for plan in plans)
        for plan in plans:
            self.paid.update(self._price(plan)[1])
        return (low, high)

    # -- plans: one axis list per factor (the op's sharding)

    def _result_plan(self, fill: bool = True) -> dict:
        if not fill:
            return self._expressible(self._memo("result", self._result_factors, False))
        return self._filled(self._memo("reduced result", self._result_factors, True))

    def _result_factors(self, reduced: bool) -> dict:
        """The factors the results hold (less any gathered ones); `reduced`: a plain reduce's
        reduced dims keep the operand's axes."""
        plan = self._gathered_factors()
        if reduced and self._reduces_locally():
            # The reduced dims keep the operand's axes (each shard reduced, then all-reduced);
            # a result dim wanting one of them is sliced from the all-reduced result.
            for t in range(self.n_operands):
                for f, axes in self.proj[t].items():
                    if self.rule.factors[f].kind == REDUCTION and axes:
                        plan.setdefault(f, list(axes))
        self._add_result_factors(plan, [a for axes in plan.values() for a in axes])
        return plan

    def _add_result_factors(self, plan: dict, used: list) -> None:
        """The factors `plan` lacks, as the results hold them (less the axes in `used`)."""
        for r in range(self.n_operands, len(self.views)):
            for f, axes in self.proj[r].items():
                if f not in plan:
                    plan[f] = [a for a in axes if not clashes(a, used)]

    def _reduces_locally(self) -> bool:
        """A plain reduce (variadic ones gather their operands)."""
        return self.edge.op_name == "stablehlo.reduce" and len(self.edge.results) == 1

    def _expressible(self, plan: dict) -> dict:
        """The plan with every factor the partitioner cannot compute sharded made whole: in a
        dim made of several factors, a factor after one not fully sharded (a strided shard,
        which a dim sharding cannot describe); XLA gathers the operand then (measured on
        reshapes)."""
        changed = bool(self.split_dims)
        while changed:
            changed = False
            for fs in self.split_dims:
                full = True
                for f in fs:
                    axes = plan.get(f)
                    if not full and axes:
                        plan[f], changed = [], True
                    full = full and axes_product(axes or ()) == self.rule.factors[f].size
        return plan

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
            if factor.kind == PERMUTATION or (variadic and factor.kind == REDUCTION)
        }

    def _operand_plan(self, t: int) -> dict | None:
        """Operand t as it is; the other factors as the results have them."""
        plan = self._memo(("operand", t), self._operand_factors, t)
        return None if plan is None else self._filled(plan)

    def _operand_factors(self, t: int) -> dict | None:
        start = self._own_plan(t)
        if start is None:
            return None
        plan, used = start
        self._add_result_factors(plan, used)
        return plan

    def _operands_plan(self, t: int) -> dict | None:
        """The operands as they are (operand t first where they disagree); the result is
        computed in what follows and resharded (XLA's dot partitioner when the contracting
        dims are split alike leaves the free axes unused)."""
        start = self._own_plan(t)
        if start is None:
            return None
        plan, used = start
        for u in range(self.n_operands):
            for f, axes in self.proj[u].items():
                if f not in plan and axes and not any(clashes(a, used) for a in axes):
                    plan[f] = list(axes)
                    used.extend(axes)
        return self._expressible(plan)

    def _own_plan(self, t: int) -> tuple[dict, list] | None:
        """(operand t's sharded factors with the gathered ones, the axes they use); None if
        operand t is unsharded."""
        own = {f: list(axes) for f, axes in self.proj[t].items() if axes}
        if not own:
            return None
        return {**own, **self._gathered_factors()}, [a for axes in own.values() for a in axes]

    def _filled(self, plan: dict) -> dict:
        """`plan` completed (`_fill_operand_factors`) and made expressible: its completions
        are found once per costing, and the cheapest with the reshards paid now is taken
        (the first of the cheapest)."""
        key = _plan_key(plan)
        options = self._fills.get(key)
        if options is None:
            options = self._fills[key] = [
                (trial, self._expressible(dict(trial)))
                for trial in self._fill_operand_factors(plan)
            ]
        best, best_cost = options[0], None
        if len(options) > 1:
            for option in options:
                cost = self._price(option[0], self.paid)[0]
                if best_cost is None or cost < best_cost:
                    best, best_cost = option, cost
        return dict(best[1])

    def _fill_operand_factors(self, plan: dict) -> list[dict]:
        """The ways to complete `plan` with the factors no result holds: none for
        need-replication ones, else one of the operands' own shardings of them (unsharded
        included), as `_cheapest_choice` tries them."""
        factors = self.rule.factors
        reduces_locally = self._reduces_locally()
        used = [a for axes in plan.values() for a in axes]
        open_factors = []
        for f, factor in enumerate(factors):
            if f in plan:
                continue
            if factor.kind == NEED_REPLICATION:
                plan[f] = []
            elif reduces_locally and factor.kind == REDUCTION:
                # XLA reduces each shard and all-reduces the partial results; it does not
                # gather the operand (not even when a gathered copy exists).
                own = [a for t in range(self.n_operands) for a in self.proj[t].get(f, ())]
                plan[f] = [a for a in dict.fromkeys(own) if not clashes(a, used)]
                used.extend(plan[f])
            else:
                open_factors.append(f)
        if not open_factors:
            return [plan]
        return self._choices(plan, open_factors, used)

    def _choices(self, plan: dict, open_factors: list, used: list) -> list[dict]:
        """`plan` with each of `open_factors` given the axes one of the operands shards it
        with (or none): the first combinations that use no axis twice (`_filled` takes the
        cheapest)."""
        choices = []
        for f in open_factors:
            seen = {()}
            for t in range(self.n_operands):
                seen.add(tuple(self.proj[t].get(f, ())))
            choices.append(sorted(seen))
        combos = list(itertools.islice(itertools.product(*choices), _MAX_COMBINATIONS))
        trials = []
        for combo in combos:
            picked = [a for axes in combo for a in axes]
            if any(clashes(a, used + picked[:i]) for i, a in enumerate(picked)):
                continue  # an axis (or a part of it) some other factor already holds
            trial = dict(plan)
            trial.update({f: list(axes) for f, axes in zip(open_factors, combo)})
            trials.append(trial)
        return trials

    # -- pricing a plan

    def _dims(self, t: int, plan: dict, reduced=()) -> list:
        """Tensor t's dims under the plan; `reduced` axes stay off its non-reduction factors
        (the partitioner scatters them into the result after the reduction)."""
        factors = self.rule.factors
        out = []
        for fs in self.mappings[t]:
            if len(fs) == 1 and not reduced:
                out.append(list(plan.get(fs[0], ())))
                continue
            dim = []
            for f in fs:
                for a in plan.get(f, ()):
                    if (factors[f].kind == REDUCTION or a not in reduced) and a not in dim:
                        dim.append(a)
            out.append(dim)
        return out

    def _reduced(self, plan: dict) -> list:
        factors = self.rule.factors
        return [a for f, axes in plan.items() if factors[f].kind == REDUCTION for a in axes]

    def parts(self, plan: dict) -> tuple[float, dict]:
        """(bytes of the results' side: all-reduce and reshard after, {operand reshard:
        its bytes})."""
        results_bytes, reshards = self._breakdown(plan)
        return results_bytes, dict(reshards)

    def _breakdown(self, plan: dict) -> tuple[float, list]:
        """(the results' bytes, the operand reshards) of a plan, computed once per plan (the
        searches price the same plans again and again)."""
        key = _plan_key(plan)
        hit = self._breakdowns.get(key)
        if hit is None:
            shared = self._shared_breakdown(plan, key)
            ids = self._ids
            hit = (shared[0], [((ids[t], dims), b) for (t, dims), b in shared[1]])
            self._breakdowns[key] = hit
        return hit

    def _shared_breakdown(self, plan: dict, key: tuple | None = None) -> tuple[float, list]:
        """`_breakdown` with the operands by index, shared by the ops alike."""
        key = _plan_key(plan) if key is None else key
        shared = self._shared_breakdowns.get(key)
        if shared is None:
            reduced = self._reduced(plan)
            shared = (self._results_bytes(plan, reduced), self._operand_reshards(plan, reduced))
            self._shared_breakdowns[key] = shared
        return shared

    def _operand_reshards(self, plan: dict, reduced: list) -> list:
        """[((operand index, dims text), bytes)]: the reshard steps the plan makes of the
        operands."""
        out = []
        for t in range(self.n_operands):
            view = self.views[t]
            src, dst = self.full[t], self._dims(t, plan, reduced)
            if src != dst:
                for dims, b in reshard_parts(view, src, dst):
                    out.append(((t, dims), b))
        return out

    def _results_bytes(self, plan: dict, reduced: list) -> float:
        cost = 0.0
        for r in range(self.n_operands, len(self.views)):
            view = self.views[r]
            computed = self._dims(r, plan, reduced)
            # (a result unreduced over a reduced axis keeps its partial sums: no all-reduce)
            pending = _still_reduced(reduced, view.slot.unreduced)
            if pending:
                cost += all_reduce_bytes(local_bytes(view, computed), axes_product(pending))
            cost += reshard_bytes(view, computed, self.full[r])
        return cost

    def _price(self, plan: dict, paid=frozenset(), shares=None) -> tuple[float, list]:
        """(bytes, the operand reshards it makes), with the reshards in `paid` free (and each
        other one over the `shares` of its value, if given)."""
        results_bytes, operand_reshards = self._breakdown(plan)
        cost, reshards = 0.0, []
        for key, b in operand_reshards:
            reshards.append(key)
            if key not in paid:
                cost += b / (shares.get(key[0], 1) if shares else 1)
        return cost + results_bytes, reshards


def _still_reduced(reduced: list, unreduced) -> list:
    """The reduced axes an all-reduce must sum over: those the result does not hold
    unreduced."""
    if not reduced or not unreduced:
        return reduced
    kept = {axis_ref(a).name for a in unreduced}
    return [a for a in reduced if a[0] not in kept]


# signature -> what costing an op with it computes (OpCost._costing); kept for one pass run
_ALIKE: dict = {}
_ALIKE_MAX = 20_000


def _signature(edge: Edge, views: list) -> tuple:
    """What costing an op depends on: its rule (rules are made once per op kind and types
    within a build: the object is kept in the key, so its id is not reused), how many results
    it has, and each tensor's shape, element size, dims (with the manual axes it skips) and
    unreduced axes."""
    return (
        edge.rule,
        edge.op_name,
        len(edge.results),
        tuple(
            (
                v.slot.shape,
                v.slot.elem_bytes,
                tuple(map(tuple, v.slot.dims)),
                v.skip,
                v.slot.unreduced,
            )
            for v in views
        ),
    )


def _alike(edge: Edge, views: list):
    if len(_ALIKE) > _ALIKE_MAX:
        _ALIKE.clear()
    return _ALIKE.get(_signature(edge, views))


def clear_cache() -> None:
    """Forgets the priced reshards and the costings shared by ops alike (each pass run starts
    afresh, so timings are per run; both are pure functions of their keys)."""
    clear_reshards()
    _ALIKE.clear()


def _plan_key(plan: dict) -> tuple:
    """((factor, axes), ...) in factor order (no factor twice: the sort compares factors
    alone); built by C loops, as the searches key plans tens of times per op."""
    return tuple(sorted(zip(plan, map(tuple, plan.values()))))


def _full_dims(view: View) -> list:
    return [list(view.slot.dims[d]) for d in range(view.slot.rank)]
