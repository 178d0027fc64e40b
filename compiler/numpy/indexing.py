"""NumPy indexing for meshjit arrays: `x[idx]` and `x.at[idx].set/add/...`.

An index is parsed into one entry per indexed axis (plus `None` entries):
- basic indexing only (static slices and ints, traced int scalars, None, ...) lowers to
  slice + rev + dynamic_slice + reshape;
- anything with integer arrays lowers to one gather; `.at[...]` always lowers to one scatter.
Advanced indices (integer arrays, and ints when arrays are present) broadcast together; their
axes go where the first one was if they are adjacent, else first (NumPy's rule).
Boolean masks must be concrete (NumPy or meshjit arrays); they become integer arrays.
Out of bounds: static ints raise IndexError; array and traced indices clamp for reads (JAX's
default), and out-of-bounds updates are dropped (mode="clip" clamps them instead).
"""

from __future__ import annotations

import operator
from typing import NamedTuple

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.lax import gather_scatter as lax_gather
from meshjit.compiler.trace.tracing import Tracer
from meshjit.compiler.trace.tracing import abstractify as aval_of


class MeshjitIndexError(MeshjitValueError, IndexError):
    """An index that does not fit the array it indexes."""


def _jnp():
    from meshjit.compiler.numpy import api as numpy_api

    return numpy_api


class _Entry(NamedTuple):
    kind: str  # "none", "slice", "int", "dyn" (traced int scalar), "array"
    value: object = None
    axis: int | None = None  # the operand axis it indexes (None for "none")


_ADVANCED = ("int", "dyn", "array")

# ---------------------------------------------------------------------------------------------
# Parsing.


def parse_index(shape, idx) -> list[_Entry]:
    items = idx if isinstance(idx, tuple) else (idx,)
    raw = [_convert_item(item) for item in items]
    return _assign_axes(shape, _expand_ellipsis(len(shape), raw))


def _convert_item(item) -> _Entry:
    if item is None:
        return _Entry("none")
    if item is Ellipsis:
        return _Entry("ellipsis")
    if isinstance(item, slice):
        return _Entry("slice", _static_slice(item))
    if isinstance(item, (bool, np.bool_)):
        raise MeshjitTypeError(f"boolean scalar index {item!r} is not supported; use None")
    if isinstance(item, (int, np.integer)):
        return _Entry("int", int(item))
    if isinstance(item, Tracer):
        return _traced_entry(item)
    if isinstance(item, list) and _jnp()._contains_traced(item):
        return _traced_entry(_jnp().asarray(item))
    if _jnp()._is_meshjit_array(item):
        if dtypes.is_bool(item.dtype):
            return _array_entry(np.asarray(item))
        return _traced_entry(item)
    if isinstance(item, (list, np.ndarray, np.generic)):
        arr = np.asarray(item)
        if isinstance(item, list) and arr.size == 0:
            arr = arr.astype(np.int32)  # NumPy reads [] as an empty integer index
        return _array_entry(arr)
    raise MeshjitTypeError(
        f"index {item!r} of type {type(item).__name__} is not supported: use ints, slices, "
        "None, Ellipsis, integer arrays or concrete boolean masks"
    )


def _static_slice(s: slice) -> slice:
    for bound in (s.start, s.stop, s.step):
        if isinstance(bound, Tracer):
            raise MeshjitTypeError(
                f"slice bounds must be static ints, got a traced {bound.aval.str_short()}; use "
                "lax.dynamic_slice for traced start indices"
            )
    try:
        start, stop, step = (
            None if b is None else operator.index(b) for b in (s.start, s.stop, s.step)
        )
    except TypeError:
        raise MeshjitTypeError(f"slice bounds must be ints or None, got {s}") from None
    if step == 0:
        raise MeshjitValueError("slice step cannot be zero")
    return slice(start, stop, step)


def _traced_entry(x) -> _Entry:
    aval = aval_of(x)
    if dtypes.is_bool(aval.dtype):
        raise MeshjitIndexError(
            f"a traced boolean mask {aval.str_short()} cannot be used as an index: the result "
            "shape would depend on its values. Use meshjit.numpy.where(mask, x, ...) instead, "
            "or pass the mask as a concrete NumPy array"
        )
    if not dtypes.is_int(aval.dtype):
        raise MeshjitTypeError(f"indices must be integers or booleans, got {aval.str_short()}")
    return _Entry("dyn" if not aval.shape else "array", x)


def _array_entry(arr: np.ndarray) -> _Entry:
    if arr.dtype == np.bool_:
        return _Entry("mask", arr)
    if arr.dtype.kind not in "iu":
        raise MeshjitTypeError(f"indices must be integers or booleans, got a {arr.dtype} array")
    if arr.ndim == 0:
        return _Entry("int", int(arr))
    return _Entry("array", arr)


