"""Estimated collective bytes of a propagated graph: what XLA's SPMD partitioner will move.

Used to compare whole resolutions of the conflicts (Shardy's preferences against the cost
model's, propagation.py), so the per-device bytes counted here follow bench/harness.py's count
from the partitioned HLO:
- all-gather of n shards: each device receives (n - 1) local shards;
- all-to-all over n devices (an axis moves to another dimension): (n - 1) / n of the shard;
- all-reduce over n devices: 2 (n - 1) / n of the (partial) result.

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
returns, loop-carried values, call boundaries) reshard one into the other. Resharding a tensor:
see `reshard_bytes`.
"""

from __future__ import annotations

import itertools

from meshjit.passes import rules as rules_lib
from meshjit.passes.graph import Edge, Graph, View, axes_product, clashes
from meshjit.passes.graph.projection import project

_SEARCHED_OPS = frozenset({"stablehlo.dot_general", "stablehlo.convolution"})
_MAX_COMBINATIONS = 16


def graph_bytes(graph: Graph, *, pinned: bool = True) -> tuple[float, float]:
    """(low, high) estimates of the bytes each device moves for the graph's shardings: where
    the partitioner may compute an op more than one way, the cheapest and the dearest way.
    `pinned`: export pins each dot / convolution to the way `choose_plans` picks, so those
    count that way only."""
    plans = {id(edge): plan for edge, _, plan in choose_plans(graph)} if pinned else {}
    return _sum_bounds(graph.edges, plans)


def pinned_plans(graph: Graph):
    """(edge, dims per operand and result) for each dot / convolution: the shardings it is
    computed in (`choose_plans`). Export pins them with reshards so XLA's partitioner takes
    that way."""
    for edge, cost, plan in choose_plans(graph):
        yield edge, cost.plan_dims(plan)


def choose_plans(graph: Graph) -> list[tuple[Edge, "_OpCost", dict]]:
    """(edge, its costing, plan): a way to compute each dot / convolution (the factors' axes).
    Two starts, chosen in program order, cheapest first (an operand reshard an earlier dot made
    is free): one counts each reshard's bytes in full, one shares them among the dots that use
    the value (gathering a weight two dots use may pay where one dot alone would reshard its
    other operand). Each start is improved over the whole assignment (`_improve`, which alone
    cannot leave the first start where two dots must change together); the cheaper end wins."""
    edges = [e for e in graph.edges if e.op_name in _SEARCHED_OPS]
    uses: dict[int, int] = {}
    for edge in edges:
        for view in edge.operands:
            uses[id(view.slot)] = uses.get(id(view.slot), 0) + 1
    options: dict = {}  # edge -> [(plan, parts)], priced once for both starts
    moved, greedy = _assign(edges, None)
    if not moved:
        return greedy  # nothing moves: no other choice does better
    shared = _assign(edges, uses)[1]
    same = [plan for _, _, plan in greedy] == [plan for _, _, plan in shared]
    greedy = _improve(greedy, options)
    shared = greedy if same else _improve(shared, options)
    return (shared if shared[0] < greedy[0] - 1e-6 else greedy)[1]


def _assign(edges, shares) -> tuple[float, list]:
    total, chosen, paid = 0.0, [], set()
    for edge in edges:
        cost = _op_cost(edge, paid)
        if cost is not None:
            plan, price = cost.cheapest(shares)
            total += price
            chosen.append((edge, cost, plan))
    return total, chosen


def _improve(chosen: list, options: dict, rounds: int = 3) -> tuple[float, list]:
    """(bytes, plans): each dot's plan re-chosen with every reshard the other dots' plans
    make taken as made (program order alone cannot see that a later dot gathers a weight an
    earlier one then reads for free), keeping a change only if the whole assignment moves
    fewer bytes: each distinct reshard is paid once, as XLA makes it once. `options` caches
    each edge's priced plans across calls."""
    made: dict = {}
    parts = []
    for _, cost, plan in chosen:
        part = cost.parts(plan)
        parts.append(part)
        for key in part[1]:
            made[key] = made.get(key, 0) + 1

    def extra(part) -> float:  # bytes the plan adds to what the other dots make
        return part[0] + sum(b for key, b in part[1].items() if not made.get(key))

    for _ in range(rounds):
        changed = False
        for i, (edge, cost, _plan) in enumerate(chosen):
            for key in parts[i][1]:
                made[key] -= 1
            best = extra(parts[i])
            if best and edge not in options:  # a plan adding nothing cannot be bettered
                options[edge] = [(other, cost.parts(other)) for other in cost.plans()]
            for other, part in options.get(edge, ()) if best else ():
                price = extra(part)
                if price < best - 1e-6:
                    best, parts[i], changed = price, part, True
                    chosen[i] = (edge, cost, other)
            for key in parts[i][1]:
                made[key] = made.get(key, 0) + 1
        if not changed:
            break
    total = sum(part[0] for part in parts)
    reshards: dict = {}
    for part in parts:
        reshards.update(part[1])
    return total + sum(reshards.values()), chosen


