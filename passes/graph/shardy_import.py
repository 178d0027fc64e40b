"""Steps of Shardy's import pipeline that change what propagation sees (the `shardy-import`
option of meshjit-propagate, on in Shardy-compatible op-priority mode, which stands for
`sdy-propagation-pipeline`):

- dead ops go (Shardy's passes rewrite the module with MLIR's greedy driver, which erases
  them), so a dead user never holds a constant or couples two values (done in every
  Shardy-compatible mode);
- a `sdy.sharding_constraint` that is the only user of a value without a sharding gives the value
  its sharding (closed dims stay closed), as Shardy's `sdy-apply-sharding-constraints` does;
- the members of a `sdy.sharding_group` whose initial shardings differ each get an open
  sharding constraint that the group then holds (Shardy's `sdy-sharding-group-import`; done
  in every mode).
"""

from __future__ import annotations

import bisect
import dataclasses
import math

from jaxlib.mlir import ir, passmanager
from jaxlib.mlir.dialects import sdy

from meshjit.dialects.sdy import (
    SHARDING_ATTR,
    axis_ref,
    sharding_per_value_attr,
    tensor_sharding_attr,
)
from meshjit.passes.graph import sharding_io as io
from meshjit.passes.graph.graph import GraphError
from meshjit.passes.graph.split_constants import COPY_MARK
from meshjit.passes.rules import staged_operands
from meshjit.passes.rules.conservative import conservative_rule

# Ops MLIR's greedy driver (which Shardy's passes run) never erases: side effects, or a
# sharding the user asked for.
_KEPT = frozenset(
    {
        "sdy.sharding_constraint",
        "sdy.sharding_group",
        "sdy.data_flow_edge",
        "sdy.func_data_flow_edge",
        "stablehlo.send",
        "stablehlo.recv",
        "stablehlo.outfeed",
        "stablehlo.infeed",
        "stablehlo.rng_bit_generator",
        "stablehlo.all_reduce",
        "stablehlo.reduce_scatter",
        "stablehlo.all_gather",
        "stablehlo.all_to_all",
        "stablehlo.collective_permute",
        "stablehlo.collective_broadcast",
        # Shardy's explicit collectives are not pure: its greedy driver keeps them dead too.
        "sdy.all_gather",
        "sdy.all_slice",
        "sdy.all_to_all",
        "sdy.all_reduce",
        "sdy.collective_permute",
        "sdy.reduce_scatter",
        "sdy.replicated_to_unreduced",
        "sdy.sharded_to_unreduced",
        "func.call",
    }
)
_PREFIXES = ("stablehlo.", "sdy.", "chlo.")
# Ops whose effects are those of the ops in their regions (MLIR's RecursiveMemoryEffects): the
# greedy driver erases one nothing uses when nothing inside has an effect (a loop of pure ops,
# a named or manual computation without constraints, groups or side-effecting calls).
_RECURSIVE = frozenset(
    {
        "stablehlo.while",
        "stablehlo.case",
        "stablehlo.if",
        "sdy.named_computation",
        "sdy.manual_computation",
    }
)
# A func's results whose user sharding has a priority after p0: it reaches a returned call
# result (a named computation's result edge) only after the callee's body did.
DEFERRED_RESULTS = "meshjit.deferred_results"
# A manual computation's results whose out_shardings export made even (write_back.py).
EVENED_RESULTS = "meshjit.evened_results"
# A func's arguments whose shardings export made even (write_back.py).
EVENED_ARGS = "meshjit.evened_args"
# A func's result shardings as propagation left them, where export made them even (write_back.py).
UNEVEN_RESULTS = "meshjit.uneven_results"
# A func's results the user gave a sharding (Shardy's import reshards a returned call result to
# such a one only).
USER_RESULTS = "meshjit.user_results"
# A constant's or scalar expansion's sharding as propagation left it (export/shardy_ops.py).
PROPAGATED_MARK = "meshjit.propagated_sharding"
# Ops whose results Shardy's import gives data-flow edges.
_EDGE_OWNERS = frozenset(
    {
        "stablehlo.while",
        "stablehlo.case",
        "stablehlo.if",
        "stablehlo.optimization_barrier",
        "sdy.named_computation",
    }
)


_EDGE_RESULTS = _EDGE_OWNERS | {"func.call"}
# Results Shardy's `sdy-apply-sharding-constraints` leaves to their sources: jaxlib's Shardy
# gives an if's result a closed constraint's (or manual computation's) sharding in place, as
# it does an ordinary op's (probed; a case's result is resharded instead).
_CONSTRAINED_EDGE_RESULTS = _EDGE_RESULTS - {"stablehlo.if"}


def _ops(module_op: ir.Operation) -> list:
    """Every op, parents before their regions' ops (reversed: children and users first)."""
    found = []

    def visit(op):
        found.append(op)
        return ir.WalkResult.ADVANCE

    module_op.walk(visit, ir.WalkOrder.PRE_ORDER)
    return found


def _ops_as_inlined(module_op: ir.Operation) -> list:
    """`_ops`, each called func's body right after its first call (Shardy's import inlines a
    call into a named computation there, so its greedy driver reaches the body then)."""
    funcs = _funcs_by_name(module_op)
    placed: set = set()
    found: list = []

    def visit(op):
        found.append(op)
        if op.name == "func.call":
            callee = funcs.get(ir.FlatSymbolRefAttr(op.attributes["callee"]).value)
            if callee is not None and callee not in placed:
                placed.add(callee)
                callee.walk(visit, ir.WalkOrder.PRE_ORDER)
        return ir.WalkResult.ADVANCE

    inlined = _callees(module_op, funcs)
    found.append(module_op)
    for op in module_op.regions[0].blocks[0].operations:
        op = op.operation
        if op in inlined:
            continue
        op.walk(visit, ir.WalkOrder.PRE_ORDER)
    return found


