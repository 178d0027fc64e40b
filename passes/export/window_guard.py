"""Reduce windows on unevenly sharded padded and strided, or dilated, dimensions, kept away from
XLA's SPMD partitioner where it fails.

XLA (jaxlib 0.10.2) partitions `stablehlo.reduce_window` wrongly when the window both pads and
strides a dimension sharded on its input or its result into more pieces than the input's or the
result's size divides into (probed on 8 CPU devices: a sum window of 3 with low padding 1 and
stride 2 over f32[3] or f32[5], the input or the result sharded two ways, gives wrong numbers;
f32[4], unpadded or unstrided windows are right; the fuzzer's seed 280284). Dilated windows
too, padded or strided or not: a base dilation of 2 or 3 over f32[3..7] sharded two, four or
eight ways unevenly aborts the process ("Check failed: ShapeUtil::Compatible(shard_shape,
sharded_rw->shape()) f32[3,1] vs f32[2,1]", the fuzzer's seed 290781) or gives wrong numbers,
and so does a window dilation beside it (f32[8] sharded four ways, dilated either way, is right).

So before XLA sees the module those dimensions are replicated at the reduce window (its
inputs constrained to their shardings with them replicated, its results' too) and the results
are constrained back to the decided shardings after it.
"""

from __future__ import annotations

from jaxlib.mlir import ir

from meshjit.dialects.sdy import MeshShape
from meshjit.passes.export.guard_util import (
    ops_named,
    replicate_operand,
    replicate_results,
    shard_count,
)
from meshjit.passes.graph.sharding_io import op_result_shardings, read_meshes, value_sharding
from meshjit.passes.rules.util import ints, shape_of


def padded_strided_dims(op) -> list[int]:
    """The dims a reduce window both pads and strides, or dilates (its base or its window):
    XLA may partition them wrongly."""
    rank = len(shape_of(op.operands[0]))
    strides = ints(op, "window_strides") or [1] * rank
    padding = ints(op, "padding") or [0] * (2 * rank)
    base = ints(op, "base_dilations") or [1] * rank
    window = ints(op, "window_dilations") or [1] * rank
    return [
        d
        for d in range(rank)
        if (strides[d] > 1 and any(padding[2 * d : 2 * d + 2])) or base[d] > 1 or window[d] > 1
    ]


def _risky_dims(op, inputs, results, meshes: dict[str, MeshShape]) -> tuple[int, ...]:
    """The padded, strided dims sharded (on an input or a result) into more pieces than the
    input's or the result's size divides into (a replicated input beside a sharded result
    too)."""
    in_shape, out_shape = shape_of(op.operands[0]), shape_of(op.results[0])
    risky = []
    for d in padded_strided_dims(op):
        pieces = max(shard_count(s, d, meshes) for s in [*inputs, *results])
        if pieces > 1 and (in_shape[d] % pieces or out_shape[d] % pieces):
            risky.append(d)
    return tuple(risky)


def _guard(op, meshes: dict[str, MeshShape]) -> bool:
    n = len(op.results)
    inputs = [value_sharding(v) for v in list(op.operands)[:n]]
    results = op_result_shardings(op) or []
    dims = _risky_dims(op, inputs, results, meshes)
    if not dims:
        return False
    for i, sharding in enumerate(inputs):
        if sharding is not None and any(shard_count(sharding, d, meshes) > 1 for d in dims):
            replicate_operand(op, i, sharding, dims)
    if any(shard_count(s, d, meshes) > 1 for s in results for d in dims):
        replicate_results(op, results, dims)
    return True


def guard_padded_strided_windows(module_op: ir.Operation) -> int:
    """Replicates, at each reduce window XLA would partition wrongly, its risky unevenly
    sharded dimensions (see the module docstring); returns how many were changed."""
    meshes = read_meshes(module_op)
    return sum(_guard(op, meshes) for op in ops_named(module_op, ("stablehlo.reduce_window",)))
