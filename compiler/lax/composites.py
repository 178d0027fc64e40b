"""lax names that are compositions of other lax ops here (JAX gives some of them primitives of
their own; the values are the same): broadcast_shapes, empty, stack, unstack, tile, index_take,
and approx_max_k / approx_min_k, which are exact on CPU, as JAX's are."""

from __future__ import annotations

import numpy as np

from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError, ShardingTypeError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.shape_poly import int_or_symbolic, is_symbolic_dim
from meshjit.compiler.ir.sharding_rules import spec_of
from meshjit.compiler.lax import elementwise, shapes, sorting, special
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.lax.ad_util import aval_of
from meshjit.compiler.lax.gather_scatter import GatherDimensionNumbers, gather

__all__ = [
    "approx_max_k", "approx_min_k", "broadcast_shapes", "empty", "index_take", "mulhi",
]  # fmt: skip


def broadcast_shapes(*shapes):
    """The shape NumPy broadcasting gives `shapes` (ValueError when they do not broadcast)."""
    shapes = [tuple(int_or_symbolic(d) for d in s) for s in shapes]
    for shape in shapes:
        if any(not is_symbolic_dim(d) and d < 0 for d in shape):  # JAX's words
            raise MeshjitTypeError(
                "Only non-negative indices are allowed when broadcasting static shapes, but got "
                f"shape {shape!r}."
            )
    rank = max((len(s) for s in shapes), default=0)
    padded = [(1,) * (rank - len(s)) + s for s in shapes]
    out = []
    for sizes in zip(*padded):
        bigger = {d for d in sizes if d != 1}
        if len(bigger) > 1:
            raise MeshjitValueError(f"Incompatible shapes for broadcasting: shapes={shapes}")
        out.append(bigger.pop() if bigger else 1)
    return tuple(out)


def empty(shape, dtype, *, out_sharding=None):
    """An array of `shape` whose values are unspecified (zeros here), laid out by
    `out_sharding` when given."""
    zero = np.zeros((), dtypes.canonicalize(dtype))
    return shapes.full(tuple(shape), zero, sharding=out_sharding)


def _top_k_along(operand, k: int, dimension: int):
    ndim = aval_of(operand).ndim
    dimension = checks.canonical_axis(
        int(dimension), ndim, "reduction_dimension", jax_words="list index out of range"
    )
    if dimension == ndim - 1:
        return sorting.top_k(operand, k)
    order = [d for d in range(ndim) if d != dimension] + [dimension]
    back = np.argsort(order)
    values, indices = sorting.top_k(shapes.transpose(operand, order), k)
    return [shapes.transpose(values, back), shapes.transpose(indices, back)]


def _check_approx_k(operand, k, dimension) -> None:
    """JAX's checks and words: k no larger than the reduction dimension, a float operand,
    unsharded over the reduction dimension."""
    aval = aval_of(operand)
    shape = aval.shape
    if not shape or not -len(shape) <= dimension < len(shape):
        return
    if shape[dimension] < k:
        raise MeshjitValueError(
            f"k must be smaller than the size of reduction_dim {shape[dimension]}, got {k}"
        )
    if not dtypes.is_float(aval.dtype):
        raise MeshjitValueError("operand must be a floating type")
    if spec_of(aval)[dimension] is not None:
        raise ShardingTypeError(
            f"reduction dimension {dimension} in operand {aval.str_long()} should be unsharded "
            "i.e. the spec of that dim should be `None`."
        )


def approx_max_k(
    operand,
    k,
    reduction_dimension=-1,
    recall_target=0.95,
    reduction_input_size_override=-1,
    aggregate_to_topk=True,
):
    """The k largest values along `reduction_dimension` and their indices (exact on CPU)."""
    _check_approx_k(operand, k, reduction_dimension)
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
    _check_approx_k(operand, k, reduction_dimension)
    values, indices = _top_k_along(elementwise.neg(operand), k, reduction_dimension)
    return [elementwise.neg(values), indices]  # a list, as JAX's


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


def _const(value, like):
    return shapes.full_like(like, value)


def _unsigned_mulhi32(x, y):
    """The high 32 bits of the product of two uint32 arrays, from 16-bit halves."""
    low_mask, half = _const(0xFFFF, x), _const(16, x)
    x_lo, x_hi = elementwise.bitwise_and(x, low_mask), special.shift_right_logical(x, half)
    y_lo, y_hi = elementwise.bitwise_and(y, low_mask), special.shift_right_logical(y, half)
    lo_lo, lo_hi = elementwise.mul(x_lo, y_lo), elementwise.mul(x_lo, y_hi)
    hi_lo, hi_hi = elementwise.mul(x_hi, y_lo), elementwise.mul(x_hi, y_hi)
    cross = elementwise.add(
        elementwise.add(
            elementwise.bitwise_and(lo_hi, low_mask), elementwise.bitwise_and(hi_lo, low_mask)
        ),
        special.shift_right_logical(lo_lo, half),
    )
    carries = elementwise.add(
        special.shift_right_logical(lo_hi, half), special.shift_right_logical(hi_lo, half)
    )
    return elementwise.add(
        elementwise.add(hi_hi, carries), special.shift_right_logical(cross, half)
    )


def _mulhi32(x, y, signed: bool):
    if not signed:
        return _unsigned_mulhi32(x, y)
    ux, uy = (special.bitcast_convert_type(v, np.uint32) for v in (x, y))
    high = _unsigned_mulhi32(ux, uy)
    zero = _const(0, ux)
    high = elementwise.sub(high, elementwise.select(elementwise.lt(x, _const(0, x)), uy, zero))
    high = elementwise.sub(high, elementwise.select(elementwise.lt(y, _const(0, y)), ux, zero))
    return special.bitcast_convert_type(high, np.int32)


def mulhi(x, y, /):
    """The high half of the double-width product of two integer arrays (as JAX's)."""
    dtype = np.dtype(aval_of(x).dtype)
    checks.dtype_at("mulhi", 0, dtype, "i")  # JAX's words
    checks.dtype_at("mulhi", 1, aval_of(y).dtype, "i")
    if np.dtype(aval_of(y).dtype) != dtype:
        raise MeshjitTypeError(
            f"mulhi requires two integer arrays of one dtype, got {dtype} and {aval_of(y).dtype}"
        )
    signed, bits = dtype.kind == "i", dtype.itemsize * 8
    if bits == 32:
        return _mulhi32(x, y, signed)
    wide = np.dtype(np.int32 if signed else np.uint32)
    product = elementwise.mul(
        elementwise.convert_element_type(x, wide), elementwise.convert_element_type(y, wide)
    )
    shift = special.shift_right_arithmetic if signed else special.shift_right_logical
    return elementwise.convert_element_type(shift(product, _const(bits, product)), dtype)