MARGIN = 0.02  # the estimate's error on random programs (reshapes into sub-axes, rank 3)


def cheaper(new: tuple, old: tuple) -> bool:
    """Whether `new` moves fewer bytes than `old` however the partitioner computes each op,
    by more than the estimate's error (`MARGIN` of `old`)."""
    return new[1] < old[0] * (1.0 - MARGIN)


def local_bytes(view: View, dims) -> float:
    slot = view.slot
    total = float(slot.elem_bytes)
    for size, axes in zip(slot.shape, dims):
        total *= max(1.0, size / axes_product(axes))
    return total


def _full_dims(view: View) -> list:
    return [list(view.slot.dims[d]) for d in range(view.slot.rank)]


def reshard_bytes(view: View, src: list, dst: list) -> float:
    """Bytes one device moves to take a tensor from dims `src` to dims `dst`: the cheapest of
    the ways XLA's partitioner reshards (each measured on 8 CPU devices, see `_steps`,
    `_tile_counts` and `_nested`)."""
    if src == dst:
        return 0.0
    return _cached(_RESHARDS, _cheapest_reshard, view, src, dst)


def _cached(cache: dict, fn, view: View, src: list, dst: list):
    """fn(view, src, dst), a pure function of the shape, element size and the two shardings."""
    slot = view.slot
    key = (slot.shape, slot.elem_bytes, tuple(map(tuple, src)), tuple(map(tuple, dst)))
    value = cache.get(key)
    if value is None:
        if len(cache) > _RESHARDS_MAX:
            cache.clear()
        value = cache[key] = fn(view, src, dst)
    return value


_RESHARDS: dict = {}  # (shape, element bytes, src, dst) -> bytes: a pure function of those
_PARTS: dict = {}  # the same key -> reshard_parts
_RESHARDS_MAX = 100_000


def clear_cache() -> None:
    """Forgets the priced reshards (each pass run starts afresh, so timings are per run)."""
    _RESHARDS.clear()
    _PARTS.clear()


def _cheapest_reshard(view: View, src: list, dst: list) -> float:
    cost = _steps(view, src, dst)
    if cost:
        before = [axes_product(dim) for dim in src]
        after = [axes_product(dim) for dim in dst]
        cost = min(cost, _tile_counts(view, src, dst, before, after))
        if _nested(before, after):
            cost = min(cost, local_bytes(view, dst))
    return cost


def _steps(view: View, src: list, dst: list) -> float:
    """All-gather the axes that leave the tensor; slice the axes that only join; one
    all-to-all for the axes that change dimension (of the shard left after slicing); and a
    collective-permute of the finest shard where the device order within a dimension changes
    (axes swapped, or one leaving from under another)."""
    where_src = {a: d for d, dim in enumerate(src) for a in dim}
    where_dst = {a: d for d, dim in enumerate(dst) for a in dim}
    gathered, moved = _gathered(src, where_src, where_dst)
    added = [a for a in where_dst if a not in where_src]
    if not gathered and not moved and all(_keeps_order(s, t) for s, t in zip(src, dst)):
        return 0.0
    pairs = _moves(where_src, where_dst, moved)
    if _rematerializes(pairs):
        n = axes_product(list(where_src))
        return local_bytes(view, src) * (n - 1)
    late = _sliced_late(src, dst, moved, added)
    early = [a for a in added if a not in late]
    shard = local_bytes(view, src)
    cost = 0.0
    if gathered:
        n = axes_product(gathered)
        cost += shard * (n - 1)
        shard *= n
    if moved:
        shard /= axes_product(early)
        if len(pairs) > 1 and not any((d, s) in pairs for s, d in pairs):
            # A chain (dim 2 -> 1, dim 1 -> 0): one all-to-all per pair of dims, in turn,
            # each keeping every dim's order.
            return cost + sum(shard * (n - 1) / n for n in map(axes_product, pairs.values()))
        n = axes_product(moved)
        cost += shard * (n - 1) / n
    if _permutes(src, [[a for a in t if a not in late] for t in dst], set(moved)):
        cost += local_bytes(view, src) / axes_product(early)  # the finest shard
    return cost


