"""lax names that are compositions of other lax ops here (JAX gives some of them primitives of
their own; the values are the same): broadcast_shapes, empty, stack, unstack, tile, index_take,
and approx_max_k / approx_min_k, which are exact on CPU, as JAX's are."""

from __future__ import annotations

import numpy as np

from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.lax import elementwise, shapes, slicing, sorting
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.lax.ad_util import aval_of
from meshjit.compiler.lax.gather_scatter import GatherDimensionNumbers, gather

__all__ = [
    "approx_max_k", "approx_min_k", "broadcast_shapes", "empty", "index_take", "stack", "tile",
    "unstack",
]  # fmt: skip


def broadcast_shapes(*shapes_):
    """The shape NumPy broadcasting gives `shapes_` (ValueError when they do not broadcast)."""
    shapes_ = [tuple(int(d) for d in s) for s in shapes_]
    rank = max((len(s) for s in shapes_), default=0)
    padded = [(1,) * (rank - len(s)) + s for s in shapes_]
    out = []
    for sizes in zip(*padded):
        bigger = {d for d in sizes if d != 1}
        if len(bigger) > 1:
            raise MeshjitValueError(f"Incompatible shapes for broadcasting: shapes={shapes_}")
        out.append(bigger.pop() if bigger else 1)
    return tuple(out)


def empty(shape, dtype, *, out_sharding=None):
    """An array of `shape` whose values are unspecified (zeros here)."""
    del out_sharding
    return shapes.full(tuple(shape), np.zeros((), dtypes.canonicalize(dtype)))


def stack(operands, axis: int = 0):
    operands = list(operands)
    axis = checks.canonical_axis(int(axis), aval_of(operands[0]).ndim + 1, "axis")
    return shapes.concatenate([shapes.expand_dims(x, (axis,)) for x in operands], axis)


def unstack(x, axis: int = 0):
    aval = aval_of(x)
    axis = checks.canonical_axis(int(axis), aval.ndim, "axis")
    return tuple(slicing.index_in_dim(x, i, axis, keepdims=False) for i in range(aval.shape[axis]))


def tile(operand, reps):
    """`operand` repeated `reps[i]` times along each axis i (len(reps) == operand.ndim)."""
    aval = aval_of(operand)
    reps = tuple(int(r) for r in reps)
    if len(reps) != aval.ndim:
        raise MeshjitValueError(
            f"tile: reps {reps} must have one entry per dimension of the operand {aval.shape}"
        )
    interleaved = tuple(d for pair in zip(reps, aval.shape) for d in pair)
    spread = shapes.broadcast_in_dim(operand, interleaved, tuple(range(1, 2 * aval.ndim, 2)))
    return shapes.reshape(spread, tuple(r * s for r, s in zip(reps, aval.shape)))


def _top_k_along(operand, k: int, dimension: int):
    ndim = aval_of(operand).ndim
    dimension = checks.canonical_axis(int(dimension), ndim, "reduction_dimension")
    if dimension == ndim - 1:
        return sorting.top_k(operand, k)
    order = [d for d in range(ndim) if d != dimension] + [dimension]
    back = np.argsort(order)
    values, indices = sorting.top_k(shapes.transpose(operand, order), k)
    return shapes.transpose(values, back), shapes.transpose(indices, back)


def approx_max_k(
    operand,
    k,
    reduction_dimension=-1,
    recall_target=0.95,
    reduction_input_size_override=-1,
    aggregate_to_topk=True,
):
    """The k largest values along `reduction_dimension` and their indices (exact on CPU)."""
    return _top_k_along(operand, k, reduction_dimension)


def approx_min_k(
    operand,
    k,
    reduction_dimension=-1,
    recall_target=0.95,
    reduction_input_size_override=-1,
    aggregate_to_topk=True,
):
    """The k smallest values along `reduction_dimension` and their indices (exact on CPU)."""
    values, indices = _top_k_along(elementwise.neg(operand), k, reduction_dimension)
    return elementwise.neg(values), indices


def index_take(src, idxs, axes):
    """src[idxs[0], idxs[1], ...] along `axes` (indices wrap modulo the axis sizes)."""
    aval = aval_of(src)
    axes = tuple(int(a) for a in axes)
    indices = shapes.concatenate([shapes.expand_dims(i, (1,)) for i in idxs], 1)
    index_aval = aval_of(indices)
    sizes = np.array([aval.shape[a] for a in axes], index_aval.dtype)
    sizes = shapes.broadcast_in_dim(sizes, index_aval.shape, (index_aval.ndim - 1,))
    indices = elementwise.rem(
        elementwise.add(elementwise.rem(indices, sizes), sizes), sizes
    )  # floor mod
    slice_sizes = tuple(1 if d in axes else size for d, size in enumerate(aval.shape))
    dnums = GatherDimensionNumbers(
        offset_dims=tuple(range(1, aval.ndim - len(axes) + 1)),
        collapsed_slice_dims=axes,
        start_index_map=axes,
    )
    return gather(src, indices, dimension_numbers=dnums, slice_sizes=slice_sizes)
