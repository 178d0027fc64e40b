"""Export steps of Shardy's `sdy-propagation-pipeline` that rewrite ops (meshjit-export does
them unless it prepares the module for XLA): `sdy.sharding_group`s go (and the ops only they
used), every `sdy.sharding_constraint` becomes a `sdy.reshard` to the same sharding, and every
`stablehlo.constant` a `sdy.constant` (Shardy's import makes constants `sdy.constant`s so nothing
folds them, and its export keeps them; equal copies and scalar expansions merge), and a result
holding partial sums (`unreduced={...}`) reaches its users through a `sdy.all_reduce` over
those axes. Closed shardings say which axes replicate: the `replicated={...}` lists go."""

from __future__ import annotations

import dataclasses
import re

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import sdy

from meshjit.dialects.sdy import SHARDING_ATTR, tensor_sharding_attr
from meshjit.passes.export.concat_reshards import reshard_concatenates, reshard_dots
from meshjit.passes.export.write_back import even_dims
from meshjit.passes.graph import sharding_io as io
from meshjit.passes.graph.axes import from_axis, to_axis
from meshjit.passes.graph.call_graph import ORIGINAL_FUNC_NAME
from meshjit.passes.graph.shardy_import import (
    DEFERRED_RESULTS,
    EVENED_ARGS,
    EVENED_RESULTS,
    PROPAGATED_MARK,
    UNEVEN_RESULTS,
    USER_RESULTS,
    erase_dead_ops,
)
from meshjit.passes.graph.split_constants import (
    COPY_MARK,
    is_scalar_expansion,
)
from meshjit.passes.rules import shape_of


def _ops_named(module_op: ir.Operation, name: str) -> list:
    found = []

    def visit(op):
        if op.name == name:
            found.append(op)
        return ir.WalkResult.ADVANCE

    module_op.walk(visit)
    return found


def constraints_as_reshards(module_op: ir.Operation) -> None:
    for op in _ops_named(module_op, "sdy.sharding_constraint"):
        with op.location, ir.InsertionPoint(op):
            reshard = sdy.ReshardOp(op.operands[0], op.attributes["sharding"])
        op.results[0].replace_all_uses_with(reshard.result)
        op.erase()


def _mergeable(op) -> bool:
    return op.name in ("sdy.constant", "stablehlo.constant") or is_scalar_expansion(op)


def mark_propagated_shardings(module_op: ir.Operation) -> None:
    """Keeps each mergeable op's sharding as propagation left it (PROPAGATED_MARK), for
    merge_constants after the export closed it: Shardy's export merges copies before it
    closes shardings, so two that differ only in open dims stay apart (campaign 36470
    extended)."""

    def visit(op):
        if _mergeable(op):
            sharding = op.attributes[SHARDING_ATTR] if SHARDING_ATTR in op.attributes else None
            op.attributes[PROPAGATED_MARK] = ir.StringAttr.get(str(sharding))
        return ir.WalkResult.ADVANCE

    module_op.walk(visit)


def merge_constants(module_op: ir.Operation) -> None:
    """Equal `sdy.constant`s and scalar expansions (broadcasts of one rank-0 value) of one
    block with the same sharding become the first of them, as Shardy's export merges the
    copies its import made (constants first, so the expansions of merged constants merge).
    Their shardings compare as propagation left them (PROPAGATED_MARK), open dims included."""
    found = []

    def visit(op):
        if op.name == "sdy.constant" or is_scalar_expansion(op):
            found.append(op)
        return ir.WalkResult.ADVANCE

    module_op.walk(visit)
    first: dict = {}
    for op in found:
        operand = op.operands[0] if len(op.operands) else None
        attrs = tuple(
            (name, str(op.attributes[name])) for name in sorted(op.attributes) if name != COPY_MARK
        )
        key = (op.block, op.name, operand, str(op.results[0].type), attrs)
        kept = first.setdefault(key, op)
        if kept is not op:
            op.results[0].replace_all_uses_with(kept.results[0])
            op.erase()
    for op in first.values():
        if PROPAGATED_MARK in op.attributes:
            del op.attributes[PROPAGATED_MARK]


def constants_as_sdy(module_op: ir.Operation) -> None:
    for op in _ops_named(module_op, "stablehlo.constant"):
        with op.location, ir.InsertionPoint(op):
            const = sdy.ConstantOp(op.attributes["value"])
        for name in (SHARDING_ATTR, PROPAGATED_MARK):
            if name in op.attributes:
                const.operation.attributes[name] = op.attributes[name]
        op.results[0].replace_all_uses_with(const.result)
        op.erase()
    merge_constants(module_op)


