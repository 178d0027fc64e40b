"""`shard_alike(x, y)` (jax.experimental.shard_alike): x and y end up with one sharding, which
propagation chooses. A primitive lowered to two `sdy.sharding_group` ops of a fresh group (as
JAX lowers it with Shardy), with all its rules."""

from __future__ import annotations

import itertools

from jaxlib.mlir.dialects import sdy

from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    impl_rules,
    lowering_rules,
    sharding_rules,
    transpose_rules,
)
from meshjit.compiler.ir.sharding_rules import spec_of
from meshjit.compiler.lax.ad_util import aval_of, linear_jvp
from meshjit.compiler.lax.batching import broadcast_batched, moveaxis
from meshjit.compiler.trace.tracing import abstractify
from meshjit.compiler.tree_util import tree_flatten, tree_unflatten

shard_alike_p = Primitive("shard_alike", multiple_results=True)

_GROUP_IDS = itertools.count()  # one fresh group per shard_alike, as JAX numbers them


def shard_alike(x, y):
    """`x` and `y` (pytrees of one structure, leaves of equal shapes), each pair of leaves
    sharded alike: the sharding propagation picks for one is the other's too."""
    x_flat, x_tree = tree_flatten(x)
    y_flat, y_tree = tree_flatten(y)
    if x_tree != y_tree:
        raise MeshjitValueError(f"Trees should be equal. Got x_tree: {x_tree}, y_tree: {y_tree}")
    for a, b in zip(x_flat, y_flat):
        a_shape, b_shape = abstractify(a).shape, abstractify(b).shape
        if a_shape != b_shape:
            raise MeshjitValueError(
                "The leaves shapes of `x` and `y` should match. Got `x` leaf shape: "
                f"{a_shape} and `y` leaf shape: {b_shape}. File an issue at "
                "https://github.com/jax-ml/jax/issues if you want this feature."
            )
    outs = [shard_alike_p.bind(a, b) for a, b in zip(x_flat, y_flat)]
    x_out = [a for a, _ in outs]
    y_out = [b for _, b in outs]
    return tree_unflatten(x_tree, x_out), tree_unflatten(y_tree, y_out)


abstract_eval_rules.register(shard_alike_p, lambda x, y: [x, y])
impl_rules.register(shard_alike_p, lambda x, y: [x, y])  # eager values keep their layouts


@sharding_rules.register(shard_alike_p)
def _shard_alike_types(out, x, y):  # explicit mode: each keeps its type
    return [spec_of(x), spec_of(y)]


def _shard_alike_lowering(ctx, x, y):
    group = next(_GROUP_IDS)
    sdy.ShardingGroupOp(x, group)
    sdy.ShardingGroupOp(y, group)
    return [x, y]


lowering_rules.register(shard_alike_p, _shard_alike_lowering)


# ---------------------------------------------------------------------------------------------
# jvp and transpose: linear; the cotangents are sharded alike too.

linear_jvp(shard_alike_p)


@transpose_rules.register(shard_alike_p)
def _shard_alike_transpose(cts, x, y):
    x_ct, y_ct = cts
    if x_ct is None or y_ct is None:
        return [x_ct, y_ct]
    return shard_alike_p.bind(x_ct, y_ct)


# ---------------------------------------------------------------------------------------------
# Batching: both mapped along one axis (an unmapped one broadcast), as JAX's rule.


@batching_rules.register(shard_alike_p)
def _shard_alike_batcher(args, dims):
    (x, y), (xd, yd) = args, dims
    if xd == yd:
        return shard_alike_p.bind(x, y), [xd, yd]
    if xd is None:
        x, xd = broadcast_batched(x, aval_of(y).shape[yd], yd), yd
    elif yd is None:
        y = broadcast_batched(y, aval_of(x).shape[xd], xd)
    else:
        y = moveaxis(y, yd, xd)
    return shard_alike_p.bind(x, y), [xd, xd]