def _consumed(entry: _Entry) -> int:
    if entry.kind == "mask":
        return entry.value.ndim
    return 0 if entry.kind in ("none", "ellipsis") else 1


def _expand_ellipsis(ndim: int, entries: list[_Entry]) -> list[_Entry]:
    ellipses = [i for i, e in enumerate(entries) if e.kind == "ellipsis"]
    if len(ellipses) > 1:
        raise MeshjitIndexError("an index can only have a single ellipsis ('...')")
    consumed = sum(_consumed(e) for e in entries)
    if consumed > ndim:
        raise MeshjitIndexError(
            f"too many indices for array: array is {ndim}-dimensional, but {consumed} were indexed"
        )
    fill = [_Entry("slice", slice(None, None, None))] * (ndim - consumed)
    if not ellipses:
        return entries + fill
    at = ellipses[0]
    return entries[:at] + fill + entries[at + 1 :]


def _assign_axes(shape, entries: list[_Entry]) -> list[_Entry]:
    out, axis = [], 0
    for e in entries:
        if e.kind == "none":
            out.append(e)
        elif e.kind == "mask":
            out += _mask_entries(shape, axis, e.value)
            axis += e.value.ndim
        else:
            value = _checked_int(e.value, axis, shape[axis]) if e.kind == "int" else e.value
            out.append(_Entry(e.kind, value, axis))
            axis += 1
    return out


def _checked_int(i: int, axis: int, size: int) -> int:
    if not -size <= i < size:
        raise MeshjitIndexError(f"index {i} is out of bounds for axis {axis} with size {size}")
    return i % size


def _mask_entries(shape, axis, mask: np.ndarray) -> list[_Entry]:
    for k, m in enumerate(mask.shape):
        if shape[axis + k] != m:
            raise MeshjitIndexError(
                f"boolean index did not match indexed array along axis {axis + k}; size of axis "
                f"is {shape[axis + k]} but size of corresponding boolean axis is {m}"
            )
    return [_Entry("array", nz.astype(np.int32), axis + k) for k, nz in enumerate(np.nonzero(mask))]


# ---------------------------------------------------------------------------------------------
# Static slices.


class _SliceBounds(NamedTuple):
    start: int
    limit: int
    stride: int
    reverse: bool
    size: int


def slice_bounds(s: slice, size: int) -> _SliceBounds:
    """`s` over an axis of `size` as a forward strided slice, reversed if the step is negative."""
    start, stop, step = s.indices(size)
    n = len(range(start, stop, step))
    if n == 0:
        return _SliceBounds(0, 0, 1, False, 0)
    if step > 0:
        return _SliceBounds(start, start + (n - 1) * step + 1, step, False, n)
    lo = start + (n - 1) * step
    return _SliceBounds(lo, start + 1, -step, True, n)


def _apply_static(x, entries, ints_too: bool):
    """Applies static slices (and static ints, as size-1 slices) with one slice and one rev."""
    shape = aval_of(x).shape
    starts, limits, strides, reversed_axes = [0] * len(shape), list(shape), [1] * len(shape), []
    new_entries = []
    for e in entries:
        if e.kind == "slice":
            b = slice_bounds(e.value, shape[e.axis])
            starts[e.axis], limits[e.axis], strides[e.axis] = b.start, b.limit, b.stride
            if b.reverse:
                reversed_axes.append(e.axis)
            e = _Entry("slice", slice(None), e.axis)
        elif e.kind == "int" and ints_too:
            starts[e.axis], limits[e.axis] = e.value, e.value + 1
        new_entries.append(e)
    if (starts, limits, strides) != ([0] * len(shape), list(shape), [1] * len(shape)):
        x = lax.slice(x, starts, limits, strides)
    return lax_gather.rev(x, reversed_axes), new_entries


# ---------------------------------------------------------------------------------------------
# Reading: x[idx].


def getitem(x, idx, *, mode=None, fill_value=None):
    x = _jnp()._materialize(x)
    entries = parse_index(aval_of(x).shape, idx)
    if not any(e.kind == "array" for e in entries):
        return _basic_getitem(x, entries)
    x, entries = _apply_static(x, entries, ints_too=False)
    plan = _IndexPlan(aval_of(x).shape, entries)
    dn = lax_gather.GatherDimensionNumbers(
        offset_dims=plan.offset_dims,
        collapsed_slice_dims=plan.collapsed_dims,
        start_index_map=plan.index_axes,
    )
    out = lax_gather.gather(x, plan.indices, dn, plan.slice_sizes, mode=mode, fill_value=fill_value)
    return lax.reshape(out, plan.result_shape)


