"""Scatters on unevenly sharded dimensions, kept away from XLA's SPMD partitioner.

XLA (jaxlib 0.10.2) partitions a scatter wrongly when a dimension it indexes is sharded
unevenly (its axes do not divide its size, so the last shards are padded): a single-index
scatter becomes a clamped dynamic-update-slice on every shard and overwrites rows of other
shards (`x.at[1].add(0)` on 6 rows over 4 devices copies rows 1 and 3 over rows 2 and 4).
Even shardings, uneven dimensions the scatter does not index, gathers, dynamic slices and
dynamic-update-slices (clamped starts included) are partitioned right: probed over set / add /
mul / min / max, element, row, column and vmapped updates, static and traced indices.

So before XLA sees the module, each such scatter's operands and results are constrained to
its sharding with those dimensions replicated, and the results are constrained back to the
decided sharding after it: XLA gathers the dimension, updates it whole, and slices it again.
Multi-index scatters, which probed right, are guarded too (a wrong answer costs more than the
gather of an uneven dimension).
"""

from __future__ import annotations

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo

from meshjit.dialects.sdy import MeshShape, TensorSharding
from meshjit.passes.export.guard_util import ops_named, replicate_operand, replicate_results
from meshjit.passes.graph.axes import axes_product, to_axis
from meshjit.passes.graph.sharding_io import (
    op_result_shardings,
    read_meshes,
)
from meshjit.passes.rules.util import shape_of


def _scatter_indexed_dims(op) -> tuple[set[int], int]:
    """The operand dims a scatter indexes, and how many operands (= results) it updates."""
    dn = stablehlo.ScatterDimensionNumbers(op.attributes["scatter_dimension_numbers"])
    n = len(op.results)
    operand, updates = shape_of(op.operands[0]), shape_of(op.operands[n + 1])
    indexed = set(dn.scattered_dims_to_operand_dims)
    skipped = set(dn.inserted_window_dims) | set(dn.input_batching_dims)
    windows = [d for d in range(len(operand)) if d not in skipped]
    for u, d in zip(dn.update_window_dims, windows):
        if updates[u] != operand[d]:
            indexed.add(d)
    return indexed, n


_INDEXED_DIMS = {"stablehlo.scatter": _scatter_indexed_dims}


def _uneven_dims(sharding: TensorSharding, shape, dims, mesh: MeshShape) -> list[int]:
    return [
        d
        for d in sorted(dims)
        if shape[d] % axes_product([to_axis(a, mesh) for a in sharding.dims[d].axes])
    ]


def _guard(op, meshes: dict[str, MeshShape]) -> bool:
    shardings = op_result_shardings(op)
    if any(s is None for s in shardings):
        return False
    indexed, n = _INDEXED_DIMS[op.name](op)
    shape = shape_of(op.results[0])
    uneven = set()
    for s in shardings:
        uneven.update(_uneven_dims(s, shape, indexed, meshes[s.mesh_name]))
    if not uneven:
        return False
    for i, s in enumerate(shardings):  # the operands updated in place, as their results
        replicate_operand(op, i, s, uneven)
    replicate_results(op, shardings, uneven)
    return True


def guard_uneven_updates(module_op: ir.Operation) -> int:
    """Replicates, at each scatter, the dimensions it indexes that are sharded unevenly (see the
    module docstring); returns how many scatters were changed."""
    meshes = read_meshes(module_op)
    return sum(_guard(op, meshes) for op in ops_named(module_op, _INDEXED_DIMS))