def _gathered(src: list, where_src: dict, where_dst: dict) -> tuple[list, list]:
    """(axes all-gathered, axes all-to-all'd into another dim). An axis that would move out
    of a dimension some axis leaves is gathered with it (and sliced back): XLA does not
    all-to-all a partly gathered dimension."""
    gathered = [a for a in where_src if a not in where_dst]
    moved = [a for a, d in where_src.items() if a in where_dst and where_dst[a] != d]
    for dim in src:
        along = [a for a in dim if a in moved] if set(dim) & set(gathered) else []
        gathered += along
        moved = [a for a in moved if a not in along]
    return gathered, moved


def reshard_parts(view: View, src: list, dst: list) -> list:
    """[(dims text, bytes)]: a reshard as the steps XLA makes for it, keyed by the dims each
    leaves the tensor in, so that two reshards of one value sharing their first step (the
    all-gather) count it once (XLA makes the same all-gather once: gathering a weight whole for
    one dot and gathering it then slicing another dim for another is one all-gather)."""
    return _cached(_PARTS, _reshard_parts, view, src, dst)


def _reshard_parts(view: View, src: list, dst: list) -> list:
    total = reshard_bytes(view, src, dst)
    where_src = {a: d for d, dim in enumerate(src) for a in dim}
    where_dst = {a: d for d, dim in enumerate(dst) for a in dim}
    gathered = _gathered(src, where_src, where_dst)[0]
    mid = [[a for a in dim if a not in gathered] for dim in src]
    if not gathered or mid == dst or abs(_steps(view, src, dst) - total) > 1e-6:
        return [(repr(dst), total)]  # no gather, only one, or XLA takes another path
    first = reshard_bytes(view, src, mid)
    return [(repr(mid), first), (repr(dst), total - first)]


def _moves(where_src: dict, where_dst: dict, moved: list) -> dict:
    """(source dim, target dim) -> the axes that move that way."""
    pairs: dict = {}
    for a in moved:
        pairs.setdefault((where_src[a], where_dst[a]), []).append(a)
    return pairs


def _rematerializes(pairs: dict) -> bool:
    """Axes moving from one dim into several, or from several dims into one (`pairs` from
    `_moves`): XLA's all-to-all moves between two dims, so it replicates the whole tensor and
    slices it ("involuntary full rematerialization")."""
    sources = [s for s, _ in pairs]
    targets = [d for _, d in pairs]
    return len(set(sources)) < len(sources) or len(set(targets)) < len(targets)


def _sliced_late(src: list, dst: list, moved: list, added: list) -> list:
    """Joining axes sliced after the all-to-all: those that end a dim a moved axis leaves
    (sliced before, they would sit under the leaving axis and need a permute)."""
    late = []
    for s, t in zip(src, dst):
        if any(a in moved for a in s):
            tail = []
            for a in reversed(t):
                if a not in added:
                    break
                tail.append(a)
            late += tail
    return late


def _tile_counts(view: View, src: list, dst: list, before: list, after: list) -> float:
    """XLA reshards by tile counts first: where one dim gives a factor r of its tiles to
    another (same devices, nothing gathered), one all-to-all over r devices, then a
    collective-permute of the new shard puts the tiles on their devices (an axis swap).
    `before` / `after`: each dim's tile count."""
    if sorted(a for dim in src for a in dim) != sorted(a for dim in dst for a in dim):
        return float("inf")
    donors = [d for d, (b, a) in enumerate(zip(before, after)) if b > a]
    takers = [d for d, (b, a) in enumerate(zip(before, after)) if b < a]
    if len(donors) != 1 or len(takers) != 1:
        return float("inf")
    i, j = donors[0], takers[0]
    r = before[i] // after[i]
    if before[i] % after[i] or after[j] != before[j] * r:
        return float("inf")
    return local_bytes(view, src) * (r - 1) / r + local_bytes(view, dst)


def _nested(before: list, after: list) -> bool:
    """Whether, by the dims' tile counts, every new tile lies in one old tile (or every old
    tile in one new one): XLA then reaches the new sharding with a collective-permute of the
    new shard (after a local slice), or gathers into it, when that moves less than the steps."""
    return all(b % a == 0 for a, b in zip(before, after)) or all(
        a % b == 0 for a, b in zip(before, after)
    )


def _keeps_order(s, t) -> bool:
    return list(t[: len(s)]) == list(s)


