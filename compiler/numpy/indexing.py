"""NumPy indexing for meshjit arrays: `x[idx]`, `x.at[idx].set/add/...`, take, take_along_axis.

Basic indexing only (static slices and ints, traced int scalars, None, ...) lowers to
slice + rev + dynamic_slice + reshape; anything with integer arrays lowers to one gather, and
`.at[...]` always to one scatter (index_plan.py parses the index and plans both). Out of bounds:
array and traced indices clamp for reads (JAX's default), and out-of-bounds updates are dropped
(mode="clip" clamps them instead).
"""

from __future__ import annotations

import warnings

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import (
    MeshjitNotImplementedError,
    MeshjitOverflowError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.registry import takes_extended
from meshjit.compiler.ir.shape_poly import is_symbolic_dim
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.lax.gather_scatter import (
    GatherScatterMode,
    apply_counted,
    gather_sharding_error,
)
from meshjit.compiler.lax.slicing import unchecked_dynamic_slice
from meshjit.compiler.numpy.creation import asarray, ones_like
from meshjit.compiler.numpy.elementwise import negative, power, remainder, true_divide
from meshjit.compiler.numpy.index_plan import (
    Entry,
    IndexPlan,
    dynamic_windows,
    normalized_array,
    parse_index,
    slice_bounds,
    split_scalar_bools,
)
from meshjit.compiler.numpy.shapes import broadcast_to, ravel
from meshjit.compiler.numpy.util import (
    aval_of,
    broadcast_shapes,
    check_arraylike,
    check_out,
    is_meshjit_array,
    jitted,
    jitted_as_jax,
    materialize,
    operands_result_type,
    sharded_by,
)
from meshjit.compiler.trace.tracing import Tracer
from meshjit.compiler.traceback_util import boundary_methods

__all__ = [
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
        x = lax.slice(x, starts, limits, None if set(strides) == {1} else strides)  # as JAX
    return lax.rev(x, reversed_axes), new_entries


def getitem(x, idx, *, mode=None, fill_value=None, lenient=True, wrap_negative=True):
    """x[idx]; `lenient` and `wrap_negative` as `parse_index` takes them (x.at[idx].get)."""
    x = materialize(x)
    axes, idx = split_scalar_bools(aval_of(x).ndim, idx)
    if axes:
        x = lax.expand_dims(x, axes)
    windows = dynamic_windows(aval_of(x).shape, idx)
    if windows is not None:  # the dynamic slices' windows first, then the rest of the index
        for axis, start, span in windows[0]:
            x = lax.dynamic_slice_in_dim(x, start, span, axis)
        idx = windows[1]
    entries = parse_index(aval_of(x).shape, idx, lenient=lenient, wrap_negative=wrap_negative)
    basic = not any(e.kind == "array" for e in entries) and _slices_allowed(mode)
    if aval_of(x).sharding is not None:
        _check_gathered_dims(x, entries, basic)
    if basic:
        return _basic_getitem(x, entries)
    x, entries = _apply_static(x, entries, ints_too=False)
    plan = IndexPlan(aval_of(x).shape, entries, wrap_negative)
    dn = lax.GatherDimensionNumbers(
        offset_dims=plan.offset_dims,
        collapsed_slice_dims=plan.collapsed_dims,
        start_index_map=plan.index_axes,
    )
    # JAX's default for indexing arrays: promise_in_bounds (clamped reads; the gradient of an
    # out-of-bounds read is dropped, not added at the clamped index)
    mode = "promise_in_bounds" if mode is None else mode
    out = lax.gather(x, plan.indices, dn, plan.slice_sizes, mode=mode, fill_value=fill_value)
    return lax.reshape(out, plan.result_shape)


def _slices_allowed(mode) -> bool:
    """JAX reads basic indices by (dynamic) slices, which clamp, only in the clamping modes; a
    'fill' read is a gather (an out-of-bounds traced index reads the fill value)."""
    if mode is None:
        return True
    parsed = lax.GatherScatterMode.from_any(mode, lax.GatherScatterMode.FILL_OR_DROP)
    return parsed in (lax.GatherScatterMode.CLIP, lax.GatherScatterMode.PROMISE_IN_BOUNDS)


def _check_gathered_dims(x, entries, basic: bool):
    """JAX reads with one gather (basic indexing of a concrete sharded array, any indexing with
    an index array): a sharded dim it slices into (an int, a partial or strided slice) would
    need collectives, and JAX refuses. Basic indexing of a traced value is a static slice
    instead, typed by the slice rule."""
    if basic and (isinstance(x, Tracer) or not any(_partial(e, x) for e in entries)):
        return
    spec = aval_of(x).sharding.spec
    for e in entries:
        if e.kind != "array" and e.axis is not None and spec[e.axis] is not None:
            if e.kind != "slice" or _partial(e, x, steps=True):
                raise gather_sharding_error(aval_of(x), _gather_indices_words(e, entries, x))


def _gather_indices_words(bad: Entry, entries, x) -> str:
    """The indices of JAX's gather for basic indexing, as its error shows them: one start per
    int or partial slice (`ShapedArray(int32[n])`); a strided slice is named instead."""
    if any(
        e.kind == "slice" and _partial(e, x, steps=True) and not _partial(e, x) for e in entries
    ):
        return f"the index {bad.value!r} of axis {bad.axis}"
    starts = sum(
        e.kind in ("int", "dyn") or (e.kind == "slice" and _partial(e, x)) for e in entries
    )
    return f"ShapedArray(int32[{starts}])"


def _partial(e: Entry, x, steps: bool = False) -> bool:
    """Whether entry `e` takes less than its whole axis (or, with `steps`, reverses or strides
    it)."""
    if e.kind in ("int", "dyn"):
        return True
    if e.kind != "slice":
        return False
    b = slice_bounds(e.value, aval_of(x).shape[e.axis])
    return b.size != aval_of(x).shape[e.axis] or (steps and (b.stride != 1 or b.reverse))


def _basic_getitem(x, entries):
    if any(e.kind == "dyn" for e in entries) and _unit_steps(x, entries):
        return _dynamic_getitem(x, entries)
    x, entries = _apply_static(x, entries, ints_too=True)
    shape = aval_of(x).shape
    dynamic = {e.axis: e.value for e in entries if e.kind == "dyn"}
    if dynamic:
        starts = [dynamic.get(a, 0) for a in range(len(shape))]  # negative ones count from the end
        sizes = [1 if a in dynamic else d for a, d in enumerate(shape)]
        x = unchecked_dynamic_slice(x, starts, sizes)
    dropped = [e.axis for e in entries if e.kind in ("int", "dyn")]
    if dropped:
        x = lax.squeeze(x, dropped)  # as JAX binds it, then new axes by a broadcast_in_dim
    kept = [e for e in entries if e.kind in ("none", "slice")]
    return lax.expand_dims(x, [k for k, e in enumerate(kept) if e.kind == "none"])


def _unit_steps(x, entries) -> bool:
    """Whether every slice of `entries` has step 1 or -1 (of an unsharded, static-shaped x)."""
    aval = aval_of(x)
    if aval.sharding is not None or any(is_symbolic_dim(d) for d in aval.shape):
        return False
    return all(
        e.value.indices(aval.shape[e.axis])[2] in (1, -1) for e in entries if e.kind == "slice"
    )


def _dynamic_getitem(x, entries):
    """x[idx] with a traced integer among ints and unit-step slices, as JAX's indexer's
    dynamic-slice strategy binds it: one dynamic_slice over every axis (its starts converted
    to int32 first when there are several, static ones too), then rev, squeeze, new axes."""
    shape = aval_of(x).shape
    starts, sizes, rev, squeezed, new = [], [], [], [], []
    for e in entries:
        if e.kind == "none":
            new.append(len(starts) - len(squeezed) + len(new))
        elif e.kind in ("int", "dyn"):
            # a static int as written: JAX's dynamic_slice wraps a negative one with the others
            starts.append(e.given if e.given is not None else e.value)
            sizes.append(1)
            squeezed.append(e.axis)
        elif e.kind == "slice":
            start, stop, step = e.value.indices(shape[e.axis])
            if step < 0:  # the reversed window's first element, then a rev
                starts.append(stop + 1)
                sizes.append(max(0, start - stop))
                rev.append(e.axis)
            else:
                starts.append(start)
                sizes.append(max(0, stop - start))
    if len(starts) > 1:  # dynamic_slice's starts share a dtype
        starts = [lax.convert_element_type(i, dtypes.int32) for i in starts]
    x = unchecked_dynamic_slice(x, starts, sizes)
    x = lax.rev(x, rev) if rev else x
    x = lax.squeeze(x, squeezed) if squeezed else x
    return lax.expand_dims(x, new) if new else x


# ---------------------------------------------------------------------------------------------
# Updating: x.at[idx].set(v) and friends.


def scatter_update(
    kind,
    x,
    idx,
    values,
    *,
    mode=None,
    indices_are_sorted=False,
    unique_indices=False,
    lenient=False,
    wrap_negative_indices=True,
):
    x = materialize(x)
    axes, idx = split_scalar_bools(aval_of(x).ndim, idx)
    if axes:  # as JAX: the update of x with the new axes, which are then dropped
        out = scatter_update(
            kind,
            lax.expand_dims(x, axes),
            idx,
            values,
            mode=mode,
            indices_are_sorted=indices_are_sorted,
            unique_indices=unique_indices,
            lenient=lenient,
            wrap_negative_indices=wrap_negative_indices,
        )
        return lax.squeeze(out, axes)
    aval = aval_of(x)
    windows = dynamic_windows(aval.shape, idx)
    if windows is not None:  # the update of the dynamic slices' window, written back
        window = x
        for axis, start, span in windows[0]:
            window = lax.dynamic_slice_in_dim(window, start, span, axis)
        window = scatter_update(
            kind,
            window,
            windows[1],
            values,
            mode=mode,
            indices_are_sorted=indices_are_sorted,
            unique_indices=unique_indices,
            lenient=lenient,
            wrap_negative_indices=wrap_negative_indices,
        )
        starts = [np.int32(0)] * aval.ndim
        for axis, start, _ in windows[0]:
            starts[axis] = start
        return lax.dynamic_update_slice(x, window, starts)
    wrap = wrap_negative_indices
    entries = parse_index(aval.shape, idx, lenient=lenient, wrap_negative=wrap)
    basic = not any(e.kind == "array" for e in entries)
    plan = IndexPlan(aval.shape, entries, wrap)
    if type(values) is int and not dtypes.is_bool(aval.dtype):
        values = _update_int(values, aval.dtype)
    # as JAX: the update runs in the promoted dtype (int8 .at[i].add(1.5) adds 1.5, twice for a
    # repeated index), the result is cast back to x's dtype (JAX's FutureWarning if unsafe)
    work, weak = operands_result_type(x, values)  # (x itself converts not: JAX's promote keeps it)
    if not isinstance(values, Tracer):  # a constant update folds into the promoted type
        values = lax.convert_element_type(values, work, weak_type=weak)
    if work != aval.dtype:
        warnings.warn(
            f"scatter inputs have incompatible types: cannot safely cast value from dtype={work} "
            f"to dtype={aval.dtype} with jax_numpy_dtype_promotion='standard'. In future JAX "
            "releases this will result in an error.",
            FutureWarning,
            stacklevel=2,
        )
    values = lax.convert_element_type(asarray(values), work)
    _check_update_shape(kind, aval_of(values), plan.result_shape)
    values = _broadcast_update(values, plan, aval)
    if aval_of(values).shape != tuple(plan.gather_shape):  # (JAX's squeeze: none when equal)
        values = lax.reshape(values, plan.gather_shape)
    dn = lax.ScatterDimensionNumbers(
        update_window_dims=plan.offset_dims,
        inserted_window_dims=plan.collapsed_dims,
        scatter_dims_to_operand_dims=plan.index_axes,
    )
    fn = _SCATTERS[kind]
    out = fn(
        lax.convert_element_type(x, work, weak_type=aval.weak_type) if work != aval.dtype else x,
        plan.indices,
        values,
        dn,
        # as JAX: an index of ints and slices only touches each element once, in order
        indices_are_sorted=indices_are_sorted or basic,
        unique_indices=unique_indices or basic,
        mode=mode,
    )
    if work == aval.dtype:
        return out
    return lax.convert_element_type(out, aval.dtype, weak_type=aval.weak_type)


def _broadcast_update(values, plan: IndexPlan, aval):
    """The update broadcast to the indexed shape; for a typed array, typed as JAX types the
    indexed slice (the array's axes on sliced dims, the first index array's on its dims), which
    the update's own axes must agree with."""
    if aval.sharding is None:
        return broadcast_to(values, plan.result_shape)
    spec = tuple(_slice_entry(src, plan, aval.sharding.spec) for src in plan.result_sources)
    from meshjit.compiler.parallel.sharding import NamedSharding, PartitionSpec

    target = NamedSharding(aval.sharding.mesh, PartitionSpec(*spec))
    v_aval = aval_of(values)
    lead = len(spec) - v_aval.ndim
    if v_aval.sharding is not None and any(
        e is not None and e != spec[lead + k] for k, e in enumerate(v_aval.sharding.spec)
    ):
        want = aval.update(shape=plan.result_shape, sharding=target).str_long()
        raise MeshjitValueError(
            f"Incompatible types for broadcasting: input type={v_aval.str_long()} and "
            f"requested type={want}"
        )
    if v_aval.shape == plan.result_shape and v_aval.sharding is not None:
        if tuple(v_aval.sharding.spec) == spec:
            return values  # already the indexed slice's type
    dims = tuple(range(lead, len(spec)))
    return lax.broadcast_in_dim(values, plan.result_shape, dims, out_sharding=target)


def _slice_entry(source, plan: IndexPlan, spec):
    if source is None:
        return None
    kind, k = source
    return spec[k] if kind == "axis" else plan.adv_spec[k]


def _update_int(value: int, dtype):
    """A Python int update as JAX takes it: within the default int (or its unsigned type for
    arrays of that), then wrapped into the dtype (`.at[0].set(200)` of int8 writes -56)."""
    bits = dtypes.default_int.itemsize * 8
    fits_unsigned = dtype == dtypes.default_uint and 0 <= value < 2**bits
    if not fits_unsigned and not -(2 ** (bits - 1)) <= value < 2 ** (bits - 1):
        err = MeshjitOverflowError(  # JAX's words
            f"Python int {value} too large to convert to {dtypes.default_int}"
        )
        err.add_note("x64 is on" if dtypes.x64_enabled else "x64 is off")
        raise err
    return np.asarray(value).astype(dtype)


def _check_update_shape(kind, values, shape):
    try:
        ok = broadcast_shapes(values.shape, shape) == tuple(shape)
    except ValueError:
        ok = False
    if not ok and len(values.shape) > len(shape):  # JAX's words (its broadcast_to's)
        err = MeshjitValueError(
            "Cannot broadcast to shape with fewer dimensions: arr_shape="
            f"{values.shape} shape={tuple(shape)}"
        )
        err.add_note(f"x.at[...].{kind}: the values do not fit the indexed shape")
        raise err
    if not ok:
        raise MeshjitValueError(
            f"Incompatible types for broadcasting: input type={values.str_long()} and requested "
            f"type={values.update(shape=tuple(shape)).str_long()} (x.at[...].{kind}: the values "
            "cannot be broadcast to the indexed shape)"
        )


_SCATTERS = {
    "set": lax.scatter,
    "add": lax.scatter_add,
    "multiply": lax.scatter_mul,
    "min": lax.scatter_min,
    "max": lax.scatter_max,
}


def _index_arrays(index):
    """The arrays in an index, and how to put others in their places: with `out_sharding=` the
    indexing runs on arguments whose types are set aside, the index arrays' included."""
    items = index if isinstance(index, tuple) else (index,)
    where = [k for k, it in enumerate(items) if isinstance(it, Tracer) or is_meshjit_array(it)]

    def rebuild(arrays):
        out = list(items)
        for k, a in zip(where, arrays):
            out[k] = a
        return tuple(out) if isinstance(index, tuple) else out[0]

    return [items[k] for k in where], rebuild


def _sliced_in_jax(x, index, mode) -> bool:
    """Whether JAX reads x.at[index].get() with a static or a dynamic slice, typed by the slice
    rules (its out_sharding= only types the gather): an index without arrays in a bounds-
    promising or clipping mode, unless x is a concrete array on several devices and the index
    takes part of a dim (or a dynamic index meets a strided slice)."""
    kind = GatherScatterMode.from_any(mode, GatherScatterMode.PROMISE_IN_BOUNDS)
    if kind == GatherScatterMode.FILL_OR_DROP:
        return False
    try:
        x = materialize(x)
        entries = parse_index(aval_of(x).shape, index, lenient=True)
    except Exception:  # noqa: BLE001  (getitem raises its own error)
        return False
    if any(e.kind not in ("none", "slice", "int", "dyn", "gap") for e in entries):
        return False
    strided = any(
        e.kind == "slice" and _partial(e, x, steps=True) and not _partial(e, x) for e in entries
    )
    if strided and any(e.kind == "dyn" for e in entries):
        return False
    devices = getattr(getattr(x, "sharding", None), "device_set", ())
    concrete_sharded = not isinstance(x, Tracer) and len(devices) > 1
    return not (concrete_sharded and any(_partial(e, x, steps=True) for e in entries))


_UPDATE_KEYWORDS = frozenset(
    ("mode", "indices_are_sorted", "unique_indices", "wrap_negative_indices")
)


@boundary_methods(
    "get", "set", "add", "multiply", "subtract", "divide", "power", "min", "max", "apply"
)
class _IndexUpdateRef:
    """`x.at[idx]`: the functional update methods."""

    __slots__ = ("array", "index")

    def __init__(self, array, index):
        self.array, self.index = array, index

    def __repr__(self):
        return f"_IndexUpdateRef({self.array!r}, {self.index!r})"

    def get(
        self,
        *,
        indices_are_sorted=False,
        unique_indices=False,
        mode=None,
        fill_value=None,
        out_sharding=None,
        wrap_negative_indices=True,
    ):
        del indices_are_sorted, unique_indices  # hints XLA may use; the result is the same
        GatherScatterMode.from_any(mode, GatherScatterMode.FILL_OR_DROP)  # an unknown mode
        arrays, rebuild = _index_arrays(self.index)
        if out_sharding is not None and _sliced_in_jax(self.array, self.index, mode):
            out_sharding = None  # JAX's slice paths leave it unused (only its gather's applies)

        def get(x, *arrays):
            index = rebuild(arrays)
            wrap = wrap_negative_indices
            return getitem(
                x, index, mode=mode, fill_value=fill_value, lenient=True, wrap_negative=wrap
            )

        return sharded_by(out_sharding, "at[].get", get, self.array, *arrays)

    def _update(self, kind, values, out_sharding=None, method=None, **kwargs):
        for k in kwargs:  # Python's words, naming the method as JAX's do
            if k not in _UPDATE_KEYWORDS:
                raise MeshjitTypeError(
                    f"_IndexUpdateRef.{method or kind}() got an unexpected keyword argument '{k}'"
                )
        if values is None:  # JAX's asarray of the values refuses it, in its words
            raise MeshjitValueError("None is not a valid value for jnp.array")
        if isinstance(values, (list, tuple)):  # as JAX: the values go through asarray
            values = asarray(values)
        arrays, rebuild = _index_arrays(self.index)

        def update(x, v, *arrays):
            return scatter_update(kind, x, rebuild(arrays), v, lenient=True, **kwargs)

        return sharded_by(out_sharding, f"at[].{kind}", update, self.array, values, *arrays)

    def set(self, values, **kwargs):
        return self._update("set", values, **kwargs)

    def add(self, values, **kwargs):
        return self._update("add", values, **kwargs)

    def multiply(self, values, **kwargs):
        return self._update("multiply", values, **kwargs)

    def subtract(self, values, **kwargs):
        # x - v is x + (-v) exactly (and modulo 2**bits for integers): one scatter-add.
        return self._update("add", negative(values), method="subtract", **kwargs)

    def divide(self, values, **kwargs):
        """x[idx] /= values, as JAX computes it: x over a scatter-multiply of ones."""
        return true_divide(self.array, self._ones_scaled(values, **kwargs))

    def power(self, values, **kwargs):
        """x[idx] **= values, as JAX computes it: x to a scatter-multiply of ones."""
        return power(self.array, self._ones_scaled(values, **kwargs))

    def apply(
        self,
        func,
        *,
        indices_are_sorted=False,
        unique_indices=False,
        mode=None,
        wrap_negative_indices=True,
    ):
        """x with the unary `func` applied at the indexed entries, once per time an entry is
        indexed (JAX's scatter_apply: repeated indices apply it repeatedly)."""
        del indices_are_sorted, unique_indices
        if not callable(func):  # JAX calls it on the indexed values first
            raise MeshjitTypeError(f"'{type(func).__name__}' object is not callable")
        kwargs = {"mode": mode} if mode is not None else {}
        if not wrap_negative_indices:
            kwargs["wrap_negative_indices"] = False
        x = asarray(self.array)
        counts = _IndexUpdateRef(lax.full_like(x, 0, np.int32), self.index).add(1, **kwargs)
        return apply_counted(x, counts, lambda v: asarray(func(v)))

    def _ones_scaled(self, values, **kwargs):
        return _IndexUpdateRef(ones_like(self.array), self.index).multiply(values, **kwargs)

    def min(self, values, **kwargs):
        return self._update("min", values, **kwargs)

    def max(self, values, **kwargs):
        return self._update("max", values, **kwargs)


_IndexUpdateRef.mul = _IndexUpdateRef.multiply


class _IndexUpdateHelper:
    """`x.at`: indexing it gives an `_IndexUpdateRef`."""

    __slots__ = ("array",)

    def __init__(self, array):
        self.array = array

    def __getitem__(self, index):
        return _IndexUpdateRef(self.array, index)

    def __repr__(self):
        return f"_IndexUpdateHelper({self.array!r})"


# ---------------------------------------------------------------------------------------------
# take, take_along_axis.


@takes_extended
def take(
    a,
    indices,
    axis=None,
    out=None,
    mode=None,
    unique_indices=False,
    indices_are_sorted=False,
    fill_value=None,
):
    """Elements of `a` at `indices` along `axis` (flattened if None); out of bounds -> fill.
    `unique_indices` / `indices_are_sorted`: hints XLA may use (the result is the same). One
    program, as JAX's jitted _take."""
    check_arraylike("take", a, indices)
    check_out(out, "take")
    if mode not in (None, "fill", "raise", "wrap", "clip"):  # JAX's take knows these only
        raise MeshjitValueError(f"Invalid mode '{mode}' for np.take")
    if mode == "raise":  # JAX's words: out-of-bounds indices cannot raise under a trace
        raise MeshjitNotImplementedError("The 'raise' mode to jnp.take is not supported.")
    indices = _as_index_array(indices, "take")
    static = ("axis", "mode", "unique_indices", "indices_are_sorted", "fill_value")
    program = jitted(_take, static, "_take")
    flags = dict(unique_indices=unique_indices, indices_are_sorted=indices_are_sorted)
    return program(a, indices, axis=axis, mode=mode, fill_value=fill_value, **flags)


def _take(a, indices, axis, mode, unique_indices, indices_are_sorted, fill_value):
    a = materialize(a)
    if axis is None:
        a, axis = ravel(a), 0
    axis = checks.canonical_axis(axis, aval_of(a).ndim, "take axis")
    size = aval_of(a).shape[axis]
    if size and aval_of(indices).size:  # as JAX's: one gather
        if mode == "wrap":
            indices, mode = remainder(indices, size), "promise_in_bounds"
        elif mode != "clip":  # (clip clamps a negative index to 0, as NumPy)
            from meshjit.compiler.numpy.elementwise import where  # (it imports this module)

            indices = where(indices < 0, indices + size, indices)  # the gather takes no negatives
            mode = "fill"
        flags = (unique_indices, indices_are_sorted, fill_value)
        return _take_gather(a, indices, axis, mode, *flags)
    index = (slice(None),) * axis + (indices,)
    return getitem(a, index, mode="fill" if mode is None else mode, fill_value=fill_value)


def _take_gather(a, indices, axis, mode, unique_indices, indices_are_sorted, fill_value):
    shape, index_dims = aval_of(a).shape, aval_of(indices).ndim
    dn = lax.GatherDimensionNumbers(
        offset_dims=(*range(axis), *range(axis + index_dims, len(shape) + index_dims - 1)),
        collapsed_slice_dims=(axis,),
        start_index_map=(axis,),
    )
    slice_sizes = (*shape[:axis], 1, *shape[axis + 1 :])
    return lax.gather(
        a,
        lax.expand_dims(indices, (index_dims,)),
        dn,
        slice_sizes,
        mode=mode,
        unique_indices=unique_indices,
        indices_are_sorted=indices_are_sorted,
        fill_value=fill_value,
    )


def _as_index_array(indices, name):
    indices = asarray(indices) if isinstance(indices, (list, tuple)) else indices
    aval = aval_of(indices)
    if not dtypes.is_int(aval.dtype):
        if name == "take":  # JAX's ValueError; take_along_axis's is a TypeError
            raise MeshjitValueError(f"indices must have an integer type, got {aval.str_short()}")
        raise MeshjitTypeError(f"{name} indices must be of integer type, got {aval.dtype}")
    return indices


@takes_extended
@jitted_as_jax("axis", "mode", "fill_value", "wrap_negative_indices")
def take_along_axis(
    arr, indices, axis=-1, mode=None, fill_value=None, *, wrap_negative_indices=None
):
    """`arr` indexed along `axis` by `indices`, which broadcast against `arr` elsewhere. As in
    JAX, one gather whose other dims are batching dims (size-1 index dims take the whole axis),
    so the result keeps `arr`'s and `indices`' shardings on them."""
    check_arraylike("take_along_axis", arr, indices)
    arr = materialize(arr)
    indices = _as_index_array(indices, "take_along_axis")
    if axis is None:
        arr, indices, axis = ravel(arr), ravel(indices), 0
    a_aval, i_aval = aval_of(arr), aval_of(indices)
    if i_aval.ndim != a_aval.ndim:
        raise MeshjitValueError(  # JAX's words
            "indices and arr must have the same number of dimensions; "
            f"{i_aval.ndim} vs. {a_aval.ndim}"
        )
    axis = checks.canonical_axis(axis, a_aval.ndim, "take_along_axis axis")
    arr_shape = a_aval.shape[:axis] + (1,) + a_aval.shape[axis + 1 :]
    out_shape = broadcast_shapes(i_aval.shape, arr_shape)
    if a_aval.shape[axis] == 0 or 0 in out_shape:  # (a gather of size-1 slices of nothing)
        return lax.full(out_shape, 0, a_aval.dtype)
    if wrap_negative_indices is None:  # JAX's legacy default
        wrap_negative_indices = mode != "promise_in_bounds"
    if wrap_negative_indices:
        indices = normalized_array(indices, a_aval.shape[axis])
    dn, slice_sizes, squeezed = _along_axis_dnums(a_aval.shape, i_aval.shape, axis)
    kept = [n for i, n in enumerate(out_shape) if i == axis or i_aval.shape[i] != 1]
    indices = lax.reshape(indices, (*kept, 1))
    arr = lax.squeeze(arr, squeezed) if squeezed else arr
    return lax.gather(
        arr, indices, dn, slice_sizes, mode="fill" if mode is None else mode, fill_value=fill_value
    )


def _along_axis_dnums(a_shape, i_shape, axis):
    """take_along_axis's gather: `axis` is indexed, dims where the index has size 1 are windows
    of the whole axis, dims where the array has size 1 are squeezed, the rest are batching."""
    offset, collapsed, op_batch, idx_batch = [], [], [], []
    slice_sizes, squeezed, new_i, j = [], [], 0, 0
    for i, (a, n) in enumerate(zip(a_shape, i_shape)):
        if i == axis:
            collapsed.append(new_i)
            slice_sizes.append(1)
        elif n == 1:
            offset.append(i)
            slice_sizes.append(a)
        elif a == 1:
            squeezed.append(i)
        else:
            op_batch.append(new_i)
            idx_batch.append(j)
            slice_sizes.append(1)
        new_i += not (i != axis and n != 1 and a == 1)
        j += i == axis or n != 1
    dn = lax.GatherDimensionNumbers(
        offset_dims=tuple(offset),
        collapsed_slice_dims=tuple(collapsed),
        start_index_map=tuple(collapsed),
        operand_batching_dims=tuple(op_batch),
        start_indices_batching_dims=tuple(idx_batch),
    )
    return dn, tuple(slice_sizes), tuple(squeezed)