def _callees(module_op: ir.Operation, funcs: dict) -> list:
    """The funcs some call reaches."""
    names = _callee_names(module_op)
    return [f for name, f in funcs.items() if name in names]


def _dead(op) -> bool:
    if not op.results or not _effect_free(op):
        return False
    return not any(next(iter(r.uses), None) is not None for r in op.results)


def _effect_free(op) -> bool:
    """Whether MLIR takes `op` for free of memory effects (a region-holding op: when every op
    inside is)."""
    name = op.name
    if name in _KEPT or not name.startswith(_PREFIXES):
        return False
    if name == "stablehlo.custom_call" and _has_side_effect(op):
        return False
    if name in _RECURSIVE:
        return all(
            _effect_free(inner.operation)
            for region in op.regions
            for block in region.blocks
            for inner in block.operations
        )
    return True


def _has_side_effect(op) -> bool:
    attrs = op.attributes
    return "has_side_effect" in attrs and ir.BoolAttr(attrs["has_side_effect"]).value


def erase_dead_ops(
    module_op: ir.Operation, *, transitive: bool = True, pipeline: bool = False
) -> int:
    """Erases side-effect-free ops whose results nothing uses (users before their operands);
    `transitive=False` erases only the ops dead from the start, not those dead only through
    them (see api.propagate_module). `pipeline`: Shardy's pipeline erases a dead manual
    computation, loop, case or optimization barrier (their data-flow edges use them) only in
    its final canonicalization, so they propagate (a manual computation's in_shardings reach
    its operands) and equal constants merge into theirs first."""
    ops = _ops(module_op)
    if pipeline:
        ops = [op for op in ops if not _kept_by_pipeline(op)]
    if not transitive:
        dead = [op for op in ops if _dead(op)]
        for op in reversed(dead):  # (ops inside a region before the op holding it)
            op.erase()
        return len(dead)
    count = 0
    for op in reversed(ops):
        if _dead(op):
            op.erase()
            count += 1
    return count


# Ops Shardy's pipeline keeps dead until its final canonicalization.
_PIPELINE_KEPT = frozenset(
    {
        "sdy.manual_computation",
        "stablehlo.while",
        "stablehlo.case",
        "stablehlo.optimization_barrier",
    }
)


def _kept_by_pipeline(op) -> bool:
    """Whether `op` is one of _PIPELINE_KEPT or holds one in its regions."""
    if op.name in _PIPELINE_KEPT:
        return True
    if op.name not in _RECURSIVE:
        return False
    return any(
        _kept_by_pipeline(inner.operation)
        for region in op.regions
        for block in region.blocks
        for inner in block.operations
    )


def dying_ops(module_op: ir.Operation, *, pipeline: bool = False) -> tuple[dict, ...]:
    """(op -> its position in program order, op -> the position at which it dies, op -> {the
    position of a staged operand that still has another use when the driver reaches it -> the
    position from which it has none (math.inf: never)}, position -> the ops the driver visits
    again there) for the ops not dead yet whose users all are or die: Shardy's basic and
    aggressive passes (a greedy driver visiting ops in program order) erase such an op once the
    dead ops after it are erased, so it propagates until the driver reaches the last of them.
    A dead op dies where the driver reaches it: an op before it still sees its use (Shardy's
    pass-through stage asks then whether an operand has another use). Erasing an op, the driver
    visits again the op defining each of its operands left with one use or none (MLIR's
    rewrite driver), so such an op may pass a sharding through then. `pipeline`: as
    erase_dead_ops'. A callee's body counts as standing at its first call (as inlined)."""
    # (as inlined in every mode: the graph builds a callee's body at its first call, so the
    # driver meets its ops there; positions in the module's order killed them before they ran:
    # campaign 47163)
    ops = _ops_as_inlined(module_op)
    index = {op: i for i, op in enumerate(ops)}
    death = _deaths(ops, index, pipeline)
    uses = _UseEnds(death)
    shared = {}
    for op in ops:
        values = _shared_values(op, index[op], uses)
        if values:
            shared[op] = values
    dying = {op: d for op, d in death.items() if d != index[op]}
    return index, dying, shared, _revisits(death, index, uses)


def _deaths(ops: list, index: dict, pipeline: bool) -> dict:
    """op -> the position at which Shardy's greedy driver erases it, for the ops dead from the
    start (their own position) or only through dead users (their last user's)."""
    death: dict = {}
    for op in reversed(ops):
        if not op.results or not _effect_free(op) or (pipeline and _kept_by_pipeline(op)):
            continue
        owners = [use.owner.operation for r in op.results for use in r.uses]
        if not owners:
            death[op] = index[op]
            continue
        ends = [_use_death(o, death) for o in owners]
        if all(end is not None for end in ends):
            death[op] = max(ends)
    return death


