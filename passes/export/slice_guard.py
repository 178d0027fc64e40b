"""Slices of a dimension sharded one element per shard, kept away from XLA's SPMD partitioner.

XLA (jaxlib 0.10.2) rejects a module ("Expected instruction to have shape equal to f32[4,6],
actual shape is f32[3,6]": the slice partitioned as a copy of the whole gathered operand) where a
slice shortens a dimension sharded with exactly one element per shard, its result is gathered,
and the operand is gathered elsewhere too. Probed on 8 CPU devices: `v[:3]` and `v * 2` of
f32[4,6] placed P('a') over 4 devices, both constrained replicated (JAX fails alike); f32[8,6]
over 8, f32[2,6] over 2, f32[6,4] placed P(None, 'a') over 4 sliced on dimension 1 too; not
two or more elements per shard, nor uneven ones. The fuzzer's seed 3001151 (propagation='xla':
an FFT guard's constraint gathered such a slice's result). So those dimensions are replicated at
the slice's operand (and result, constrained back after it): a gather of one element per shard.
"""

from __future__ import annotations

from jaxlib.mlir import ir

from meshjit.dialects.sdy import MeshShape
from meshjit.passes.export.guard_util import ops_named, replicate_at_unary, shard_count
from meshjit.passes.graph.sharding_io import op_result_shardings, read_meshes, value_sharding
from meshjit.passes.rules.util import shape_of


def _risky_dims(op, operand, meshes: dict[str, MeshShape]) -> set[int]:
    in_shape, out_shape = shape_of(op.operands[0]), shape_of(op.results[0])
    return {
        d
        for d, (n_in, n_out) in enumerate(zip(in_shape, out_shape))
        if n_out < n_in and n_in > 1 and shard_count(operand, d, meshes) == n_in
    }


def may_be_guarded(op, partitions: int) -> bool:
    """Whether slice `op` shortens a dimension some sharding over `partitions` devices could cut
    one element per shard (its size divides the device count): before propagation decides."""
    in_shape, out_shape = shape_of(op.operands[0]), shape_of(op.results[0])
    return any(
        1 < n_in and not partitions % n_in and n_out < n_in
        for n_in, n_out in zip(in_shape, out_shape)
    )


def _guard(op, meshes: dict[str, MeshShape]) -> bool:
    operand = value_sharding(op.operands[0])
    (result,) = op_result_shardings(op) or (None,)
    return replicate_at_unary(op, operand, result, _risky_dims(op, operand, meshes), meshes)


def guard_one_per_shard_slices(module_op: ir.Operation) -> int:
    """Replicates, at each slice XLA would reject, the dimensions the module docstring names;
    returns how many slices were changed."""
    meshes = read_meshes(module_op)
    return sum(_guard(op, meshes) for op in ops_named(module_op, ("stablehlo.slice",)))
