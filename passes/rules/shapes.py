"""Rules of shape ops: broadcast, transpose, reshape, slicing and padding, concatenation, sort,
dynamic slices."""

from __future__ import annotations

import math

from meshjit.passes.rules.elementwise import pointwise_rule
from meshjit.passes.rules.registry import sharding_rule
from meshjit.passes.rules.rule import NEED_REPLICATION, PERMUTATION, RuleBuilder, ShardingRule
from meshjit.passes.rules.util import int_attr, ints, op_builder, shape_of


@sharding_rule("stablehlo.broadcast_in_dim", cache_attrs=("broadcast_dimensions",))
def broadcast_rule(op):
    b = op_builder(op)
    in_shape, out_shape = shape_of(op.operands[0]), shape_of(op.results[0])
    mapped = dict(zip(ints(op, "broadcast_dimensions"), range(len(in_shape))))
    for r, size in enumerate(out_shape):
        f = b.factor(size)
        b.result(0, r, f)
        d = mapped.get(r)
        if d is not None and in_shape[d] == size:
            b.operand(0, d, f)
    return b.build()


@sharding_rule("stablehlo.transpose", cache_attrs=("permutation",))
def transpose_rule(op):
    """One factor per dim, numbered in the result's order (as Shardy numbers them)."""
    b = op_builder(op)
    in_shape = shape_of(op.operands[0])
    perm = ints(op, "permutation")
    factors = {d: b.factor(in_shape[d]) for d in perm}
    for d in range(len(in_shape)):
        b.operand(0, d, factors[d])
    for r, d in enumerate(perm):
        b.result(0, r, factors[d])
    return b.build()


@sharding_rule("stablehlo.reshape", cache_attrs=())
def reshape_rule(op):
    return reshape_factors(op_builder(op), shape_of(op.operands[0]), shape_of(op.results[0]))


def reshape_factors(b: RuleBuilder, in_shape, out_shape) -> ShardingRule:
    """gcd decomposition: `[6, 4] -> [2, 12]` gives `([ij, k])->([i, jk]) {i=2, j=3, k=4}`."""
    i = j = 0
    cur_in = in_shape[0] if in_shape else 1
    cur_out = out_shape[0] if out_shape else 1
    while i < len(in_shape) and j < len(out_shape):
        if cur_in == 1:
            i += 1
            cur_in = in_shape[i] if i < len(in_shape) else 1
            continue
        if cur_out == 1:
            j += 1
            cur_out = out_shape[j] if j < len(out_shape) else 1
            continue
        g = math.gcd(cur_in, cur_out)
        if g == 1:
            return _reshape_fallback(b, in_shape, out_shape, i, j)
        f = b.factor(g)
        b.operand(0, i, f)
        b.result(0, j, f)
        cur_in //= g
        cur_out //= g
    return b.build()


def _reshape_fallback(b: RuleBuilder, in_shape, out_shape, i, j) -> ShardingRule:
    """Dims from (i, j) on without a common factor: each is its own need_replication factor."""
    for d in range(i, len(in_shape)):
        if in_shape[d] > 1 and not b.operands[0][d]:
            b.operand(0, d, b.factor(in_shape[d], NEED_REPLICATION))
    for d in range(j, len(out_shape)):
        if out_shape[d] > 1 and not b.results[0][d]:
            b.result(0, d, b.factor(out_shape[d], NEED_REPLICATION))
    return b.build()


def _sliced_dims_rule(op, changed) -> ShardingRule:
    """Pointwise; dims where `changed(d)` are permutation factors, as large as the larger of
    the operand's and the result's dim (as Shardy sizes them)."""
    shape = [max(a, b) for a, b in zip(shape_of(op.operands[0]), shape_of(op.results[0]))]
    return pointwise_rule(op, lambda d: (PERMUTATION, False) if changed(d) else None, shape)


@sharding_rule("stablehlo.slice", cache_attrs=("start_indices", "limit_indices", "strides"))
def slice_rule(op):
    shape = shape_of(op.operands[0])
    starts, limits = ints(op, "start_indices"), ints(op, "limit_indices")
    strides = ints(op, "strides") or [1] * len(shape)
    return _sliced_dims_rule(op, lambda d: (starts[d], limits[d], strides[d]) != (0, shape[d], 1))


@sharding_rule(
    "stablehlo.pad", cache_attrs=("edge_padding_low", "edge_padding_high", "interior_padding")
)
def pad_rule(op):
    lo, hi = ints(op, "edge_padding_low"), ints(op, "edge_padding_high")
    inner = ints(op, "interior_padding")
    return _sliced_dims_rule(op, lambda d: (lo[d], hi[d], inner[d]) != (0, 0, 0))


@sharding_rule("stablehlo.reverse", cache_attrs=("dimensions",))
def reverse_rule(op):
    dims = set(ints(op, "dimensions"))
    return _sliced_dims_rule(op, lambda d: d in dims)


@sharding_rule("stablehlo.concatenate", cache_attrs=("dimension",))
def concatenate_rule(op):
    # Shardy shards the concatenated dim too (a permutation: the pieces move between devices).
    axis = int_attr(op, "dimension")
    return _sliced_dims_rule(op, lambda d: d == axis)


@sharding_rule("stablehlo.sort", cache_attrs=("dimension",))
def sort_rule(op):
    axis = int_attr(op, "dimension")
    return pointwise_rule(op, lambda d: (NEED_REPLICATION, False) if d == axis else None)


@sharding_rule("stablehlo.dynamic_slice", cache_attrs=())
def dynamic_slice_rule(op):
    in_shape, out_shape = shape_of(op.operands[0]), shape_of(op.results[0])
    b = op_builder(op)
    for d, (n_in, n_out) in enumerate(zip(in_shape, out_shape)):
        if n_in == n_out:
            f = b.factor(n_in)
        else:
            f = b.factor(n_in, NEED_REPLICATION, blocked=True)
        b.operand(0, d, f)
        b.result(0, d, f)
    return b.build()


@sharding_rule("stablehlo.dynamic_update_slice", cache_attrs=())
def dynamic_update_slice_rule(op):
    shape, upd = shape_of(op.operands[0]), shape_of(op.operands[1])
    b = op_builder(op)
    for d, size in enumerate(shape):
        f = b.factor(size)
        b.operand(0, d, f)
        b.result(0, d, f)
        if upd[d] == size:
            b.operand(1, d, f)
        else:
            b.operand(1, d, b.factor(upd[d], NEED_REPLICATION))
    return b.build()
