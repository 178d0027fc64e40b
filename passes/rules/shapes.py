"""Rules of shape ops: broadcast, transpose, slicing and padding, concatenation, sort,
dynamic slices."""

from __future__ import annotations

from meshjit.passes.rules.elementwise import pointwise_rule
from meshjit.passes.rules.registry import sharding_rule
from meshjit.passes.rules.rule import NEED_REPLICATION, PERMUTATION, ShardingRule
from meshjit.passes.rules.util import int_attr, ints, op_builder, shape_of


@sharding_rule("stablehlo.broadcast_in_dim", cache_attrs=("broadcast_dimensions",))
def broadcast_rule(op):
    """Mapped dims share a factor; an operand dim of size one that expands gets its own."""
    b = op_builder(op)
    in_shape, out_shape = shape_of(op.operands[0]), shape_of(op.results[0])
    mapped = dict(zip(ints(op, "broadcast_dimensions"), range(len(in_shape))))
    for r, size in enumerate(out_shape):
        d = mapped.get(r)
        if d is not None and in_shape[d] != size:
            b.operand(0, d, b.factor(in_shape[d]))
        f = b.factor(size)
        b.result(0, r, f)
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


def _sliced_dims_rule(op, changed, shape=None) -> ShardingRule:
    """Pointwise; dims where `changed(d)` are permutation factors, sized as the operand's dims
    (as Shardy sizes them) unless `shape` says otherwise."""
    shape = shape or shape_of(op.operands[0])
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
    # (a padded dim that keeps its size, its edges cancelling out, is pointwise in Shardy)
    in_shape, out_shape = shape_of(op.operands[0]), shape_of(op.results[0])
    return _sliced_dims_rule(op, lambda d: in_shape[d] != out_shape[d])


@sharding_rule("stablehlo.reverse", cache_attrs=("dimensions",))
def reverse_rule(op):
    dims = set(ints(op, "dimensions"))
    return _sliced_dims_rule(op, lambda d: d in dims)


@sharding_rule("stablehlo.concatenate", cache_attrs=("dimension",))
def concatenate_rule(op):
    # Shardy shards the concatenated dim too (a permutation: the pieces move between devices).
    axis = int_attr(op, "dimension")
    return _sliced_dims_rule(op, lambda d: d == axis, shape_of(op.results[0]))


def conservative_concatenate_rule(op) -> ShardingRule:
    """Shardy's rule under conservative propagation: a factor per dim but the concatenated
    one, then a size-one factor of the concatenated dim of each operand and of the result (so
    nothing moves along it)."""
    axis = int_attr(op, "dimension")
    b = op_builder(op)
    for d, size in enumerate(shape_of(op.results[0])):
        if d != axis:
            f = b.factor(size)
            for i in range(len(op.operands)):
                b.operand(i, d, f)
            b.result(0, d, f)
    for i in range(len(op.operands)):
        b.operand(i, axis, b.factor(1))
    b.result(0, axis, b.factor(1))
    return b.build()


@sharding_rule("stablehlo.sort", cache_attrs=("dimension",))
def sort_rule(op):
    """Pointwise; the sorted dim needs replication, and blocks propagation too when every other
    dim has size one (as Shardy's rule: sharding it could move nowhere else)."""
    axis = int_attr(op, "dimension")
    shape = shape_of(op.operands[0])
    blocked = all(size == 1 for d, size in enumerate(shape) if d != axis)
    return pointwise_rule(op, lambda d: (NEED_REPLICATION, blocked) if d == axis else None)


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