def remove_sharding_groups(module_op: ir.Operation) -> None:
    groups = _ops_named(module_op, "sdy.sharding_group")
    for op in groups:
        op.erase()
    if groups:
        erase_dead_ops(module_op, pipeline=True)


def _sharded_ops(module_op: ir.Operation) -> list:
    found = []

    def visit(op):
        if SHARDING_ATTR in op.attributes and op.results:
            found.append(op)
        return ir.WalkResult.ADVANCE

    module_op.walk(visit)
    return found


def _unreduced_axes(sharding) -> list[str]:
    return [str(a) for a in sdy.TensorShardingAttr(sharding).unreduced_axes]


def _with_unreduced(sharding, axes: list[str]):
    """The sharding holding only `axes` unreduced (an all_reduce's out_sharding)."""
    attr = sdy.TensorShardingAttr(sharding)
    kept = [a for a in attr.unreduced_axes if str(a) in axes]
    return sdy.TensorShardingAttr.get(
        attr.mesh_or_ref, list(attr.dimension_shardings), list(attr.replicated_axes), kept
    )


def _kept_unreduced(owner: ir.Operation, number: int) -> list[str]:
    """The unreduced axes a use's owner keeps: its (first) result's, or for a return the
    func result's."""
    if owner.name == "func.return":
        sharding = io.func_result_sharding(owner.parent, number)
        return [] if sharding is None else _unreduced_axes(tensor_sharding_attr(sharding))
    sharding = _value_sharding(owner.results[0]) if len(owner.results) else None
    return [] if sharding is None else _unreduced_axes(sharding)


def _unreduced_values(module_op: ir.Operation) -> list:
    """(value, sharding) of every func argument and op result holding partial sums."""
    found = []

    def visit(op):
        if op.name == "func.func" and op.regions[0].blocks:
            for arg in op.regions[0].blocks[0].arguments:
                sharding = _value_sharding(arg)
                if sharding is not None and _unreduced_axes(sharding):
                    found.append((arg, sharding))
        elif io.has_own_sharding(op.name):
            sharding = _value_sharding(op.results[0])
            if _unreduced_axes(sharding):
                found.append((op.results[0], sharding))
        elif op.name == "sdy.manual_computation":
            # its out_shardings: partial sums leave the body over (manual) unreduced axes
            for result in op.results:
                sharding = _value_sharding(result)
                if sharding is not None and _unreduced_axes(sharding):
                    found.append((result, sharding))
        elif SHARDING_ATTR in op.attributes and op.results:
            per_value = sdy.TensorShardingPerValueAttr(op.attributes[SHARDING_ATTR])
            for result, sharding in zip(op.results, per_value.shardings):
                if _unreduced_axes(sharding):
                    found.append((result, sharding))
        return ir.WalkResult.ADVANCE

    module_op.walk(visit)
    return found


_EDGE_OWNERS = ("stablehlo.while", "stablehlo.optimization_barrier")
_SELECTORS = ("stablehlo.case",)
_REGION_EDGE_OWNERS = ("stablehlo.case", "stablehlo.if", "stablehlo.while")


def _edge_owner(user: ir.Operation) -> ir.Operation | None:
    """The data-flow edge owner (while, optimization_barrier, case, if) a use feeds as an
    edge source (an operand of the owner, or a branch / body's `stablehlo.return`), or None."""
    if user.name in _EDGE_OWNERS:
        return user
    if user.name == "stablehlo.return":
        parent = user.parent
        if parent is not None and parent.name in _REGION_EDGE_OWNERS:
            return parent
    return None


def _after_definition(value: ir.Value) -> ir.InsertionPoint:
    """Right after `value`'s definition (a block argument's: the block's start)."""
    if isinstance(value, ir.BlockArgument):
        ops = list(value.owner.operations)
        return ir.InsertionPoint(ops[0]) if ops else ir.InsertionPoint(value.owner)
    return ir.InsertionPoint.after(value.owner)


def _op_order(module_op: ir.Operation) -> dict:
    order: dict = {}

    def visit(op):
        order[op] = len(order)
        return ir.WalkResult.ADVANCE

    module_op.walk(visit, ir.WalkOrder.PRE_ORDER)
    return order


