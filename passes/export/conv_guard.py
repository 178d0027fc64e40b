"""Grouped convolutions on sharded feature dimensions, kept away from XLA's SPMD partitioner.

XLA (jaxlib 0.10.2) partitions some grouped convolutions wrongly when a feature dimension is
sharded, whether or not the shards divide into the groups (probed on 8 CPU devices, 1-D
convolutions, VALID, stride 1):

- `feature_group_count > 1` with a window of size one in every spatial dimension (XLA handles
  it as a dot): with the input feature dimension sharded it either rejects the module
  ("Expected output feature dimension (value 1) to be divisible by feature_group_count (value
  2)", `x` f32[1,6,16] over c=2, 2 output features, the fuzzer's seed 90043) or gives wrong
  numbers (f32[1,6,16] over c=2, 4 output features: one group per shard, and still wrong); with
  only the kernel's output feature dimension sharded the numbers are wrong too. A sharded
  kernel input feature dimension is partitioned right.
- `feature_group_count` g > 1 with a wider window: wrong numbers when the kernel's or the
  result's output feature dimension is cut into more than g pieces (probed, window of three:
  g=2 with 4, 6 or 8 output features over 4 devices, 8 over 8; g=4 with 8 to 16 over 8; the
  uneven sweep's `conv1_g2` seed 0, where meshjit's propagation put the input features' four
  shards on the result's 4 output features). Up to g pieces, even or uneven, probed right
  (also g=3 over 4).
- `batch_group_count > 1` with the input feature dimension sharded: wrong numbers with a window
  of three (f32[4,4,16] over c=2 or b,c=4); the batch or the kernel's output features sharded
  are right. The size-one window probed right, but is guarded too (a wrong answer costs more
  than the gather of the features). With the result's batch dimension unevenly sharded: wrong
  numbers (f32[1,4,4] over a,b=8 on its batch of one, the fuzzer's seed 261075, where a
  shard_map after it asked for that sharding), so it is replicated there too (evenly sharded,
  probed right). With the result's output feature dimension cut into more pieces than there
  are batch groups: wrong numbers (probed on f32[2,2,6] with 2 batch groups
  and 4 or 8 output features sharded over 4 or 8 devices, the input converted in the program so
  that propagation shards it: one output feature's block came back zeros; JAX 0.10.2 gives the
  same wrong numbers; up to as many pieces as groups probed right; the fuzzer's seed 2705024,
  where a shard_map after it asked for the result's features cut four ways).

Strided convolutions on sharded spatial dimensions (`guard_strided_convolutions`): XLA's
partitioner gets many wrong, grouped or not, whether the input's spatial dimension divides into
its shards or not (probed on 8 CPU devices, `lax.conv_general_dilated` of f32[2,2,H,1] with
H sharded over 2 or 4 and a window of 2 or 3 with stride 2 or 3: H = 4, 6, 8, 10, 12 gave wrong
numbers in some stride/window/kernel-sharding combinations, with the kernel replicated too;
odd H and stride one probed right; the uneven sweep's conv1_g2 seed 1). No
simple rule separates the right ones, so every window stride above one on a sharded spatial
dimension is guarded: the input's spatial dimension and the result's are replicated there.

And a convolution whose input has a spatial dimension sharded under a window wider than one
(XLA exchanges halos) gets wrong numbers when the kernel's input feature dimension is sharded
too, stride one included (probed: f32[1,2,10,1] over 2 or 4 devices on the 10, the kernel
f32[2,2,3,1] sharded on its 2 input features, as Shardy's propagation leaves it; the sweep's
conv0_g1 seed 12), or its output feature dimension (probed: f32[3,1,4,8] over c=2 on the 8, the
kernel f32[4,1,3,3] over b=2 on its 4 output features, valid or not, as Shardy's propagation
leaves it; the sweep's grad_conv0 seed 140, the input's gradient); the kernel's feature
dimensions are replicated there (the kernel is the small operand).

And a convolution whose kernel has a spatial dimension sharded while the input is sharded on its
feature or a spatial dimension gets wrong numbers (a partial sum all-reduced over every device,
too many: probed, f32[1,4,10,6] with its features over b=2, or a spatial dimension over a or b,
the kernel f32[3,4,2,3] split on its window dimension of 2 over a, VALID, stride one, as
Shardy's propagation leaves it; with the input replicated or split on its batch only, or the
kernel's input features split as the input's, right; the uneven sweep's conv1_g1 seed 4, where
XLA dropped the kernel argument's uneven axes, uneven_arguments.py). The kernel's spatial
dimensions are replicated there (the kernel is the small operand).

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
    replicate_at_unary,
    replicate_operand,
    replicate_results,
    shard_count,
)
from meshjit.passes.graph.sharding_io import (
    op_result_shardings,
    read_meshes,
    value_sharding,
)
from meshjit.passes.rules.util import ints, shape_of


def _group_count(op, name: str) -> int:
    return ir.IntegerAttr(op.attributes[name]).value if name in op.attributes else 1


def _risky_dims(op) -> tuple[tuple[int, int, int], int] | None:
    """(lhs, rhs, result) feature dims XLA may partition wrongly when cut into more pieces than
    the count returned with them (-1: no dim), or None when the convolution is safe to hand
    over as it is."""
    dn = stablehlo.ConvDimensionNumbers(op.attributes["dimension_numbers"])
    kernel = shape_of(op.operands[1])
    groups = _group_count(op, "feature_group_count")
    if _group_count(op, "batch_group_count") > 1:
        return (dn.input_feature_dimension, -1, dn.output_batch_dimension), 1
    if groups == 1:
        return None
    outputs = (dn.kernel_output_feature_dimension, dn.output_feature_dimension)
    if all(kernel[d] == 1 for d in dn.kernel_spatial_dimensions):
        return (dn.input_feature_dimension, *outputs), 1
    return (-1, *outputs), groups


def _guard(op, meshes: dict[str, MeshShape]) -> bool:
    found = _risky_dims(op)
    if found is None:
        return False
    (lhs_dim, rhs_dim, out_dim), pieces = found
    operands = [value_sharding(op.operands[0]), value_sharding(op.operands[1])]
    (result,) = op_result_shardings(op)
    risky = [
        shard_count(sharding, dim, meshes) > pieces
        for sharding, dim in zip((*operands, result), (lhs_dim, rhs_dim, out_dim))
    ]
    if _group_count(op, "batch_group_count") > 1:  # (its result's batch: unevenly only)
        risky[2] = (
            risky[2] and shape_of(op.result)[out_dim] % shard_count(result, out_dim, meshes) != 0
        )
    dims = [(d,) if r else () for d, r in zip((lhs_dim, rhs_dim, out_dim), risky)]
    for i, more in enumerate(_batch_group_dims(op, [*operands, result], meshes)):
        dims[i] = (*dims[i], *more)
    if not any(dims):
        return False
    for i, sharding in enumerate(operands):
        if dims[i]:
            replicate_operand(op, i, sharding, dims[i])
    if dims[2]:
        replicate_results(op, [result], dims[2])
    return True


def _batch_group_dims(op, shardings, meshes: dict[str, MeshShape]) -> list[tuple[int, ...]]:
    """Per operand and the result: the result's output feature dim of a batch-grouped
    convolution cut into more pieces than it has batch groups (see the module docstring)."""
    groups = _group_count(op, "batch_group_count")
    if groups == 1:
        return [(), (), ()]
    dn = stablehlo.ConvDimensionNumbers(op.attributes["dimension_numbers"])
    dims = (-1, -1, dn.output_feature_dimension)
    return [
        (d,) if d >= 0 and shard_count(s, d, meshes) > groups else ()
        for s, d in zip(shardings, dims)
    ]


def guard_grouped_convolutions(module_op: ir.Operation) -> int:
    """Replicates, at each grouped convolution XLA would partition wrongly, its sharded feature
    dimensions (see the module docstring); returns how many convolutions were changed."""
    meshes = read_meshes(module_op)
    return sum(_guard(op, meshes) for op in ops_named(module_op, ("stablehlo.convolution",)))


def _strided_dims(op, meshes: dict[str, MeshShape]) -> tuple[list[int], list[int]]:
    """The input's and result's spatial dims the window strides that the input or the result
    has sharded."""
    dn = stablehlo.ConvDimensionNumbers(op.attributes["dimension_numbers"])
    lhs, (result,) = value_sharding(op.operands[0]), op_result_shardings(op)
    pairs = zip(dn.input_spatial_dimensions, dn.output_spatial_dimensions)
    strides = ints(op, "window_strides") or [1] * len(dn.input_spatial_dimensions)
    risky = [
        (i, o)
        for (i, o), stride in zip(pairs, strides)
        if stride > 1 and (is_sharded(lhs, i, meshes) or is_sharded(result, o, meshes))
    ]
    return [i for i, _ in risky], [o for _, o in risky]


def _guard_kernel_features(op, meshes: dict[str, MeshShape]) -> bool:
    """The kernel's feature dims replicated where the input is split under a wide window."""
    dn = stablehlo.ConvDimensionNumbers(op.attributes["dimension_numbers"])
    lhs, kernel = value_sharding(op.operands[0]), value_sharding(op.operands[1])
    features = [
        d
        for d in (dn.kernel_input_feature_dimension, dn.kernel_output_feature_dimension)
        if is_sharded(kernel, d, meshes)
    ]
    if not features:
        return False
    window = [shape_of(op.operands[1])[d] for d in dn.kernel_spatial_dimensions]
    pairs = zip(dn.input_spatial_dimensions, window)
    if not any(size > 1 and is_sharded(lhs, d, meshes) for d, size in pairs):
        return False
    replicate_operand(op, 1, kernel, features)
    return True