class _UseEnds:
    """Where each use of a value goes (`_use_death`, math.inf: never), read once per value:
    an op reading a value many others read asks in time logarithmic in its uses, not linear
    (a weight read by every step of a long chain)."""

    def __init__(self, death: dict):
        self.death = death
        self.tables: dict = {}  # value -> (sorted ends, [(end, owner)] latest first, owners)

    def table(self, value) -> tuple:
        table = self.tables.get(value)
        if table is None:
            entries, owners = [], {}
            for use in value.uses:
                owner = use.owner.operation
                end = _use_death(owner, self.death)
                end = math.inf if end is None else end
                entries.append((end, owner))
                count, _ = owners.get(owner, (0, end))
                owners[owner] = (count + 1, end)
            entries.sort(key=lambda e: e[0], reverse=True)
            table = self.tables[value] = ([e for e, _ in reversed(entries)], entries, owners)
        return table

    def others(self, value, op, at: int, strict: bool = False) -> int:
        """The uses of `value` by ops other than `op` that go at or after `at` (after, with
        `strict`)."""
        ends, _, owners = self.table(value)
        cut = bisect.bisect_right if strict else bisect.bisect_left
        n = len(ends) - cut(ends, at)
        own, end = owners.get(op, (0, 0))
        if own and (end > at if strict else end >= at):
            n -= own
        return n

    def latest_other(self, value, op) -> float:
        """The latest position at which a use of `value` by an op other than `op` goes."""
        for end, owner in self.table(value)[1]:
            if owner != op:
                return end
        return -1


def _shared_values(op, at: int, uses: _UseEnds) -> dict:
    """{the position of a staged operand of `op` (at position `at`) that still has another use
    when the driver reaches `op` -> the last position at which such a use goes (math.inf:
    never)}: the users dying before `at` are gone by then."""
    found = {}
    for k, value in enumerate(staged_operands(op)):
        own = uses.table(value)[2].get(op, (0, 0))[0]  # (an op reading it twice uses it twice)
        live = uses.others(value, op, at)
        if live + own > 1:
            found[k] = math.inf if own > 1 else uses.latest_other(value, op)
    return found


def _revisits(death: dict, index: dict, uses: _UseEnds) -> dict:
    """position -> the positions of the ops the driver visits again when it erases the ops
    dying there: the op defining an erased op's operand that has one other use left, or
    none."""
    found: dict = _cascade_runs(death, index)
    for op, at in death.items():
        for value in op.operands:
            if not isinstance(value, ir.OpResult):
                continue
            owner = value.owner.operation
            if owner in death and death[owner] <= at:
                continue
            if uses.others(value, op, at, strict=True) <= 1 and owner in index:
                found.setdefault(at, []).append(index[owner])
    return found


def _cascade_runs(death: dict, index: dict) -> dict:
    """position - 0.5 -> the positions of the ops that die at `position` yet run once more
    before: erasing an op dead from the start, MLIR's driver pushes the op defining each of its
    operands left with one other user or none (in operand order, the last pushed popped first),
    and an op popped while a user it dies with is not erased yet runs its pattern again
    (campaign 52275: a scatter read by a dead compare and a dead select, the select erased
    first, runs again with its operand's new sharding). The users that died at an earlier
    position are gone by then (round40b two_dead_roots)."""
    found: dict = {}
    for op, at in death.items():
        if index.get(op) != at:
            continue
        erased: set = set()
        stack: list = []

        def alive_users(value, erased=erased, at=at) -> list:
            return [u.owner.operation for u in value.uses if not _gone(u.owner, erased, death, at)]

        def erase(dead, erased=erased, stack=stack) -> None:
            erased.add(dead)
            for value in dead.operands:
                if not isinstance(value, ir.OpResult):
                    continue
                owner = value.owner.operation
                if len(set(alive_users(value))) <= 1 and owner not in stack:
                    stack.append(owner)

        erase(op)
        while stack:
            owner = stack.pop()
            if owner in erased or owner not in index:
                continue
            if death.get(owner) != at:
                continue  # (a live op: _revisits visits it again after the deaths)
            if any(alive_users(r) for r in owner.results):
                found.setdefault(at - 0.5, []).append(index[owner])
            else:
                erase(owner)
    return found


def _gone(op, erased: set, death: dict, at: int) -> bool:
    """Whether `op`, or an op holding it, is in `erased` or died before position `at`."""
    while op is not None and op.name != "func.func":
        if op.operation in erased or death.get(op.operation, math.inf) < at:
            return True
        op = op.parent
    return False


def _use_death(owner, death: dict) -> int | None:
    """Where a use goes: with its owner, or with the first op holding it that dies (a use by a
    region's terminator dies with the region's op)."""
    ends = []
    while owner is not None and owner.name != "func.func":
        if owner in death:
            ends.append(death[owner])
        owner = owner.parent
    return min(ends) if ends else None


