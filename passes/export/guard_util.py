"""What the guards of the XLA hand-off share (uneven_updates.py, conv_guard.py, reduce_guard.py,
pad_guard.py):
finding the ops to guard, whether a dimension is sharded, a sharding with some dimensions
replicated, and a result constrained back to the sharding propagation decided."""

from __future__ import annotations

import dataclasses

from jaxlib.mlir import ir

from meshjit.dialects.sdy import DimSharding, MeshShape, TensorSharding, sharding_constraint
from meshjit.passes.graph.axes import axes_product, to_axis


def ops_named(module_op: ir.Operation, names) -> list:
    """The ops of `names` in the module, outside manual computations (XLA does not partition
    their bodies)."""
    found = []

    def visit(op):
        if op.name == "sdy.manual_computation":
            return ir.WalkResult.SKIP
        if op.name in names:
            found.append(op)
        return ir.WalkResult.ADVANCE

    module_op.walk(visit, ir.WalkOrder.PRE_ORDER)
    return found


def is_sharded(sharding: TensorSharding | None, dim: int, meshes: dict[str, MeshShape]) -> bool:
    """Whether `sharding` splits dimension `dim` over more than one device (-1: no dim; a
    maximal sharding, on one device, names no dims)."""
    if sharding is None or not 0 <= dim < len(sharding.dims):
        return False
    mesh = meshes[sharding.mesh_name]
    return axes_product([to_axis(a, mesh) for a in sharding.dims[dim].axes]) > 1


def shard_count(sharding: TensorSharding | None, dim: int, meshes: dict[str, MeshShape]) -> int:
    """How many pieces `sharding` cuts dimension `dim` into (1: not sharded)."""
    if not is_sharded(sharding, dim, meshes):
        return 1
    mesh = meshes[sharding.mesh_name]
    return axes_product([to_axis(a, mesh) for a in sharding.dims[dim].axes])


def replicating(sharding: TensorSharding, dims) -> TensorSharding:
    """`sharding` with the dimensions `dims` replicated (closed)."""
    new = tuple(DimSharding((), True) if d in dims else s for d, s in enumerate(sharding.dims))
    return dataclasses.replace(sharding, dims=new)


def constrain_back(result: ir.Value, op, sharding: TensorSharding) -> None:
    """`result` of `op` constrained to `sharding` right after `op`, for all its other users."""
    with ir.InsertionPoint.after(op), op.location:
        back = sharding_constraint(result, sharding)
    result.replace_all_uses_except(back, back.owner.operation)
