"""gather, scatter (set/add/mul/min/max) and rev: the primitives with all their rules (abstract
eval, lowering, jvp, transpose) and their wrappers.

The primitives have XLA's out-of-bounds semantics: gather clamps each start index so the whole
slice is in bounds; scatter skips an update whose window is not fully in bounds. The wrappers
add JAX's `mode`s on top with ordinary ops:

- gather: `None`, "clip", "promise_in_bounds" -> clamp (JAX's default for gather);
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

from meshjit.compiler import lowering_dims as dims_lowering
from meshjit.compiler.errors import (
    IncompatibleShapesError,
    MeshjitAttributeError,
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import (
    Eqn,
    Jaxpr,
    ShapedArray,
    Var,
    keys_kept,
    of_keys,
    register_pp_params,
)
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    jvp_rules,
    key_data_rules,
    lowering_rules,
    sharding_rules,
    takes_extended,
    transpose_rules,
)
from meshjit.compiler.ir.shape_poly import dimension_as_value, int_or_symbolic, is_constant_dim
from meshjit.compiler.ir.sharding_rules import ShardingTypeError, same_as_first, spec_of
from meshjit.compiler.lax import ad_util, elementwise, reductions, shapes
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.lax.ad_util import (
    add_tangents,
    aval_of,
    instantiate,
    is_undefined,
    linear_jvp,
    typed_like,
    zeros_like_aval,
)
from meshjit.compiler.lax.batching import all_to_front, moveaxis, size_of
from meshjit.compiler.lowering import LoweringRuleContext

__all__ = [
    "GatherDimensionNumbers",
    "GatherScatterMode",
    "ScatterDimensionNumbers",
    "gather",
    "rev",
    "scatter",
    "scatter_add",
    "scatter_apply",
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
        if parsed is None:  # "raise" too (jnp.take refuses it first, in its own words)
            raise MeshjitValueError(
                f"Unknown gather mode \"{mode}\" (use 'clip', 'fill', 'drop' or "
                "'promise_in_bounds')"
            )
        return GatherScatterMode[parsed]


def _tuple_fields(dnums, first_field: str):
    if isinstance(dnums, (dict, list, set)):  # JAX's error: it hashes the primitive's params
        raise MeshjitTypeError(
            f"unhashable type: '{type(dnums).__name__}' (dimension_numbers must be a "
            "GatherDimensionNumbers / ScatterDimensionNumbers)"
        )
    if not hasattr(dnums, "_fields"):  # JAX's error: it reads the fields of what it is given
        raise MeshjitAttributeError(
            f"'{type(dnums).__name__}' object has no attribute '{first_field}' (dimension_numbers "
            "must be a GatherDimensionNumbers / ScatterDimensionNumbers)"
        )
    return type(dnums)(*(tuple(int(d) for d in field) for field in dnums))


# ---------------------------------------------------------------------------------------------
# gather: primitive and abstract evaluation.

gather_p = Primitive("gather")


def _check_index_aval(name, indices: ShapedArray):
    if not dtypes.is_int(indices.dtype):
        raise IncompatibleShapesError(  # JAX's ValueError (a TypeError before)
            f"indices must have an integer type: {name} indices must be integers, got "
            f"{indices.str_short()}"
        )
    if indices.ndim < 1:
        raise MeshjitTypeError(
            f"{name} indices must have rank >= 1 (the last axis is the index vector), got "
            f"{indices.str_short()}"
        )


def _check_sorted_dims(name, what, dims, bound):
    """JAX's checks and words (its _is_sorted, _sorted_dims_in_range, _no_duplicate_dims)."""
    op = "scatter" if name.startswith("scatter") else name
    if list(dims) != sorted(dims):
        raise MeshjitTypeError(f"{what} in {op} op must be sorted; got {tuple(dims)}")
    bad = [d for d in dims if not 0 <= d < bound]
    if bad:
        raise MeshjitTypeError(
            f"Invalid {what} set in {op} op; valid range is [0, {bound}); got: {bad[0]}."
        )
    if len(set(dims)) != len(dims):
        raise MeshjitTypeError(f"{what} in {op} op must not repeat; got: {tuple(dims)}.")


def _check_offset_dims(offset_dims, indices):
    """JAX's first bound on offset_dims: the output's rank before the slice sizes count."""
    if list(offset_dims) != sorted(offset_dims) or len(set(offset_dims)) != len(offset_dims):
        return  # _check_sorted_dims's words
    rank = len(offset_dims) + indices.ndim - 1
    for i, d in enumerate(offset_dims):
        if not 0 <= d < rank:
            raise MeshjitTypeError(
                f"Offset dimension {i} in gather op is out of bounds; got {d}, but should have "
                f"been in [0, {rank})"
            )