def apply_sharding_constraints(module_op: ir.Operation) -> None:
    """A fully closed constraint, and a fully closed manual computation's in_sharding, give a
    value without a sharding their sharding when no other constraint or manual computation uses
    the value (as Shardy's import does; results of calls and data-flow-edge ops are resharded at
    export instead)."""
    callees = _callee_names(module_op)
    meshes = io.read_meshes(module_op)
    for op in _ops(module_op):
        if op.name == "sdy.sharding_constraint":
            value = op.operands[0]
            # (Shardy's import leaves a value that has a sharding of its own as it is)
            unsharded = _initial_sharding(value) is None
            if _fully_closed(op) and _no_other_claim(value, op, meshes):
                if _callee_argument(value, callees):
                    if not _has_own_arg_sharding(value):  # (a named computation's argument)
                        _take_over_uses(value, op)
                elif _edge_result(value) or _edge_block_argument(value):
                    # (a call whose callee's result has a sharding: its named computation's
                    # edge holds that sharding, so Shardy's import applies nothing)
                    if _edge_block_argument(value) or _unsharded_call_result(value):
                        _take_over_uses(value, op)
                else:
                    _give_sharding(value, op.attributes["sharding"], op.location, meshes)
            if unsharded and _no_other_claim(value, op, meshes):
                _read_after_chain(value, op)
        elif op.name == "sdy.manual_computation":
            ins = sdy.TensorShardingPerValueAttr(op.attributes["in_shardings"]).shardings
            for value, sharding in zip(
                op.operands, _manual_replicated(op, ins, op.operands, meshes)
            ):
                if not _no_other_claim(value, op, meshes):
                    continue  # (a grouped value takes it too: the group's import comes after)
                # (on an edge's value a fully closed in_sharding is a constraint every use
                # reads, as Shardy's import makes it; export makes it a reshard)
                closed = "?" not in str(sharding)
                edge_argument = _edge_block_argument(value) or (
                    _callee_argument(value, callees) and not _has_own_arg_sharding(value)
                )
                if edge_argument and closed:
                    _constrain(value, sharding)
                elif _callee_argument(value, callees) or _edge_owner_argument(value):
                    continue  # a data-flow edge's value: Shardy's import gives it nothing
                elif not closed:
                    continue  # (Shardy's import applies no open in_sharding, one use or more)
                elif _edge_result(value) and _unsharded_call_result(value):
                    # (as a closed constraint there: Shardy's import puts it right after
                    # the op, and every use of the result reads it)
                    _constrain(value, sharding)
                elif (
                    isinstance(value, ir.BlockArgument)
                    or value.owner.name not in _CONSTRAINED_EDGE_RESULTS
                ):
                    _give_sharding(value, sharding, op.location, meshes)


def apply_unreduced_constraints(module_op: ir.Operation) -> None:
    """meshjit's own mode: a fully closed constraint with unreduced axes, the only user of an
    op's result without a sharding, gives the result its sharding, as Shardy's import does.
    Own-mode propagation moves dims' axes, not unreduced ones: a dot contracting over the axes
    computed its result whole, XLA all-reduced it, and the constraint made it partial again
    (round42a-hand-pipeline unreduced_through_while: 3 collectives, 4224 bytes moved against
    Shardy's 1 and 3072)."""
    meshes = io.read_meshes(module_op)
    for op in _ops(module_op):
        if op.name != "sdy.sharding_constraint" or not _fully_closed(op):
            continue
        value = op.operands[0]
        if not isinstance(value, ir.OpResult) or len(list(value.uses)) != 1:
            continue
        if value.owner.name in _CONSTRAINED_EDGE_RESULTS or _initial_sharding(value) is not None:
            continue
        sharding = op.attributes["sharding"]
        if io.read_sharding(sharding, op.location).unreduced:
            _give_sharding(value, sharding, op.location, meshes)


def _manual_replicated(op, shardings, values, meshes: dict) -> list:
    """The manual computation's `shardings` (of its operands or results, `values`) with the
    manual axes each leaves unused replicated (Shardy's `sdy-manual-axes-cleanup`, before its
    constraints apply and its groups compare their members)."""
    manual = io.manual_axes(op)
    found = []
    for value, attr in zip(values, shardings):
        sharding = io.read_sharding(attr, op.location)
        mesh = meshes.get(sharding.mesh_name)
        named = [*(a for d in sharding.dims for a in d.axes), *sharding.replicated]
        used = {axis_ref(a).name for a in (*named, *sharding.unreduced)}
        # (a token's sharding stays empty)
        if mesh is None or manual <= used or not isinstance(value.type, ir.RankedTensorType):
            found.append(attr)
            continue
        extra = tuple(name for name in mesh.names if name in manual - used)
        replicated = tuple(sorted((*sharding.replicated, *extra), key=_axis_order(mesh)))
        found.append(tensor_sharding_attr(dataclasses.replace(sharding, replicated=replicated)))
    return found


def _axis_order(mesh):
    """A sort key putting axes (and sub-axes) in the mesh's order."""

    def key(entry):
        ref = axis_ref(entry)
        return mesh.names.index(ref.name), ref.pre_size or 1

    return key


def _read_after_chain(value, first) -> None:
    """Shardy's import with a chain of constraints (each the only user of the one before):
    the value's other uses after the chain's last constraint, in its block, read the last
    constraint instead."""
    last = first
    while len(list(last.results[0].uses)) == 1:
        user = next(iter(last.results[0].uses)).owner
        if user.name != "sdy.sharding_constraint":
            break
        last = user
    if last == first:
        return
    after = _ops_after(last)
    moved = [(use.owner, use.operand_number) for use in value.uses if use.owner in after]
    for owner, index in moved:
        owner.operands[index] = last.results[0]


def _ops_after(op) -> set:
    """The ops after `op` in its block."""
    found, seen = set(), False
    for other in op.operation.block.operations:
        if seen:
            found.add(other.operation)
        seen = seen or other.operation == op.operation
    return found


def _edge_result(value) -> bool:
    """Whether `value` is an unsharded result of a call or of an op Shardy's import gives
    data-flow edges (a call becomes a named computation): its sharding is its sources'."""
    return (
        isinstance(value, ir.OpResult)
        and value.owner.name in _CONSTRAINED_EDGE_RESULTS
        and _initial_sharding(value) is None
    )


def _unsharded_call_result(value) -> bool:
    """Whether `value` is no call's result, or one whose callee's result has no sharding (the
    import copies a callee's result sharding onto its call)."""
    owner = value.owner
    if owner.name != "func.call":
        return True
    module_op = owner.parent
    while module_op.name != "builtin.module":
        module_op = module_op.parent
    return value.result_number in _unsharded_results(owner, _funcs_by_name(module_op))