def _basic_getitem(x, entries):
    x, entries = _apply_static(x, entries, ints_too=True)
    shape = aval_of(x).shape
    dynamic = {e.axis: e.value for e in entries if e.kind == "dyn"}
    if dynamic:
        starts = [
            _wrap_scalar(dynamic[a], shape[a]) if a in dynamic else 0 for a in range(len(shape))
        ]
        sizes = [1 if a in dynamic else d for a, d in enumerate(shape)]
        x = lax.dynamic_slice(x, starts, sizes)
    result = [
        1 if e.kind == "none" else shape[e.axis] for e in entries if e.kind in ("none", "slice")
    ]
    return lax.reshape(x, result)


def _wrap_scalar(i, size):
    i = lax.convert_element_type(i, dtypes.int32)
    return lax.select(lax.lt(i, 0), lax.add(i, np.int32(size)), i)


# ---------------------------------------------------------------------------------------------
# The gather / scatter plan for an index.


def _normalized_array(value, size):
    """An advanced index as int32 with negative entries wrapped (NumPy array if static)."""
    if isinstance(value, (int, np.ndarray)):
        arr = np.asarray(value).astype(np.int32)
        return np.where(arr < 0, arr + size, arr).astype(np.int32)
    i = lax.convert_element_type(_jnp()._materialize(value), dtypes.int32)
    aval = aval_of(i)
    bound = lax.full(aval.shape, np.int32(size))
    return lax.select(lax.lt(i, lax.full(aval.shape, np.int32(0))), lax.add(i, bound), i)


class _IndexPlan:
    """Index -> gather/scatter dimension numbers, the index tensor and the result shape.

    Output axes, in NumPy's order: the broadcast advanced axes (as one group) and one axis per
    slice or None. Step-1 slices are window (offset) axes; other slices and the advanced group
    are batch axes of the index tensor.
    """

    __slots__ = (
        "collapsed_dims",
        "gather_shape",
        "index_axes",
        "indices",
        "offset_dims",
        "result_shape",
        "slice_sizes",
    )

    def __init__(self, shape, entries):
        adv = [(i, e) for i, e in enumerate(entries) if e.kind in _ADVANCED]
        arrays = [_normalized_array(e.value, shape[e.axis]) for _, e in adv]
        adv_shape = _jnp().broadcast_shapes(
            *(np.shape(a) if isinstance(a, np.ndarray) else aval_of(a).shape for a in arrays)
        )
        items = _output_items(entries, [i for i, _ in adv])
        bounds = {
            e.axis: slice_bounds(e.value, shape[e.axis]) for e in entries if e.kind == "slice"
        }
        self._layout(shape, items, bounds, adv_shape)
        self._build_indices(items, bounds, adv, arrays, adv_shape)

    def _layout(self, shape, items, bounds, adv_shape):
        result, gather_shape, offset_dims = [], [], []
        for item in items:
            if item == "adv":
                result += adv_shape
                gather_shape += adv_shape
                continue
            if item.kind == "none":
                result.append(1)
                continue
            b = bounds[item.axis]
            if b.stride == 1 and not b.reverse:
                offset_dims.append(len(gather_shape))
            result.append(b.size)
            gather_shape.append(b.size)
        self.result_shape, self.gather_shape = tuple(result), tuple(gather_shape)
        self.offset_dims = tuple(offset_dims)
        windows = {a: b.size for a, b in bounds.items() if b.stride == 1 and not b.reverse}
        self.slice_sizes = tuple(windows.get(a, min(1, shape[a])) for a in range(len(shape)))
        self.collapsed_dims = tuple(a for a in range(len(shape)) if a not in windows)

    def _build_indices(self, items, bounds, adv, arrays, adv_shape):
        batch_shape = tuple(d for i, d in enumerate(self.gather_shape) if i not in self.offset_dims)
        components, axes, position = [], [], 0
        for item in items:
            if item == "adv":
                dims = tuple(range(position, position + len(adv_shape)))
                for (_, e), arr in zip(adv, arrays):
                    components.append(_place(arr, batch_shape, dims))
                    axes.append(e.axis)
                position += len(adv_shape)
            elif item.kind == "slice":
                b = bounds[item.axis]
                if b.stride == 1 and not b.reverse:
                    if b.start:  # a window starting at 0 needs no index component
                        components.append(_place(np.int32(b.start), batch_shape, ()))
                        axes.append(item.axis)
                    continue
                components.append(_place(_slice_iota(b), batch_shape, (position,)))
                axes.append(item.axis)
                position += 1
        self.index_axes = tuple(axes)
        self.indices = _stack_last(components, batch_shape)


