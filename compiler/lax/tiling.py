"""`tile_p`, as JAX's: an array repeated `reps[i]` times along each dimension i, with its
rules (lowered as a broadcast between interleaved dimensions and a reshape, transposed as the
sum of the repeats)."""

from __future__ import annotations

from meshjit.compiler.errors import MeshjitTypeError
from meshjit.compiler.ir.core import ShapedArray
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    lowering_rules,
    sharding_rules,
    transpose_rules,
)
from meshjit.compiler.ir.sharding_rules import ShardingTypeError, spec_of
from meshjit.compiler.lax import reductions, shapes
from meshjit.compiler.lax.ad_util import aval_of, inline, linear_jvp

tile_p = Primitive("tile")


@abstract_eval_rules.register(tile_p)
def _tile_abstract_eval(x, *, reps):
    if x.ndim != len(reps):
        raise MeshjitTypeError(  # JAX's words
            f"reps length must be equal to the ndim of x, got len(reps)={len(reps)} and "
            f"x.ndim={x.ndim}."
        )
    return ShapedArray(tuple(d * r for d, r in zip(x.shape, reps)), x.dtype, x.weak_type)


def _interleaved(reps, shape) -> tuple:
    return tuple(n for pair in zip(reps, shape) for n in pair)


def _tiled(x, *, reps):
    shape = aval_of(x).shape
    spread = shapes.broadcast_in_dim(
        x, _interleaved(reps, shape), tuple(range(1, 2 * len(shape), 2))
    )
    return shapes.reshape(spread, tuple(d * r for d, r in zip(shape, reps)))


def _tile_lowering(ctx, x, *, reps):
    return inline(ctx, lambda v: [_tiled(v, reps=reps)], [x], ctx.avals_in)[0]


lowering_rules.register(tile_p, _tile_lowering)
linear_jvp(tile_p)


@transpose_rules.register(tile_p)
def _tile_transpose(ct, x, *, reps):
    """The sum of the repeats: the cotangent split into (repeat, dimension) pairs."""
    shape = x.aval.shape
    pairs = shapes.reshape(ct, _interleaved(reps, shape))
    return [reductions.reduce_sum(pairs, tuple(range(0, 2 * len(shape), 2)))]


@batching_rules.register(tile_p)
def _tile_batching(args, dims, *, reps):
    (x,), (dim,) = args, dims
    return tile(x, (*reps[:dim], 1, *reps[dim:])), dim


@sharding_rules.register(tile_p)
def _tile_sharding(out, x, *, reps):
    spec = spec_of(x)
    for i, (r, e) in enumerate(zip(reps, spec)):
        if r != 1 and e is not None:
            raise ShardingTypeError(  # JAX's words
                f"Operand cannot be sharded on dimension {i} when the tiling is non-trivial. Got "
                f"input type: {x.str_long()} with reps: {tuple(reps)} (reshard it first)"
            )
    return spec


def tile(operand, reps):
    """`operand` repeated `reps[i]` times along each axis i (len(reps) == operand.ndim)."""
    return tile_p.bind_internal(operand, reps=tuple(int(r) for r in reps))
