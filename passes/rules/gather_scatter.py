"""Rules of gather and scatter: index dims pass through, gathered / scattered dims need
replication, window dims pass through where the whole dim is taken."""

from __future__ import annotations

from jaxlib.mlir.dialects import stablehlo

from meshjit.passes.rules.registry import sharding_rule
from meshjit.passes.rules.rule import NEED_REPLICATION, PASS_THROUGH, REDUCTION
from meshjit.passes.rules.util import ints, op_builder, shape_of


@sharding_rule("stablehlo.gather")
def gather_rule(op):
    dn = stablehlo.GatherDimensionNumbers(op.attributes["dimension_numbers"])
    operand, indices, out = (shape_of(v) for v in (*op.operands[:2], op.results[0]))
    slice_sizes = ints(op, "slice_sizes")
    offset_dims = list(dn.offset_dims)
    collapsed, op_batch = set(dn.collapsed_slice_dims), list(dn.operand_batching_dims)
    idx_batch, index_map = list(dn.start_indices_batching_dims), set(dn.start_index_map)
    ivd = dn.index_vector_dim
    b = op_builder(op)
    batch_out = [d for d in range(len(out)) if d not in offset_dims]
    idx_dims = [d for d in range(len(indices)) if d != ivd]
    idx_factor = {}
    for r, d in zip(batch_out, idx_dims):
        f = b.factor(indices[d])
        b.operand(1, d, f), b.result(0, r, f)
        idx_factor[d] = f
    if ivd < len(indices):
        b.operand(1, ivd, b.factor(indices[ivd], NEED_REPLICATION))
    window = [d for d in range(len(operand)) if d not in collapsed and d not in op_batch]
    for r, d in zip(offset_dims, window):
        if slice_sizes[d] == operand[d] and d not in index_map:
            f = b.factor(operand[d])
            b.operand(0, d, f), b.result(0, r, f)
        else:
            b.operand(0, d, b.factor(operand[d], NEED_REPLICATION))
            b.result(0, r, b.factor(out[r]))
    for p, d in enumerate(op_batch):
        b.operand(0, d, idx_factor[idx_batch[p]])
    for d in collapsed:
        b.operand(0, d, b.factor(operand[d], NEED_REPLICATION))
    return b.build()


@sharding_rule("stablehlo.scatter")
def scatter_rule(op):
    dn = stablehlo.ScatterDimensionNumbers(op.attributes["scatter_dimension_numbers"])
    n = len(op.results)
    operand, indices, updates = (shape_of(op.operands[i]) for i in (0, n, n + 1))
    window_dims = list(dn.update_window_dims)
    inserted, in_batch = set(dn.inserted_window_dims), list(dn.input_batching_dims)
    idx_batch, ivd = list(dn.scatter_indices_batching_dims), dn.index_vector_dim
    to_operand = set(dn.scattered_dims_to_operand_dims)
    b = op_builder(op)
    operand_factor = []
    for d, size in enumerate(operand):
        f = b.factor(
            size, NEED_REPLICATION if d in to_operand and d not in in_batch else PASS_THROUGH
        )
        operand_factor.append(f)
        for i in range(n):
            b.operand(i, d, f), b.result(i, d, f)
    idx_dims = [d for d in range(len(indices)) if d != ivd]
    scatter_dims = [d for d in range(len(updates)) if d not in window_dims]
    batch_of_idx = {idx_batch[p]: in_batch[p] for p in range(len(in_batch))}
    for ud, d in zip(scatter_dims, idx_dims):
        if d in batch_of_idx:
            f = operand_factor[batch_of_idx[d]]
        else:
            f = b.factor(indices[d], REDUCTION)
        b.operand(n, d, f)
        for i in range(n):
            b.operand(n + 1 + i, ud, f)
    if ivd < len(indices):
        b.operand(n, ivd, b.factor(indices[ivd], NEED_REPLICATION))
    window = [d for d in range(len(operand)) if d not in inserted and d not in in_batch]
    for ud, d in zip(window_dims, window):
        f = (
            operand_factor[d]
            if updates[ud] == operand[d]
            else b.factor(updates[ud], NEED_REPLICATION)
        )
        for i in range(n):
            b.operand(n + 1 + i, ud, f)
    return b.build()
