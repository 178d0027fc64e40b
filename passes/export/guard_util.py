"""What the guards of the XLA hand-off share (uneven_updates.py, conv_guard.py, reduce_guard.py,
pad_guard.py, fft_guard.py):
finding the ops to guard, whether a dimension is sharded, a sharding with some dimensions
replicated, and a result constrained back to the sharding propagation decided."""

from __future__ import annotations

import dataclasses

from jaxlib.mlir import ir

from meshjit.dialects.sdy import DimSharding, MeshShape, TensorSharding, sharding_constraint
from meshjit.passes.graph.axes import axes_product, to_axis
from meshjit.passes.graph.sharding_io import set_op_result_shardings


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


def shard_count(sharding: TensorSharding | None, dim: int, meshes: dict[str, MeshShape]) -> int:
    """How many pieces `sharding` cuts dimension `dim` into: 1 when it is not sharded, when
    `dim` is -1 (no dimension), or for a maximal sharding (on one device, it names no dims)."""
    if sharding is None or not 0 <= dim < len(sharding.dims):
        return 1
    mesh = meshes[sharding.mesh_name]
    return axes_product([to_axis(a, mesh) for a in sharding.dims[dim].axes])


def is_sharded(sharding: TensorSharding | None, dim: int, meshes: dict[str, MeshShape]) -> bool:
    """Whether `sharding` splits dimension `dim` over more than one device."""
    return shard_count(sharding, dim, meshes) > 1


def uneven_dims(sharding: TensorSharding | None, shape, dims, meshes) -> list[int]:
    """Those of `dims` that do not divide into the pieces `sharding` cuts them into."""
    return [d for d in sorted(dims) if shape[d] % shard_count(sharding, d, meshes)]


def replicating(sharding: TensorSharding, dims) -> TensorSharding:
    """`sharding` with the dimensions `dims` replicated (closed)."""
    new = tuple(DimSharding((), True) if d in dims else s for d, s in enumerate(sharding.dims))
    return dataclasses.replace(sharding, dims=new)


def replicate_operand(op, index: int, sharding: TensorSharding, dims) -> None:
    """Operand `index` of `op` constrained, just before `op`, to `sharding` with `dims`
    replicated."""
    with ir.InsertionPoint(op), op.location:
        op.operands[index] = sharding_constraint(op.operands[index], replicating(sharding, dims))


def replicate_results(op, shardings: list[TensorSharding], dims) -> None:
    """`op`'s results sharded as `shardings` with `dims` replicated (restated by a constraint:
    XLA keeps it unpinned too, as propagation='xla' hands it over), then constrained back to
    `shardings` for their users."""
    replicated = [replicating(s, dims) for s in shardings]
    set_op_result_shardings(op, replicated)
    for result, held, s in zip(op.results, replicated, shardings):
        kept = constrain_back(result, op, held)
        constrain_back(kept, kept.owner, s)


def constrain_back(result: ir.Value, op, sharding: TensorSharding) -> ir.Value:
    """`result` of `op` constrained to `sharding` right after `op`, for all its other users;
    the constrained value."""
    with ir.InsertionPoint.after(op), op.location:
        back = sharding_constraint(result, sharding)
    result.replace_all_uses_except(back, back.owner.operation)
    return back


def replicate_at_unary(
    op, operand, result, dims, meshes: dict[str, MeshShape], result_dims=None
) -> bool:
    """`dims` replicated at `op`'s first operand (sharded as `operand`) and `result_dims`
    (default: `dims`) at its one result (sharded as `result`), where they are sharded, the
    result constrained back; whether `dims` named any."""
    if not dims:
        return False
    result_dims = dims if result_dims is None else result_dims
    if any(shard_count(operand, d, meshes) > 1 for d in dims):
        replicate_operand(op, 0, operand, dims)
    if any(shard_count(result, d, meshes) > 1 for d in result_dims):
        replicate_results(op, [result], result_dims)
    return True