def _take_over_uses(value, constraint) -> None:
    """Shardy's import with a constraint on a data-flow edge's result or loop body argument (or
    on an unannotated callee argument: the callee is a named computation to Shardy): the
    constraint moves right after the edge (to the top of the body) and every other use of the
    value reads the constraint instead, so the value keeps its sources' sharding and is
    resharded once into the constraint's."""
    if isinstance(value, ir.BlockArgument):
        constraint.move_before(next(iter(value.owner.operations)))
    else:
        constraint.move_after(_after_earlier_results(value))
    # (a sharding group of the value takes the constraint's result too)
    value.replace_all_uses_except(constraint.results[0], constraint.operation)


def _after_earlier_results(value) -> ir.Operation:
    """The op a constraint taking over `value`'s uses goes after: its owner, or the last of
    the constraints already there on the owner's earlier results (Shardy's import gives each
    result its data-flow edge, in result order, and puts the constraint after its own edge:
    round41a-barrier-siblings)."""
    at, seen = value.owner.operation, False
    for other in at.block.operations:
        other = other.operation
        if not seen:
            seen = other == at
            continue
        source = other.operands[0] if other.name == "sdy.sharding_constraint" else None
        if not (
            isinstance(source, ir.OpResult)
            and source.owner == value.owner
            and source.result_number < value.result_number
        ):
            break
        at = other
    return at


def _fully_closed(constraint) -> bool:
    """Whether no dim of the constraint is open (only such a constraint is applied)."""
    return "?" not in str(constraint.attributes["sharding"])


def _callee_names(module_op: ir.Operation) -> set:
    return {
        ir.FlatSymbolRefAttr(op.attributes["callee"]).value
        for op in _ops(module_op)
        if op.name == "func.call"
    }


def _callee_argument(value, callees: set) -> bool:
    """Whether `value` is an argument of a function something calls (Shardy's import makes the
    callee a named computation, whose arguments no constraint gives a sharding)."""
    if not isinstance(value, ir.BlockArgument):
        return False
    parent = value.owner.owner.operation
    if parent.name != "func.func":
        return False
    return ir.StringAttr(parent.attributes["sym_name"]).value in callees


_MARKS = (
    DEFERRED_RESULTS,
    EVENED_RESULTS,
    EVENED_ARGS,
    UNEVEN_RESULTS,
    USER_RESULTS,
    COPY_MARK,
    PROPAGATED_MARK,
)


def mark_deferred_results(module_op: ir.Operation) -> None:
    """Marks each func's results whose sharding has a dimension of a priority after p0 (before
    propagation drops the priorities), or that return a call whose callee's result the user
    annotated (Shardy's import gives the call that sharding as its own): export reshards no
    returned call result to them. Also marks the results the user gave a sharding."""
    funcs = _funcs_by_name(module_op)
    for func in funcs.values():
        count = len(ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value).results)
        returned = _returned_callee_shardings(func, funcs)
        deferred = [
            i
            for i in range(count)
            if any(
                (d.priority or 0) > 0 for d in getattr(io.func_result_sharding(func, i), "dims", ())
            )
            or returned.get(i) is not None
        ]
        if deferred:
            func.attributes[DEFERRED_RESULTS] = ir.DenseI64ArrayAttr.get(deferred)
        given = [i for i in range(count) if io.func_result_sharding(func, i) is not None]
        if given:
            func.attributes[USER_RESULTS] = ir.DenseI64ArrayAttr.get(given)


def _returned_callee_shardings(func, funcs: dict) -> dict:
    """{result number: its callee's result sharding} for the func's results a call returns."""
    blocks = list(func.regions[0].blocks)
    if not blocks:
        return {}  # (a declaration)
    ret = list(blocks[0].operations)[-1].operation
    found = {}
    for i, value in enumerate(ret.operands):
        if isinstance(value, ir.OpResult) and value.owner.name == "func.call":
            callee = funcs.get(ir.FlatSymbolRefAttr(value.owner.attributes["callee"]).value)
            if callee is not None:
                found[i] = io.func_result_sharding(callee, value.result_number)
    return found


def drop_internal_marks(module_op) -> None:
    """Removes the marks propagation leaves for export (when a pipeline ends without export,
    and after it)."""

    def visit(op):
        for mark in _MARKS:
            if mark in op.attributes:
                del op.attributes[mark]
        return ir.WalkResult.ADVANCE

    module_op.walk(visit)


# Ops whose body arguments Shardy's import gives data-flow edges.
_ARGUMENT_EDGE_OWNERS = frozenset({"stablehlo.while", "sdy.named_computation"})


def _edge_owner_argument(value) -> bool:
    """Whether `value` is a loop body's or named computation's argument."""
    return (
        isinstance(value, ir.BlockArgument)
        and value.owner.owner.operation.name in _ARGUMENT_EDGE_OWNERS
    )


def _edge_block_argument(value) -> bool:
    """Whether `value` is a loop body's or named computation's argument that carries no
    sharding of the user's (Shardy's import gives it a data-flow edge, whose sharding is its
    sources')."""
    if not isinstance(value, ir.BlockArgument):
        return False
    parent = value.owner.owner.operation
    if parent.name not in _ARGUMENT_EDGE_OWNERS:
        return False
    return SHARDING_ATTR not in parent.attributes and "in_shardings" not in parent.attributes


def _has_own_arg_sharding(value) -> bool:
    """Whether a func argument carries the user's sharding."""
    return io.func_arg_sharding(value.owner.owner.operation, value.arg_number) is not None


