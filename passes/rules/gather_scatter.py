"""Rules of gather and scatter, as Shardy factors them.

Gather: per result dim, a batch dim follows its indices dim (and the operand's batching dim);
an offset dim follows its operand dim, passing through where the whole dim is taken and
otherwise needing replication (blocked); one of slice size one is a reduction of the operand
and its own size-one factor (needing replication) of the result, as Shardy's. The operand's
collapsed dims are reductions (each device gathers what it holds, then the partial results are
summed), those of size one need replication; the index vector dim needs replication.

Scatter mirrors it per update dim: an update window dim follows its operand dim where the
whole dim is updated; a scatter dim follows its indices dim, a reduction where the updates are
combined by one add / multiply / maximum / minimum (a need_replication factor otherwise); the
operand's remaining dims pass through to the results.
"""

from __future__ import annotations

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo

from meshjit.passes.rules.registry import sharding_rule
from meshjit.passes.rules.rule import NEED_REPLICATION, PASS_THROUGH, REDUCTION
from meshjit.passes.rules.util import ints, op_builder, shape_of


@sharding_rule("stablehlo.gather")
def gather_rule(op):
    dn = stablehlo.GatherDimensionNumbers(op.attributes["dimension_numbers"])
    operand, indices, out = (shape_of(v) for v in (*op.operands[:2], op.results[0]))
    slice_sizes = ints(op, "slice_sizes")
    offset_dims, collapsed = list(dn.offset_dims), list(dn.collapsed_slice_dims)
    op_batch, idx_batch = list(dn.operand_batching_dims), list(dn.start_indices_batching_dims)
    ivd = dn.index_vector_dim
    windows = iter(d for d in range(len(operand)) if d not in collapsed and d not in op_batch)
    batches = iter(d for d in range(len(indices)) if d != ivd)
    b = op_builder(op)
    for r in range(len(out)):
        if r in offset_dims:
            d = next(windows)
            if slice_sizes[d] == 1 and operand[d] > 1:  # one index's slice: as a collapsed dim
                b.operand(0, d, b.factor(operand[d], REDUCTION))
                f = b.factor(1, NEED_REPLICATION)
            else:
                whole = slice_sizes[d] == operand[d]
                f = b.factor(operand[d]) if whole else b.factor(operand[d], NEED_REPLICATION, True)
                b.operand(0, d, f)
        else:
            d = next(batches)
            f = b.factor(indices[d])
            b.operand(1, d, f)
            if d in idx_batch:
                b.operand(0, op_batch[idx_batch.index(d)], f)
        b.result(0, r, f)
    for d in collapsed:
        b.operand(0, d, b.factor(operand[d], REDUCTION if operand[d] > 1 else NEED_REPLICATION))
    if ivd < len(indices):
        b.operand(1, ivd, b.factor(indices[ivd], NEED_REPLICATION))
    return b.build()


_COMBINERS = ("stablehlo.add", "stablehlo.multiply", "stablehlo.maximum", "stablehlo.minimum")


def _combines_updates(op) -> bool:
    """Whether the scatter's update computation combines (rather than overwrites), so partial
    results can be combined across devices: as Shardy reads it, each returned value is one
    add / multiply / maximum / minimum (the same for all) of its input and its update."""
    block = op.regions[0].blocks[0]
    n = len(op.results)
    args = list(block.arguments)
    kinds = set()
    for i, value in enumerate(block.operations[len(block.operations) - 1].operands):
        if not isinstance(value, ir.OpResult) or value.owner.name not in _COMBINERS:
            return False
        ins = list(value.owner.operands)
        if sorted(args.index(v) if v in args else -1 for v in ins) != [i, n + i]:
            return False
        kinds.add(value.owner.name)
    return len(kinds) == 1


@sharding_rule("stablehlo.scatter")
def scatter_rule(op):
    dn = stablehlo.ScatterDimensionNumbers(op.attributes["scatter_dimension_numbers"])
    n = len(op.results)
    operand, indices, updates = (shape_of(op.operands[i]) for i in (0, n, n + 1))
    window_dims, inserted = list(dn.update_window_dims), list(dn.inserted_window_dims)
    in_batch, idx_batch = list(dn.input_batching_dims), list(dn.scatter_indices_batching_dims)
    ivd = dn.index_vector_dim
    windows = iter(d for d in range(len(operand)) if d not in inserted and d not in in_batch)
    batches = iter(d for d in range(len(indices)) if d != ivd)
    scatter_kind = REDUCTION if _combines_updates(op) else NEED_REPLICATION
    b = op_builder(op)
    covered = set()

    def on_operands(d, f):
        covered.add(d)
        for i in range(n):
            b.operand(i, d, f), b.result(i, d, f)

    def on_updates(u, f):
        for i in range(n):
            b.operand(n + 1 + i, u, f)

    for u in range(len(updates)):
        if u in window_dims:
            d = next(windows)
            if updates[u] == operand[d]:
                f = b.factor(operand[d])
            else:
                on_operands(d, b.factor(operand[d], NEED_REPLICATION))
                f = b.factor(updates[u], NEED_REPLICATION)
                on_updates(u, f)
                continue
            on_operands(d, f)
        else:
            d = next(batches)
            batched = d in idx_batch
            f = b.factor(indices[d], PASS_THROUGH if batched else scatter_kind)
            b.operand(n, d, f)
            if batched:
                on_operands(in_batch[idx_batch.index(d)], f)
        on_updates(u, f)
    for d in range(len(operand)):
        if d not in covered:
            on_operands(d, b.factor(operand[d]))
    if ivd < len(indices):
        b.operand(n, ivd, b.factor(indices[ivd], NEED_REPLICATION))
    return b.build()
