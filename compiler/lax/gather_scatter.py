"""gather, scatter (set/add/mul/min/max) and rev: primitives, abstract eval, lowering, wrappers.

The primitives have XLA's out-of-bounds semantics: gather clamps each start index so the whole
slice is in bounds; scatter skips an update whose window is not fully in bounds. The wrappers
add JAX's `mode`s on top with ordinary ops:

- gather: `None`, "clip", "promise_in_bounds" -> clamp (JAX's default for lax.gather);
  "fill" / "drop" -> slices that are not fully in bounds read `fill_value` (default NaN for
  floats, the minimum for signed ints, the maximum for unsigned ints, True for bool).
- scatter*: `None`, "drop", "fill", "promise_in_bounds" -> out-of-bounds updates are dropped
  (JAX's default); "clip" -> indices are clamped into bounds first.

Indices follow JAX's convention: the last axis of `start_indices` is the index vector.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo as hlo

from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import Primitive, ShapedArray, def_abstract_eval
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.lax import wrappers as lax
from meshjit.compiler.lowering import LoweringRuleContext, register_lowering

__all__ = [
    "GatherDimensionNumbers",
    "GatherScatterMode",
    "ScatterDimensionNumbers",
    "gather",
    "rev",
    "scatter",
    "scatter_add",
    "scatter_max",
    "scatter_min",
    "scatter_mul",
]


class GatherDimensionNumbers(NamedTuple):
    offset_dims: tuple[int, ...]
    collapsed_slice_dims: tuple[int, ...]
    start_index_map: tuple[int, ...]
    operand_batching_dims: tuple[int, ...] = ()
    start_indices_batching_dims: tuple[int, ...] = ()


class ScatterDimensionNumbers(NamedTuple):
    update_window_dims: tuple[int, ...]
    inserted_window_dims: tuple[int, ...]
    scatter_dims_to_operand_dims: tuple[int, ...]
    operand_batching_dims: tuple[int, ...] = ()
    scatter_indices_batching_dims: tuple[int, ...] = ()


class GatherScatterMode(enum.Enum):
    CLIP = "clip"
    FILL_OR_DROP = "fill"
    PROMISE_IN_BOUNDS = "promise_in_bounds"

    @staticmethod
    def from_any(mode, default: GatherScatterMode) -> GatherScatterMode:
        if mode is None:
            return default
        if isinstance(mode, GatherScatterMode):
            return mode
        parsed = {"clip": "CLIP", "fill": "FILL_OR_DROP", "drop": "FILL_OR_DROP"}.get(mode)
        parsed = parsed or ("PROMISE_IN_BOUNDS" if mode == "promise_in_bounds" else None)
        if parsed is None:
            raise MeshjitValueError(
                f"unknown gather/scatter mode {mode!r}; use 'clip', 'fill', 'drop' or "
                "'promise_in_bounds'"
            )
        return GatherScatterMode[parsed]


def _tuple_fields(dnums):
    return type(dnums)(*(tuple(int(d) for d in field) for field in dnums))


# ---------------------------------------------------------------------------------------------
# gather: primitive and abstract evaluation.

gather_p = Primitive("gather")


def _check_index_aval(name, indices: ShapedArray):
    if not dtypes.is_int(indices.dtype):
        raise MeshjitTypeError(f"{name} indices must be integers, got {indices.str_short()}")
    if indices.ndim < 1:
        raise MeshjitTypeError(
            f"{name} indices must have rank >= 1 (the last axis is the index vector), got "
            f"{indices.str_short()}"
        )


def _check_sorted_dims(name, what, dims, bound):
    if list(dims) != sorted(set(dims)) or any(not 0 <= d < bound for d in dims):
        raise MeshjitValueError(
            f"{name}: {what} {tuple(dims)} must be sorted, unique and in [0, {bound})"
        )


@def_abstract_eval(gather_p)
def _gather_rule(
    operand, indices, *, dimension_numbers, slice_sizes, indices_are_sorted, unique_indices
):
    dn = dimension_numbers
    _check_index_aval("gather", indices)
    if len(dn.start_index_map) != indices.shape[-1]:
        raise MeshjitTypeError(
            f"gather: start_index_map {dn.start_index_map} has {len(dn.start_index_map)} "
            f"entries but the index vector of {indices.str_short()} has {indices.shape[-1]}"
        )
    _check_slice_sizes(operand, dn, slice_sizes)
    batch = indices.shape[:-1]
    kept = [
        s
        for d, s in enumerate(slice_sizes)
        if d not in dn.collapsed_slice_dims and d not in dn.operand_batching_dims
    ]
    out_rank = len(batch) + len(kept)
    _check_sorted_dims("gather", "offset_dims", dn.offset_dims, out_rank)
    if len(dn.offset_dims) != len(kept):
        raise MeshjitTypeError(
            f"gather: {len(kept)} operand dims are not collapsed, so offset_dims "
            f"{dn.offset_dims} must have {len(kept)} entries"
        )
    sizes, batch_iter = iter(kept), iter(batch)
    shape = [next(sizes) if i in dn.offset_dims else next(batch_iter) for i in range(out_rank)]
    return ShapedArray(shape, operand.dtype, operand.weak_type)


def _check_slice_sizes(operand, dn, slice_sizes):
    if len(slice_sizes) != operand.ndim:
        raise MeshjitValueError(
            f"gather: slice_sizes {slice_sizes} must have one entry per axis of "
            f"{operand.str_short()}"
        )
    for d, (s, size) in enumerate(zip(slice_sizes, operand.shape)):
        if not 0 <= s <= size:
            raise MeshjitValueError(
                f"gather: slice size {s} for axis {d} does not fit {operand.str_short()}"
            )
    _check_sorted_dims("gather", "collapsed_slice_dims", dn.collapsed_slice_dims, operand.ndim)
    for d in dn.collapsed_slice_dims:
        if slice_sizes[d] > 1:
            raise MeshjitValueError(
                f"gather: collapsed axis {d} needs slice size <= 1, got {slice_sizes[d]}"
            )
    for d in dn.start_index_map:
        if not 0 <= d < operand.ndim:
            raise MeshjitValueError(
                f"gather: start_index_map entry {d} is out of range for {operand.str_short()}"
            )


def _gather_lowering(
    ctx: LoweringRuleContext,
    operand,
    indices,
    *,
    dimension_numbers,
    slice_sizes,
    indices_are_sorted,
    unique_indices,
):
    dn = dimension_numbers
    attr = hlo.GatherDimensionNumbers.get(
        offset_dims=list(dn.offset_dims),
        collapsed_slice_dims=list(dn.collapsed_slice_dims),
        operand_batching_dims=list(dn.operand_batching_dims),
        start_indices_batching_dims=list(dn.start_indices_batching_dims),
        start_index_map=list(dn.start_index_map),
        index_vector_dim=ctx.avals_in[1].ndim - 1,
    )
    op = hlo.GatherOp(
        operand,
        indices,
        attr,
        list(slice_sizes),
        indices_are_sorted=indices_are_sorted,
        results=[ctx.result_type],
    )
    return op.result


register_lowering(gather_p, _gather_lowering)

# ---------------------------------------------------------------------------------------------
# scatter family: one primitive per combiner, one abstract rule, one lowering rule.

SCATTER_COMBINERS = {
    "scatter": None,
    "scatter-add": (hlo.AddOp, hlo.OrOp),
    "scatter-mul": (hlo.MulOp, hlo.AndOp),
    "scatter-min": (hlo.MinOp, hlo.AndOp),
    "scatter-max": (hlo.MaxOp, hlo.OrOp),
}
scatter_p = {name: Primitive(name) for name in SCATTER_COMBINERS}


def _scatter_rule(
    name, operand, indices, updates, *, dimension_numbers, indices_are_sorted, unique_indices
):
    dn = dimension_numbers
    _check_index_aval(name, indices)
    checks.same_dtypes(name, (operand, updates))
    window_operand_dims = _window_dims(operand.ndim, dn)
    _check_sorted_dims(name, "update_window_dims", dn.update_window_dims, updates.ndim)
    _check_sorted_dims(name, "inserted_window_dims", dn.inserted_window_dims, operand.ndim)
    if len(window_operand_dims) != len(dn.update_window_dims):
        raise MeshjitTypeError(
            f"{name}: {operand.str_short()} has {len(window_operand_dims)} window axes but "
            f"update_window_dims is {dn.update_window_dims}"
        )
    if len(dn.scatter_dims_to_operand_dims) != indices.shape[-1]:
        raise MeshjitTypeError(
            f"{name}: scatter_dims_to_operand_dims {dn.scatter_dims_to_operand_dims} does not "
            f"match the index vector of {indices.str_short()}"
        )
    scatter_sizes = tuple(s for i, s in enumerate(updates.shape) if i not in dn.update_window_dims)
    if scatter_sizes != indices.shape[:-1]:
        raise MeshjitTypeError(
            f"{name}: updates {updates.str_short()} have scatter axes {scatter_sizes} but the "
            f"indices {indices.str_short()} have batch shape {indices.shape[:-1]}"
        )
    for w, d in zip(dn.update_window_dims, window_operand_dims):
        if updates.shape[w] > operand.shape[d]:
            raise MeshjitTypeError(
                f"{name}: update window axis {w} of {updates.str_short()} is larger than axis "
                f"{d} of {operand.str_short()}"
            )
    return operand


def _window_dims(ndim, dn):
    skipped = set(dn.inserted_window_dims) | set(dn.operand_batching_dims)
    return [d for d in range(ndim) if d not in skipped]


def _scatter_lowering(
    name,
    ctx: LoweringRuleContext,
    operand,
    indices,
    updates,
    *,
    dimension_numbers,
    indices_are_sorted,
    unique_indices,
):
    dn = dimension_numbers
    attr = hlo.ScatterDimensionNumbers.get(
        update_window_dims=list(dn.update_window_dims),
        inserted_window_dims=list(dn.inserted_window_dims),
        input_batching_dims=list(dn.operand_batching_dims),
        scatter_indices_batching_dims=list(dn.scatter_indices_batching_dims),
        scattered_dims_to_operand_dims=list(dn.scatter_dims_to_operand_dims),
        index_vector_dim=ctx.avals_in[1].ndim - 1,
    )
    op = hlo.ScatterOp(
        [ctx.result_type],
        [operand],
        indices,
        [updates],
        attr,
        indices_are_sorted=indices_are_sorted,
        unique_indices=unique_indices,
    )
    dtype = ctx.avals_in[0].dtype
    scalar = ctx.module_ctx.types.tensor((), dtype)
    block = op.update_computation.blocks.append(scalar, scalar)
    with ir.InsertionPoint(block):
        current, update = block.arguments
        hlo.ReturnOp([_combine(name, dtype, current, update)])
    return op.results[0]


def _combine(name, dtype, current, update):
    builders = SCATTER_COMBINERS[name]
    if builders is None:
        return update
    builder = builders[1] if dtypes.is_bool(dtype) else builders[0]
    return builder(current, update).result


for _name in SCATTER_COMBINERS:
    def_abstract_eval(scatter_p[_name])(functools.partial(_scatter_rule, _name))
    register_lowering(scatter_p[_name], functools.partial(_scatter_lowering, _name))

# ---------------------------------------------------------------------------------------------
# rev: reverse along axes.

rev_p = Primitive("rev")


@def_abstract_eval(rev_p)
def _rev_rule(operand, *, dimensions):
    if len(set(dimensions)) != len(dimensions) or any(
        not 0 <= d < operand.ndim for d in dimensions
    ):
        raise MeshjitValueError(
            f"rev: dimensions {dimensions} must be unique axes of {operand.str_short()}"
        )
    return operand


def _rev_lowering(ctx, operand, *, dimensions):
    return hlo.ReverseOp(operand, list(dimensions)).result


register_lowering(rev_p, _rev_lowering)

# ---------------------------------------------------------------------------------------------
# User-facing wrappers.


def rev(operand, dimensions: Sequence[int]):
    ndim = lax.aval_of(operand).ndim
    dims = tuple(sorted(checks.canonical_axes(tuple(dimensions), ndim, "rev dimension")))
    if not dims:
        return operand
    return rev_p.bind(operand, dimensions=dims)


def gather(
    operand,
    start_indices,
    dimension_numbers: GatherDimensionNumbers,
    slice_sizes,
    *,
    unique_indices=False,
    indices_are_sorted=False,
    mode=None,
    fill_value=None,
):
    dn = _tuple_fields(dimension_numbers)
    slice_sizes = tuple(int(s) for s in slice_sizes)
    mode = GatherScatterMode.from_any(mode, GatherScatterMode.CLIP)
    out = gather_p.bind(
        operand,
        start_indices,
        dimension_numbers=dn,
        slice_sizes=slice_sizes,
        indices_are_sorted=bool(indices_are_sorted),
        unique_indices=bool(unique_indices),
    )
    if mode is not GatherScatterMode.FILL_OR_DROP:
        return out
    return _fill_out_of_bounds(operand, start_indices, dn, slice_sizes, out, fill_value)


def _in_bounds(indices, upper_bounds):
    """Per index vector: 0 <= index <= upper bound, for every component."""
    aval = lax.aval_of(indices)
    upper = np.asarray(upper_bounds, aval.dtype)
    upper = lax.broadcast_in_dim(upper, aval.shape, (aval.ndim - 1,))
    ok = lax.bitwise_and(lax.ge(indices, 0), lax.le(indices, upper))
    return lax.reduce_and(ok, (aval.ndim - 1,))


def _fill_out_of_bounds(operand, indices, dn, slice_sizes, out, fill_value):
    op_aval, out_aval = lax.aval_of(operand), lax.aval_of(out)
    upper = [op_aval.shape[d] - slice_sizes[d] for d in dn.start_index_map]
    ok = _in_bounds(indices, upper)
    batch_dims = [i for i in range(out_aval.ndim) if i not in dn.offset_dims]
    ok = lax.broadcast_in_dim(ok, out_aval.shape, batch_dims)
    fill = default_fill_value(op_aval.dtype) if fill_value is None else fill_value
    fill = lax.full(out_aval.shape, lax.convert_element_type(fill, op_aval.dtype))
    return lax.select(ok, out, fill)


def default_fill_value(dtype) -> np.ndarray:
    if dtypes.is_float(dtype):
        return np.array(np.nan, dtype)
    if dtypes.is_bool(dtype):
        return np.array(True)
    info = np.iinfo(dtype)
    return np.array(info.max if dtypes.is_unsigned(dtype) else info.min, dtype)


def _scatter(
    name,
    operand,
    scatter_indices,
    updates,
    dimension_numbers,
    *,
    indices_are_sorted=False,
    unique_indices=False,
    mode=None,
):
    dn = _tuple_fields(dimension_numbers)
    mode = GatherScatterMode.from_any(mode, GatherScatterMode.FILL_OR_DROP)
    op_dtype = lax.aval_of(operand).dtype
    if lax.aval_of(updates).weak_type or isinstance(updates, (bool, int, float)):
        updates = lax.convert_element_type(updates, op_dtype)
    if mode is GatherScatterMode.CLIP:
        scatter_indices = _clamp_scatter_indices(operand, scatter_indices, updates, dn)
    return scatter_p[name].bind(
        operand,
        scatter_indices,
        updates,
        dimension_numbers=dn,
        indices_are_sorted=bool(indices_are_sorted),
        unique_indices=bool(unique_indices),
    )


def _clamp_scatter_indices(operand, indices, updates, dn):
    op_aval, up_aval, idx_aval = (lax.aval_of(v) for v in (operand, updates, indices))
    sizes = (up_aval.shape[w] for w in dn.update_window_dims)
    window = dict(zip(_window_dims(op_aval.ndim, dn), sizes))
    upper = [op_aval.shape[d] - window.get(d, 1) for d in dn.scatter_dims_to_operand_dims]
    upper = np.asarray(upper, idx_aval.dtype)
    upper = lax.broadcast_in_dim(upper, idx_aval.shape, (idx_aval.ndim - 1,))
    return lax.min(lax.max(indices, lax.full(idx_aval.shape, 0, idx_aval.dtype)), upper)


def _scatter_wrapper(name):
    def wrapper(
        operand,
        scatter_indices,
        updates,
        dimension_numbers,
        *,
        indices_are_sorted=False,
        unique_indices=False,
        mode=None,
    ):
        return _scatter(
            name,
            operand,
            scatter_indices,
            updates,
            dimension_numbers,
            indices_are_sorted=indices_are_sorted,
            unique_indices=unique_indices,
            mode=mode,
        )

    wrapper.__name__ = wrapper.__qualname__ = name.replace("-", "_")
    return wrapper


scatter = _scatter_wrapper("scatter")
scatter_add = _scatter_wrapper("scatter-add")
scatter_mul = _scatter_wrapper("scatter-mul")
scatter_min = _scatter_wrapper("scatter-min")
scatter_max = _scatter_wrapper("scatter-max")