def drop_maximal_callee_shardings(module_op: ir.Operation) -> None:
    """A called func's arguments and results lose a sharding on a maximal mesh (no axes):
    Shardy's import makes the callee a named computation, which keeps none of them, so its
    body and its call sites propagate as if the user had given none."""
    meshes = io.read_meshes(module_op)
    callees = _callee_names(module_op)
    for name, func in _funcs_by_name(module_op).items():
        if name not in callees:
            continue
        n_args, n_results = io.func_counts(func)
        for read, drop, count in (
            (io.func_arg_sharding, io.drop_func_arg_sharding, n_args),
            (io.func_result_sharding, io.drop_func_result_sharding, n_results),
        ):
            for i in range(count):
                sharding = read(func, i)
                mesh = None if sharding is None else meshes.get(sharding.mesh_name)
                if mesh is not None and not mesh.axes:
                    drop(func, i)


def _funcs_by_name(module_op) -> dict:
    return {
        ir.StringAttr(op.operation.attributes["sym_name"]).value: op.operation
        for op in module_op.regions[0].blocks[0].operations
        if op.operation.name == "func.func"
    }


_CLAIMING_USERS = ("sdy.sharding_constraint", "sdy.manual_computation")


def _no_other_claim(value, op, meshes: dict) -> bool:
    """Whether no user of `value` but `op` is a constraint or a manual computation (Shardy
    applies neither's sharding to a value two of them want), one asking for the same sharding
    as `op` aside (a manual computation's in_sharding with its unused manual axes replicated:
    two manual computations reading a value with one in_sharding, campaign 72771)."""
    own = None
    for use in value.uses:
        user = use.owner
        if user.name not in _CLAIMING_USERS or user == op.operation:
            continue
        if own is None:
            own = _claims(op.operation, value, meshes)
        if _claims(user, value, meshes) != own:
            return False
    return True


def _claims(user, value, meshes: dict) -> set:
    """The shardings a constraint or a manual computation asks of `value` (as text)."""
    if user.name == "sdy.sharding_constraint":
        return {str(user.attributes["sharding"])}
    ins = sdy.TensorShardingPerValueAttr(user.attributes["in_shardings"]).shardings
    cleaned = _manual_replicated(user, ins, user.operands, meshes)
    return {str(s) for operand, s in zip(user.operands, cleaned) if operand == value}


def _give_sharding(value, sharding, location, meshes: dict) -> None:
    """`sharding` on `value`, where the value has none yet."""
    if isinstance(value, ir.BlockArgument):
        _apply_to_arg(value, sharding)
        return
    owner = value.owner
    if owner.name in ("sdy.manual_computation", "sdy.data_flow_edge") or io.has_own_sharding(
        owner.name
    ):
        return
    if SHARDING_ATTR in owner.attributes:
        return
    # (Shardy's setSharding opens every other result of a multi-result op; on a maximal mesh
    # that is a sharding its verifier rejects (campaign 47167): meshjit gives none then)
    mesh = io.read_sharding(sharding, location).mesh_name
    shape = meshes.get(mesh)
    if len(owner.results) > 1 and (shape is None or not shape.axes):
        return
    shardings = [
        io.read_sharding(sharding, location)
        if result == value
        else io.open_sharding(mesh, _rank(result.type))
        for result in owner.results
    ]
    io.set_op_result_shardings(owner, shardings)


def _rank(value_type) -> int:
    return value_type.rank if isinstance(value_type, ir.RankedTensorType) else 0


def _apply_to_arg(arg: ir.BlockArgument, sharding) -> None:
    func = arg.owner.owner
    if func is None or func.operation.name != "func.func":
        return
    func = func.operation
    if io.func_arg_sharding(func, arg.arg_number) is not None:
        return
    io.set_func_arg_sharding(func, arg.arg_number, io.read_sharding(sharding, func.location))


def block_permutation_factors(graph) -> None:
    """conservative-propagation: each edge takes Shardy's conservative rule (rules/conservative:
    sliced, padded, windowed dims propagate nothing; a convolution's and a concatenate's
    size-one factors)."""
    for edge in graph.edges:
        rule = conservative_rule(edge.op_name, edge.op, edge.rule)
        if rule is not edge.rule:
            edge.rule, edge.plan = rule, None


def import_sharding_groups(
    module_op: ir.Operation, *, pipeline: bool = False, callee_results: bool = False
) -> None:
    """Shardy's `sdy-sharding-group-import` (`pipeline`: in its import pipeline, where a call
    result and a manual computation's body argument already hold shardings;
    `callee_results`: an unannotated call result holds its callee's result sharding, as
    meshjit's own mode starts it)."""
    groups: dict = {}
    for op in _ops(module_op):
        if op.name == "sdy.sharding_group":
            groups.setdefault(ir.IntegerAttr(op.attributes["group_id"]).value, []).append(op)
    keys = io.read_mesh_keys(module_op) if groups else {}
    funcs = _funcs_by_name(module_op) if groups and (pipeline or callee_results) else None
    meshes = io.read_meshes(module_op) if groups and pipeline else None
    for group_id, members in groups.items():
        if pipeline:  # (the import's group step keeps one op per value; the bare passes don't)
            members = _distinct_values(members)
        values = [m.operands[0] for m in members]
        if pipeline:
            _check_one_manual_computation(group_id, members)
        shardings = [_member_sharding(v, funcs, meshes) for v in values]
        _check_one_mesh(group_id, members, shardings, keys)
        given = {str(s) for s in shardings if s is not None and not _fully_open(s)}
        if len(given) > 1:
            mesh = next(s for s in shardings if s is not None).mesh_name
            for value in values:
                _open_constraint(value, mesh)


def _distinct_values(members: list) -> list:
    """The group's ops, the first one only for a value it holds twice (one member: one
    constraint)."""
    firsts: dict = {}
    for member in members:
        firsts.setdefault(member.operands[0], member)
    return list(firsts.values())