def all_reduce_unreduced(module_op: ir.Operation, firsts: dict | None = None) -> None:
    """Every use of a value holding partial sums whose user does not keep them unreduced
    reads it through its own `sdy.all_reduce` (Shardy's export: an operand's unreduced axes
    missing from the op's result are reduced there), placed right before the user, or, for a
    data-flow edge source (a while / optimization_barrier operand, a case / if branch or
    while body return), right after the value's definition, edge owners taken in program
    order (each later one's reduction lands nearer the definition), as Shardy places them.
    A user that is an operand reshard of the export's (`firsts`: each one's first before its
    op) has it before all of them, as Shardy reduces an op's operands before resharding them."""
    order = None
    for value, sharding in _unreduced_values(module_op):
        axes = _unreduced_axes(sharding)
        plain, sources = [], []
        for owner, number in [(u.owner, u.operand_number) for u in value.uses]:
            if owner.name in _SELECTORS and number == 0:
                continue  # a case's index: Shardy does not reduce it (an if's predicate it does)
            kept = _kept_unreduced(owner, number)
            reduced = [a for a in axes if a not in kept]
            if not reduced:
                continue
            out = _with_unreduced(sharding, [a for a in axes if a in kept])
            edge = _edge_owner(owner)
            (plain if edge is None else sources).append((owner, number, reduced, out, edge))
        for owner, number, reduced, out, _ in plain:
            at = (firsts or {}).get(owner.operation, owner)
            with owner.location, ir.InsertionPoint(at):
                owner.operands[number] = _all_reduced(value, reduced, out)
        if sources:
            order = _op_order(module_op) if order is None else order
            sources.sort(key=lambda s: order.get(s[4], 0))
        for owner, number, reduced, out, edge in sources:
            with edge.location, _after_definition(value):
                owner.operands[number] = _all_reduced(value, reduced, out)


def _all_reduced(value: ir.Value, axes: list[str], out) -> ir.Value:
    """`value` all-reduced over `axes` to `out`; a reduction that undoes the collective that
    made the partial sums folds as Shardy's canonicalization folds it: of
    `sdy.replicated_to_unreduced` it is that op's operand, of `sdy.sharded_to_unreduced` an
    `sdy.all_gather` of its operand over the same axes."""
    producer = value.owner if isinstance(value, ir.OpResult) else None
    name = producer.name if producer is not None else None
    if name in ("sdy.replicated_to_unreduced", "sdy.sharded_to_unreduced"):
        source = producer.operands[0]
        made = _axis_refs(producer.attributes["axes"])
        wanted = sorted(_axis_text(a) if a.startswith("#") else a for a in axes)
        if sorted(made) == wanted:
            if name == "sdy.replicated_to_unreduced":
                return source
            return sdy.AllGatherOp(source, producer.attributes["axes"], out).result
    listed = ir.Attribute.parse(f"#sdy<axis_ref_list{{{', '.join(axes)}}}>")
    return sdy.AllReduceOp(value, listed, out).result


def _axis_refs(attr) -> list:
    """The axis refs of an `axis_ref_list` or, flattened, of a `list_of_axis_ref_lists`."""
    text = str(attr)
    return re.findall(r'"\w+"(?::\(\d+\)\d+)?', text)


def unreduce_returned_values(module_op: ir.Operation) -> None:
    """A returned value missing unreduced axes its func result holds becomes partial there:
    `sdy.replicated_to_unreduced`, or `sdy.sharded_to_unreduced` when the value's dims use the
    axes (Shardy's export)."""
    for ret in _ops_named(module_op, "func.return"):
        for number, value in enumerate(ret.operands):
            wanted = io.func_result_sharding(ret.parent, number)
            if wanted is None:
                continue
            wanted = tensor_sharding_attr(wanted)
            sharding = _value_sharding(value)
            if sharding is None:  # Shardy puts no collective on a value without a sharding
                continue
            have = _unreduced_axes(sharding)
            missing = [a for a in _unreduced_axes(wanted) if a not in have]
            if missing:
                wanted = sdy.TensorShardingAttr(wanted)
                refs = [a for a in wanted.unreduced_axes if str(a) in missing]
                ret.operands[number] = _unreduce(value, sharding, refs, ret)


