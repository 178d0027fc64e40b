"""Shardy's pipeline computes a concatenate whose operands and result disagree in one sharding
it picks, with `sdy.reshard`s around it (its export's explicit reshards for concatenates):

- per dim but the concatenated one, the axes the tensors hold there that weigh most (summed
  element counts of the tensors holding them; on a tie, the later tensor's: the result's);
- the concatenated dim unsharded: its axes (weighed the same way) go after the axes of the
  first other dim they divide;
- each operand not so sharded is resharded right before the op; the op's result sharding is
  the picked one, resharded after the op to what it was.
"""

from __future__ import annotations

import math

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import sdy

from meshjit.dialects.sdy import (
    SHARDING_ATTR,
    TensorSharding,
    axis_ref,
)
from meshjit.passes.graph import sharding_io as io


def _concatenates(module_op: ir.Operation) -> list:
    found = []

    def visit(op):
        if op.name == "stablehlo.concatenate":
            found.append(op)
        return ir.WalkResult.ADVANCE

    module_op.walk(visit)
    return found


def _value_sharding(value: ir.Value) -> TensorSharding | None:
    if isinstance(value, ir.BlockArgument):
        owner = value.owner.owner
        if owner is None or owner.operation.name != "func.func":
            return None
        return io.func_arg_sharding(owner.operation, value.arg_number)
    shardings = io.op_result_shardings(value.owner)
    return shardings[value.result_number] if value.result_number < len(shardings) else None


def _axes(sharding: TensorSharding | None, rank: int) -> list[tuple]:
    if sharding is None:
        return [() for _ in range(rank)]
    return [tuple(axis_ref(a).text for a in d.axes) for d in sharding.dims]


def _heaviest(candidates) -> tuple:
    """The axes with the largest summed weight (later tensors win ties); () if none."""
    weight: dict = {}
    last: dict = {}
    for k, (axes, w) in enumerate(candidates):
        if axes:
            weight[axes] = weight.get(axes, 0) + w
            last[axes] = k
    if not weight:
        return ()
    return max(weight, key=lambda a: (weight[a], last[a]))


def _size(text: str, mesh) -> int:
    if ":(" in text:
        return int(text.rsplit(")", 1)[1])
    return mesh.size_of(text.strip('"'))


def _picked(tensors, shapes, dim: int, mesh) -> list[tuple]:
    rank = len(shapes[-1])
    weights = [math.prod(s) for s in shapes]
    picked = [()] * rank
    for d in range(rank):
        if d != dim:
            picked[d] = _heaviest([(t[d], w) for t, w in zip(tensors, weights)])
    used = {a for axes in picked for a in axes}
    moved = [a for a in _heaviest([(t[dim], w) for t, w in zip(tensors, weights)]) if a not in used]
    for axis in moved:
        for d in range(rank):
            product = math.prod(_size(a, mesh) for a in picked[d] + (axis,))
            if d != dim and shapes[-1][d] % product == 0:
                picked[d] = picked[d] + (axis,)
                break
    return picked


def _attr(mesh_name: str, dims: list[tuple]) -> ir.Attribute:
    text = ", ".join("{" + ", ".join(axes) + "}" for axes in dims)
    return ir.Attribute.parse(f"#sdy.sharding<@{mesh_name}, [{text}]>")


def reshard_concatenates(module_op: ir.Operation) -> None:
    meshes = io.read_meshes(module_op)
    for op in _concatenates(module_op):
        shardings = [_value_sharding(v) for v in (*op.operands, op.results[0])]
        named = {s.mesh_name for s in shardings if s is not None}
        if len(named) != 1:
            continue
        mesh_name = named.pop()
        rank = len(ir.RankedTensorType(op.results[0].type).shape)
        tensors = [_axes(s, rank) for s in shardings]
        if any(t != tensors[0] for t in tensors):
            shapes = [
                tuple(ir.RankedTensorType(v.type).shape) for v in (*op.operands, op.results[0])
            ]
            dim = ir.IntegerAttr(op.attributes["dimension"]).value
            picked = _picked(tensors, shapes, dim, meshes[mesh_name])
            _reshard_around(op, tensors, picked, mesh_name)


def _reshard_around(op, tensors: list, picked: list, mesh_name: str) -> None:
    """The op computes in `picked`: operands resharded to it, its result back to its own."""
    wanted = _attr(mesh_name, picked)
    for i, operand in enumerate(list(op.operands)):
        if tensors[i] != picked:
            with op.location, ir.InsertionPoint(op):
                op.operands[i] = sdy.ReshardOp(operand, wanted).result
    op.attributes[SHARDING_ATTR] = sdy.TensorShardingPerValueAttr.get([wanted])
    if tensors[-1] != picked:
        result = op.results[0]
        with op.location, ir.InsertionPoint.after(op):
            reshard = sdy.ReshardOp(result, _attr(mesh_name, tensors[-1]))
        result.replace_all_uses_except(reshard.result, reshard.operation)
