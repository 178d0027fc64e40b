"""NumPy indexing for meshjit arrays: `x[idx]`, `x.at[idx].set/add/...`, take, take_along_axis.

Basic indexing only (static slices and ints, traced int scalars, None, ...) lowers to
slice + rev + dynamic_slice + reshape; anything with integer arrays lowers to one gather, and
`.at[...]` always to one scatter (index_plan.py parses the index and plans both). Out of bounds:
array and traced indices clamp for reads (JAX's default), and out-of-bounds updates are dropped
(mode="clip" clamps them instead).
"""

from __future__ import annotations

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import MeshjitOverflowError, MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.numpy.creation import asarray
from meshjit.compiler.numpy.elementwise import maximum, remainder
from meshjit.compiler.numpy.index_plan import Entry, IndexPlan, parse_index, slice_bounds
from meshjit.compiler.numpy.shapes import broadcast_to, ravel
from meshjit.compiler.numpy.util import aval_of, broadcast_shapes, materialize, sharded_by

__all__ = [
    "IndexUpdateHelper",
    "getitem",
    "scatter_update",
    "take",
    "take_along_axis",
]


# ---------------------------------------------------------------------------------------------
# Reading: x[idx].


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
            e = Entry("slice", slice(None), e.axis)
        elif e.kind == "int" and ints_too:
            starts[e.axis], limits[e.axis] = e.value, e.value + 1
        new_entries.append(e)
    if (starts, limits, strides) != ([0] * len(shape), list(shape), [1] * len(shape)):
        x = lax.slice(x, starts, limits, strides)
    return lax.rev(x, reversed_axes), new_entries


def getitem(x, idx, *, mode=None, fill_value=None):
    x = materialize(x)
    entries = parse_index(aval_of(x).shape, idx)
    if not any(e.kind == "array" for e in entries):
        return _basic_getitem(x, entries)
    x, entries = _apply_static(x, entries, ints_too=False)
    plan = IndexPlan(aval_of(x).shape, entries)
    dn = lax.GatherDimensionNumbers(
        offset_dims=plan.offset_dims,
        collapsed_slice_dims=plan.collapsed_dims,
        start_index_map=plan.index_axes,
    )
    out = lax.gather(x, plan.indices, dn, plan.slice_sizes, mode=mode, fill_value=fill_value)
    return lax.reshape(out, plan.result_shape)


def _basic_getitem(x, entries):
    x, entries = _apply_static(x, entries, ints_too=True)
    shape = aval_of(x).shape
    dynamic = {e.axis: e.value for e in entries if e.kind == "dyn"}
    if dynamic:
        starts = [dynamic.get(a, 0) for a in range(len(shape))]  # negative ones count from the end
        sizes = [1 if a in dynamic else d for a, d in enumerate(shape)]
        x = lax.dynamic_slice(x, starts, sizes)
    result = [
        1 if e.kind == "none" else shape[e.axis] for e in entries if e.kind in ("none", "slice")
    ]
    return lax.reshape(x, result)


# ---------------------------------------------------------------------------------------------
# Updating: x.at[idx].set(v) and friends.