def _unreduce(value: ir.Value, sharding, refs: list, user: ir.Operation) -> ir.Value:
    axes = [str(a) for a in refs]
    attr = sdy.TensorShardingAttr(sharding)
    old_dims = [sdy.DimensionShardingAttr(d) for d in attr.dimension_shardings]
    moved = [[str(a) for a in d.axes if str(a) in axes] for d in old_dims]
    dims = [
        sdy.DimensionShardingAttr.get(
            [a for a in d.axes if str(a) not in axes], d.is_closed, d.priority
        )
        for d in old_dims
    ]
    out = sdy.TensorShardingAttr.get(
        attr.mesh_or_ref,
        dims,
        list(attr.replicated_axes),
        list(attr.unreduced_axes) + refs,
    )
    with user.location, ir.InsertionPoint(user):
        if any(moved):
            lists = ", ".join("{" + ", ".join(map(_axis_text, m)) + "}" for m in moved)
            listed = ir.Attribute.parse(f"#sdy<list_of_axis_ref_lists[{lists}]>")
            return sdy.ShardedToUnreducedOp(value, listed, out).result
        listed = ir.Attribute.parse(f"#sdy<axis_ref_list{{{', '.join(map(_axis_text, axes))}}}>")
        return sdy.ReplicatedToUnreducedOp(value, listed, out).result


def _axis_text(ref: str) -> str:
    """`"b"` (or `"b":(1)2`) from an axis ref attribute's text `#sdy<axis_ref"b">`."""
    return ref[len("#sdy<axis_ref") : -1].strip()


def _value_sharding(value: ir.Value):
    """The `#sdy.sharding` attribute of a func argument, a loop's region argument (its
    result's), a manual computation's body argument (its in_sharding without the manual axes)
    or an op result, or None."""
    if isinstance(value, ir.BlockArgument):
        owner = value.owner.owner
        if owner is not None and owner.operation.name == "stablehlo.while":
            return _value_sharding(owner.operation.results[value.arg_number])
        if owner is not None and owner.operation.name == "sdy.manual_computation":
            return tensor_sharding_attr(io.value_sharding(value))
        if owner is None or owner.operation.name != "func.func":
            return None
        owner = owner.operation
        sharding = io.func_arg_sharding(owner, value.arg_number)
        return None if sharding is None else tensor_sharding_attr(sharding)
    op = value.owner
    if io.has_own_sharding(op.name):
        return tensor_sharding_attr(io.op_result_shardings(op)[0])
    if op.name == "sdy.manual_computation":
        outs = sdy.TensorShardingPerValueAttr(op.attributes["out_shardings"]).shardings
        return list(outs)[value.result_number]
    if SHARDING_ATTR not in op.attributes:
        return None
    per_value = sdy.TensorShardingPerValueAttr(op.attributes[SHARDING_ATTR])
    return list(per_value.shardings)[value.result_number]


def _funcs(module_op: ir.Operation) -> dict:
    return {
        ir.StringAttr(op.attributes["sym_name"]).value: op.operation
        for op in module_op.regions[0].blocks[0].operations
        if op.operation.name == "func.func"
    }


def _reshard_after_definition(value: ir.Value, sharding, location) -> ir.Value:
    """A `sdy.reshard` of `value` placed right after its definition (a block argument's at
    the block's start), where Shardy's export puts it."""
    if isinstance(value, ir.BlockArgument):
        ops = list(value.owner.operations)
        where = ir.InsertionPoint(ops[0]) if ops else ir.InsertionPoint(value.owner)
    else:
        where = ir.InsertionPoint.after(value.owner)
    with location, where:
        return sdy.ReshardOp(value, sharding).result


def reshard_call_operands(module_op: ir.Operation) -> None:
    """A call operand whose sharding differs from its callee argument's is resharded to it
    (Shardy's `sdy-insert-func-call-reshards`); an operand without a sharding or sharded on
    no axis (replicated) is not resharded to a callee argument sharded on no axis, on any
    mesh."""
    funcs = _funcs(module_op)
    calls = _ops_named(module_op, "func.call")
    count: dict = {}
    for call in calls:
        name = ir.FlatSymbolRefAttr(call.attributes["callee"]).value
        count[name] = count.get(name, 0) + 1
    for call in calls:
        name = ir.FlatSymbolRefAttr(call.attributes["callee"]).value
        callee = funcs.get(name)
        if callee is None:
            continue
        for i, operand in enumerate(list(call.operands)):
            wanted = io.func_arg_sharding(callee, i)
            wanted = None if wanted is None else tensor_sharding_attr(wanted)
            if wanted is None and count[name] > 1:  # a shared callee's unsharded argument
                wanted = _replicated_like(_value_sharding(operand))
            own = _value_sharding(operand)
            if wanted is None or _unlisted(own) == _unlisted(wanted):
                continue
            if _replicated_like(wanted) is None and (own is None or _replicated_like(own) is None):
                continue  # replicated already (on whichever mesh: nothing moves)
            call.operands[i] = _reshard_after_definition(operand, wanted, call.location)


