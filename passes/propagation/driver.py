"""The propagation driver: rounds of user priorities, stages of op priorities, and in each
stage the edges run to a fixed point.

Visiting order: with Shardy's preferences, Shardy's (its greedy rewrite driver: edges in program
order, and an edge whose tensor another edge changed runs next, a stack), so a sharding travels
as far as it can before the next op in order runs; which source reaches a tensor first decides
where two compete. The cost model sweeps, alternating direction.
"""

from __future__ import annotations

import math

from meshjit.passes.graph.graph import STAGE_SINGLE_USE, Edge, Graph, whole_axis_names
from meshjit.passes.propagation.edge_step import plan_of
from meshjit.passes.propagation.options import Options
from meshjit.passes.propagation.priorities import (
    edges_for,
    opened_edges,
    release_priority,
    stages_for,
    strip_priorities,
    user_priorities,
)
from meshjit.passes.propagation.step_memo import StepMemo


def propagate_rounds(graph: Graph, options: Options, users: dict | None = None) -> None:
    """Propagates with one resolution of the conflicts: a round per user priority, each
    running the op-priority stages in order. `users`: `graph.slot_users()` with
    `graph.notify_order` made for it, when the caller runs several resolutions on one graph
    (both depend on the edges alone)."""
    stages = stages_for(options)
    if users is None:
        users = graph.slot_users()
        graph.notify_order = {}
    annotated = [] if options.user_priorities else _with_priorities(graph)
    memo = StepMemo(graph, options)
    for round_priority in [0, *user_priorities(graph)]:
        if round_priority:
            release_priority(graph, round_priority)
        dirty = set(graph.edges)
        for _ in range(options.max_iterations):
            for stage in stages:
                dirty.update(_opened(graph, stage, options))
                run_to_fixed_point(graph, stage, options, dirty, users, memo)
            # Shardy's op-priority passes run their stages again while the last one left ops
            # reading a loop's arguments waiting (Graph.region_readers); one stage stops.
            if len(stages) == 1 or not dirty or not options.shardy_preferences:
                break
    if not options.user_priorities:
        for slot, dims in annotated:
            if slot.dims != dims or slot.unshown:  # rewritten, so its priorities go (as
                slot.priority = [None] * slot.rank  # Shardy's passes do)
    elif options.op_priority or (options.conflicts == "shardy" and options.priority_pass):
        strip_priorities(graph)  # (Shardy's user-priority pass, with or without its stages)


def _opened(graph: Graph, stage: int, options: Options) -> list:
    """The edges `stage` opens (`opened_edges`, which reads only the edge's kind and rule and
    these options), found once per graph."""
    key = (
        len(graph.edges),
        stage,
        options.conflicts == "shardy",
        options.reductions_wait,
        options.need_replication_propagates,
    )
    opened = graph.opened.get(key)
    if opened is None:
        opened = graph.opened[key] = opened_edges(stage, graph.edges, options)
    return opened


def _with_priorities(graph: Graph) -> list:
    """(slot, its dims) of the slots annotated with priorities."""
    return [
        (slot, [list(d) for d in slot.dims])
        for slot in graph.all_slots()
        if slot.priority.count(None) != len(slot.priority)
    ]


def run_to_fixed_point(
    graph: Graph,
    stage: int,
    options: Options,
    dirty: set,
    users: dict | None = None,
    memo: StepMemo | None = None,
) -> int:
    """Runs the stage's edges until none changes anything; returns the edge runs (worklist)
    or sweeps made. Only edges in `dirty` run: an edge is clean once it ran without changing
    anything, and dirty again when one of its slots changes. `memo`: the run's remembered
    steps (step_memo.py)."""
    edges = edges_for(graph, stage, options)
    if users is None:
        users = graph.slot_users()
        graph.notify_order = {}
    if memo is None:
        memo = StepMemo(graph, options)
    if options.shardy_preferences:
        return _run_worklist(graph, edges, stage, options, dirty, users, memo)
    return _run_sweeps(graph, edges, stage, options, dirty, users, memo)


def _run_sweeps(graph, edges, stage, options, dirty, users, memo) -> int:
    """Sweeps over the edges, alternating direction, until one changes nothing."""
    for iteration in range(options.max_iterations):
        order = edges if iteration % 2 == 0 else reversed(edges)
        changed = False
        for edge in order:
            if edge not in dirty:
                continue
            dirty.discard(edge)
            if _idle(edge):
                continue
            for slot in memo.run(edge, stage):
                changed = True
                dirty.update(users[id(slot)])
            dirty.discard(edge)  # applying its own decisions leaves an edge at its fixed point
        if not changed:
            return iteration + 1
    return options.max_iterations


