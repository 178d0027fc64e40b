"""FFTs kept away from what XLA's SPMD partitioner and CPU layout assignment get wrong around
them.

XLA (jaxlib 0.10.2) partitions a `stablehlo.fft` whose operand has a transformed dimension
(one of its last `fft_length` ones) sharded unevenly into a module its CPU runtime rejects
("RET_CHECK failure (xla/backends/cpu/runtime/fft_thunk.cc:168)
LayoutUtil::IsMonotonicWithDim0Major"; probed on 8 CPU devices: `jnp.fft.fft` / `ifft` of
f32[5,9] or f32[5,3] placed over 2 or 4 devices on the transformed dimension; the uneven
sweep's fft0 / fft1 / fft2 cases). Evenly sharded ones alone (f32[5,8], f32[5,12] over 2 or 4)
are partitioned right. So those dimensions of the operand are replicated at the FFT (and of
its result where it is sharded there too, constrained back after it).

The same RET_CHECK, even shardings too, when a value next to the FFT is gathered along a
dimension other than the first: XLA's CPU layout assignment makes a gathered dimension the
major one and carries that layout, through the slices and pads of the reshard, onto the FFT,
whose thunk accepts only row-major layouts. Probed on 8 CPU devices: `fft` of f32[5,8] or
f32[5,9] constrained to P(None, 'a') and returned replicated, or returned with
`out_shardings` P(None, 'a') (uneven); `rfft` of f32[5,8] constrained to P(None, 'a');
f32[5,8] placed P(None, 'a') and its FFT returned replicated; `fft2` of f32[4,6,8] constrained
on dimension 1 or 2 and returned replicated. (Gathers along the first dimension are right, and
some along others too: a 1-D `fft` of f32[4,6,8] constrained on dimension 1 or 2; no simple
rule separates them.) An optimization barrier keeps no layout apart (XLA carries it through),
but a rank-1 value has one layout only: so where a non-first dimension is sharded at the FFT's
operand or result, or at a constraint reading the result or giving the operand, the FFT's
operand and result are replicated and each is flattened to rank 1 and back through an
optimization barrier (XLA would fold a bare reshape pair away), the result constrained back to
the sharding propagation decided. The cost (the gather of the operand, two copies) is paid
only by such FFTs.
"""

from __future__ import annotations

import math

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo

from meshjit.dialects.sdy import DimSharding, MeshShape, TensorSharding, sharding_constraint
from meshjit.passes.export.guard_util import (
    constrain_back,
    is_sharded,
    ops_named,
    replicate_at_unary,
    uneven_dims,
)
from meshjit.passes.graph.sharding_io import (
    op_result_shardings,
    read_meshes,
    read_sharding,
    set_op_result_shardings,
    value_sharding,
)
from meshjit.passes.rules.util import shape_of


def _guard_uneven(op, operand, result, meshes: dict[str, MeshShape]) -> bool:
    in_shape = shape_of(op.operands[0])
    count = len(ir.DenseI64ArrayAttr(op.attributes["fft_length"]))
    transformed = range(len(in_shape) - count, len(in_shape))
    dims = set(uneven_dims(operand, in_shape, transformed, meshes))
    return replicate_at_unary(op, operand, result, dims, meshes)


def _neighbour_shardings(op, operand, result) -> list:
    """The shardings at the FFT and at the sharding constraints next to it."""
    found = [operand, result]
    producer = op.operands[0].owner
    if isinstance(producer, ir.Operation) and producer.name == "sdy.sharding_constraint":
        found.append(value_sharding(producer.operands[0]))
    for use in op.results[0].uses:
        if use.owner.name == "sdy.sharding_constraint":
            found.append(read_sharding(use.owner.attributes["sharding"]))
    return found


def _gathers_near(op, operand, result, meshes: dict[str, MeshShape]) -> bool:
    """Whether a dimension other than the first is sharded at or next to the FFT."""
    rank = len(shape_of(op.operands[0]))
    return any(
        is_sharded(s, d, meshes)
        for s in _neighbour_shardings(op, operand, result)
        for d in range(1, rank)
    )


def _replicated(mesh_name: str, rank: int) -> TensorSharding:
    return TensorSharding(mesh_name, tuple(DimSharding((), True) for _ in range(rank)))


def _through_rank_one(value: ir.Value, mesh_name: str) -> tuple[ir.Operation, ir.Value]:
    """`value` replicated, flattened, passed through an optimization barrier and reshaped back,
    each step replicated (ops inserted at the current insertion point): the first op, and the
    value it ends in."""
    kind = ir.RankedTensorType(value.type)
    whole = sharding_constraint(value, _replicated(mesh_name, kind.rank))
    flat_type = ir.RankedTensorType.get([math.prod(kind.shape)], kind.element_type)
    flat = stablehlo.ReshapeOp(flat_type, whole)
    barrier = stablehlo.OptimizationBarrierOp([flat.result])
    back = stablehlo.ReshapeOp(kind, barrier.results[0])
    for new, rank in ((flat, 1), (barrier, 1), (back, kind.rank)):
        set_op_result_shardings(new.operation, [_replicated(mesh_name, rank)])
    return whole.owner.operation, back.result


def _guard_layouts(op, operand, result, meshes: dict[str, MeshShape]) -> bool:
    if not _gathers_near(op, operand, result, meshes):
        return False
    mesh_name = next(s.mesh_name for s in (operand, result) if s is not None)
    with ir.InsertionPoint(op), op.location:
        op.operands[0] = _through_rank_one(op.operands[0], mesh_name)[1]
    set_op_result_shardings(op, [_replicated(mesh_name, len(shape_of(op.results[0])))])
    with ir.InsertionPoint.after(op), op.location:
        first, isolated = _through_rank_one(op.results[0], mesh_name)
    op.results[0].replace_all_uses_except(isolated, first)
    if result is not None:
        constrain_back(isolated, isolated.owner, result)
    return True


def _guard(op, meshes: dict[str, MeshShape]) -> bool:
    operand = value_sharding(op.operands[0])
    (result,) = op_result_shardings(op) or (None,)
    guarded = _guard_layouts(op, operand, result, meshes)
    return guarded or _guard_uneven(op, operand, result, meshes)


def guard_ffts(module_op: ir.Operation) -> int:
    """Guards each FFT as the module docstring says; returns how many were changed."""
    meshes = read_meshes(module_op)
    return sum(_guard(op, meshes) for op in ops_named(module_op, ("stablehlo.fft",)))