def _replicated_like(sharding):
    """The closed, fully replicated sharding on `sharding`'s mesh (None for None or for a
    sharding without axes: nothing to reshard)."""
    if sharding is None:
        return None
    attr = sdy.TensorShardingAttr(sharding)
    dims = [sdy.DimensionShardingAttr(d) for d in attr.dimension_shardings]
    if not any(list(d.axes) for d in dims):
        return None
    return _replicated_on(attr)


def _replicated_on(attr):
    """The closed, fully replicated sharding on the mesh of `attr` (a TensorShardingAttr)."""
    empty = [sdy.DimensionShardingAttr.get([], True) for _ in attr.dimension_shardings]
    return sdy.TensorShardingAttr.get(attr.mesh_or_ref, empty, [], [])


def _returned(func) -> ir.Operation | None:
    ops = list(func.regions[0].blocks[0].operations) if func.regions[0].blocks else []
    return ops[-1].operation if ops and ops[-1].operation.name == "func.return" else None


def _set_result_sharding(op, index: int, sharding) -> None:
    per_value = list(sdy.TensorShardingPerValueAttr(op.attributes[SHARDING_ATTR]).shardings)
    per_value[index] = sharding
    op.attributes[SHARDING_ATTR] = sdy.TensorShardingPerValueAttr.get(per_value)


def _evenly(sharding, shape, meshes: dict):
    """`sharding` (an attribute) with each dim's axes cut where they stop dividing its size, as
    Shardy's export makes func results even (write_back.even_dims)."""
    tensor = io.read_sharding(sharding)
    mesh = meshes.get(tensor.mesh_name)
    if mesh is None:
        return sharding
    dims = even_dims(shape, [[to_axis(a, mesh) for a in d.axes] for d in tensor.dims])
    if dims is None:
        return sharding
    new = tuple(
        dataclasses.replace(d, axes=tuple(from_axis(a, mesh) for a in axes))
        for d, axes in zip(tensor.dims, dims)
    )
    return tensor_sharding_attr(dataclasses.replace(tensor, dims=new))


def reshard_call_results(module_op: ir.Operation) -> None:
    """A callee result takes its returned value's sharding made even (as Shardy's export makes
    func results), or none when that value has none; the call result follows, and is resharded
    after the call to its sharding as propagation left it (else the callee result's; not made
    even: an axis larger than its dim stays) when the returned value's differs from it and
    something uses the call result (as Shardy's pipeline exports calls: a group may have given
    the call result a sharding of its own). A declared result on a maximal mesh (one device,
    which only meshjit's own mode leaves there: Shardy's import drops it) whose call result
    nothing reads stays as declared: no reshard after the call would keep the placement."""
    funcs = _funcs(module_op)
    meshes = io.read_meshes(module_op)
    for call in _ops_named(module_op, "func.call"):
        callee = funcs.get(ir.FlatSymbolRefAttr(call.attributes["callee"]).value)
        ret = None if callee is None else _returned(callee)
        if ret is None:
            continue
        for i, result in enumerate(call.results):
            own = _call_result_sharding(call, i)  # (as propagation left the call result)
            declared, returned = (
                io.func_result_sharding(callee, i),
                _value_sharding(ret.operands[i]),
            )
            if returned is None:
                if declared is not None:  # the callee's result is what its body returns
                    io.drop_func_result_sharding(callee, i)
                continue
            shape = shape_of(result)
            raw, returned = returned, _evenly(returned, shape, meshes)
            if declared is not None:
                declared = tensor_sharding_attr(declared)
                if _maximal(declared, meshes) and not _used(result):
                    continue  # (only a reshard after the call would keep its one device)
            if str(declared) != str(returned):  # (Shardy sinks it into an unannotated one)
                io.set_func_result_sharding(callee, i, io.read_sharding(returned))
            on_call = returned
            if declared is not None and _maximal(returned, meshes):  # (the call stays on its
                on_call = raw = _replicated_on(sdy.TensorShardingAttr(declared))  # mesh)
            if str(own) != str(on_call):
                _set_call_result_sharding(call, i, on_call)
            target = declared if own is None else own
            if target is not None and _unlisted(target) != _unlisted(raw):
                # (a manual computation's result or a func argument export made even is
                # compared with the target as it was before: the evening alone reshards
                # nothing, a declared result its returned value never had does)
                before = _before_evening(ret.operands[i])
                alike = before is not None and _same_axes(before, target)
                if _replicated_like(target) is None and _replicated_like(before or raw) is None:
                    continue  # (replicated on both sides, whichever meshes: nothing moves)
                if str(raw) != str(returned) or not alike:
                    _reshard_after(call, result, target)