def scatter_update(
    kind, x, idx, values, *, mode=None, indices_are_sorted=False, unique_indices=False
):
    x = materialize(x)
    aval = aval_of(x)
    plan = IndexPlan(aval.shape, parse_index(aval.shape, idx))
    if type(values) is int:
        values = _update_int(values, aval.dtype)
    values = lax.convert_element_type(asarray(values), aval.dtype)
    _check_update_shape(kind, aval_of(values), plan.result_shape)
    values = broadcast_to(values, plan.result_shape)
    values = lax.reshape(values, plan.gather_shape)
    dn = lax.ScatterDimensionNumbers(
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


def _update_int(value: int, dtype):
    """A Python int update as JAX takes it: within int32 (or uint32 for uint32 arrays), then
    wrapped into the dtype (`.at[0].set(200)` of int8 writes -56)."""
    fits_uint32 = dtype == dtypes.uint32 and 0 <= value < 2**32
    if not fits_uint32 and not -(2**31) <= value < 2**31:
        raise MeshjitOverflowError(f"Python int {value} is too large for int32 (x64 is off)")
    return np.asarray(value).astype(dtype)


def _check_update_shape(kind, values, shape):
    try:
        ok = broadcast_shapes(values.shape, shape) == tuple(shape)
    except MeshjitValueError:
        ok = False
    if not ok:
        raise MeshjitValueError(
            f"x.at[...].{kind}: values of shape {values.shape} cannot be broadcast to the "
            f"indexed shape {tuple(shape)}"
        )


_SCATTERS = {
    "set": lax.scatter,
    "add": lax.scatter_add,
    "multiply": lax.scatter_mul,
    "min": lax.scatter_min,
    "max": lax.scatter_max,
}


class _IndexUpdateRef:
    """`x.at[idx]`: the functional update methods."""

    __slots__ = ("array", "index")

    def __init__(self, array, index):
        self.array, self.index = array, index

    def __repr__(self):
        return f"_IndexUpdateRef({self.array!r}, {self.index!r})"

    def get(self, *, mode=None, fill_value=None, out_sharding=None):
        def get(x):
            return getitem(x, self.index, mode=mode, fill_value=fill_value)

        return sharded_by(out_sharding, "at[].get", get, self.array)

    def _update(self, kind, values, out_sharding=None, **kwargs):
        def update(x, v):
            return scatter_update(kind, x, self.index, v, **kwargs)

        return sharded_by(out_sharding, f"at[].{kind}", update, self.array, values)

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


class IndexUpdateHelper:
    """`x.at`: indexing it gives an `_IndexUpdateRef`."""

    __slots__ = ("array",)

    def __init__(self, array):
        self.array = array

    def __getitem__(self, index):
        return _IndexUpdateRef(self.array, index)

    def __repr__(self):
        return f"IndexUpdateHelper({self.array!r})"


# ---------------------------------------------------------------------------------------------
# take, take_along_axis.


def take(a, indices, axis=None, mode=None, fill_value=None):
    """Elements of `a` at `indices` along `axis` (flattened if None); out of bounds -> fill."""
    a = materialize(a)
    if axis is None:
        a, axis = ravel(a), 0
    axis = checks.canonical_axis(axis, aval_of(a).ndim, "take axis")
    indices = _as_index_array(indices, "take")
    size = aval_of(a).shape[axis]
    if mode == "wrap":
        indices, mode = remainder(indices, size), "promise_in_bounds"
    elif mode == "clip":  # as NumPy: a negative index clips to 0, it does not count from the end
        indices = maximum(indices, np.zeros((), aval_of(indices).dtype))
    index = (slice(None),) * axis + (indices,)
    return getitem(a, index, mode="fill" if mode is None else mode, fill_value=fill_value)


def _as_index_array(indices, name):
    indices = asarray(indices) if isinstance(indices, (list, tuple)) else indices
    aval = aval_of(indices)
    if not dtypes.is_int(aval.dtype):
        raise MeshjitTypeError(f"{name} indices must be integers, got {aval.str_short()}")
    return indices


def take_along_axis(arr, indices, axis, mode=None, fill_value=None):
    """`arr` indexed along `axis` by `indices`, which broadcast against `arr` elsewhere."""
    arr = materialize(arr)
    indices = _as_index_array(indices, "take_along_axis")
    if axis is None:
        arr, indices, axis = ravel(arr), ravel(indices), 0
    a_aval, i_aval = aval_of(arr), aval_of(indices)
    if i_aval.ndim != a_aval.ndim:
        raise MeshjitValueError(
            f"take_along_axis: indices {i_aval.str_short()} and array {a_aval.str_short()} "
            "must have the same number of dimensions"
        )
    axis = checks.canonical_axis(axis, a_aval.ndim, "take_along_axis axis")
    index = tuple(
        indices if d == axis else _axis_iota(a_aval.shape[d], d, a_aval.ndim)
        for d in range(a_aval.ndim)
    )
    return getitem(arr, index, mode="fill" if mode is None else mode, fill_value=fill_value)


def _axis_iota(size, d, ndim):
    shape = [1] * ndim
    shape[d] = size
    return np.arange(size, dtype=np.int32).reshape(shape)