def _permutes(src, dst, moved) -> bool:
    """Whether the device order within some dimension changes: the axes a dimension keeps
    are not a prefix of it before and after, or an axis leaves it for another dimension while
    another joins it, or an axis sliced in after one that arrives from another dimension (slicing
    comes first), or axes that move arrive in another order."""
    if [a for dim in src for a in dim if a in moved] != [
        a for dim in dst for a in dim if a in moved
    ]:
        return True  # the all-to-all keeps the moved axes' order
    for s, t in zip(src, dst):
        kept = [a for a in s if a in t]
        if list(s[: len(kept)]) != kept or list(t[: len(kept)]) != kept:
            return True
        if any(a in moved for a in s) and any(a not in s for a in t):
            return True
        joined = [a in moved for a in t[len(kept) :]]
        if True in joined and False in joined[joined.index(True) :]:
            return True
    return False


# --------------------------------------------------------------------------- one op


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
    return _OpCost(edge, set() if paid is None else paid).bounds(plan)


def _op_cost(edge: Edge, paid: set):
    if not edge.results or not any(v.slot.mesh for v in edge.views()):
        return None
    cost = _OpCost(edge, paid)
    return None if any(p is None for p in cost.proj) else cost


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
    """The ways the partitioner may compute one op, given its tensors' final shardings."""

    def __init__(self, edge: Edge, paid: set):
        self.edge, self.rule, self.paid = edge, edge.rule, paid
        self.views = edge.operands + edge.results
        self.n_operands = len(edge.operands)
        self.mappings = self.rule.tensors()
        self.proj = [project(v, m, self.rule.factors) for v, m in zip(self.views, self.mappings)]
        self.full = [_full_dims(v) for v in self.views]  # each tensor's own sharding
        self.searched = edge.op_name in _SEARCHED_OPS
        self.split_dims = [
            fs for mapping in self.mappings for fs in mapping if len(fs) > 1
        ]  # dims made of several factors (reshapes)

    def plans(self) -> list[dict]:
        return [self._result_plan(), *self._other_plans()]

    def _other_plans(self) -> list[dict]:
        if not self.searched:
            return []
        plans = [self._operand_plan(t) for t in range(self.n_operands)]
        plans += [self._operands_plan(t) for t in range(self.n_operands)]
        plans.append(self._result_plan(fill=False))  # operands gathered where results lack
        return [plan for plan in plans if plan is not None]

    def cheapest(self, shares: dict | None = None) -> tuple[dict, float]:
        """The cheapest plan and its price; its reshards become paid. With `shares` (dots
        using each value), an operand reshard counts its bytes over that many in the choice.
        Computing in the results' sharding is tried first: when that moves nothing (the
        op's tensors agree), no other way is cheaper."""
        plans = [self._result_plan()]
        priced = [self._price(plans[0], self.paid, shares)]
        if priced[0][0] > 0.0:
            plans += self._other_plans()
            priced += [self._price(plan, self.paid, shares) for plan in plans[1:]]
        # Ties go to the way that reshards fewer operands (the partitioner's own, if any).
        best = min(range(len(plans)), key=lambda i: (priced[i][0], len(priced[i][1]), i))
        price = self._price(plans[best], self.paid)[0] if shares else priced[best][0]
        self.paid.update(priced[best][1])
        return plans[best], price

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
        plan = self._gathered_factors()
        if fill and self._reduces_locally():
            # The reduced dims keep the operand's axes (each shard reduced, then all-reduced);
            # a result dim wanting one of them is sliced from the all-reduced result.
            for t in range(self.n_operands):
                for f, axes in self.proj[t].items():
                    if self.rule.factors[f].kind == rules_lib.REDUCTION and axes:
                        plan.setdefault(f, list(axes))
        used = [a for axes in plan.values() for a in axes]
        for r in range(self.n_operands, len(self.views)):
            for f, axes in self.proj[r].items():
                if f not in plan:
                    plan[f] = [a for a in axes if not clashes(a, used)]
        return self._expressible(self._fill_operand_factors(plan) if fill else plan)

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
            if factor.kind == rules_lib.PERMUTATION
            or (variadic and factor.kind == rules_lib.REDUCTION)
        }

    def _operand_plan(self, t: int) -> dict | None:
        """Operand t as it is; the other factors as the results have them."""
        own = {f: list(axes) for f, axes in self.proj[t].items() if axes}
        if not own:
            return None
        plan = {**own, **self._gathered_factors()}
        used = [a for axes in own.values() for a in axes]
        for r in range(self.n_operands, len(self.views)):
            for f, axes in self.proj[r].items():
                if f not in plan:
                    plan[f] = [a for a in axes if not clashes(a, used)]
        return self._expressible(self._fill_operand_factors(plan))

    def _operands_plan(self, t: int) -> dict | None:
        """The operands as they are (operand t first where they disagree); the result is
        computed in what follows and resharded (XLA's dot partitioner when the contracting
        dims are split alike leaves the free axes unused)."""
        own = {f: list(axes) for f, axes in self.proj[t].items() if axes}
        if not own:
            return None
        plan = {**own, **self._gathered_factors()}
        used = [a for axes in own.values() for a in axes]
        for u in range(self.n_operands):
            for f, axes in self.proj[u].items():
                if f not in plan and axes and not any(clashes(a, used) for a in axes):
                    plan[f] = list(axes)
                    used.extend(axes)
        return self._expressible(plan)

    def _fill_operand_factors(self, plan: dict) -> dict:
        """Factors no result holds: none for need-replication ones, else the cheapest choice
        among the operands' own shardings of them (unsharded included)."""
        factors = self.rule.factors
        reduces_locally = self._reduces_locally()
        used = [a for axes in plan.values() for a in axes]
        open_factors = []
        for f, factor in enumerate(factors):
            if f in plan:
                continue
            if factor.kind == rules_lib.NEED_REPLICATION:
                plan[f] = []
            elif reduces_locally and factor.kind == rules_lib.REDUCTION:
                # XLA reduces each shard and all-reduces the partial results; it does not
                # gather the operand (not even when a gathered copy exists).
                own = [a for t in range(self.n_operands) for a in self.proj[t].get(f, ())]
                plan[f] = [a for a in dict.fromkeys(own) if not clashes(a, used)]
                used.extend(plan[f])
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
            picked = [a for axes in combo for a in axes]
            if any(clashes(a, used + picked[:i]) for i, a in enumerate(picked)):
                continue  # an axis (or a part of it) some other factor already holds
            trial = dict(plan)
            trial.update({f: list(axes) for f, axes in zip(open_factors, combo)})
            cost = self._price(trial, self.paid)[0]
            if best_cost is None or cost < best_cost:
                best, best_cost = trial, cost
        return best

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
                    if (
                        factors[f].kind == rules_lib.REDUCTION or a not in reduced
                    ) and a not in dim:
                        dim.append(a)
            out.append(dim)
        return out

    def _reduced(self, plan: dict) -> list:
        factors = self.rule.factors
        return [
            a for f, axes in plan.items() if factors[f].kind == rules_lib.REDUCTION for a in axes
        ]

    def parts(self, plan: dict) -> tuple[float, dict]:
        """(bytes of the results' side: all-reduce and reshard after, {operand reshard:
        its bytes})."""
        reduced = self._reduced(plan)
        reshards = {}
        for t in range(self.n_operands):
            view = self.views[t]
            src, dst = self.full[t], self._dims(t, plan, reduced)
            if src != dst:
                for dims, b in reshard_parts(view, src, dst):
                    reshards[(id(view.slot), dims)] = b
        return self._results_bytes(plan, reduced), reshards

    def _results_bytes(self, plan: dict, reduced: list) -> float:
        cost = 0.0
        for r in range(self.n_operands, len(self.views)):
            view = self.views[r]
            computed = self._dims(r, plan, reduced)
            if reduced:
                n = axes_product(reduced)
                cost += 2.0 * local_bytes(view, computed) * (n - 1) / n
            cost += reshard_bytes(view, computed, self.full[r])
        return cost

    def _price(self, plan: dict, paid=frozenset(), shares=None) -> tuple[float, list]:
        """(bytes, the operand reshards it makes), with the reshards in `paid` free (and each
        other one over the `shares` of its value, if given)."""
        reduced = self._reduced(plan)
        cost, reshards = 0.0, []
        for t in range(self.n_operands):
            view = self.views[t]
            src, dst = self.full[t], self._dims(t, plan, reduced)
            if src == dst:
                continue
            for dims, b in reshard_parts(view, src, dst):
                key = (id(view.slot), dims)
                reshards.append(key)
                if key not in paid:
                    cost += b / (shares.get(id(view.slot), 1) if shares else 1)
        return cost + self._results_bytes(plan, reduced), reshards


def _sum_bounds(edges, plans: dict) -> tuple[float, float]:
    low = high = 0.0
    paid: set = set()
    for edge in edges:
        a, b = edge_bytes(edge, paid, plans.get(id(edge)))
        low, high = low + a, high + b
    return low, high