def _before_evening(value: ir.Value):
    """The sharding of a manual computation's result or a func's argument before export made
    it even (None when export left it as it was)."""
    if isinstance(value, ir.BlockArgument):
        owner = value.owner.owner
        if owner is None or owner.operation.name != "func.func":
            return None
        return _evened_entry(owner.operation, EVENED_ARGS, value.arg_number)
    if value.owner.name != "sdy.manual_computation":
        return None
    return _evened_entry(value.owner, EVENED_RESULTS, value.result_number)


def _evened_entry(op, mark: str, number: int):
    if mark not in op.attributes:
        return None
    entries = ir.DictAttr(op.attributes[mark])
    return entries[str(number)] if str(number) in entries else None


def _same_axes(one, other) -> bool:
    """Whether two shardings split each dim over the same axes on one mesh (open or closed)."""
    one, other = io.read_sharding(one), io.read_sharding(other)
    return one.mesh_name == other.mesh_name and [d.axes for d in one.dims] == [
        d.axes for d in other.dims
    ]


def _reshard_after(call, result: ir.Value, sharding) -> None:
    """Every use of the call's `result` reads it resharded to `sharding` (none: nothing)."""
    if not _used(result):
        return
    with call.location, ir.InsertionPoint.after(call):
        reshard = sdy.ReshardOp(result, sharding)
    result.replace_all_uses_except(reshard.result, reshard.operation)


def _maximal(sharding, meshes: dict) -> bool:
    """Whether `sharding` is on a maximal mesh (one device, no axes)."""
    mesh = meshes.get(io.read_sharding(sharding).mesh_name)
    return mesh is not None and not mesh.axes


def _used(value: ir.Value) -> bool:
    return any(True for _ in value.uses)


def _call_result_sharding(call, index: int):
    if SHARDING_ATTR not in call.attributes:
        return None
    return list(sdy.TensorShardingPerValueAttr(call.attributes[SHARDING_ATTR]).shardings)[index]


def _set_call_result_sharding(call, index: int, sharding) -> None:
    """The call's result `index` takes `sharding` (the others open on its mesh when the call
    had none)."""
    if SHARDING_ATTR not in call.attributes:
        mesh = sdy.TensorShardingAttr(sharding).mesh_or_ref
        per_value = [
            sdy.TensorShardingAttr.get(
                mesh,
                [sdy.DimensionShardingAttr.get([], False) for _ in shape_of(r)],
                [],
                [],
            )
            for r in call.results
        ]
        call.attributes[SHARDING_ATTR] = sdy.TensorShardingPerValueAttr.get(per_value)
    _set_result_sharding(call, index, sharding)


