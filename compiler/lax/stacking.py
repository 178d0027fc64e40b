"""`stack_p` and `unstack_p`, as JAX's: arrays of one shape joined along a new axis, and an
array split into its slices along one, each the other's transpose (lowered as expand_dims and
a concatenate, and as slices)."""

from __future__ import annotations

from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
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
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.lax import shapes, slicing
from meshjit.compiler.lax.ad_util import aval_of, inline, instantiate, linear_jvp
from meshjit.compiler.lax.batching import moveaxis

stack_p = Primitive("stack")
unstack_p = Primitive("unstack", multiple_results=True)


@abstract_eval_rules.register(stack_p)
def _stack_abstract_eval(*xs, axis):
    if not xs:
        raise MeshjitValueError("stack expects at least one operand, got 0.")
    if len({x.shape for x in xs}) != 1:  # JAX's words
        shown = ", ".join(str(x.shape) for x in xs)
        raise MeshjitValueError(f"All input arrays must have the same shape. Got {shown}.")
    if len({x.dtype for x in xs}) != 1:
        shown = ", ".join(x.dtype.name for x in xs)
        raise MeshjitTypeError(f"stack requires arguments to have the same dtypes, got {shown}.")
    shape = list(xs[0].shape)
    shape.insert(axis, len(xs))
    return ShapedArray(tuple(shape), xs[0].dtype, all(x.weak_type for x in xs))


@abstract_eval_rules.register(unstack_p)
def _unstack_abstract_eval(x, *, axis):
    if x.ndim == 0:
        raise MeshjitValueError(
            "unstack requires arrays with rank > 0, however a scalar array of shape () was passed."
        )
    shape = x.shape[:axis] + x.shape[axis + 1 :]
    return [ShapedArray(shape, x.dtype, x.weak_type)] * x.shape[axis]


def _stacked(*xs, axis):
    return [shapes.concatenate([shapes.expand_dims(x, (axis,)) for x in xs], axis)]


def _unstacked(x, *, axis):
    n = aval_of(x).shape[axis]
    return [slicing.index_in_dim(x, i, axis, keepdims=False) for i in range(n)]


lowering_rules.register(
    stack_p,
    lambda ctx, *xs, axis: inline(ctx, lambda *v: _stacked(*v, axis=axis), xs, ctx.avals_in)[0],
)
lowering_rules.register(
    unstack_p,
    lambda ctx, x, *, axis: inline(ctx, lambda v: _unstacked(v, axis=axis), [x], ctx.avals_in),
)
linear_jvp(stack_p)
linear_jvp(unstack_p)


@transpose_rules.register(stack_p)
def _stack_transpose(ct, *xs, axis):
    return unstack_p.bind(ct, axis=axis)


@transpose_rules.register(unstack_p)
def _unstack_transpose(cts, x, *, axis):
    part = ShapedArray(*_part_shape_dtype(x.aval, axis))
    return [stack_p.bind(*[instantiate(ct, part) for ct in cts], axis=axis)]


def _part_shape_dtype(aval, axis):
    return aval.shape[:axis] + aval.shape[axis + 1 :], aval.dtype


@batching_rules.register(stack_p)
def _stack_batching(args, dims, *, axis):
    first = dims[0]
    if first is not None and all(d == first for d in dims):
        return stack_p.bind(*args, axis=axis if axis <= first else axis + 1), (
            first + 1 if axis <= first else first
        )
    size = next(aval_of(x).shape[d] for x, d in zip(args, dims) if d is not None)
    xs = [
        moveaxis(x, d, 0) if d is not None else shapes.broadcast(x, (size,))
        for x, d in zip(args, dims)
    ]
    return stack_p.bind(*xs, axis=axis + 1), 0


@batching_rules.register(unstack_p)
def _unstack_batching(args, dims, *, axis):
    (x,), (d,) = args, dims
    out_axis, out_dim = (axis, d - 1) if axis < d else (axis + 1, d)
    outs = unstack_p.bind(x, axis=out_axis)
    return outs, [out_dim] * len(outs)


@sharding_rules.register(stack_p)
def _stack_sharding(out, *xs, axis):
    specs = {tuple(spec_of(x)) for x in xs if x.sharding is not None}
    if len(specs) > 1:  # JAX's words
        shown = ", ".join(str(x.sharding) for x in xs)
        raise ShardingTypeError(
            f"All operands should have the same sharding. Got shardings {shown}"
        )
    spec = list(specs.pop() if specs else (None,) * xs[0].ndim)
    spec.insert(axis, None)
    return tuple(spec)


@sharding_rules.register(unstack_p)
def _unstack_sharding(out, x, *, axis):
    spec = list(spec_of(x))
    if spec[axis] is not None:  # JAX's words
        raise ShardingTypeError(
            f"unstack operand cannot be sharded on the unstacking axis {axis}. Got operand "
            f"type={x.str_short()}"
        )
    del spec[axis]
    return [tuple(spec)] * len(out)


def stack(operands, axis: int = 0):
    """The operands (of one shape and dtype) joined along a new axis `axis`."""
    operands = list(operands)
    axis = checks.canonical_axis(int(axis), aval_of(operands[0]).ndim + 1, "axis")
    return stack_p.bind_internal(*operands, axis=axis)


def unstack(x, axis: int = 0):
    """The slices of `x` along `axis`, as a tuple."""
    axis = checks.canonical_axis(int(axis), aval_of(x).ndim, "axis")
    return tuple(unstack_p.bind_internal(x, axis=axis))
