"""Pads on sharded padded dimensions, kept away from XLA's SPMD partitioner where it fails.

XLA (jaxlib 0.10.2) partitions `stablehlo.pad` wrongly, or rejects the module ("Slice dim size 8
greater than dynamic slice dimension: 7"), when a padded dimension is sharded and the pad has
interior padding there or the dimension does not divide into its shards on the operand or the
result (probed on 8 CPU devices: `lax.pad` of i16[1,5,5] with interior padding 1 on a dimension
sharded two ways gives wrong numbers; the fuzzer's seed 211142). Evenly sharded edge padding is
partitioned right and is left alone.

So before XLA sees the module those dimensions are replicated at the pad (its operand is
constrained to its sharding with them replicated, and its result's sharding too) and the result
is constrained back to the decided sharding after it.
"""

from __future__ import annotations

from jaxlib.mlir import ir

from meshjit.dialects.sdy import MeshShape
from meshjit.passes.export.guard_util import (
    ops_named,
    replicate_at_unary,
    shard_count,
)
from meshjit.passes.graph.sharding_io import (
    op_result_shardings,
    read_meshes,
    value_sharding,
)
from meshjit.passes.rules.util import shape_of


def _risky_dims(op, operand, result, meshes: dict[str, MeshShape]) -> tuple[int, ...]:
    low, high, interior = (
        list(ir.DenseI64ArrayAttr(op.attributes[name]))
        for name in ("edge_padding_low", "edge_padding_high", "interior_padding")
    )
    in_shape, out_shape = shape_of(op.operands[0]), shape_of(op.results[0])
    risky = []
    for d in range(len(in_shape)):
        if (low[d], high[d], interior[d]) == (0, 0, 0):
            continue
        n_in, n_out = shard_count(operand, d, meshes), shard_count(result, d, meshes)
        if n_in == n_out == 1:
            continue
        if interior[d] or in_shape[d] % n_in or out_shape[d] % n_out:
            risky.append(d)
    return tuple(risky)


def _guard(op, meshes: dict[str, MeshShape]) -> bool:
    operand = value_sharding(op.operands[0])
    (result,) = op_result_shardings(op) or (None,)
    return replicate_at_unary(op, operand, result, _risky_dims(op, operand, result, meshes), meshes)


def guard_sharded_pads(module_op: ir.Operation) -> int:
    """Replicates, at each pad XLA would partition wrongly, its risky sharded dimensions (see
    the module docstring); returns how many pads were changed."""
    meshes = read_meshes(module_op)
    return sum(_guard(op, meshes) for op in ops_named(module_op, ("stablehlo.pad",)))