def reshard_returned_call_results(module_op: ir.Operation) -> None:
    """A returned call result whose sharding differs from its func result's is resharded
    right before the return (Shardy's import makes the call a named computation, whose
    result its body decides; the caller's func result keeps the user's sharding), except into
    a sharding on a maximal mesh, which Shardy's export leaves to the return."""
    meshes = io.read_meshes(module_op)
    for ret in _ops_named(module_op, "func.return"):
        deferred = _marked(ret.parent, DEFERRED_RESULTS)
        if deferred:
            del ret.parent.attributes[DEFERRED_RESULTS]
        uneven = _uneven_results(ret.parent)
        given = _marked(ret.parent, USER_RESULTS)
        for number, value in enumerate(ret.operands):
            if not isinstance(value, ir.OpResult) or value.owner.name != "func.call":
                continue
            if number in deferred:  # (its user priority reached the call result too late)
                continue
            declared, own = io.func_result_sharding(ret.parent, number), _value_sharding(value)
            if declared is None or own is None:
                continue
            # (a user's func result sharding as propagation left it: Shardy's import puts the
            # reshard there before its export makes the result even)
            kept = uneven.get(str(number)) if number in given else None
            declared = kept or tensor_sharding_attr(declared)
            if _maximal(declared, meshes):
                continue
            # (the named computation's result, before export made it and the user's func
            # result even, took the user's axes whole: Shardy's export has nothing to reshard)
            returned = _returned_in_callee(value) if kept is not None else None
            if returned is not None and _refines(returned, kept):
                continue
            if str(declared) != str(own) and not _refines(own, declared):
                with ret.location, ir.InsertionPoint(ret):
                    ret.operands[number] = sdy.ReshardOp(value, declared).result


def _returned_in_callee(value: ir.OpResult):
    """The sharding of the value the callee of `value`'s call returns in its place (the
    named computation's result as propagation left it, before export made it even), or None."""
    call = value.owner
    name = ir.FlatSymbolRefAttr(call.attributes["callee"]).value
    module = call.parent
    while module.name != "builtin.module":
        module = module.parent
    table = ir.SymbolTable(module.operation)
    try:
        callee = table[name]
    except KeyError:
        return None
    blocks = callee.regions[0].blocks
    if not blocks:
        return None
    ret = list(blocks[0].operations)[-1]
    return _value_sharding(ret.operands[value.result_number])


def _uneven_results(func) -> dict:
    """{str(result number): its sharding before export made it even} (write_back.py)."""
    if UNEVEN_RESULTS not in func.attributes:
        return {}
    return {a.name: a.attr for a in ir.DictAttr(func.attributes[UNEVEN_RESULTS])}


def _unlisted(sharding) -> str:
    """The sharding's text without its `replicated={...}` list (which export drops)."""
    return _REPLICATED.sub("", str(sharding))


def _refines(own, declared) -> bool:
    """Whether each dimension of `own` starts with `declared`'s axes (the call result's edge
    then took the body's sharding whole, and Shardy's export has nothing to reshard)."""
    own, declared = sdy.TensorShardingAttr(own), sdy.TensorShardingAttr(declared)
    if str(own.mesh_or_ref) != str(declared.mesh_or_ref):
        return False
    pairs = zip(own.dimension_shardings, declared.dimension_shardings)
    for mine, wanted in pairs:
        mine = [str(a) for a in sdy.DimensionShardingAttr(mine).axes]
        wanted = [str(a) for a in sdy.DimensionShardingAttr(wanted).axes]
        if mine[: len(wanted)] != wanted:
            return False
    return True


def _marked(op, mark: str) -> set[int]:
    if mark not in op.attributes:
        return set()
    return set(ir.DenseI64ArrayAttr(op.attributes[mark]))


def _signature(func) -> str:
    attrs = func.attributes
    return "|".join(str(attrs[k]) if k in attrs else "" for k in ("arg_attrs", "res_attrs"))


def _body(func) -> tuple:
    """The function's type and what its ops compute, shardings aside: two named computations
    of one name may hold different bodies (a user's reuse of a name), which are not copies."""
    at: dict = {}
    out = [str(func.attributes["function_type"])]

    def source(value):
        if isinstance(value, ir.BlockArgument):
            return ("arg", value.arg_number, at.get(value.owner.owner, -1))
        return (at.get(value.owner, -1), value.result_number)

    def visit(op):
        at[op] = len(at)
        named = op.attributes
        attrs = tuple(
            (str(named[i].name), str(named[i].attr))
            for i in range(len(named))
            # (a call's callee may be a copy merged in turn)
            if not str(named[i].name).startswith("sdy.") and str(named[i].name) != "callee"
        )
        out.append(
            (
                op.name,
                attrs,
                tuple(source(v) for v in op.operands),
                tuple(str(r.type) for r in op.results),
            )
        )
        return ir.WalkResult.ADVANCE

    for block in func.regions[0].blocks:
        for op in block.operations:
            op.operation.walk(visit, ir.WalkOrder.PRE_ORDER)
    return tuple(out)