def _run_worklist(graph, edges, stage, options, dirty, users, memo) -> int:
    """Shardy's order: edges in program order; an edge whose tensor changed runs next.

    A data-flow tie runs next when any of its values changed, a source (a loop's operand, a
    value its body returns) as well as a value it owns: Shardy notifies the edge of the
    value a changed source feeds (campaign 35083, extended: a loop's operand took an axis
    from a callee's argument, and the loop's result had it before the dot reading it ran)."""
    in_stage = set(edges)
    budget = options.max_iterations * max(1, len(edges))
    runs = 0
    first = True
    deferred: set = set()  # edges the next stage visits (Graph.region_readers)
    waiting: set = set()  # edges reading a value another op still uses (Edge.shared_until)
    region_readers = graph.region_readers
    notified = graph.notify_order  # id(slot) -> its edges in Shardy's notification order
    # Shardy's bare passes sync a group when an op changes a member (its import, which the
    # pipeline runs first, already gave the members one sharding; the group ties do the rest)
    # in its pipeline too when one op changes two members of a group at once: the ties cannot
    # tell which one Shardy synced last (campaign 71389)
    groups = _group_members(graph) if options.conflicts == "shardy" else {}
    every_change = graph.bare
    # Ops Shardy's greedy driver erases once it reaches the dead ops using them (basic and
    # aggressive passes): each runs until the first pass gets past its death, none after it.
    dying, killed, position = graph.dying, set(), -1
    frontier = -1  # the furthest op the first pass reached: the dead ops before it are gone
    deaths = sorted(dying.items(), key=lambda item: item[1]) if dying else []
    # (the per-step lookups, bound once: `releases` is popped in place by _release)
    releases, position_of, step = graph.releases, graph.edge_index.get, memo.run
    while runs < budget:
        if dying and not first:
            killed.update(dying)
        # The first edge on top; a stage's first pass visits every data-flow tie in its place
        # (the rewrite driver visits every op), later passes the edges left dirty.
        stack = [e for e in reversed(edges) if e in dirty or (first and e.owned_from is not None)]
        first = False
        if not stack:
            break
        queued = set(stack)
        while (stack or releases) and runs < budget:
            edge = stack.pop() if stack else None
            if releases and _release(graph, edge, stack, queued, in_stage, killed, deaths):
                continue
            queued.discard(edge)
            dirty.discard(edge)
            runs += 1
            # (func results reach their returns before the driver visits any op)
            at = position_of(edge) if edge.op_name != "func.return" else None
            if at is not None and at > frontier:
                frontier = at
            if dying:
                if deaths and at is not None and at > position:
                    position = at
                    while deaths and deaths[0][1] < position:
                        killed.add(deaths.pop(0)[0])
                if edge in killed:
                    continue
            if stage == STAGE_SINGLE_USE and _still_shared(edge, graph, frontier):
                waiting.add(edge)  # (its operand's other user not erased yet)
                continue
            if _idle(edge):
                continue
            changed = step(edge, stage)
            synced: set = set()  # (a synced loop argument wakes its readers at once)
            if edge.overwrite is not None and any(s is edge.overwrite[0] for s in changed):
                changed = [*changed, *_overwrite_group(edge.overwrite)]
            elif (
                groups
                and not edge.syncs
                and changed
                and (every_change or _two_members(groups, changed))
            ):
                syncing = changed if options.conflicts != "shardy" else _synced_from(changed, graph)
                members = _sync_groups(groups, syncing, edge)
                synced = {id(s) for s in members} & graph.grouped_arguments
                changed = [*changed, *members]
            for slot in changed:
                readers = None
                if region_readers and id(slot) not in synced:
                    readers = region_readers.get(id(slot))
                order = notified.get(id(slot))
                if order is None:
                    order = notified[id(slot)] = _notified(
                        users[id(slot)], slot, id(slot) in graph.reattached
                    )
                for user in order:
                    if readers is not None and user in readers:
                        deferred.add(user)  # a loop argument without data-flow edges
                        continue
                    dirty.add(user)
                    if user in in_stage and user is not edge and (user not in queued or user.syncs):
                        stack.append(user)  # an edge already queued keeps its place, but a
                        queued.add(user)  # group syncs its members at once (as Shardy's do)
            dirty.discard(edge)  # applying its own decisions leaves an edge at its fixed point
    dirty.update(deferred)
    dirty.update(waiting)
    graph.gone = math.inf  # (the first pass erased every dead op)
    for edge in dying:  # (erased for good: later stages and rounds never run them)
        dying[edge] = -1
    return runs


def _still_shared(edge: Edge, graph: Graph, frontier: float = -1) -> bool:
    """Whether an operand of the edge has another use the driver has not erased yet: the
    first pass erased each dead op it got past (`frontier`), so an edge an op after that
    dead op woke runs (campaign 72416: a dead reader of a block argument, which no revisit
    releases)."""
    until = edge.shared_until
    return until is not None and until > graph.gone and until >= frontier


