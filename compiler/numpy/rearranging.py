"""meshjit.numpy functions that copy entries to new places: pad, roll, tile, repeat, the flips
and rot90.

They are written over existing primitives (slice, concatenate, rev, pad, gather, select), so
each is differentiable where those are. Indices known while tracing (pad modes, static rolls
and repeats) become slices and concatenations (`take_static`) rather than gathers, as in JAX.
"""

from __future__ import annotations

import builtins
import functools
import operator

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import (
    AxisOutOfBoundsError,
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
    ShardingTypeError,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.registry import takes_extended
from meshjit.compiler.ir.shape_poly import is_symbolic_dim
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.numpy.cumulative import cumsum
from meshjit.compiler.numpy.elementwise import (
    astype,
    equal,
    less,
    multiply,
    negative,
    remainder,
    subtract,
    where,
)
from meshjit.compiler.numpy.elementwise import round as jnp_round
from meshjit.compiler.numpy.indexing import take
from meshjit.compiler.numpy.reductions import sum
from meshjit.compiler.numpy.shapes import broadcast_to, ravel, reshape
from meshjit.compiler.numpy.util import (
    aval_of,
    check_arraylike,
    is_meshjit_value,
    is_traced,
    jitted,
    materialize,
    sharded_by,
    static_axis,
)
from meshjit.compiler.trace.tracing import require_concrete, to_concrete_value

__all__ = [
    "flip",
    "fliplr",
    "flipud",
    "pad",
    "repeat",
    "roll",
    "rot90",
    "take_static",
    "tile",
]


# ---------------------------------------------------------------------------------------------
# Static gathers along one axis: runs of consecutive indices become slices (+ rev).

_MAX_RUNS = 8  # beyond this many slices a single gather is the smaller program


def _index_runs(idx: np.ndarray):
    """Splits `idx` into (start, length, step) runs with step +1 or -1."""
    runs, i = [], 0
    while i < len(idx):
        j = i + 1
        step = int(idx[j] - idx[i]) if j < len(idx) else 1
        step = step if step in (1, -1) else 1
        while j < len(idx) and idx[j] - idx[j - 1] == step:
            j += 1
        runs.append((int(idx[i]), j - i, step))
        i = j
    return runs


def take_static(x, idx, axis: int):
    """x indexed along `axis` by the static in-bounds integer array `idx`."""
    idx = np.asarray(idx, np.int64).reshape(-1)
    size = aval_of(x).shape[axis]
    if len(idx) == size and np.array_equal(idx, np.arange(size)):
        return x
    runs = _index_runs(idx)
    if len(runs) > _MAX_RUNS:
        return take(x, idx.astype(np.int32), axis=axis, mode="clip")
    pieces = []
    for start, length, step in runs:
        lo = start if step == 1 else start - length + 1
        piece = lax.slice_in_dim(x, lo, lo + length, 1, axis)
        pieces.append(piece if step == 1 or length == 1 else lax.rev(piece, (axis,)))
    if not pieces:
        return lax.slice_in_dim(x, 0, 0, 1, axis)
    return lax.concatenate(pieces, axis)


# ---------------------------------------------------------------------------------------------
# pad.


def _pad_width(pad_width, ndim):
    require_concrete(pad_width, "pad_width argument of jnp.pad")
    if is_meshjit_value(pad_width):
        pad_width = np.asarray(pad_width)
    width = np.asarray(pad_width)
    if width.dtype.kind not in "iu" and width.size:
        raise MeshjitTypeError(f"`pad_width` must be of integral type. (pad: got {pad_width!r})")
    try:
        width = np.broadcast_to(width.astype(np.int64), (ndim, 2))
    except ValueError:
        raise _unsupported_pad_shape("pad_width", ndim, width.shape) from None
    if (width < 0).any():
        raise MeshjitValueError(
            f"index can't contain negative values: pad_width must be nonnegative, got {pad_width!r}"
        )
    return [(int(lo), int(hi)) for lo, hi in width]


def _pad_constant(x, width, constant_values):
    aval = aval_of(x)
    if is_traced(constant_values) or np.ndim(constant_values) == 0:
        # As JAX: the value takes x's weak type (padding a weak array keeps it weak).
        value = lax.convert_element_type(constant_values, aval.dtype, weak_type=aval.weak_type)
        return lax.pad(x, value, [(lo, hi, 0) for lo, hi in width])
    values = np.asarray(constant_values)
    if values.ndim == 1 and values.shape[-1] not in (1, 2):
        raise MeshjitValueError(
            f"jnp.pad: constant_values has unsupported shape {values.shape}. If the shape is 1D "
            "or 2D, the last dimension must be of size 1 or 2."
        )
    values = np.broadcast_to(values, (aval.ndim, 2))
    for axis, ((lo, hi), (v_lo, v_hi)) in enumerate(zip(width, values)):
        for config, value in (((lo, 0, 0), v_lo), ((0, hi, 0), v_hi)):
            if config[0] or config[1]:
                axis_config = [(0, 0, 0)] * aval.ndim
                axis_config[axis] = config
                value = lax.convert_element_type(value, aval.dtype, weak_type=aval.weak_type)
                x = lax.pad(x, value, axis_config)
    return x


_INDEX_PAD_MODES = ("edge", "reflect", "symmetric", "wrap")
_STAT_PAD_MODES = ("maximum", "mean", "median", "minimum")
# Each mode's keyword arguments (as NumPy's and JAX's).
_PAD_KWARGS = {
    "constant": {"constant_values"},
    "edge": set(),
    "empty": set(),
    "linear_ramp": {"end_values"},
    "reflect": {"reflect_type"},
    "symmetric": {"reflect_type"},
    "wrap": set(),
    **{m: {"stat_length"} for m in _STAT_PAD_MODES},
}


def pad(array, pad_width, mode="constant", **kwargs):
    """NumPy's pad (static widths): every mode of NumPy's, and a callable mode."""
    x = materialize(array)
    aval = aval_of(x)
    width = _pad_width(pad_width, aval.ndim)
    if callable(mode):
        return _pad_func(x, width, mode, **kwargs)
    if mode not in _PAD_KWARGS:
        raise MeshjitNotImplementedError(
            f"Unimplemented padding mode {mode!r} for np.pad. The modes are "
            + ", ".join(repr(m) for m in _PAD_KWARGS)
            + ", or a function"
        )
    unknown = set(kwargs) - _PAD_KWARGS[mode]
    if unknown:
        raise MeshjitValueError(
            f"unsupported keyword arguments for mode {mode!r}: {set(sorted(unknown))}"
        )
    if aval.ndim == 0:
        return x
    value = kwargs.get("constant_values", 0)
    if mode in ("constant", "edge") and np.ndim(value) == 0 and not _symbolic(aval):
        # JAX's jitted _pad (the widths and mode static, the constant value an operand)
        widths = tuple((np.int64(lo), np.int64(hi)) for lo, hi in width)
        program = jitted(_pad, ("pad_width", "mode"), "_pad")
        return program(x, pad_width=widths, mode=mode, constant_values=value)
    if mode == "constant":
        return _pad_constant(x, width, value)
    if mode == "empty":
        return _pad_constant(x, width, 0)
    if mode == "linear_ramp":
        ends = _pad_pairs(kwargs.get("end_values", 0), aval.ndim, "end_values")
        return _pad_linear_ramp(x, width, ends)
    if mode in _STAT_PAD_MODES:
        length = kwargs.get("stat_length")
        length = None if length is None else _pad_width(length, aval.ndim)
        return _pad_stats(x, width, length, mode)
    for axis, (lo, hi) in enumerate(width):
        if lo == hi == 0:
            continue
        if aval.shape[axis] == 0:
            raise MeshjitValueError(
                f"Cannot apply '{mode}' padding to empty axis ({axis} of {aval.str_short()})"
            )
        x = _pad_axis_by_index(x, axis, (lo, hi), mode, kwargs.get("reflect_type", "even"))
    return materialize(x)


def _symbolic(aval) -> bool:
    return any(is_symbolic_dim(d) for d in aval.shape)


def _pad(x, constant_values, pad_width, mode):
    if mode == "constant":
        return _pad_constant(x, pad_width, constant_values)
    return _pad_edge(x, pad_width)


def _pad_edge(x, pad_width):
    """JAX's _pad_edge: per axis, its edges repeated (zero times too) either side."""
    for axis, (lo, hi) in enumerate(pad_width):
        n = aval_of(x).shape[axis]
        if n == 0:
            if lo or hi:
                raise MeshjitValueError(f"Cannot apply 'edge' padding to empty axis ({axis})")
            continue
        before = repeat(lax.slice_in_dim(x, 0, 1, axis=axis), lo, axis=axis)
        after = repeat(lax.slice_in_dim(x, n - 1, n, axis=axis), hi, axis=axis)
        x = lax.concatenate([before, x, after], axis)
    return x


def _unsupported_pad_shape(name: str, ndim: int, shape: tuple) -> MeshjitValueError:
    return MeshjitValueError(
        f"jnp.pad: {name} with nd={ndim} has unsupported shape {shape}. Valid "
        f"shapes are ({ndim}, 2), (1, 2), (2,), (1,), or ()."
    )


def _pad_pairs(values, ndim: int, name: str) -> list:
    """A pad argument as (before, after) per axis, from the shapes JAX takes: (ndim, 2),
    (1, 2), (2,), (1,) or () (values stay as they are: they may be arrays)."""
    if is_traced(values) or np.ndim(values) == 0:
        return [(values, values)] * ndim
    shape = np.shape(values)
    if shape not in ((ndim, 2), (1, 2), (2,), (1,)):
        raise _unsupported_pad_shape(name, ndim, shape)
    pairs = np.broadcast_to(np.asarray(values, dtype=object), (ndim, 2)) if ndim else []
    return [(lo, hi) for lo, hi in pairs] if len(pairs) else []


def _pad_stats(x, width, stat_length, mode):
    """Each side padded with a statistic (max, min, mean, median) of the `stat_length`
    entries nearest it (all of the axis by default); integers round the statistic."""
    from meshjit.compiler.numpy import reductions, statistics  # a later family

    stat = {
        "maximum": reductions.max,
        "minimum": reductions.min,
        "mean": reductions.mean,
        "median": statistics.median,
    }[mode]
    dtype, weak = aval_of(x).dtype, aval_of(x).weak_type  # the padding keeps x's (weak) type
    for axis, (lo, hi) in enumerate(width):
        size = aval_of(x).shape[axis]
        if stat_length is None:
            before = after = stat(x, axis=axis, keepdims=True)
        else:
            n_lo, n_hi = stat_length[axis]
            if n_lo == 0 or n_hi == 0:
                raise MeshjitValueError("stat_length of 0 yields no value for padding")
            n_lo, n_hi = builtins.min(n_lo, size), builtins.min(n_hi, size)
            before = stat(lax.slice_in_dim(x, 0, n_lo, axis=axis), axis=axis, keepdims=True)
            after = stat(
                lax.slice_in_dim(x, size - n_hi, size, axis=axis), axis=axis, keepdims=True
            )
        if dtypes.is_int(dtype):  # as NumPy: the mean or median rounded half to even
            before, after = jnp_round(before), jnp_round(after)
        parts = [
            repeat(lax.convert_element_type(before, dtype, weak_type=weak), lo, axis=axis),
            x,
            repeat(lax.convert_element_type(after, dtype, weak_type=weak), hi, axis=axis),
        ]
        x = lax.concatenate(parts, axis)
    return x


def _pad_linear_ramp(x, width, ends):
    """Each side a ramp from its end value to the edge entry (not included)."""
    from meshjit.compiler.numpy.creation import linspace  # a later family

    dtype, weak = aval_of(x).dtype, aval_of(x).weak_type
    for axis, ((lo, hi), (end_lo, end_hi)) in enumerate(zip(width, ends)):
        size = aval_of(x).shape[axis]
        first = lax.squeeze(lax.slice_in_dim(x, 0, 1, axis=axis), (axis,))
        last = lax.squeeze(lax.slice_in_dim(x, size - 1, size, axis=axis), (axis,))
        before = linspace(end_lo, first, lo, endpoint=False, dtype=dtype, axis=axis)
        after = linspace(end_hi, last, hi, endpoint=False, dtype=dtype, axis=axis)
        before, after = (
            lax.convert_element_type(v, dtype, weak_type=weak) for v in (before, after)
        )
        x = lax.concatenate([before, x, flip(after, axis)], axis)
    return x


def _pad_func(x, width, func, **kwargs):
    """NumPy's callable mode: zeros padded, then `func(vector, (before, after), axis, kwargs)`
    fills each 1-D slice along each axis."""
    from meshjit.compiler.numpy.routines import apply_along_axis  # a later family

    padded = _pad_constant(x, width, 0)
    for axis in range(aval_of(padded).ndim):
        padded = apply_along_axis(func, axis, padded, width[axis], axis, kwargs)
    return padded


def _pad_symbolic_axis(x, axis, width, mode):
    """Edge padding of a symbolic axis (shape polymorphism): the clamped index range; the
    other modes need its size, JAX's error."""
    size = aval_of(x).shape[axis]
    lo, hi = width
    if mode != "edge":
        raise MeshjitValueError(
            "Shape polymorphism is supported for jnp.pad with 'reflect' or 'symmetric' padding "
            "mode only when it is possible to determine at lowering time that the axis size "
            f"(= {size}) is larger than 1 and larger or equal than the padding length (= {lo}). "
            f"Error while handling left padding on axis {axis}."
        )
    index = lax.sub(lax.iota(np.int32, size + lo + hi), np.int32(lo))
    return take(x, index, axis=axis, mode="clip")


def _pad_axis_by_index(x, axis, width, mode, reflect_type):
    """Edge, reflect, symmetric and wrap padding all copy entries: NumPy's own pad of the index
    range says which. An odd reflection mirrors values through the edge: 2 * edge - mirror."""
    if reflect_type not in ("even", "odd"):
        raise MeshjitValueError(f"pad: reflect_type must be 'even' or 'odd', got {reflect_type!r}")
    size = aval_of(x).shape[axis]
    if is_symbolic_dim(size):
        return _pad_symbolic_axis(x, axis, width, mode)
    if reflect_type == "even" or mode in ("edge", "wrap") or size == 1:
        return take_static(x, np.pad(np.arange(size), width, mode=mode), axis)
    # Reflections past the first mirror through the new edge, so pad one period at a time.
    period = size - 1 if mode == "reflect" else size
    lo, hi = width
    while lo or hi:
        step = (builtins.min(lo, period), builtins.min(hi, period))
        index = np.arange(aval_of(x).shape[axis])
        mirrored = take_static(x, np.pad(index, step, mode=mode), axis)
        edges = take_static(x, np.pad(index, step, mode="edge"), axis)
        x = subtract(multiply(edges, 2), mirrored)
        lo, hi = lo - step[0], hi - step[1]
    return x


# ---------------------------------------------------------------------------------------------
# roll, tile, repeat, flips, rot90.


@takes_extended
def roll(a, shift, axis=None):
    x = materialize(a)
    if axis is None:
        shape = aval_of(x).shape
        return reshape(roll(ravel(x), shift, 0), shape)
    axes = [axis] if np.ndim(axis) == 0 else list(axis)
    shifts = _shift_list(shift)
    if len(shifts) == 1:
        shifts = shifts * len(axes)
    elif len(axes) == 1:
        axes = axes * len(shifts)
    if len(shifts) != len(axes):
        raise MeshjitValueError(  # NumPy's words: JAX broadcasts the axes with the shifts
            "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between "
            f"arg 0 with shape ({len(axes)},) and arg 1 with shape ({len(shifts)},). (roll: "
            f"{len(shifts)} shifts do not match {len(axes)} axes)"
        )
    ndim = aval_of(x).ndim
    axes = tuple(static_axis(ax, ndim) for ax in axes)
    if not any(map(is_meshjit_value, shifts)) and not any(map(is_symbolic_dim, aval_of(x).shape)):
        # one program of slices, as JAX's jitted _roll_static
        return jitted(_roll_static, ("shift", "axis"))(x, shift=tuple(shifts), axis=axes)
    for s, ax in zip(shifts, axes):
        x = _roll_axis(x, s, ax)
    return x


def _roll_static(a, shift, axis):
    for s, ax in zip(shift, axis):
        size = aval_of(a).shape[ax]
        if size:
            i = (-s) % size
            a = lax.concatenate(
                [lax.slice_in_dim(a, i, size, axis=ax), lax.slice_in_dim(a, 0, i, axis=ax)], ax
            )
    return a


def _shift_list(shift):
    if is_meshjit_value(shift):
        ndim = aval_of(shift).ndim
        if ndim > 1:
            raise MeshjitValueError(f"roll: shift must be a scalar or 1-D, got {aval_of(shift)}")
        return [shift] if ndim == 0 else [shift[i] for i in range(aval_of(shift).shape[0])]
    if isinstance(shift, (tuple, list)) and any(map(is_meshjit_value, shift)):  # (i, 1)
        return [s if is_meshjit_value(s) else int(s) for s in shift]
    return [int(s) for s in np.asarray(shift).reshape(-1)]


def _roll_axis(x, shift, axis):
    size = aval_of(x).shape[axis]
    if size == 0:
        return x
    if not is_meshjit_value(shift) and not is_symbolic_dim(size):
        return take_static(x, (np.arange(size) - int(shift)) % size, axis)
    start = remainder(negative(astype(shift, dtypes.int32)), size)
    doubled = lax.concatenate([x, x], axis)
    return lax.dynamic_slice_in_dim(doubled, start, size, axis)


@takes_extended
def tile(A, reps):
    x = materialize(A)
    shape = aval_of(x).shape
    reps = _tile_reps(reps, shape)
    ndim = builtins.max(len(shape), len(reps))
    reps = (1,) * (ndim - len(reps)) + reps
    if ndim > len(shape):  # as JAX's: new leading dimensions, then lax.tile
        x = lax.expand_dims(x, tuple(range(ndim - len(shape))))
    _check_tiled_dims_unsharded(aval_of(x), reps)
    return materialize(lax.tile(x, reps))


def _check_tiled_dims_unsharded(aval, reps) -> None:
    """As JAX's tile: a dimension repeated more than once must not be sharded (in the type)."""
    spec = aval.sharding.spec if aval.sharding is not None else ()
    for i, (r, e) in enumerate(zip(reps, spec)):
        if r != 1 and e is not None:
            err = ShardingTypeError(
                f"Operand cannot be sharded on dimension {i} when the tiling is non-trivial. Got "
                f"input type: {aval.str_long()} with reps: {reps}"
            )
            err.add_note("tile: reshard the operand first")
            raise err


def _tile_reps(reps, shape: tuple) -> tuple:
    """`reps` as ints, refused in JAX's words: JAX binds its tile primitive with the counts
    (padded with 1s to the operand's rank), so a traced count is an unhashable parameter and a
    float count makes a float shape (int() would truncate it)."""
    try:
        reps = tuple(iter(reps))
    except TypeError:
        reps = (reps,)
    padded = (1,) * (len(shape) - len(reps)) + reps
    known = [to_concrete_value(r) for r in reps]
    if any(k is None for k in known):
        raise MeshjitTypeError(
            "As of JAX v0.7, parameters to jaxpr equations must have __hash__ and __eq__ "
            "methods. In a call to primitive tile, the value of parameter reps was not "
            f"hashable: {padded}"
        )
    try:
        return tuple(operator.index(k) for k in known)
    except TypeError:
        sizes = np.multiply((1,) * (len(padded) - len(shape)) + tuple(shape), padded)
        raise MeshjitTypeError(
            f"Shapes must be 1D sequences of concrete values of integer type, got {tuple(sizes)}."
        ) from None


@takes_extended
def repeat(a, repeats, axis=None, *, total_repeat_length=None, out_sharding=None):
    check_arraylike("repeat", a, repeats)
    if out_sharding is not None:  # JAX's out_sharding=: the result typed by it
        again = functools.partial(
            repeat, repeats=repeats, axis=axis, total_repeat_length=total_repeat_length
        )
        return sharded_by(out_sharding, "repeat", again, a)
    x = materialize(a)
    if axis is None:
        x, axis = ravel(x), 0
    axis = static_axis(axis, aval_of(x).ndim)
    _check_repeated_dim_unsharded(aval_of(x), axis)
    size = aval_of(x).shape[axis]
    if is_traced(repeats):
        return _repeat_traced(x, repeats, axis, total_repeat_length)
    reps = np.asarray(repeats)
    if reps.dtype.kind not in "iub":
        raise MeshjitTypeError(f"repeat: repeats must be integers, got {reps.dtype}")
    shape = aval_of(x).shape
    if reps.ndim == 0 and total_repeat_length is None:  # JAX's fast path: broadcast_in_dim
        wide = shape[: axis + 1] + (int(reps),) + shape[axis + 1 :]
        if reps < 0:
            raise _negative_length_error(wide, f"repeat: repeats must be nonnegative, got {reps}")
        dims = tuple(range(axis + 1)) + tuple(range(axis + 2, len(wide)))
        out_shape = shape[:axis] + (size * int(reps),) + shape[axis + 1 :]
        return lax.reshape(lax.broadcast_in_dim(x, wide, dims), out_shape)
    try:
        reps = np.broadcast_to(np.ravel(reps), (size,))
    except ValueError:
        raise MeshjitValueError(
            "operands could not be broadcast together with remapped shapes "
            f"[original->remapped]: {reps.shape}  and requested shape ({size},) (repeat: the "
            f"repeats do not match axis {axis} of size {size})"
        ) from None
    total = int(reps.sum()) if total_repeat_length is None else total_repeat_length
    if total < 0:
        raise _negative_length_error((total,), f"repeat: {reps.tolist()} repeat {total} times")
    return take_static(x, _repeat_sources(reps, total), axis)


def _negative_length_error(shape, why: str) -> MeshjitTypeError:
    """JAX's TypeError for a negative repeat count or total (its broadcast_in_dim refuses the
    shape), with what was negative as a note."""
    e = MeshjitTypeError(
        f"broadcast_in_dim shape must have every element be nonnegative, got {shape}."
    )
    e.add_note(f"meshjit: {why}; jnp.repeat's result has a negative length")
    return e


def _repeat_sources(reps: np.ndarray, total: int) -> np.ndarray:
    """The element of the result's each position, as JAX's repeat computes it: each element's
    block starts at the exclusive running sum of `reps` (a negative start counts from the end,
    as an index does; starts out of range are dropped), and a position takes the element of the
    last block started at or before it. So a negative repeat overlaps blocks, as in JAX."""
    starts = np.cumsum(reps) - reps
    starts = np.where(starts < 0, starts + total, starts)
    marks = np.zeros(total, np.int64)
    np.add.at(marks, starts[(starts >= 0) & (starts < total)], 1)
    return np.cumsum(marks) - 1


def _check_repeated_dim_unsharded(aval, axis) -> None:
    """As JAX's repeat: without out_sharding, the repeated dimension must not be sharded in the
    type (JAX's ValueError and words)."""
    spec = aval.sharding.spec if aval.sharding is not None else ()
    if axis < len(spec) and spec[axis] is not None:
        err = MeshjitValueError(
            "Please pass sharding to `jnp.repeat` via `out_sharding` parameter."
        )
        err.add_note(
            f"jnp.repeat: axis {axis} of {aval.str_long()} is sharded; pass out_sharding= (the "
            "result's sharding) or reshard the axis to None first"
        )
        raise err


def _repeat_traced(x, repeats, axis, total):
    if total is None:  # JAX's words
        require_concrete(
            repeats,
            "When jit-compiling jnp.repeat, the total number of repeats must be static. To fix "
            "this, either specify a static value for `repeats`, or pass a static value to "
            "`total_repeat_length`.",
        )
    if total < 0:
        raise _negative_length_error((total,), f"total_repeat_length is {total}")
    size = aval_of(x).shape[axis]
    reps = broadcast_to(ravel(astype(repeats, dtypes.int32)), (size,))
    starts = subtract(cumsum(reps), reps)  # _repeat_sources' rule, traced
    starts = where(less(starts, 0), starts + total, starts)
    positions = lax.iota(dtypes.int32, total)
    marks = sum(equal(starts[None, :], positions[:, None]), axis=1, dtype=dtypes.int32)
    source = subtract(cumsum(marks), 1)
    return take(x, source, axis=axis, mode="clip")


@takes_extended
def flip(m, axis=None):
    axis = tuple(axis) if isinstance(axis, list) else axis  # static in JAX's jit: hashable
    require_concrete(axis, "The axis argument must be known statically.")  # JAX checks first
    return jitted(_flip, ("axis",), "_flip")(materialize(m), axis)


def _flip(x, axis=None):
    ndim = aval_of(x).ndim
    if isinstance(axis, tuple):  # a repeated axis reaches lax.rev, whose TypeError is JAX's
        return lax.rev(x, tuple(checks.canonical_axis(a, ndim) for a in axis))
    return lax.rev(x, checks.canonical_axes(axis, ndim))


def fliplr(m):
    if aval_of(m).ndim < 2:  # JAX's words (its flip's axis check)
        raise AxisOutOfBoundsError(
            f"axis 1 is out of bounds for array of dimension {aval_of(m).ndim}"
        )
    return flip(m, 1)


def flipud(m):
    if aval_of(m).ndim < 1:  # JAX's words (its flip's axis check)
        raise AxisOutOfBoundsError("axis 0 is out of bounds for array of dimension 0")
    return flip(m, 0)


def rot90(m, k=1, axes=(0, 1)):
    x = materialize(m)
    ndim = aval_of(x).ndim
    if ndim < 2:  # JAX's words
        raise MeshjitValueError(
            "rot90 requires its first argument to have ndim at least two, but got first argument "
            f"of shape {aval_of(x).shape}, which has ndim {ndim}"
        )
    if len(axes) != 2:
        raise MeshjitValueError(f"rot90: axes must be two distinct axes, got {axes}")
    if axes[0] % max(ndim, 1) == axes[1] % max(ndim, 1):
        raise MeshjitValueError(f"Axes must be different: rot90 got axes {tuple(axes)}")
    ax0, ax1 = checks.canonical_axes(tuple(axes), ndim, "rot90 axis")
    return jitted(_rot90, ("k", "axes"), "rot90")(x, k=int(k) % 4, axes=(ax0, ax1))


def _rot90(x, k, axes):
    (ax0, ax1), ndim = axes, aval_of(x).ndim
    if k == 0:
        return x
    if k == 2:
        return flip(flip(x, ax0), ax1)
    perm = list(range(ndim))
    perm[ax0], perm[ax1] = ax1, ax0
    if k == 1:
        return lax.transpose(flip(x, ax1), perm)
    return flip(lax.transpose(x, perm), ax1)