def dedup_functions(module_op: ir.Operation) -> None:
    """Copies of one function (`sdy.original_func_name`) whose argument and result shardings
    ended up alike are merged, as Shardy's export does: walking the calls in module order, the
    first callee met per (original, shardings) is the one kept. Functions of one original name
    that compute differently (named computations of one name) are not copies: each stays."""
    funcs = _funcs(module_op)
    kept: dict = {}  # (original name, signature) -> name kept
    renamed: dict = {}
    calls = _ops_named(module_op, "func.call")
    for call in calls:
        name = ir.FlatSymbolRefAttr(call.attributes["callee"]).value
        func = funcs.get(name)
        if func is None or name in renamed:
            continue
        original = name
        if ORIGINAL_FUNC_NAME in func.attributes:
            original = ir.StringAttr(func.attributes[ORIGINAL_FUNC_NAME]).value
        key = (original, _signature(func), _body(func))
        if kept.setdefault(key, name) != name:
            renamed[name] = kept[key]
    if not renamed:
        _drop_original_names(funcs)
        return
    for call in calls:
        callee = ir.FlatSymbolRefAttr(call.attributes["callee"]).value
        if callee in renamed:
            call.attributes["callee"] = ir.FlatSymbolRefAttr.get(renamed[callee])
    for name in renamed:
        funcs.pop(name).erase()
    _drop_original_names(funcs)


def _drop_original_names(funcs: dict) -> None:
    for func in funcs.values():
        if ORIGINAL_FUNC_NAME in func.attributes:
            del func.attributes[ORIGINAL_FUNC_NAME]


_REPLICATED = re.compile(r", replicated=\{[^}]*\}")


def drop_replicated_axes(module_op: ir.Operation) -> None:
    """Every sharding attribute loses its `replicated={...}` list (Shardy's closed exports)."""

    def visit(op):
        attrs = op.attributes
        for i in range(len(attrs)):
            named = attrs[i]
            text = str(named.attr)
            if "replicated={" in text:
                attrs[named.name] = ir.Attribute.parse(_REPLICATED.sub("", text))
        return ir.WalkResult.ADVANCE

    module_op.walk(visit)


# sdy collectives that move nothing when their axes lists are all empty (Shardy folds them)
_EMPTY_AXES_FOLD = {
    "sdy.all_gather": "gathering_axes",
    "sdy.all_slice": "slicing_axes",
    "sdy.reduce_scatter": "reduce_scatter_axes",
    "sdy.all_reduce": "reduction_axes",
}


def fold_noop_collectives(module_op: ir.Operation) -> None:
    """An sdy collective that moves nothing is replaced by its operand, as Shardy's export
    folds it: all_gather / all_slice / reduce_scatter / all_reduce over no axes, a
    collective_permute to its operand's own sharding."""
    found = []

    def visit(op):
        if op.name in _EMPTY_AXES_FOLD or op.name == "sdy.collective_permute":
            found.append(op)
        return ir.WalkResult.ADVANCE

    module_op.walk(visit)
    for op in found:
        if _moves_nothing(op):
            op.results[0].replace_all_uses_with(op.operands[0])
            op.erase()


def _moves_nothing(op) -> bool:
    attr = _EMPTY_AXES_FOLD.get(op.name)
    if attr is not None:
        return not re.search(r'"', str(op.attributes[attr]))
    own = _value_sharding(op.operands[0])
    return own is not None and str(own) == str(op.attributes["out_sharding"])


def shardy_ops(module_op: ir.Operation) -> None:
    # (Shardy's export merges constants first, while ops only its later steps kill (a group's
    # member, a dead loop) still read them: a merged constant keeps the first one's place)
    constants_as_sdy(module_op)
    remove_sharding_groups(module_op)
    # (Shardy's insert-func-call-reshards runs before its explicit reshards: a concatenate
    # sees the call result's exported sharding)
    reshard_call_results(module_op)
    firsts = reshard_concatenates(module_op)
    reshard_dots(module_op)
    all_reduce_unreduced(module_op, firsts)
    unreduce_returned_values(module_op)
    constraints_as_reshards(module_op)
    fold_noop_collectives(module_op)
    # reshards nothing reads (e.g. a removed group's constraints); dead loops, cases, barriers
    # and manual computations go last, after the constants they read merged (as Shardy's)
    erase_dead_ops(module_op, pipeline=True)
    reshard_call_operands(module_op)
    reshard_returned_call_results(module_op)
    dedup_functions(module_op)
    erase_dead_ops(module_op)
    drop_replicated_axes(module_op)
