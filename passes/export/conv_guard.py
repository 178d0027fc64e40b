"""Grouped convolutions on sharded feature dimensions, kept away from XLA's SPMD partitioner.

XLA (jaxlib 0.10.2) partitions some grouped convolutions wrongly when a feature dimension is
sharded, whether or not the shards divide into the groups (probed on 8 CPU devices, 1-D
convolutions, VALID, stride 1):

- `feature_group_count > 1` with a window of size one in every spatial dimension (XLA handles
  it as a dot): with the input feature dimension sharded it either rejects the module
  ("Expected output feature dimension (value 1) to be divisible by feature_group_count (value
  2)", `x` f32[1,6,16] over c=2, 2 output features, the fuzzer's seed 90043) or gives wrong
  numbers (f32[1,6,16] over c=2, 4 output features: one group per shard, and still wrong); with
  only the kernel's output feature dimension sharded the numbers are wrong too. A wider window
  is partitioned right (even and uneven in the groups), and so is a sharded kernel input
  feature dimension.
- `batch_group_count > 1` with the input feature dimension sharded: wrong numbers with a window
  of three (f32[4,4,16] over c=2 or b,c=4); the batch or the kernel's output features sharded
  are right. The size-one window probed right, but is guarded too (a wrong answer costs more
  than the gather of the features).

So before XLA sees the module those dimensions are replicated at the convolution (its operands
are constrained to their shardings with them replicated, and its result's sharding too) and
the result is constrained back to the decided sharding after it.
"""

from __future__ import annotations

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo

from meshjit.dialects.sdy import MeshShape
from meshjit.passes.export.guard_util import (
    is_sharded,
    ops_named,
    replicate_operand,
    replicate_results,
)
from meshjit.passes.graph.sharding_io import (
    op_result_shardings,
    read_meshes,
    value_sharding,
)
from meshjit.passes.rules.util import shape_of


def _group_count(op, name: str) -> int:
    return ir.IntegerAttr(op.attributes[name]).value if name in op.attributes else 1


def _risky_dims(op) -> tuple[int, int, int] | None:
    """(lhs, rhs, result) feature dims XLA may partition wrongly when sharded (-1: none), or
    None when the convolution is safe to hand over as it is."""
    dn = stablehlo.ConvDimensionNumbers(op.attributes["dimension_numbers"])
    kernel = shape_of(op.operands[1])
    if _group_count(op, "batch_group_count") > 1:
        return dn.input_feature_dimension, -1, -1
    if _group_count(op, "feature_group_count") > 1 and all(
        kernel[d] == 1 for d in dn.kernel_spatial_dimensions
    ):
        return (
            dn.input_feature_dimension,
            dn.kernel_output_feature_dimension,
            dn.output_feature_dimension,
        )
    return None


def _guard(op, meshes: dict[str, MeshShape]) -> bool:
    dims = _risky_dims(op)
    if dims is None:
        return False
    lhs_dim, rhs_dim, out_dim = dims
    operands = [value_sharding(op.operands[0]), value_sharding(op.operands[1])]
    (result,) = op_result_shardings(op)
    risky = [
        is_sharded(operands[0], lhs_dim, meshes),
        is_sharded(operands[1], rhs_dim, meshes),
        is_sharded(result, out_dim, meshes),
    ]
    if not any(risky):
        return False
    for i, (sharding, dim) in enumerate(zip(operands, (lhs_dim, rhs_dim))):
        if is_sharded(sharding, dim, meshes):
            replicate_operand(op, i, sharding, (dim,))
    if is_sharded(result, out_dim, meshes):
        replicate_results(op, [result], (out_dim,))
    return True


def guard_grouped_convolutions(module_op: ir.Operation) -> int:
    """Replicates, at each grouped convolution XLA would partition wrongly, its sharded feature
    dimensions (see the module docstring); returns how many convolutions were changed."""
    meshes = read_meshes(module_op)
    return sum(_guard(op, meshes) for op in ops_named(module_op, ("stablehlo.convolution",)))
