"""Dot plans: a way to compute each dot / convolution, chosen over the whole graph so that a
reshard several dots can share is made once. Export pins them (export/pin_plans.py), so XLA's
dot partitioner computes each dot the way chosen here."""

from __future__ import annotations

import math

from meshjit.passes.cost.op_cost import SEARCHED_OPS, OpCost, op_cost
from meshjit.passes.graph.graph import Edge, Graph


def pinned_plans(graph: Graph):
    """(edge, dims per operand and result) for each dot / convolution: the shardings it is
    computed in (`choose_plans`). Export pins them with reshards so XLA's partitioner takes
    that way."""
    for edge, cost, plan in choose_plans(graph):
        yield edge, cost.plan_dims(plan)


def choose_plans(graph: Graph) -> list[tuple[Edge, OpCost, dict]]:
    """(edge, its costing, plan): a way to compute each dot / convolution (the factors' axes).
    Two starts, chosen in program order, cheapest first (an operand reshard an earlier dot made
    is free): one counts each reshard's bytes in full, one shares them among the dots that use
    the value (gathering a weight two dots use may pay where one dot alone would reshard its
    other operand). Each start is improved over the whole assignment (`_improve`, which alone
    cannot leave the first start where two dots must change together); the cheaper end wins.
    Kept for the graph's shardings: the auto choice's candidates often end in the same ones,
    and export pins the plans of the one kept."""
    return cached(graph, "plans", lambda: _choose_plans(graph))


def cached(graph: Graph, name, make, key=None):
    """`make()`, computed once for the graph's current shardings (kept under `name`); `key`:
    the graph's `fingerprint`, if already taken."""
    key = fingerprint(graph) if key is None else key
    if graph.cost_cache is None or graph.cost_cache[0] != key:
        graph.cost_cache = (key, {})
    store = graph.cost_cache[1]
    if name not in store:
        store[name] = make()
    return store[name]


def fingerprint(graph: Graph) -> tuple:
    """What the plans depend on: the edges and every value's mesh and dim shardings."""
    slots = tuple((id(slot), slot.mesh, tuple(map(tuple, slot.dims))) for slot in graph.all_slots())
    return len(graph.edges), slots


def _choose_plans(graph: Graph) -> list[tuple[Edge, OpCost, dict]]:
    edges = [e for e in graph.edges if e.op_name in SEARCHED_OPS]
    uses: dict[int, int] = {}
    for edge in edges:
        for view in edge.operands:
            uses[id(view.slot)] = uses.get(id(view.slot), 0) + 1
    options: dict = {}  # edge -> [(plan, parts, floor)], priced once for both starts
    costs = [(edge, op_cost(edge, set())) for edge in edges]  # one costing for both starts
    costs = [(edge, cost) for edge, cost in costs if cost is not None]
    moved, greedy = _assign(costs, None)
    if not moved:
        return greedy  # nothing moves: no other choice does better
    shared = _assign(costs, uses)[1]
    same = [plan for _, _, plan in greedy] == [plan for _, _, plan in shared]
    greedy = _improve(greedy, options)
    shared = greedy if same else _improve(shared, options)
    return (shared if shared[0] < greedy[0] - 1e-6 else greedy)[1]


def _assign(costs, shares) -> tuple[float, list]:
    """Each op's cheapest plan in program order, the reshards earlier ops made being free."""
    total, chosen, paid = 0.0, [], set()
    for edge, cost in costs:
        cost.paid = paid  # this start's reshards (a costing's plans and prices are its own)
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
                options[edge] = [(*option, _floor(option[1])) for option in cost.priced_plans()]
            for other, part, floor in options.get(edge, ()) if best else ():
                if floor >= best - 1e-6:
                    continue  # (its price, at least its floor, is not lower by the margin)
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


def _floor(part) -> float:
    """The least `extra` can price the part at: its results' bytes when no reshard of it has
    negative bytes (adding a sum of non-negative floats never lowers a float), else -inf."""
    return part[0] if min(part[1].values(), default=0.0) >= 0 else -math.inf
