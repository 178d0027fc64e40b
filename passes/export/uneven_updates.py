"""Scatters on unevenly sharded dimensions, kept away from XLA's SPMD partitioner.

XLA (jaxlib 0.10.2) partitions a scatter wrongly when a dimension it indexes is sharded
unevenly (its axes do not divide its size, so the last shards are padded): a single-index
scatter becomes a clamped dynamic-update-slice on every shard and overwrites rows of other
shards (`x.at[1].add(0)` on 6 rows over 4 devices copies rows 1 and 3 over rows 2 and 4).
Even shardings, uneven dimensions the scatter does not index, gathers, dynamic slices and
dynamic-update-slices (clamped starts included) are partitioned right: probed over set / add /
mul / min / max, element, row, column and vmapped updates, static and traced indices.

The operands count as well as the results: propagation may leave a scatter's result without a
sharding where its operand is sharded (the sweep's scatter_min seed 10).

So before XLA sees the module, each such scatter's operands and results are constrained to
its sharding with those dimensions replicated, and the results are constrained back to the
decided sharding after it: XLA gathers the dimension, updates it whole, and slices it again.
Multi-index scatters, which probed right, are guarded too (a wrong answer costs more than the
gather of an uneven dimension).

XLA also pads the updates and the indices of a scatter it partitions along its updates'
scatter dimensions (those that are not window dimensions; the indices' batch dimensions), and
when those are sharded unevenly it scatters the padding too: zero updates at index zero
(probed: `x.at[i].min(u)` and `.mul(u)` with `u` f32[1,6] or f32[3,6] over 2 or 4 devices, or
`i` i32[3] over 2, set row 0 of positive `x` to 0; the sweep's `scatter_min` seed 0). So those
dimensions of the updates and indices are replicated at the scatter too (all combiners: add,
where a zero update is harmless, included).
"""

from __future__ import annotations

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo

from meshjit.dialects.sdy import MeshShape
from meshjit.passes.export.guard_util import (
    ops_named,
    replicate_operand,
    replicate_results,
    uneven_dims,
)
from meshjit.passes.graph.sharding_io import (
    op_result_shardings,
    read_meshes,
    value_sharding,
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


def _scattered_operand_dims(op) -> dict[int, set[int]]:
    """The dims along which XLA splits a scatter's indices and updates, per operand index:
    the indices' batch dims and the updates' scatter dims."""
    dn = stablehlo.ScatterDimensionNumbers(op.attributes["scatter_dimension_numbers"])
    n = len(op.results)
    indices_rank = len(shape_of(op.operands[n]))
    dims = {n: set(range(indices_rank)) - {dn.index_vector_dim}}
    for k in range(n + 1, 2 * n + 1):
        dims[k] = set(range(len(shape_of(op.operands[k])))) - set(dn.update_window_dims)
    return dims


def _guard_scattered_operands(op, meshes: dict[str, MeshShape]) -> bool:
    guarded = False
    for k, dims in _scattered_operand_dims(op).items():
        sharding = value_sharding(op.operands[k])
        uneven = uneven_dims(sharding, shape_of(op.operands[k]), dims, meshes)
        if uneven:
            replicate_operand(op, k, sharding, set(uneven))
            guarded = True
    return guarded


def _guard(op, meshes: dict[str, MeshShape]) -> bool:
    guarded = _guard_scattered_operands(op, meshes)
    return _guard_indexed(op, meshes) or guarded


def _guard_indexed(op, meshes: dict[str, MeshShape]) -> bool:
    indexed, n = _INDEXED_DIMS[op.name](op)
    results = list(op_result_shardings(op)) or [None] * n
    operands = [value_sharding(op.operands[i]) for i in range(n)]
    shape = shape_of(op.results[0])
    uneven = set()
    for s in (*results, *operands):  # a result may have none where its operand is sharded
        uneven.update(uneven_dims(s, shape, indexed, meshes))
    if not uneven:
        return False
    for i, (result, operand) in enumerate(zip(results, operands)):  # updated in place
        if result is not None or operand is not None:
            replicate_operand(op, i, result or operand, uneven)
    if all(s is not None for s in results):
        replicate_results(op, results, uneven)
    return True


def guard_uneven_updates(module_op: ir.Operation) -> int:
    """Replicates, at each scatter, the dimensions it indexes that are sharded unevenly, and
    those of its indices and updates it splits (see the module docstring); returns how many
    scatters were changed."""
    meshes = read_meshes(module_op)
    return sum(_guard(op, meshes) for op in ops_named(module_op, _INDEXED_DIMS))