@abstract_eval_rules.register(gather_p)
def _gather_rule(operand, indices, *, dimension_numbers, slice_sizes, **flags):
    """(`flags`: indices_are_sorted, unique_indices, mode and fill_value, which type nothing.)"""
    dn = dimension_numbers
    _check_index_aval("gather", indices)
    _check_offset_dims(dn.offset_dims, indices)
    if len(dn.start_index_map) != indices.shape[-1]:
        raise MeshjitTypeError(
            f"Gather op has {len(dn.start_index_map)} elements in start_index_map and the bound "
            f"of dimension index_vector_dim={indices.ndim - 1} of indices is "
            f"{indices.shape[-1]}. These two numbers must be equal."
        )
    _check_slice_sizes(operand, indices, dn, slice_sizes)
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
            "All components of the offset index in a gather op must either be a offset "
            "dimension or explicitly collapsed/batching; got "
            f"len(slice_sizes)={len(slice_sizes)}, output_slice_sizes={tuple(kept)}, "
            f"collapsed_slice_dims={tuple(dn.collapsed_slice_dims)}, operand_batching_dims="
            f"{tuple(dn.operand_batching_dims)} (gather: offset_dims {dn.offset_dims} must "
            f"have {len(kept)} entries)"
        )
    sizes, batch_iter = iter(kept), iter(batch)
    shape = [next(sizes) if i in dn.offset_dims else next(batch_iter) for i in range(out_rank)]
    out = ShapedArray(shape, operand.dtype, operand.weak_type)
    return keys_kept(operand, out) if dn.offset_dims[-1:] == (out_rank - 1,) else out


def _check_slice_sizes(operand, indices, dn, slice_sizes):
    if len(slice_sizes) != operand.ndim:
        raise MeshjitTypeError(
            "Gather op must have one slice size for every input dimension; got: "
            f"len(slice_sizes)={len(slice_sizes)}, input_shape.rank={operand.ndim}"
        )
    for d, (s, size) in enumerate(zip(slice_sizes, operand.shape)):
        if indices.size and not 0 <= s <= size:  # JAX's TypeError (none for empty indices)
            raise MeshjitTypeError(
                f"Slice size at index {d} in gather op is out of range, must be within "
                f"[0, {size} + 1), got {s}."
            )
    _check_sorted_dims("gather", "collapsed_slice_dims", dn.collapsed_slice_dims, operand.ndim)
    for d in dn.collapsed_slice_dims:
        if slice_sizes[d] > 1:
            raise MeshjitTypeError(
                "Gather op can only collapse slice dims with bound 1, but bound is "
                f"{slice_sizes[d]} for index {d} at position "
                f"{list(dn.collapsed_slice_dims).index(d)}."
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
    mode,
    fill_value,
):
    if mode is GatherScatterMode.FILL_OR_DROP:  # as JAX's: a clamped gather, then the fill
        from meshjit.compiler.lax.lapack import lower_fun  # a later family

        fill = lower_fun(_gather_fill, multiple_results=False)
        return fill(
            ctx,
            operand,
            indices,
            dimension_numbers=dimension_numbers,
            slice_sizes=slice_sizes,
            indices_are_sorted=indices_are_sorted,
            fill_value=fill_value,
        )
    dn = dimension_numbers
    attr = hlo.GatherDimensionNumbers.get(
        offset_dims=list(dn.offset_dims),
        collapsed_slice_dims=list(dn.collapsed_slice_dims),
        operand_batching_dims=list(dn.operand_batching_dims),
        start_indices_batching_dims=list(dn.start_indices_batching_dims),
        start_index_map=list(dn.start_index_map),
        index_vector_dim=ctx.avals_in[1].ndim - 1,
    )
    if not dims_lowering.is_static(slice_sizes):  # shape polymorphism: the sizes an operand
        mctx = ctx.module_ctx
        args = (operand, indices, slice_sizes, attr, indices_are_sorted)
        return dims_lowering.dynamic_gather(mctx, ctx.result_type, *args)
    (out,) = ctx.avals_out
    if out.size == 0:  # as JAX: no gather (its slice sizes may exceed an empty operand)
        return ctx.constant(np.zeros(out.shape), out.dtype)
    op = hlo.GatherOp(
        operand,
        indices,
        attr,
        list(slice_sizes),
        indices_are_sorted=indices_are_sorted,
        results=[ctx.result_type],
    )
    return op.result