def _release(graph, edge, stack, queued, in_stage, killed, deaths) -> bool:
    """Shardy's driver, erasing the ops dying before `edge`'s position (None: at the end of the
    first pass), visits again the ops defining their operands (Graph.releases): when such a
    position is due, `edge` goes back on the stack under those ops' edges, and True."""
    at = graph.edge_index.get(edge) if edge is not None else None
    if edge is not None and (at is None or edge.op_name == "func.return"):
        return False
    if at is not None and graph.releases[0][0] >= at:
        return False
    graph.gone, revisited = graph.releases.pop(0)
    while deaths and deaths[0][1] <= graph.gone:
        killed.add(deaths.pop(0)[0])
    if edge is not None:
        stack.append(edge)
    for e in revisited:
        if e in in_stage and e not in queued:
            stack.append(e)
            queued.add(e)
    return True


def _notified(edges: list, slot, reattached: bool) -> list:
    """The order in which Shardy's rewrite driver pushes the ops of a changed value (the last
    pushed runs first): its defining op, then its users as the value's use list holds them.
    MLIR prepends each new use, so a parsed value's first user in program order comes last
    (runs first); a value whose uses were moved onto it (a constraint inserted for a group,
    or a data-flow edge Shardy's import adds: `reattached`) holds them in program order."""
    value = slot.value
    if value is None or len(edges) < 3:
        return edges
    at = {}
    for i, use in enumerate(value.uses):
        at.setdefault(use.owner, -i if reattached else i)
    definers = [e for e in edges if any(v.slot is slot for v in e.results)]
    readers = [e for e in edges if e not in definers]
    # Edges for ops outside the use list (data-flow ties) keep their place, pushed first.
    low = -len(at) - 1
    readers.sort(key=lambda e: at.get(e.op, low) if e.op is not None else low)
    return definers + readers


def _group_members(graph: Graph) -> dict:
    """id(slot) -> the slots of its sharding group (the group ties' views)."""
    members: dict = {}
    for edge in graph.edges:
        if edge.syncs:
            slots = [v.slot for v in edge.views()]
            for slot in slots:
                members[id(slot)] = slots
    return members


def _two_members(groups: dict, changed: list) -> bool:
    """Whether `changed` holds two members of one sharding group."""
    seen: set = set()
    for slot in changed:
        group = groups.get(id(slot))
        if group is not None:
            if id(group[0]) in seen:
                return True
            seen.add(id(group[0]))
    return False


def _sync_groups(groups: dict, changed: list, edge: Edge) -> list:
    """Shardy's group sync: a member an op's propagation changed gives its sharding to the
    other members of its group, replacing theirs. The op's tensors are updated operands
    first, then results, each followed by its group's sync (so the last one wins)."""
    results = {id(v.slot) for v in edge.results}
    computed = [
        (slot, [list(d) for d in slot.dims], list(slot.closed), slot.mesh)
        for slot in sorted(changed, key=lambda s: id(s) in results)
        if id(slot) in groups
    ]
    synced = []
    for slot, dims, closed, mesh in computed:
        slot.dims, slot.closed, slot.mesh = [list(d) for d in dims], list(closed), mesh
        for other in groups[id(slot)]:
            if other is slot or other.rank != slot.rank:
                continue
            if (
                other.mesh != slot.mesh
                or other.dims != slot.dims
                or other.closed != slot.closed
                or other.replicated != slot.replicated
            ):
                other.dims = [list(d) for d in slot.dims]
                other.closed = list(slot.closed)
                other.mesh = slot.mesh
                if other.maximal and not slot.maximal:  # on a mesh now: it propagates
                    other.maximal = other.sink_only = False
                # the whole sharding replaces the member's: its replicated axes too
                other.forbidden -= whole_axis_names(other.replicated)
                other.replicated, other.unreduced = slot.replicated, slot.unreduced
                other.forbidden |= whole_axis_names(slot.replicated)
                synced.append(other)
    return synced


def _synced_from(changed: list, graph: Graph) -> list:
    """The changed slots whose groups Shardy syncs: not a loop's region argument grouped as
    such only (its sharding is the loop's, whatever changed it: Shardy's group sync gives it
    the other members' but never reads it)."""
    if not graph.region_only_members:
        return changed
    return [s for s in changed if id(s) not in graph.region_only_members]


def _overwrite_group(overwrite) -> list:
    """Shardy's group sync after a manual computation's body changed its result: the result's
    other group members are set to the result's local sharding (its out_sharding with the
    manual axes gone, dims open or closed as there), replacing what they had. (Not the body's
    returned value's: a nested manual computation's result may hold axes on a dim the
    out_sharding closed, campaign 74013.)"""
    outer, local, others = overwrite
    changed = []
    dims = [list(local.axes(d)) for d in range(outer.rank)]
    for slot in others:
        if slot.dims != dims or slot.closed != outer.closed:
            slot.dims, slot.closed = [list(d) for d in dims], list(outer.closed)
            slot.mesh = slot.mesh or outer.mesh
            changed.append(slot)
    return changed


def _idle(edge: Edge) -> bool:
    """Whether running the edge cannot change anything: no factor passes through its op, or
    none of its tensors has an axis."""
    plan = edge.plan or plan_of(edge)
    if plan.inert:
        return True
    for view in plan.views:  # (its operands and results)
        if any(view.slot.dims):
            return False
    return True