def _fully_open(sharding) -> bool:
    """A sharding that says nothing of its dims (every dim open and empty, whatever axes it
    replicates): the group's import takes the member for one without a sharding, and the
    group's sync then replaces it whole (campaign 34208, extended)."""
    return all(not d.axes and not d.is_closed for d in sharding.dims)


def _check_one_manual_computation(group_id: int, members: list) -> None:
    """Members inside different manual computations (or one inside and one outside) are an
    error of Shardy's import, in its words, at the first member that crosses."""
    first = _enclosing_manual(members[0].operands[0])
    for member in members[1:]:
        other = _enclosing_manual(member.operands[0])
        if (other is None) != (first is None) or other is not None and other != first:
            raise GraphError(
                member.location,
                "ShardingGroupOps values cannot cross ManualComputationOp boundaries for "
                f"groupId: {group_id}",
            )


def _enclosing_manual(value):
    """The innermost manual computation whose body holds `value` (None: outside all)."""
    op = value.owner.owner if isinstance(value, ir.BlockArgument) else value.owner.parent
    while op is not None and op.name != "builtin.module":
        if op.name == "sdy.manual_computation":
            return op
        op = op.parent
    return None


def _check_one_mesh(group_id: int, members: list, shardings: list, keys: dict) -> None:
    """Members on meshes of different definitions are an error (equal definitions, whatever
    their names, are one mesh to Shardy)."""
    first = None
    for member, sharding in zip(members, shardings):
        if sharding is None:
            continue
        if first is None:
            first = sharding.mesh_name
        elif keys.get(sharding.mesh_name, sharding.mesh_name) != keys.get(first, first):
            raise GraphError(
                member.location,
                f"sharding group {group_id} has members on different meshes "
                f"(@{first} and @{sharding.mesh_name})",
            )


def _member_sharding(value: ir.Value, funcs: dict | None, meshes: dict | None):
    """A group member's sharding as Shardy's group import reads it: a manual computation's body
    argument holds its local in_sharding, and in the pipeline (`funcs`, `meshes`) a manual
    computation's result its out_sharding replicating the manual axes it leaves unused, an
    unannotated call result its callee's result sharding (the import copies it onto the
    call)."""
    if isinstance(value, ir.BlockArgument):
        owner = value.owner.owner
        if owner is not None and owner.operation.name == "sdy.manual_computation":
            return io.value_sharding(value)
    elif meshes is not None and value.owner.name == "sdy.manual_computation":
        op = value.owner.operation
        outs = sdy.TensorShardingPerValueAttr(op.attributes["out_shardings"]).shardings
        n = value.result_number
        return io.read_sharding(_manual_replicated(op, [outs[n]], [value], meshes)[0])
    elif (
        funcs is not None
        and value.owner.name == "func.call"
        and SHARDING_ATTR not in value.owner.attributes
    ):
        callee = funcs.get(ir.FlatSymbolRefAttr(value.owner.attributes["callee"]).value)
        return None if callee is None else io.func_result_sharding(callee, value.result_number)
    return _initial_sharding(value)


def _initial_sharding(value: ir.Value):
    """The value's sharding as Shardy's group import reads it: a named computation's arguments
    and results hold their in and out shardings."""
    if isinstance(value, ir.BlockArgument):
        owner = value.owner.owner
        if owner is not None and owner.operation.name == "sdy.named_computation":
            return _named_sharding(owner.operation, "in_shardings", value.arg_number)
        if owner is None or owner.operation.name != "func.func":
            return None
        return io.func_arg_sharding(owner.operation, value.arg_number)
    if value.owner.operation.name == "sdy.named_computation":
        return _named_sharding(value.owner.operation, "out_shardings", value.result_number)
    shardings = io.op_result_shardings(value.owner)
    return shardings[value.result_number] if shardings else None


def _named_sharding(op, attr: str, index: int):
    if attr not in op.attributes:
        return None
    return io.read_sharding_per_value(op.attributes[attr], op.location)[index]


def _open_constraint(value: ir.Value, mesh: str) -> None:
    """Puts `sdy.sharding_constraint %value <@mesh, [{?}, ...]>` between `value` and its
    users (the group's op included)."""
    rank = len(ir.RankedTensorType(value.type).shape)
    _constrain(value, tensor_sharding_attr(io.open_sharding(mesh, rank)))


def _constrain(value: ir.Value, sharding) -> None:
    """Puts `sdy.sharding_constraint %value <sharding>` between `value` and its users."""
    if isinstance(value, ir.BlockArgument):
        block = value.owner
        ops = list(block.operations)
        where = ir.InsertionPoint(ops[0]) if ops else ir.InsertionPoint(block)
    else:
        where = ir.InsertionPoint.after(value.owner)
    with (
        value.owner.owner.location if isinstance(value, ir.BlockArgument) else value.owner.location
    ):
        constraint = sdy.ShardingConstraintOp(value, sharding, ip=where)
    value.replace_all_uses_except(constraint.result, constraint.operation)


def _unsharded_results(op, funcs) -> list[int]:
    if op.name == "func.call":
        callee = funcs.get(ir.FlatSymbolRefAttr(op.attributes["callee"]).value)
        if callee is None:
            return []
        return [i for i in range(len(op.results)) if io.func_result_sharding(callee, i) is None]
    if op.name not in _EDGE_OWNERS:
        return []
    given = SHARDING_ATTR in op.attributes or "out_shardings" in op.attributes
    return [] if given else list(range(len(op.results)))