lowering_rules.register(gather_p, _gather_lowering)

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
    checks.same_dtypes("scatter", (operand, updates))  # JAX names every scatter "scatter"
    window_operand_dims = _window_dims(operand.ndim, dn)
    expected_rank = indices.ndim - 1 + len(dn.update_window_dims)
    if updates.ndim != expected_rank:  # JAX's first shape check, in its words
        raise MeshjitTypeError(
            f"Updates tensor must be of rank {expected_rank}; got {updates.ndim}."
        )
    _check_sorted_dims(name, "update_window_dims", dn.update_window_dims, updates.ndim)
    _check_sorted_dims(name, "inserted_window_dims", dn.inserted_window_dims, operand.ndim)
    if len(window_operand_dims) != len(dn.update_window_dims):
        window = len(dn.update_window_dims) + len(dn.inserted_window_dims)
        window += len(getattr(dn, "operand_batching_dims", ()))
        raise MeshjitTypeError(  # JAX's words
            f"Scatter op has window of size {window}; doesn't match operand of rank "
            f"{operand.ndim}. ({name}: update_window_dims {dn.update_window_dims})"
        )
    if len(dn.scatter_dims_to_operand_dims) != indices.shape[-1]:
        raise MeshjitTypeError(  # JAX's words
            f"Scatter op has {len(dn.scatter_dims_to_operand_dims)} elements in "
            "scatter_dims_to_operand_dims and the bound of dimension "
            f"index_vector_dim={indices.ndim - 1} of indices is {indices.shape[-1]}. These two "
            "numbers must be equal"
        )
    scatter_sizes = tuple(s for i, s in enumerate(updates.shape) if i not in dn.update_window_dims)
    if scatter_sizes != indices.shape[:-1]:
        d = next(
            (i for i, (u, n) in enumerate(zip(scatter_sizes, indices.shape[:-1])) if u != n),
            min(len(scatter_sizes), indices.ndim - 1),
        )
        u = scatter_sizes[d] if d < len(scatter_sizes) else None
        n = indices.shape[d] if d < indices.ndim - 1 else None
        raise MeshjitTypeError(
            "Bounds of the scatter dimensions of updates must be the same as the bounds of the "
            f"corresponding dimensions of scatter indices. For scatter dimension {d}, updates "
            f"bound is {u}, indices bound is {n}. ({name}: updates {updates.str_short()}, "
            f"indices {indices.str_short()})"
        )
    for w, d in zip(dn.update_window_dims, window_operand_dims):
        if updates.shape[w] > operand.shape[d]:
            raise MeshjitTypeError(
                "Bounds of the window dimensions of updates must not exceed the bounds of the "
                f"corresponding dimensions of operand. For dimension {w}, updates bound is "
                f"{updates.shape[w]}, operand bound is {operand.shape[d]}."
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
    abstract_eval_rules.register(scatter_p[_name])(functools.partial(_scatter_rule, _name))
    lowering_rules.register(scatter_p[_name], functools.partial(_scatter_lowering, _name))


def _pp_scatter(name, eqn, _):
    """JAX's printed scatter params: its mode (.at[] and segment sums drop out-of-bounds
    updates) and the scalar combiner as `update_jaxpr` (None for a plain scatter)."""
    (combiner,) = _shown_combiner(name, eqn) or [None]
    shown = {"mode": GatherScatterMode.FILL_OR_DROP, "update_consts": ()}
    dn = eqn.params["dimension_numbers"]
    if of_keys(eqn):  # typed keys: without their data's word dimension
        shown["dimension_numbers"] = dn._replace(update_window_dims=dn.update_window_dims[:-1])
    return {**eqn.params, **shown, "update_jaxpr": combiner}


@functools.lru_cache(maxsize=None)
def _combiner_jaxpr(name, dtype) -> Jaxpr:
    """One jaxpr per combiner and dtype (JAX's cached _reduction_jaxpr): a jaxpr printing two
    scatters of one kind shows it once, named."""
    aval = ShapedArray((), dtype)
    a, b, out = Var(aval), Var(aval), Var(aval)
    prim = elementwise.binary_p[name.removeprefix("scatter-")]
    return Jaxpr([], [a, b], [out], [Eqn(prim, [a, b], [out], {})])


def _shown_combiner(name, eqn) -> list:
    return [] if name == "scatter" else [_combiner_jaxpr(name, eqn.invars[0].aval.dtype)]


for _name in SCATTER_COMBINERS:
    register_pp_params(
        scatter_p[_name],
        functools.partial(_pp_scatter, _name),
        functools.partial(_shown_combiner, _name),
    )

# ---------------------------------------------------------------------------------------------
# rev: reverse along axes.

rev_p = Primitive("rev")


@abstract_eval_rules.register(rev_p)
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


lowering_rules.register(rev_p, _rev_lowering)

# ---------------------------------------------------------------------------------------------
# Typed keys (random/key_ops.py): gather, scatter and rev on their data, whose trailing
# dimension holds each key's words; printed without it.


def _pp_gather(eqn, _):
    if not of_keys(eqn):
        return eqn.params
    dn, sizes = eqn.params["dimension_numbers"], eqn.params["slice_sizes"]
    dn = dn._replace(offset_dims=dn.offset_dims[:-1])
    return {**eqn.params, "dimension_numbers": dn, "slice_sizes": sizes[:-1]}


register_pp_params(gather_p, _pp_gather)


@key_data_rules.register(gather_p)
def _gather_keys(eqn, words, keyed, operand, indices):
    dn, sizes = eqn.params["dimension_numbers"], eqn.params["slice_sizes"]
    dn = dn._replace(offset_dims=(*dn.offset_dims, eqn.outvars[0].aval.ndim))
    params = {**eqn.params, "dimension_numbers": dn, "slice_sizes": (*sizes, words)}
    return [gather_p.bind(operand, indices, **params)], [True]


@key_data_rules.register(scatter_p["scatter"])
def _scatter_keys(eqn, words, keyed, operand, indices, updates):
    if not (keyed[0] and keyed[2]):
        raise MeshjitTypeError(
            "scatter of typed keys takes typed keys of the same kind as its updates: take "
            "random.key_data(keys) to mix them with other arrays"
        )
    dn = eqn.params["dimension_numbers"]
    window = (*dn.update_window_dims, eqn.invars[2].aval.ndim)
    params = {**eqn.params, "dimension_numbers": dn._replace(update_window_dims=window)}
    return [scatter_p["scatter"].bind(operand, indices, updates, **params)], [True]


@key_data_rules.register(rev_p)
def _rev_keys(eqn, words, keyed, operand):
    return [rev_p.bind(operand, **eqn.params)], [True]


# ---------------------------------------------------------------------------------------------
# User-facing wrappers.


@takes_extended
def rev(operand, dimensions: Sequence[int]):
    ndim = ad_util.aval_of(operand).ndim
    if any(d >= ndim for d in dimensions):  # JAX's TypeError
        raise MeshjitTypeError(
            "rev dimensions must all be less than operand ndim, got dimensions "
            f"{tuple(dimensions)} for operand ndim {ndim}."
        )
    if len(set(dimensions)) != len(dimensions):  # JAX's TypeError
        raise MeshjitTypeError(f"rev dimensions must be unique, got {tuple(dimensions)}.")
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
    dn = _tuple_fields(dimension_numbers, "offset_dims")
    slice_sizes = tuple(map(int_or_symbolic, slice_sizes))
    mode = GatherScatterMode.from_any(mode, GatherScatterMode.CLIP)
    if mode is GatherScatterMode.FILL_OR_DROP:  # JAX's default fill, a Python scalar
        if fill_value is None:
            fill_value = default_fill_value(ad_util.aval_of(operand).dtype).item()
    else:
        fill_value = None
    return gather_p.bind(
        operand,
        start_indices,
        dimension_numbers=dn,
        slice_sizes=slice_sizes,
        indices_are_sorted=bool(indices_are_sorted),
        unique_indices=bool(unique_indices),
        # the primitive clamps (a fill one then fills); the mode tells its transpose too
        mode=mode,
        fill_value=fill_value,
    )


def _gather_fill(
    operand, indices, *, dimension_numbers, slice_sizes, indices_are_sorted, fill_value
):
    """A fill gather's lowering: the clamped gather, then `fill_value` for the slices not
    fully in bounds."""
    out = gather_p.bind(
        operand,
        indices,
        dimension_numbers=dimension_numbers,
        slice_sizes=slice_sizes,
        indices_are_sorted=indices_are_sorted,
        unique_indices=False,
        mode=GatherScatterMode.CLIP,
        fill_value=None,
    )
    return _fill_out_of_bounds(operand, indices, dimension_numbers, slice_sizes, out, fill_value)


def _in_bounds(indices, upper_bounds):
    """Per index vector: 0 <= index <= upper bound, for every component."""
    aval = ad_util.aval_of(indices)
    upper = _bounds_vector(upper_bounds, aval.dtype)
    upper = shapes.broadcast_in_dim(upper, aval.shape, (aval.ndim - 1,))
    ok = elementwise.bitwise_and(elementwise.ge(indices, 0), elementwise.le(indices, upper))
    return reductions.reduce_and(ok, (aval.ndim - 1,))


def _bounds_vector(bounds, dtype):
    """`bounds` as a vector of `dtype`; symbolic ones (shape polymorphism) computed."""
    if all(is_constant_dim(b) for b in bounds):
        return np.asarray(bounds, dtype)
    pieces = [
        shapes.reshape(elementwise.convert_element_type(dimension_as_value(b), dtype), (1,))
        for b in bounds
    ]
    return shapes.concatenate(pieces, 0)


def _fill_out_of_bounds(operand, indices, dn, slice_sizes, out, fill_value):
    op_aval, out_aval = ad_util.aval_of(operand), ad_util.aval_of(out)
    upper = [op_aval.shape[d] - slice_sizes[d] for d in dn.start_index_map]
    ok = _in_bounds(indices, upper)
    batch_dims = [i for i in range(out_aval.ndim) if i not in dn.offset_dims]
    ok = shapes.broadcast_in_dim(ok, out_aval.shape, batch_dims)
    fill = fill_value
    # the fill is typed as the operand (a weak operand's gather stays weak, as JAX's gather_p)
    fill = elementwise.convert_element_type(fill, op_aval.dtype, weak_type=op_aval.weak_type)
    return elementwise.select(ok, out, shapes.full(out_aval.shape, fill))


def default_fill_value(dtype) -> np.ndarray:
    if dtypes.is_inexact(dtype):
        return np.array(np.nan, dtype)
    if dtypes.is_bool(dtype):
        return np.array(True)
    info = dtypes.iinfo(dtype)
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
    dn = _tuple_fields(dimension_numbers, "update_window_dims")
    mode = GatherScatterMode.from_any(mode, GatherScatterMode.FILL_OR_DROP)
    op_dtype = ad_util.aval_of(operand).dtype
    if ad_util.aval_of(updates).weak_type or isinstance(updates, (bool, int, float)):
        updates = elementwise.convert_element_type(updates, op_dtype)
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
    op_aval, up_aval, idx_aval = (ad_util.aval_of(v) for v in (operand, updates, indices))
    sizes = (up_aval.shape[w] for w in dn.update_window_dims)
    window = dict(zip(_window_dims(op_aval.ndim, dn), sizes))
    upper = [op_aval.shape[d] - window.get(d, 1) for d in dn.scatter_dims_to_operand_dims]
    upper = np.asarray(upper, idx_aval.dtype)
    upper = shapes.broadcast_in_dim(upper, idx_aval.shape, (idx_aval.ndim - 1,))
    return elementwise.min(
        elementwise.max(indices, shapes.full(idx_aval.shape, 0, idx_aval.dtype)), upper
    )


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
        kind = {"scatter-add": "add", "scatter-mul": "mul"}.get(name)
        if kind and dtypes.is_bool(ad_util.aval_of(operand).dtype):
            raise MeshjitTypeError(  # as JAX: its scatter computation's add/mul rejects bool
                f"{kind} does not accept dtype bool at position 0. Accepted dtypes at position 0 "
                "are subtypes of integer, floating, complexfloating."
            )
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


def scatter_apply(
    operand,
    scatter_indices,
    func,
    dimension_numbers,
    *,
    update_shape=(),
    indices_are_sorted=False,
    unique_indices=False,
    mode=None,
):
    """`operand` with the unary `func` applied at the scattered entries, once per time an entry
    is indexed (JAX's scatter_apply: XLA's scatter with `func` as its update computation)."""
    del indices_are_sorted, unique_indices
    counts = scatter_add(
        shapes.full(ad_util.aval_of(operand).shape, 0, "int32"),
        scatter_indices,
        shapes.full(tuple(update_shape), 1, "int32"),
        dimension_numbers,
        mode=mode,
    )
    return apply_counted(operand, counts, func)


def apply_counted(x, counts, func):
    """`x` with `func` applied `counts` times at each entry (element-wise; counts as x)."""
    from meshjit.compiler.lax import control_flow  # a later family

    x_dtype = ad_util.aval_of(x).dtype

    def once_more(j, v):
        applied = elementwise.convert_element_type(func(v), x_dtype)
        return elementwise.select(elementwise.gt(counts, j), applied, v)

    most = reductions.reduce_max(counts, tuple(range(ad_util.aval_of(counts).ndim)))
    return control_flow.fori_loop(0, most, once_more, x)


# ---------------------------------------------------------------------------------------------
# gather and scatter-add: each is the other's transpose.


def _scatter_dnums(dn: GatherDimensionNumbers) -> ScatterDimensionNumbers:
    return ScatterDimensionNumbers(
        update_window_dims=dn.offset_dims,
        inserted_window_dims=dn.collapsed_slice_dims,
        scatter_dims_to_operand_dims=dn.start_index_map,
        operand_batching_dims=dn.operand_batching_dims,
        scatter_indices_batching_dims=dn.start_indices_batching_dims,
    )


def _gather_dnums(dn: ScatterDimensionNumbers) -> GatherDimensionNumbers:
    return GatherDimensionNumbers(
        offset_dims=dn.update_window_dims,
        collapsed_slice_dims=dn.inserted_window_dims,
        start_index_map=dn.scatter_dims_to_operand_dims,
        operand_batching_dims=dn.operand_batching_dims,
        start_indices_batching_dims=dn.scatter_indices_batching_dims,
    )


def _window_sizes(operand_aval, updates_aval, dn: ScatterDimensionNumbers):
    """The slice sizes of a gather reading back the windows a scatter writes."""
    windows = iter(updates_aval.shape[d] for d in dn.update_window_dims)
    skipped = set(dn.inserted_window_dims) | set(dn.operand_batching_dims)
    return tuple(1 if d in skipped else next(windows) for d in range(operand_aval.ndim))


def _gather_windows(x, indices, updates_aval, dn, fill_value):
    """Per scatter update, the window of `x` it would land on (`fill_value` if dropped)."""
    sizes = _window_sizes(aval_of(x), updates_aval, dn)
    return gather(x, indices, _gather_dnums(dn), sizes, mode="fill", fill_value=fill_value)


@jvp_rules.register(gather_p)
def _gather_jvp(primals, tangents, *, fill_value, **params):
    """Linear in the operand; a fill gather's tangent is filled with 0, as JAX's."""
    (operand, indices), (t, _) = primals, tangents
    out = gather_p.bind(operand, indices, fill_value=fill_value, **params)
    if t is None:
        return out, None
    t = instantiate(t, aval_of(operand))
    t_fill = None if fill_value is None else 0
    return out, gather_p.bind(t, indices, fill_value=t_fill, **params)


@transpose_rules.register(gather_p)
def _gather_transpose(
    ct, operand, indices, *, dimension_numbers, slice_sizes, mode, fill_value, **flags
):
    # gather clamps its start indices: "clip" scatters the cotangent back at the clamped ones;
    # "promise_in_bounds" (JAX's default for x[i]) drops an out-of-bounds one, as JAX's
    # transpose (XLA's scatter) does
    zeros = zeros_like_aval(operand.aval)
    sdn = _scatter_dnums(dimension_numbers)
    scatter_mode = "clip" if mode is GatherScatterMode.CLIP else "promise_in_bounds"
    return [scatter_add(zeros, indices, ct, sdn, mode=scatter_mode, **flags), None]


linear_jvp(scatter_p["scatter-add"], linear_args=(0, 2))


@transpose_rules.register(scatter_p["scatter-add"])
def _scatter_add_transpose(ct, operand, indices, updates, *, dimension_numbers, **flags):
    ct_updates = None
    if is_undefined(updates):
        ct_updates = _gather_windows(ct, indices, updates.aval, dimension_numbers, 0)
    return [ct if is_undefined(operand) else None, None, ct_updates]


def _scatter_add(x_aval, indices, updates, dn):
    return scatter_p["scatter-add"].bind(
        zeros_like_aval(x_aval),
        indices,
        updates,
        dimension_numbers=dn,
        indices_are_sorted=False,
        unique_indices=False,
    )


@jvp_rules.register(scatter_p["scatter"])
def _scatter_jvp(primals, tangents, *, dimension_numbers, **flags):
    """Each operand entry takes the tangent of the update that won it, or keeps its own: the
    winners are found by scattering update ids the same way."""
    operand, indices, updates = primals
    t_op, _, t_up = tangents
    dn = dimension_numbers
    out = scatter_p["scatter"].bind(*primals, dimension_numbers=dn, **flags)
    o_aval, u_aval = aval_of(operand), aval_of(updates)
    ids = shapes.reshape(elementwise.add(shapes.iota(dtypes.int32, u_aval.size), 1), u_aval.shape)
    ids = typed_like(ids, u_aval)
    no_ids = zeros_like_aval(o_aval.update(dtype=dtypes.int32, weak_type=False))
    owner = scatter_p["scatter"].bind(no_ids, indices, ids, dimension_numbers=dn, **flags)
    tangent = None
    if t_op is not None:
        kept = elementwise.eq(owner, np.int32(0))
        tangent = elementwise.select(kept, t_op, zeros_like_aval(o_aval))
    if t_up is not None:
        won = elementwise.eq(_gather_windows(owner, indices, u_aval, dn, -1), ids)
        t_won = elementwise.select(won, t_up, zeros_like_aval(u_aval))
        tangent = add_tangents(tangent, _scatter_add(o_aval, indices, t_won, dn))
    return out, tangent


@jvp_rules.register(scatter_p["scatter-mul"])
def _scatter_mul_jvp(primals, tangents, *, dimension_numbers, unique_indices, **flags):
    operand, indices, updates = primals
    t_op, _, t_up = tangents
    dn = dimension_numbers
    params = dict(dimension_numbers=dn, unique_indices=unique_indices, **flags)
    out = scatter_p["scatter-mul"].bind(*primals, **params)
    o_aval = aval_of(operand)
    ones = shapes.full(o_aval.shape, np.ones((), o_aval.dtype))
    tangent = None
    if t_op is not None:
        factors = scatter_p["scatter-mul"].bind(ones, indices, updates, **params)
        tangent = elementwise.mul(t_op, factors)
    if t_up is not None:
        if not unique_indices:
            raise MeshjitNotImplementedError(
                "scatter_mul gradients are only implemented if `unique_indices=True`"
            )
        tangent = add_tangents(
            tangent, elementwise.mul(operand, _scatter_add(o_aval, indices, t_up, dn))
        )
    return out, tangent


def _scatter_extremum_jvp(name):
    """scatter-max / scatter-min: the mean of the tangents of the entries equal to the result
    (the operand's own and every update written there)."""
    prim = scatter_p[name]

    def rule(primals, tangents, *, dimension_numbers, **flags):
        operand, indices, updates = primals
        t_op, _, t_up = tangents
        dn = dimension_numbers
        out = prim.bind(*primals, dimension_numbers=dn, **flags)
        o_aval, u_aval = aval_of(operand), aval_of(updates)
        hit_op = elementwise.convert_element_type(elementwise.eq(operand, out), o_aval.dtype)
        at_updates = _gather_windows(out, indices, u_aval, dn, np.nan)
        hit_up = elementwise.convert_element_type(elementwise.eq(updates, at_updates), o_aval.dtype)
        count = elementwise.add(hit_op, _scatter_add(o_aval, indices, hit_up, dn))
        total = None if t_op is None else elementwise.mul(t_op, hit_op)
        if t_up is not None:
            total = add_tangents(
                total, _scatter_add(o_aval, indices, elementwise.mul(t_up, hit_up), dn)
            )
        return out, elementwise.div(total, count)

    jvp_rules.register(prim)(rule)


_scatter_extremum_jvp("scatter-max")
_scatter_extremum_jvp("scatter-min")

# ---------------------------------------------------------------------------------------------
# rev: jvp and transpose.

linear_jvp(rev_p)


@transpose_rules.register(rev_p)
def _rev_transpose(ct, x, *, dimensions):
    return [rev_p.bind(ct, dimensions=dimensions)]


# ---------------------------------------------------------------------------------------------
# Batching, with gather / scatter batching dimensions: the mapped axis goes in front of each
# mapped operand; operand and indices both mapped pair their mapped axes as batching dims.


def _up(dims):
    return tuple(d + 1 for d in dims)


@batching_rules.register(gather_p)
def _gather_batcher(args, dims, *, dimension_numbers, slice_sizes, **params):
    (operand, indices), (do, di) = args, dims
    dn = dimension_numbers
    if di is None:  # the mapped axis is one more window axis, in front of the output
        operand = moveaxis(operand, do, 0)
        new = GatherDimensionNumbers(
            offset_dims=(0, *_up(dn.offset_dims)),
            collapsed_slice_dims=_up(dn.collapsed_slice_dims),
            start_index_map=_up(dn.start_index_map),
            operand_batching_dims=_up(dn.operand_batching_dims),
            start_indices_batching_dims=dn.start_indices_batching_dims,
        )
        size = aval_of(operand).shape[0]
        out = gather_p.bind(
            operand, indices, dimension_numbers=new, slice_sizes=(size, *slice_sizes), **params
        )
        return out, 0
    indices = moveaxis(indices, di, 0)
    if do is None:  # one more index batch axis, in front of the output
        new = dn._replace(
            offset_dims=_up(dn.offset_dims),
            start_indices_batching_dims=_up(dn.start_indices_batching_dims),
        )
        out = gather_p.bind(
            operand, indices, dimension_numbers=new, slice_sizes=slice_sizes, **params
        )
        return out, 0
    operand = moveaxis(operand, do, 0)
    new = GatherDimensionNumbers(
        offset_dims=_up(dn.offset_dims),
        collapsed_slice_dims=_up(dn.collapsed_slice_dims),
        start_index_map=_up(dn.start_index_map),
        operand_batching_dims=(0, *_up(dn.operand_batching_dims)),
        start_indices_batching_dims=(0, *_up(dn.start_indices_batching_dims)),
    )
    out = gather_p.bind(
        operand, indices, dimension_numbers=new, slice_sizes=(1, *slice_sizes), **params
    )
    return out, 0


def _scatter_batcher(prim):
    @batching_rules.register(prim)
    def rule(args, dims, *, dimension_numbers, **params):
        (operand, indices, updates), (do, di, du) = args, dims
        dn = dimension_numbers
        size = size_of(args, dims)
        operand, updates = all_to_front([operand, updates], [do, du], size)
        if di is None:  # the mapped axis is one more window axis
            new = dn._replace(
                update_window_dims=(0, *_up(dn.update_window_dims)),
                inserted_window_dims=_up(dn.inserted_window_dims),
                scatter_dims_to_operand_dims=_up(dn.scatter_dims_to_operand_dims),
                operand_batching_dims=_up(dn.operand_batching_dims),
            )
            return prim.bind(operand, indices, updates, dimension_numbers=new, **params), 0
        indices = moveaxis(indices, di, 0)
        new = ScatterDimensionNumbers(
            update_window_dims=_up(dn.update_window_dims),
            inserted_window_dims=_up(dn.inserted_window_dims),
            scatter_dims_to_operand_dims=_up(dn.scatter_dims_to_operand_dims),
            operand_batching_dims=(0, *_up(dn.operand_batching_dims)),
            scatter_indices_batching_dims=(0, *_up(dn.scatter_indices_batching_dims)),
        )
        return prim.bind(operand, indices, updates, dimension_numbers=new, **params), 0


for _prim in scatter_p.values():
    _scatter_batcher(_prim)


@batching_rules.register(rev_p)
def _rev_batcher(args, dims, *, dimensions):
    (x,), (d,) = args, dims
    return rev_p.bind(x, dimensions=tuple(a if a < d else a + 1 for a in dimensions)), d


# ---------------------------------------------------------------------------------------------
# Sharding (explicit mode).

# Sharding rules (JAX 0.10.2's): a gather's result takes the operand's axes on whole (unsliced)
# dims and the indices' axes on their query dims, and a scatter's the operand's, completed from
# the indices' and updates' batch and window dims, when no collective is needed; otherwise the
# user must say what they want with `out_sharding=` (which runs the indexing in auto mode).


def _gather_sharding(out, operand, indices, *, dimension_numbers, slice_sizes, **flags):
    """JAX's rule: the result's sharding when it needs no collective (indexed operand dims
    whole or unsharded, indices sharded on batch dims only), else ask for out_sharding."""
    spec = _gather_spec(operand, indices, dimension_numbers, slice_sizes)
    if spec is None:
        raise gather_sharding_error(operand, repr(indices))
    return spec


def gather_sharding_error(operand, indices: str) -> ShardingTypeError:
    """JAX's error for indexing that would need collectives (numpy indexing raises it too)."""
    return ShardingTypeError(
        "Use `.at[...].get(out_sharding=)` to provide output PartitionSpec for the gather "
        "indexing as out sharding could not be resolved unambiguously (or would require "
        f"collectives on inputs). Got operand={operand!r}, indices={indices}"
    )


def _gather_spec(operand, indices, dn, slice_sizes) -> tuple | None:
    ops, ids = spec_of(operand), list(spec_of(indices))
    if all(e is None for e in ops) and all(e is None for e in ids):
        return (None,) * (len(dn.offset_dims) + indices.ndim - 1)
    pairs = list(zip(dn.operand_batching_dims, dn.start_indices_batching_dims))
    if not all(slice_sizes[d] == operand.shape[d] or ops[d] is None for d in dn.start_index_map):
        return None
    if not all(_agree(ops[o], ids[i]) for o, i in pairs):
        return None
    if any(e is not None for i, e in enumerate(ids) if i not in dn.start_indices_batching_dims):
        return None  # the index vector, or query dims: a scatter back would need collectives
    for o, i in pairs:
        ids[i] = ids[i] if ids[i] is not None else ops[o]
    kept = [
        d for d in range(operand.ndim)
        if d not in dn.collapsed_slice_dims and d not in dn.operand_batching_dims
    ]  # fmt: skip
    offsets, batch = iter(kept), iter(ids)
    rank = len(dn.offset_dims) + indices.ndim - 1
    return tuple(ops[next(offsets)] if i in dn.offset_dims else next(batch) for i in range(rank))


def _agree(*entries) -> bool:
    """Entries of dims that must be sharded alike: equal where given."""
    given = {e for e in entries if e is not None}
    return len(given) <= 1


def _scatter_sharding(out, operand, indices, updates, *, dimension_numbers, **params):
    """JAX's rule (the gather's, inverted): the operand's sharding, completed from the indices'
    and updates' batch and window dims, when no collective is needed; else ask for
    out_sharding."""
    spec = _scatter_spec(operand, indices, updates, dimension_numbers)
    if spec is None:
        raise ShardingTypeError(
            "Use `.at[...].set/add/mul/...(out_sharding=)` to provide output PartitionSpec for "
            "the scatter update as out sharding could not be resolved unambiguously (or would "
            f"require collectives on inputs). Got operand={operand!r}, indices={indices!r}, "
            f"updates={updates!r}"
        )
    return spec


def _scatter_spec(operand, indices, updates, dn) -> tuple | None:
    ops, ids, ups = spec_of(operand), spec_of(indices), spec_of(updates)
    if all(e is None for e in (*ops, *ids, *ups)):
        return (None,) * operand.ndim
    vector = indices.ndim - 1
    up_batch = _updates_batching_dims(dn, vector, updates.ndim)
    triples = list(zip(dn.operand_batching_dims, dn.scatter_indices_batching_dims, up_batch))
    windows = [
        d for d in range(operand.ndim)
        if d not in dn.inserted_window_dims and d not in dn.operand_batching_dims
    ]  # fmt: skip
    window_pairs = list(zip(dn.update_window_dims, windows))
    ok = (
        all(_agree(ops[o], ids[i], ups[u]) for o, i, u in triples)
        and all(
            (updates.shape[u] == operand.shape[o] and ups[u] == ops[o])
            or (ups[u] is None and ops[o] is None)
            for u, o in window_pairs
        )
        and all(ops[d] is None for d in dn.inserted_window_dims)
        and all(
            e is None for i, e in enumerate(ups)
            if i not in up_batch and i not in dn.update_window_dims
        )
        and all(
            e is None for i, e in enumerate(ids[:vector])
            if i not in dn.scatter_indices_batching_dims
        )
        and ids[vector] is None
    )  # fmt: skip
    if not ok:
        return None
    spec = list(ops)
    for o, i, u in triples:
        if spec[o] is None:
            spec[o] = ids[i] if ids[i] is not None else ups[u]
    for u, o in window_pairs:
        if spec[o] is None:
            spec[o] = ups[u]
    return tuple(spec)


def _updates_batching_dims(dn, vector: int, updates_ndim: int) -> list[int]:
    """The updates dims of the indices' batching dims: the updates' scatter dims (those not in
    update_window_dims) follow the indices' dims but the index vector, in order."""
    scatter_dims = [d for d in range(updates_ndim) if d not in dn.update_window_dims]
    index_dims = [d for d in range(vector + 1) if d != vector]
    where = dict(zip(index_dims, scatter_dims))
    return [where[i] for i in dn.scatter_indices_batching_dims]


sharding_rules.register(gather_p, _gather_sharding)
for _prim in scatter_p.values():
    sharding_rules.register(_prim, _scatter_sharding)
sharding_rules.register(rev_p, same_as_first)


def scatter_sub(
    operand, scatter_indices, updates, dimension_numbers, *, indices_are_sorted=False,
    unique_indices=False, mode=None,
):  # fmt: skip
    """`operand` with `updates` subtracted at the indices (scatter-add of their negation)."""
    return scatter_add(
        operand, scatter_indices, elementwise.neg(updates), dimension_numbers,
        indices_are_sorted=indices_are_sorted, unique_indices=unique_indices, mode=mode,
    )  # fmt: skip
