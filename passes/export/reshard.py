"""`sdy.reshard`s inserted into the module: in front of an op's operand, or after an op's result
(the op then computes in one sharding and its users read another)."""

from __future__ import annotations

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import sdy

from meshjit.dialects.sdy import SHARDING_ATTR, axis_ref, tensor_sharding_attr
from meshjit.passes.graph.graph import Graph, Slot
from meshjit.passes.graph.slots import new_slot, slot_sharding


def closed_sharding(graph: Graph, source: Slot, dims) -> ir.Attribute:
    """`source`'s sharding with `dims` instead of its own, closed (made once per distinct one:
    a long chain reshards alike values alike)."""
    key = (source.mesh, tuple(map(tuple, dims)), source.replicated, source.unreduced)
    attr = graph.reshard_attrs.get(key)
    if attr is None:
        attr = graph.reshard_attrs[key] = _closed_sharding(graph, source, dims)
    return attr


def _closed_sharding(graph: Graph, source: Slot, dims) -> ir.Attribute:
    target = new_slot(f"reshard of {source.label}", source.value.type)
    target.mesh, target.dims = source.mesh, [list(d) for d in dims]
    target.closed = [True] * target.rank
    # (an axis the new dims shard is no longer replicated)
    names = {a[0] for dim in dims for a in dim}
    target.replicated = tuple(a for a in source.replicated if axis_ref(a).name not in names)
    target.unreduced = source.unreduced
    return tensor_sharding_attr(slot_sharding(target, graph.meshes, close=True))


def reshard_operand(graph: Graph, op, index: int, source: Slot, dims) -> None:
    """Operand `index` of `op` (whose value is `source`) resharded to `dims` in front of it."""
    with ir.InsertionPoint(op), op.location:
        new = sdy.ReshardOp(op.operands[index], closed_sharding(graph, source, dims)).result
    op.operands[index] = new


def reshard_result(graph: Graph, op, index: int, slot: Slot, computed) -> bool:
    """The op computes result `index` sharded as `computed`; an `sdy.reshard` after it takes
    the value to the sharding its users were given. False (nothing done) for an unused result
    or an op without result shardings."""
    result = op.results[index]
    if not len(list(result.uses)) or SHARDING_ATTR not in op.attributes:
        return False
    final = slot_sharding(slot, graph.meshes, close=True)
    with ir.InsertionPoint.after(op), op.location:
        new = sdy.ReshardOp(result, tensor_sharding_attr(final))
    result.replace_all_uses_except(new.result, new.operation)
    shardings = list(sdy.TensorShardingPerValueAttr(op.attributes[SHARDING_ATTR]).shardings)
    shardings[index] = closed_sharding(graph, slot, computed)
    op.attributes[SHARDING_ATTR] = sdy.TensorShardingPerValueAttr.get(shardings)
    return True