def _output_items(entries, adv_positions):
    """NumPy's order of output axes: 'adv' marks where the broadcast advanced axes go."""
    rest = [e for e in entries if e.kind not in _ADVANCED]
    if not adv_positions:
        return rest
    adjacent = adv_positions == list(range(adv_positions[0], adv_positions[-1] + 1))
    if not adjacent:
        return ["adv"] + rest
    before = sum(1 for e in entries[: adv_positions[0]] if e.kind not in _ADVANCED)
    return rest[:before] + ["adv"] + rest[before:]


def _slice_iota(b: _SliceBounds) -> np.ndarray:
    ramp = np.arange(b.start, b.limit, b.stride, dtype=np.int32)
    return ramp[::-1].copy() if b.reverse else ramp


def _place(arr, batch_shape, dims):
    """Broadcasts `arr` (right-aligned over `dims`) to `batch_shape`."""
    if isinstance(arr, (np.ndarray, np.generic)):
        arr = np.asarray(arr)
        full = [1] * len(batch_shape)
        for d, size in zip(dims[len(dims) - arr.ndim :], arr.shape):
            full[d] = size
        return np.broadcast_to(arr.reshape(full), batch_shape)
    shape = aval_of(arr).shape
    lead = dims[len(dims) - len(shape) :]
    kept = [k for k, s in enumerate(shape) if s == batch_shape[lead[k]]]
    if len(kept) != len(shape):
        arr = lax.reshape(arr, [shape[k] for k in kept])
    return lax.broadcast_in_dim(arr, batch_shape, [lead[k] for k in kept])


def _stack_last(components, batch_shape):
    if not components:
        return np.zeros(batch_shape + (0,), np.int32)
    if all(isinstance(c, np.ndarray) for c in components):
        return np.stack(components, axis=-1).astype(np.int32)
    expanded = [lax.reshape(_jnp()._materialize(c), batch_shape + (1,)) for c in components]
    return lax.concatenate(expanded, len(batch_shape))


# ---------------------------------------------------------------------------------------------
# Updating: x.at[idx].set(v) and friends.


def scatter_update(
    kind, x, idx, values, *, mode=None, indices_are_sorted=False, unique_indices=False
):
    x = _jnp()._materialize(x)
    aval = aval_of(x)
    plan = _IndexPlan(aval.shape, parse_index(aval.shape, idx))
    values = lax.convert_element_type(_jnp().asarray(values), aval.dtype)
    _check_update_shape(kind, aval_of(values), plan.result_shape)
    values = _jnp().broadcast_to(values, plan.result_shape)
    values = lax.reshape(values, plan.gather_shape)
    dn = lax_gather.ScatterDimensionNumbers(
        update_window_dims=plan.offset_dims,
        inserted_window_dims=plan.collapsed_dims,
        scatter_dims_to_operand_dims=plan.index_axes,
    )
    fn = _SCATTERS[kind]
    return fn(
        x,
        plan.indices,
        values,
        dn,
        indices_are_sorted=indices_are_sorted,
        unique_indices=unique_indices,
        mode=mode,
    )


def _check_update_shape(kind, values, shape):
    try:
        ok = _jnp().broadcast_shapes(values.shape, shape) == tuple(shape)
    except MeshjitValueError:
        ok = False
    if not ok:
        raise MeshjitValueError(
            f"x.at[...].{kind}: values of shape {values.shape} cannot be broadcast to the "
            f"indexed shape {tuple(shape)}"
        )


_SCATTERS = {
    "set": lax_gather.scatter,
    "add": lax_gather.scatter_add,
    "multiply": lax_gather.scatter_mul,
    "min": lax_gather.scatter_min,
    "max": lax_gather.scatter_max,
}


class _IndexUpdateRef:
    """`x.at[idx]`: the functional update methods."""

    __slots__ = ("array", "index")

    def __init__(self, array, index):
        self.array, self.index = array, index

    def __repr__(self):
        return f"_IndexUpdateRef({self.array!r}, {self.index!r})"

    def get(self, *, mode=None, fill_value=None):
        return getitem(self.array, self.index, mode=mode, fill_value=fill_value)

    def _update(self, kind, values, **kwargs):
        return scatter_update(kind, self.array, self.index, values, **kwargs)

    def set(self, values, **kwargs):
        return self._update("set", values, **kwargs)

    def add(self, values, **kwargs):
        return self._update("add", values, **kwargs)

    def multiply(self, values, **kwargs):
        return self._update("multiply", values, **kwargs)

    mul = multiply

    def min(self, values, **kwargs):
        return self._update("min", values, **kwargs)

    def max(self, values, **kwargs):
        return self._update("max", values, **kwargs)


class _IndexUpdateHelper:
    """`x.at`: indexing it gives an `_IndexUpdateRef`."""

    __slots__ = ("array",)

    def __init__(self, array):
        self.array = array

    def __getitem__(self, index):
        return _IndexUpdateRef(self.array, index)

    def __repr__(self):
        return f"_IndexUpdateHelper({self.array!r})"