def _guard_kernel_window(op, meshes: dict[str, MeshShape]) -> bool:
    """The kernel's spatial dims replicated where they are sharded and the input is sharded on
    a feature or spatial dim."""
    dn = stablehlo.ConvDimensionNumbers(op.attributes["dimension_numbers"])
    lhs, kernel = value_sharding(op.operands[0]), value_sharding(op.operands[1])
    window = [d for d in dn.kernel_spatial_dimensions if is_sharded(kernel, d, meshes)]
    lhs_dims = (dn.input_feature_dimension, *dn.input_spatial_dimensions)
    if not window or not any(is_sharded(lhs, d, meshes) for d in lhs_dims):
        return False
    replicate_operand(op, 1, kernel, window)
    return True


def _guard_strided(op, meshes: dict[str, MeshShape]) -> bool:
    lhs_dims, out_dims = _strided_dims(op, meshes)
    lhs, (result,) = value_sharding(op.operands[0]), op_result_shardings(op)
    strided = replicate_at_unary(op, lhs, result, lhs_dims, meshes, out_dims)
    window = _guard_kernel_window(op, meshes)
    return _guard_kernel_features(op, meshes) or strided or window


def guard_strided_convolutions(module_op: ir.Operation) -> int:
    """Replicates, at each convolution, the spatial dimensions its window strides that are
    sharded, and the kernel's sharded input features where the input's spatial dimensions are
    sharded under a wide window (see the module docstring); returns how many convolutions were
    changed."""
    meshes = read_meshes(module_op)
    return sum(
        _guard_strided(op, meshes) for op in ops_named(module_op, ("stablehlo.convolution",))
    )
