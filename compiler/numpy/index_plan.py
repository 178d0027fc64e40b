"""A NumPy index, parsed, and the gather / scatter that applies it.

An index is parsed into one entry per indexed axis (plus `None` entries). Advanced indices
(integer arrays, and ints when arrays are present) broadcast together; their axes go where the
first one was if they are adjacent, else first (NumPy's rule). Boolean masks must be concrete
(NumPy or meshjit arrays); they become integer arrays. Static ints out of bounds become, as in
JAX, index arrays that the gather / scatter mode clips (x[11] of 10 elements is x[9]), fills or
drops (`lenient`, what `x[...]` and `x.at[...]` use; parse_index alone raises IndexError). `IndexPlan` turns the entries into gather / scatter dimension numbers, the index
tensor and the result shape (indexing.py applies it).
"""

from __future__ import annotations

import operator
from typing import NamedTuple

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import (
    MeshjitIndexError,
    MeshjitTypeError,
    MeshjitValueError,
    NonConcreteBooleanIndexError,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.shape_poly import (
    InconclusiveDimensionOperation,
    is_constant_dim,
    is_constant_shape,
    is_symbolic_dim,
    max_dim,
    min_dim,
)
from meshjit.compiler.numpy.creation import asarray
from meshjit.compiler.numpy.util import (
    aval_of,
    broadcast_shapes,
    contains_traced,
    is_meshjit_array,
    materialize,
)
from meshjit.compiler.trace.tracing import Tracer

__all__ = [
    "Entry",
    "Slice",
    "dslice",
    "IndexPlan",
    "MeshjitIndexError",
    "NonConcreteBooleanIndexError",
    "parse_index",
    "slice_bounds",
]


class Entry(NamedTuple):
    """One item of an index. While parsing, kinds "ellipsis" and "mask" occur too."""

    kind: str  # "none", "slice", "int", "dyn" (traced int scalar), "array", "gap" (an empty ...)
    value: object = None
    axis: int | None = None  # the operand axis it indexes (None for "none" and "gap")
    given: int | None = None  # an "int" as written (negative ones too: JAX's dynamic path)


_ADVANCED = ("int", "dyn", "array")


# ---------------------------------------------------------------------------------------------
# Parsing.


def parse_index(shape, idx, *, lenient=False, wrap_negative=True) -> list[Entry]:
    """`lenient`: out-of-bounds static ints (and, without `wrap_negative`, negative ones) are
    kept as index arrays for the gather / scatter mode to handle (JAX's `x.at[...]`)."""
    if isinstance(idx, list):  # JAX's two hints: tuple(seq) where an item is itself an index
        unpack = any(_should_unpack(i) for i in idx)  # sequence, slice, ... or None
        hint = "`arr[tuple(seq)]`" if unpack else "`arr[array(seq)]`"
        raise MeshjitTypeError(
            f"Using a non-tuple sequence for multidimensional indexing is not allowed; use {hint} "
            "instead of `arr[seq]`"
        )
    items = idx if isinstance(idx, tuple) else (idx,)
    raw = [_convert_item(item, i) for i, item in enumerate(items)]
    entries = _assign_axes(shape, _expand_ellipsis(len(shape), raw), lenient, wrap_negative)
    if any(e.kind == "dslice" for e in entries):
        entries = _dynamic_slices(shape, entries)
    return entries


def _should_unpack(item) -> bool:
    """JAX's `_should_unpack_list_index`: an item a list index would be a tuple index of."""
    if isinstance(item, np.ndarray) or hasattr(item, "aval"):
        return np.ndim(item) != 0
    return isinstance(item, (list, tuple, range, slice)) or item is Ellipsis or item is None


def _is_scalar_bool(item) -> bool:
    if isinstance(item, (bool, np.bool_)):
        return True
    if isinstance(item, np.ndarray) or is_meshjit_array(item):
        return item.ndim == 0 and dtypes.is_bool(item.dtype)
    return False


def split_scalar_bools(ndim: int, idx):
    """NumPy's and JAX's scalar boolean indices: x[True] indexes x with a new axis of size one
    by the index array [0] (x[False] by an empty one), an advanced index among the others.
    Returns the axes to insert into x (none when there are no such indices) and the index with
    those arrays in place of the booleans."""
    items = idx if isinstance(idx, tuple) else (idx,)
    if not any(_is_scalar_bool(item) for item in items):
        return (), idx
    entries = _expand_ellipsis(ndim, [_convert_item(item, i) for i, item in enumerate(items)])
    axes, axis = [], 0
    for e in entries:
        if e.kind == "mask" and e.value.ndim == 0:
            axes.append(axis)
            axis += 1
        else:
            axis += _consumed(e) if e.kind != "gap" else 0
    out = (np.arange(int(bool(i)), dtype=np.int32) if _is_scalar_bool(i) else i for i in items)
    return tuple(axes), tuple(out)


# ---------------------------------------------------------------------------------------------
# Dynamic slices (jax.ds): a start that may be traced, a static size and stride.


class Slice:
    """A slice of `size` elements from `start` (an int or a traced scalar) every `stride`."""

    __slots__ = ("start", "size", "stride")

    def __init__(self, start, size, stride: int = 1):
        if stride < 0:
            raise MeshjitValueError("`stride` must be >= 0.")
        self.start, self.size, self.stride = start, size, stride

    def __repr__(self):
        return f"Slice(start={self.start!r}, size={self.size!r}, stride={self.stride!r})"

    def __eq__(self, other):
        return isinstance(other, Slice) and (self.start, self.size, self.stride) == (
            other.start,
            other.size,
            other.stride,
        )

    __hash__ = None


def dslice(start, size=None, stride=None):
    """jax.ds: `dslice(None)` is `:`, `dslice(j)` is `:j`, `dslice(i, n)` is `i:i+n` (with
    `i` possibly traced), `dslice(i, n, k)` takes n elements every k from i."""
    if start is None:
        return slice(None, None, None)
    if stride is None:
        stride = 1
    if not isinstance(stride, int):
        raise MeshjitValueError("Non-static stride in `dslice`")
    if size is None:
        if not isinstance(start, int):
            raise MeshjitValueError("Non-static `dslice`")
        return Slice(0, start, stride)
    return Slice(start, size, stride)


def dynamic_windows(shape, idx):
    """For an index mixing a dynamic slice (jax.ds, its start possibly traced) with other integer,
    array or dynamic-slice indices: per such slice, (axis, start, span), and the index with a
    static slice over that window in its place; None for any other index. JAX reads such a
    slice as a slice, not as an advanced index: `x[ds(i, 2), 1]` has shape (2,)."""
    items = idx if isinstance(idx, tuple) else (idx,)
    if not any(isinstance(item, Slice) for item in items):
        return None
    raw = [_convert_item(item, i) for i, item in enumerate(items)]
    traced = [k for k, e in enumerate(raw) if e.kind == "dslice"]
    if not traced or sum(e.kind in _ADVANCED or e.kind == "dslice" for e in raw) < 2:
        return None
    fill = len(shape) - sum(_consumed(e) for e in raw)
    windows, new_items, axis = [], list(items), 0
    for k, e in enumerate(raw):
        if k in traced:
            d = e.value
            size, stride = operator.index(d.size), max(d.stride, 1)
            span = (size - 1) * stride + 1 if size else 0
            if size > shape[axis]:
                raise MeshjitIndexError(
                    f"dynamic slice {d} does not fit axis {axis} of size {shape[axis]}"
                )
            windows.append((axis, _window_start(d.start, stride, shape[axis]), span))
            new_items[k] = slice(None, None, stride)
        axis += fill if e.kind == "ellipsis" else _consumed(e)
    return windows, tuple(new_items)


def _window_start(start, stride: int, n: int):
    """As lax.dynamic_slice's start for a unit stride (a negative start counts from the end);
    a strided window's start is clamped as its elements are."""
    start = lax.convert_element_type(materialize(asarray(start)), dtypes.int32)
    if stride == 1:
        start = lax.select(lax.lt(start, np.int32(0)), lax.add(start, np.int32(n)), start)
    return start


def _dynamic_slices(shape, entries: list[Entry]) -> list[Entry]:
    """Each dynamic slice as a static slice when its start is a static int in bounds, else as
    the index array of its elements (a window that would run off the end starts earlier, as
    lax.dynamic_slice's does)."""
    if sum(e.kind in _ADVANCED or e.kind == "dslice" for e in entries) > 1:
        raise MeshjitTypeError(
            "indexing with a dynamic slice (jax.ds) together with other integer or array "
            "indices is not supported; apply the dynamic slice first (lax.dynamic_slice_in_dim)"
        )
    out = []
    for e in entries:
        if e.kind == "dslice":
            e = _dynamic_slice_entry(e.value, e.axis, shape[e.axis])
        out.append(e)
    return out


def _dynamic_slice_entry(d: Slice, axis: int, n: int) -> Entry:
    """As JAX: a unit-stride window is lax.dynamic_slice's (a negative start counts from the
    end; a window that would run off the end starts earlier); a strided one is a gather that
    clamps each element's index (a negative start is not wrapped)."""
    size, stride = operator.index(d.size), max(d.stride, 1)
    span = (size - 1) * stride + 1 if size else 0
    if size > n:
        raise MeshjitIndexError(f"dynamic slice {d} does not fit axis {axis} of size {n}")
    start = d.start
    if isinstance(start, (int, np.integer)):
        start = int(start) + n if start < 0 and stride == 1 else int(start)
        if 0 <= start and start + span <= n:
            return Entry("slice", slice(start, start + span, stride), axis)
    start = lax.convert_element_type(materialize(asarray(start)), dtypes.int32)
    if stride == 1:
        start = lax.select(lax.lt(start, np.int32(0)), lax.add(start, np.int32(n)), start)
        start = lax.clamp(np.int32(0), start, np.int32(n - size))
    steps = lax.mul(lax.iota(dtypes.int32, size), lax.full((size,), np.int32(stride)))
    index = lax.add(lax.broadcast(start, (size,)), steps)
    return Entry("array", lax.clamp(np.int32(0), index, np.int32(n - 1)), axis)


def _convert_item(item, position: int = 0) -> Entry:
    if item is None:
        return Entry("none")
    if item is Ellipsis:
        return Entry("ellipsis")
    if isinstance(item, slice):
        return Entry("slice", _static_slice(item, position))
    if isinstance(item, Slice):
        return Entry("dslice", item)
    if _is_scalar_bool(item):  # (split_scalar_bools takes them out first)
        return Entry("mask", np.asarray(bool(item)))
    if isinstance(item, (int, np.integer)):
        return Entry("int", int(item))
    if isinstance(item, Tracer):
        return _traced_entry(item)
    if isinstance(item, list) and contains_traced(item):
        return _traced_entry(asarray(item))
    if is_meshjit_array(item):
        if dtypes.is_bool(item.dtype):
            return _array_entry(np.asarray(item))
        return _traced_entry(item)
    if isinstance(item, (list, np.ndarray, np.generic)):
        arr = np.asarray(item)
        if isinstance(item, list) and arr.size == 0:
            arr = arr.astype(np.int32)  # NumPy reads [] as an empty integer index
        return _array_entry(arr)
    if isinstance(item, str):
        raise MeshjitTypeError(f"JAX does not support string indexing; got idx={item!r}")
    if isinstance(item, (float, complex)):  # JAX's words, with the dtype NumPy would give it
        err = MeshjitTypeError(
            "Indexer must have integer or boolean type, got indexer with type "
            f"{np.asarray(item).dtype}"
        )
        err.add_note(f"the index {item!r}")
        raise err
    raise MeshjitIndexError(  # JAX's IndexError and words
        "only integers, slices (`:`), ellipsis (`...`), newaxis (`None`) and integer or boolean "
        f"arrays are valid indices. Got {item} (of type {type(item).__name__})"
    )


def _is_index(b) -> bool:
    try:
        b is None or operator.index(b)
    except TypeError:
        return False
    return True


def _static_slice(s: slice, position: int) -> slice:
    for bound in (s.start, s.stop, s.step):
        if isinstance(bound, Tracer):
            err = MeshjitIndexError(  # JAX's words; the fix in a note
                f"Slice entries must be static integers. Got {s} at position {position}"
            )
            err.add_note(
                "To index a statically sized array at a dynamic position, use "
                "lax.dynamic_slice / lax.dynamic_update_slice"
            )
            raise err
    try:
        start, stop, step = (
            b if b is None or is_symbolic_dim(b) else operator.index(b)
            for b in (s.start, s.stop, s.step)
        )
    except TypeError:
        bad = next(b for b in (s.start, s.stop, s.step) if not _is_index(b))
        raise MeshjitTypeError(
            f"'{type(bad).__name__}' object cannot be interpreted as an integer (slice bounds "
            f"must be ints or None, got {s})"
        ) from None
    if step == 0:
        raise MeshjitValueError("slice step cannot be zero")
    return slice(start, stop, step)


def _traced_entry(x) -> Entry:
    aval = aval_of(x)
    if dtypes.is_bool(aval.dtype):
        raise NonConcreteBooleanIndexError(  # JAX's words (the errors page says what to do)
            f"Array boolean indices must be concrete; got {aval.str_long()}\n"
        )
    if not dtypes.is_int(aval.dtype):
        err = MeshjitTypeError(  # JAX's words
            f"Indexer must have integer or boolean type, got indexer with type {aval.dtype}"
        )
        err.add_note(f"indices must be integers or booleans, got {aval.str_short()}")
        raise err
    return Entry("dyn" if not aval.shape else "array", x)


def _array_entry(arr: np.ndarray) -> Entry:
    if arr.dtype == np.bool_:
        return Entry("mask", arr)
    if arr.dtype.kind not in "iu":
        raise MeshjitTypeError(f"indices must be integers or booleans, got a {arr.dtype} array")
    if arr.ndim == 0:
        return Entry("int", int(arr))
    return Entry("array", arr)


def _consumed(entry: Entry) -> int:
    if entry.kind == "mask":
        return entry.value.ndim
    return 0 if entry.kind in ("none", "ellipsis") else 1


def _expand_ellipsis(ndim: int, entries: list[Entry]) -> list[Entry]:
    ellipses = [i for i, e in enumerate(entries) if e.kind == "ellipsis"]
    if len(ellipses) > 1:
        raise MeshjitIndexError("an index can only have a single ellipsis ('...')")
    consumed = sum(_consumed(e) for e in entries)
    if consumed > ndim:
        raise MeshjitIndexError(
            f"Too many indices: array is {ndim}-dimensional, but {consumed} were indexed"
        )
    fill = [Entry("slice", slice(None, None, None))] * (ndim - consumed)
    if not ellipses:
        return entries + fill
    at = ellipses[0]
    # an ellipsis of no dims still separates advanced indices (NumPy's and JAX's rule: x[None,
    # i, ..., 0] of a matrix puts the advanced dims first): a "gap" of no axis marks it
    return entries[:at] + (fill or [Entry("gap")]) + entries[at + 1 :]


def _assign_axes(shape, entries: list[Entry], lenient=False, wrap_negative=True) -> list[Entry]:
    out, axis = [], 0
    basic = not any(e.kind in ("array", "mask") for e in entries)
    for e in entries:
        if basic and e.kind in ("int", "dyn") and shape[axis] == 0:
            # as JAX (XLA cannot gather a slice of one from nothing: the compile crashed)
            raise MeshjitIndexError(f"index is out of bounds for axis {axis} with size 0")
        if e.kind in ("none", "gap"):
            out.append(e)
        elif e.kind == "mask":
            out += _mask_entries(shape, axis, e.value)
            axis += e.value.ndim
        else:
            if e.kind == "int" and lenient and _kept_as_array(e.value, shape[axis], wrap_negative):
                out.append(Entry("array", np.asarray(e.value, np.int32), axis))
            else:
                value = _checked_int(e.value, axis, shape[axis]) if e.kind == "int" else e.value
                out.append(Entry(e.kind, value, axis, e.value if e.kind == "int" else None))
            axis += 1
    return out


def _kept_as_array(i: int, size: int, wrap_negative: bool) -> bool:
    try:
        return not -size <= i < size or (i < 0 and not wrap_negative)
    except InconclusiveDimensionOperation:  # a symbolic size: bounds decided at run time
        return True


def _checked_int(i: int, axis: int, size: int) -> int:
    if not -size <= i < size:
        raise MeshjitIndexError(f"index {i} is out of bounds for axis {axis} with size {size}")
    return i + size if i < 0 else i  # (not i % size: the size may be symbolic)


def _mask_entries(shape, axis, mask: np.ndarray) -> list[Entry]:
    for k, m in enumerate(mask.shape):
        if shape[axis + k] != m:
            raise MeshjitIndexError(
                f"boolean index did not match shape of indexed array in index {axis}: got "
                f"{mask.shape}, expected {list(shape[axis : axis + mask.ndim])}"
            )
    return [Entry("array", nz.astype(np.int32), axis + k) for k, nz in enumerate(np.nonzero(mask))]


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
    if is_symbolic_dim(size) or is_symbolic_dim(s.start) or is_symbolic_dim(s.stop):
        start, stop, step, n = _symbolic_slice(s, size)
        if step == 1:  # the limit the length gives: never before the start (b = 1 in 1:b-1)
            stop = start + n
    else:
        start, stop, step = s.indices(size)
        n = len(range(start, stop, step))
    if n == 0:
        return _SliceBounds(0, 0, 1, False, 0)
    if step > 0:
        return _SliceBounds(start, stop, step, False, n)  # JAX's limit (the same elements)
    lo = start + (n - 1) * step
    return _SliceBounds(lo, start + 1, -step, True, n)


def _symbolic_slice(s: slice, size):
    """`slice.indices` and the length over a symbolic axis size (shape polymorphism): bounds
    clamped with max_dim / min_dim, the step a constant."""
    step = 1 if s.step is None else operator.index(s.step)
    if step == 0:
        raise MeshjitValueError("slice step cannot be zero")
    low, high = (0, size) if step > 0 else (-1, size - 1)

    def bound(v, which, default):
        if v is None:
            return default
        if not _nonnegative(v, which):  # JAX's operand order (core's _preprocess_slice)
            return max_dim(low, size + v)
        return min_dim(high, v)

    start = bound(s.start, "start", 0 if step > 0 else size - 1)
    stop = bound(s.stop, "stop", size if step > 0 else -1)
    if step > 0:  # JAX's operand order: max(0, ...)
        return start, stop, step, max_dim(0, (stop - start + step - 1) // step)
    return start, stop, step, max_dim(0, (start - stop - step - 1) // -step)


def _nonnegative(v, which: str) -> bool:
    """`v >= 0`, which slicing must decide statically (JAX's message when it cannot)."""
    try:
        return v >= 0
    except InconclusiveDimensionOperation as e:
        raise InconclusiveDimensionOperation(
            f"In slice with non-constant elements the {which} ({v}) must be resolved "
            f"statically if it is >= 0.\nDetails: {e}"
        ) from None


# ---------------------------------------------------------------------------------------------
# The gather / scatter plan for an index.


def normalized_array(value, size, wrap_negative=True):
    """An advanced index as int32 with negative entries wrapped (NumPy array if static)."""
    if isinstance(value, (int, np.ndarray)):
        arr = np.asarray(value).astype(np.int32)
        return np.where(arr < 0, arr + size, arr).astype(np.int32) if wrap_negative else arr
    i = lax.convert_element_type(materialize(value), dtypes.int32)
    if not wrap_negative:
        return i
    # scalar constants, as JAX's _normalize_index (its jaxprs show `lt a 0:i32[]`)
    aval = aval_of(i)
    if is_constant_dim(size):
        bound = np.int32(size)
    else:
        bound = lax.full(aval.shape, lax.convert_element_type(size, dtypes.int32))
    return lax.select(lax.lt(i, np.int32(0)), lax.add(i, bound), i)


class IndexPlan:
    """Index -> gather/scatter dimension numbers, the index tensor and the result shape.

    Output axes, in NumPy's order: the broadcast advanced axes (as one group) and one axis per
    slice or None. Step-1 slices are window (offset) axes; other slices and the advanced group
    are batch axes of the index tensor.
    """

    __slots__ = (
        "adv_spec",
        "collapsed_dims",
        "gather_shape",
        "index_axes",
        "indices",
        "offset_dims",
        "result_shape",
        "result_sources",
        "slice_sizes",
    )

    def __init__(self, shape, entries, wrap_negative=True):
        adv = [(i, e) for i, e in enumerate(entries) if e.kind in _ADVANCED]
        arrays = [normalized_array(e.value, shape[e.axis], wrap_negative) for _, e in adv]
        adv_shape = broadcast_shapes(
            *(np.shape(a) if isinstance(a, np.ndarray) else aval_of(a).shape for a in arrays)
        )
        items = _output_items(entries, [i for i, _ in adv])
        bounds = {
            e.axis: slice_bounds(e.value, shape[e.axis]) for e in entries if e.kind == "slice"
        }
        self._layout(shape, items, bounds, adv_shape)
        self._build_indices(items, bounds, adv, arrays, adv_shape)
        self.adv_spec = _broadcast_spec(arrays[0], adv_shape) if arrays else ()

    def _layout(self, shape, items, bounds, adv_shape):
        result, gather_shape, offset_dims, sources = [], [], [], []
        for item in items:
            if item == "adv":
                result += adv_shape
                gather_shape += adv_shape
                sources += [("adv", k) for k in range(len(adv_shape))]
                continue
            sources.append(None if item.kind == "none" else ("axis", item.axis))
            if item.kind == "none":
                result.append(1)
                continue
            b = bounds[item.axis]
            if b.stride == 1 and not b.reverse:
                offset_dims.append(len(gather_shape))
            result.append(b.size)
            gather_shape.append(b.size)
        self.result_shape, self.gather_shape = tuple(result), tuple(gather_shape)
        self.result_sources = tuple(sources)  # per result dim: ("axis", a), ("adv", k) or None
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


def _broadcast_spec(arr, shape) -> tuple:
    """The type spec of `arr` broadcast (right-aligned) to `shape`, as JAX types the first
    advanced index: its own dims keep their axes, new and size-1-broadcast dims have none."""
    if isinstance(arr, (np.ndarray, np.generic)) or aval_of(arr).sharding is None:
        return (None,) * len(shape)
    own = aval_of(arr)
    lead = len(shape) - own.ndim
    spec = own.sharding.spec
    return (None,) * lead + tuple(
        spec[k] if own.shape[k] == shape[lead + k] else None for k in range(own.ndim)
    )


def _output_items(entries, adv_positions):
    """NumPy's order of output axes: 'adv' marks where the broadcast advanced axes go."""
    rest = [e for e in entries if e.kind not in _ADVANCED and e.kind != "gap"]
    if not adv_positions:
        return rest
    adjacent = adv_positions == list(range(adv_positions[0], adv_positions[-1] + 1))
    if not adjacent:
        return ["adv"] + rest
    before = sum(1 for e in entries[: adv_positions[0]] if e.kind not in (*_ADVANCED, "gap"))
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
        if not is_constant_shape(batch_shape):  # shape polymorphism: broadcast when traced
            return lax.broadcast_in_dim(arr.reshape(full), batch_shape, tuple(range(len(full))))
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
        if batch_shape == ():  # static starts: JAX's broadcast_in_dim of each, concatenated
            starts = [lax.broadcast_in_dim(np.int32(c), (1,), ()) for c in components]
            return starts[0] if len(starts) == 1 else lax.concatenate(starts, 0)
        return np.stack(components, axis=-1).astype(np.int32)
    expanded = [lax.expand_dims(materialize(c), (len(batch_shape),)) for c in components]
    return lax.concatenate(expanded, len(batch_shape))