def sort_manual_axes(module_op: ir.Operation) -> None:
    """Each manual computation's manual axes in its mesh's order (Shardy's
    sdy-manual-axes-cleanup)."""
    meshes = io.read_meshes(module_op)
    for op in _ops(module_op):
        if op.name != "sdy.manual_computation":
            continue
        shardings = [
            *io.read_sharding_per_value(op.attributes["in_shardings"], op.location),
            *io.read_sharding_per_value(op.attributes["out_shardings"], op.location),
        ]
        mesh = meshes.get(shardings[0].mesh_name) if shardings else None
        manual = io.manual_axes(op)
        if mesh is None or not manual <= set(mesh.names):
            continue
        ordered = ", ".join(f'"{name}"' for name in mesh.names if name in manual)
        op.attributes["manual_axes"] = ir.Attribute.parse(f"#sdy<manual_axes{{{ordered}}}>")


def remove_size_one_axes(module_op: ir.Operation) -> None:
    """Axes of size 1 leave every sharding (Shardy's `sdy-remove-size-one-axes`)."""
    ones = {
        name: {axis for axis, size in mesh.axes if size == 1}
        for name, mesh in io.read_meshes(module_op).items()
    }
    if not any(ones.values()):
        return
    for op in _ops(module_op):
        if op.name == "func.func":
            _strip_func(op, ones)
        elif op.name == "sdy.manual_computation":
            shardings = io.read_sharding_per_value(op.attributes["in_shardings"], op.location)
            stripped = [_strip(s, ones) for s in shardings]
            op.attributes["in_shardings"] = sharding_per_value_attr(stripped)
            io.set_op_result_shardings(op, [_strip(s, ones) for s in io.op_result_shardings(op)])
        elif op.results and (SHARDING_ATTR in op.attributes or io.has_own_sharding(op.name)):
            shardings = io.op_result_shardings(op)
            if all(s is not None for s in shardings):
                io.set_op_result_shardings(op, [_strip(s, ones) for s in shardings])


def _strip_func(func, ones) -> None:
    ftype = ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)
    for i in range(len(ftype.inputs)):
        sharding = io.func_arg_sharding(func, i)
        if sharding is not None:
            io.set_func_arg_sharding(func, i, _strip(sharding, ones))
    for i in range(len(ftype.results)):
        sharding = io.func_result_sharding(func, i)
        if sharding is not None:
            io.set_func_result_sharding(func, i, _strip(sharding, ones))


def _strip(sharding, ones):
    drop = ones.get(sharding.mesh_name, set())
    if not drop:
        return sharding

    def keep(axes):
        return tuple(a for a in axes if axis_ref(a).name not in drop)

    dims = tuple(dataclasses.replace(d, axes=keep(d.axes)) for d in sharding.dims)
    return dataclasses.replace(
        sharding,
        dims=dims,
        replicated=keep(sharding.replicated),
        unreduced=keep(sharding.unreduced),
    )


def lift_inlined_meshes(module_op: ir.Operation, *, dedup: bool = True) -> None:
    """Inline meshes (`#sdy.sharding<mesh<[...]>, ...>`) become `sdy.mesh` symbols, as Shardy's
    import does (its own `sdy-lift-inlined-meshes`, a mechanical rewrite, which also merges
    `sdy.mesh` symbols holding the same mesh into the first). `dedup=False` (Shardy's bare
    passes, which run no import) keeps such duplicates and the shardings naming them: the
    rewrite then runs only when a sharding inlines a mesh."""
    if not dedup and _duplicate_meshes(module_op) and not _inlined_mesh(module_op):
        return
    pm = passmanager.PassManager.parse("builtin.module(sdy-lift-inlined-meshes)")
    pm.enable_verifier(False)  # (a mechanical rewrite: verifying the module cost 5x the pass)
    pm.run(module_op)


def _duplicate_meshes(module_op: ir.Operation) -> bool:
    seen = set()
    for op in module_op.regions[0].blocks[0].operations:
        op = op.operation
        if op.name == "sdy.mesh":
            text = str(op.attributes["mesh"])
            if text in seen:
                return True
            seen.add(text)
    return False


def _inlined_mesh(module_op: ir.Operation) -> bool:
    """Whether a sharding in the module inlines its mesh (`<mesh<[...]>, [...]>`)."""
    return "sharding<mesh<" in str(module_op) or "<<mesh<" in str(module_op)


# Results Shardy's import hands to a data-flow edge op (`stablehlo.if` gets none). A call's
# results move twice (to the named computation that replaces it, then to its edge op), which
# restores their parsed order; its callee's arguments move once, to their edge ops.
_REATTACHED_RESULTS = frozenset(
    {
        "stablehlo.while",
        "stablehlo.case",
        "stablehlo.optimization_barrier",
        "sdy.named_computation",
    }
)


def reattached_slots(module_op: ir.Operation, graph) -> set:
    """id(slot) of the values whose uses Shardy's import moves onto a data-flow edge op once:
    results of loops, branches and barriers, and callees' arguments."""
    slots = graph.slots
    found: set = set()
    callees: set = set()
    for op in _ops(module_op):
        if op.name in _REATTACHED_RESULTS:
            for r in op.results:
                slot = slots.get(r)
                if slot is not None:
                    found.add(id(slot))
        elif op.name == "func.call":
            callees.add(ir.FlatSymbolRefAttr(op.attributes["callee"]).value)
    for op in module_op.regions[0].blocks[0].operations:
        op = op.operation
        if op.name == "func.func" and ir.StringAttr(op.attributes["sym_name"]).value in callees:
            for arg in op.regions[0].blocks[0].arguments:
                slot = slots.get(arg)
                if slot is not None:
                    found.add(id(slot))
    return found
