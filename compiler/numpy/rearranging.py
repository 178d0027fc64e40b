"""meshjit.numpy functions that copy entries to new places: pad, roll, tile, repeat, the flips
and rot90.

They are written over existing primitives (slice, concatenate, rev, pad, gather, select), so
each is differentiable where those are. Indices known while tracing (pad modes, static rolls
and repeats) become slices and concatenations (`take_static`) rather than gathers, as in JAX.
"""

from __future__ import annotations

import builtins

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.numpy.cumulative import cumsum
from meshjit.compiler.numpy.elementwise import (
    astype,
    less_equal,
    minimum,
    multiply,
    negative,
    remainder,
    subtract,
)
from meshjit.compiler.numpy.indexing import take
from meshjit.compiler.numpy.reductions import sum
from meshjit.compiler.numpy.shapes import broadcast_to, ravel, reshape
from meshjit.compiler.numpy.util import (
    aval_of,
    is_meshjit_value,
    is_traced,
    materialize,
    static_axis,
)

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
    if is_meshjit_value(pad_width):
        raise MeshjitTypeError("pad: pad_width must be static (Python ints), got a traced value")
    width = np.asarray(pad_width)
    if width.dtype.kind not in "iu" and width.size:
        raise MeshjitTypeError(f"pad: pad_width must be integers, got {pad_width!r}")
    try:
        width = np.broadcast_to(width.astype(np.int64), (ndim, 2))
    except ValueError:
        raise MeshjitValueError(
            f"pad: pad_width {pad_width!r} does not fit an array of rank {ndim}"
        ) from None
    if (width < 0).any():
        raise MeshjitValueError(f"pad: pad_width must be nonnegative, got {pad_width!r}")
    return [(int(lo), int(hi)) for lo, hi in width]


def _pad_constant(x, width, constant_values):
    aval = aval_of(x)
    if is_traced(constant_values) or np.ndim(constant_values) == 0:
        value = lax.convert_element_type(constant_values, aval.dtype)
        return lax.pad(x, value, [(lo, hi, 0) for lo, hi in width])
    values = np.broadcast_to(np.asarray(constant_values), (aval.ndim, 2))
    for axis, ((lo, hi), (v_lo, v_hi)) in enumerate(zip(width, values)):
        for config, value in (((lo, 0, 0), v_lo), ((0, hi, 0), v_hi)):
            if config[0] or config[1]:
                axis_config = [(0, 0, 0)] * aval.ndim
                axis_config[axis] = config
                x = lax.pad(x, lax.convert_element_type(value, aval.dtype), axis_config)
    return x


_INDEX_PAD_MODES = ("edge", "reflect", "symmetric", "wrap")


def pad(array, pad_width, mode="constant", **kwargs):
    """NumPy's pad for modes constant, edge, reflect, symmetric and wrap (static widths)."""
    x = materialize(array)
    aval = aval_of(x)
    width = _pad_width(pad_width, aval.ndim)
    if callable(mode) or mode not in ("constant",) + _INDEX_PAD_MODES:
        raise MeshjitValueError(
            f"pad: mode {mode!r} is not supported; use one of 'constant', "
            + ", ".join(repr(m) for m in _INDEX_PAD_MODES)
        )
    allowed = {"constant": {"constant_values"}, "reflect": {"reflect_type"}}
    allowed["symmetric"] = allowed["reflect"]
    unknown = set(kwargs) - allowed.get(mode, set())
    if unknown:
        raise MeshjitValueError(f"pad: unsupported keyword(s) {sorted(unknown)} for mode {mode!r}")
    if mode == "constant":
        return _pad_constant(x, width, kwargs.get("constant_values", 0))
    for axis, (lo, hi) in enumerate(width):
        if lo == hi == 0:
            continue
        if aval.shape[axis] == 0:
            raise MeshjitValueError(
                f"pad: mode {mode!r} cannot pad axis {axis} of size 0 in {aval.str_short()}"
            )
        x = _pad_axis_by_index(x, axis, (lo, hi), mode, kwargs.get("reflect_type", "even"))
    return materialize(x)


def _pad_axis_by_index(x, axis, width, mode, reflect_type):
    """Edge, reflect, symmetric and wrap padding all copy entries: NumPy's own pad of the index
    range says which. An odd reflection mirrors values through the edge: 2 * edge - mirror."""
    if reflect_type not in ("even", "odd"):
        raise MeshjitValueError(f"pad: reflect_type must be 'even' or 'odd', got {reflect_type!r}")
    size = aval_of(x).shape[axis]
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
        raise MeshjitValueError(f"roll: {len(shifts)} shifts do not match {len(axes)} axes")
    ndim = aval_of(x).ndim
    for s, ax in zip(shifts, axes):
        x = _roll_axis(x, s, static_axis(ax, ndim))
    return x


def _shift_list(shift):
    if is_meshjit_value(shift):
        ndim = aval_of(shift).ndim
        if ndim > 1:
            raise MeshjitValueError(f"roll: shift must be a scalar or 1-D, got {aval_of(shift)}")
        return [shift] if ndim == 0 else [shift[i] for i in range(aval_of(shift).shape[0])]
    return [int(s) for s in np.asarray(shift).reshape(-1)]


def _roll_axis(x, shift, axis):
    size = aval_of(x).shape[axis]
    if size == 0:
        return x
    if not is_meshjit_value(shift):
        return take_static(x, (np.arange(size) - int(shift)) % size, axis)
    start = remainder(negative(astype(shift, dtypes.int32)), size)
    doubled = lax.concatenate([x, x], axis)
    return lax.dynamic_slice_in_dim(doubled, start, size, axis)


def tile(A, reps):
    x = materialize(A)
    reps = (int(reps),) if np.ndim(reps) == 0 else tuple(int(r) for r in reps)
    shape = aval_of(x).shape
    ndim = builtins.max(len(shape), len(reps))
    shape = (1,) * (ndim - len(shape)) + shape
    reps = (1,) * (ndim - len(reps)) + reps
    x = lax.reshape(x, shape)
    interleaved = [n for pair in zip(reps, shape) for n in pair]
    x = lax.broadcast_in_dim(x, interleaved, tuple(range(1, 2 * ndim, 2)))
    return materialize(lax.reshape(x, [r * d for r, d in zip(reps, shape)]))


def repeat(a, repeats, axis=None, *, total_repeat_length=None):
    x = materialize(a)
    if axis is None:
        x, axis = ravel(x), 0
    axis = static_axis(axis, aval_of(x).ndim)
    size = aval_of(x).shape[axis]
    if is_traced(repeats):
        return _repeat_traced(x, repeats, axis, total_repeat_length)
    reps = np.asarray(repeats)
    if reps.dtype.kind not in "iub":
        raise MeshjitTypeError(f"repeat: repeats must be integers, got {reps.dtype}")
    if (reps < 0).any():
        raise MeshjitValueError("repeat: repeats may not contain negative values")
    if reps.ndim == 0 and total_repeat_length is None:
        shape = aval_of(x).shape
        wide = shape[: axis + 1] + (int(reps),) + shape[axis + 1 :]
        dims = tuple(range(axis + 1)) + tuple(range(axis + 2, len(wide)))
        out_shape = shape[:axis] + (size * int(reps),) + shape[axis + 1 :]
        return lax.reshape(lax.broadcast_in_dim(x, wide, dims), out_shape)
    try:
        idx = np.repeat(np.arange(size), reps)
    except ValueError:
        raise MeshjitValueError(
            f"repeat: repeats of shape {reps.shape} do not match axis {axis} of size {size}"
        ) from None
    if total_repeat_length is not None:
        idx = np.pad(
            idx[:total_repeat_length],
            (0, builtins.max(total_repeat_length - len(idx), 0)),
            mode="constant",
            constant_values=size - 1,
        )
    return take_static(x, idx, axis)


def _repeat_traced(x, repeats, axis, total):
    if total is None:
        raise MeshjitValueError(
            "repeat: traced repeats need a static total_repeat_length (the output size must be "
            "known while tracing)"
        )
    size = aval_of(x).shape[axis]
    reps = broadcast_to(astype(repeats, dtypes.int32), (size,))
    ends = cumsum(reps)
    positions = lax.iota(dtypes.int32, total)
    source = sum(less_equal(ends[None, :], positions[:, None]), axis=1)
    source = minimum(source, size - 1)
    return take(x, source, axis=axis, mode="clip")


def flip(m, axis=None):
    x = materialize(m)
    return lax.rev(x, checks.canonical_axes(axis, aval_of(x).ndim))


def fliplr(m):
    if aval_of(m).ndim < 2:
        raise MeshjitValueError(f"fliplr needs an array of rank >= 2, got {aval_of(m).str_short()}")
    return flip(m, 1)


def flipud(m):
    if aval_of(m).ndim < 1:
        raise MeshjitValueError("flipud needs an array of rank >= 1, got a scalar")
    return flip(m, 0)


def rot90(m, k=1, axes=(0, 1)):
    x = materialize(m)
    ndim = aval_of(x).ndim
    ax0, ax1 = checks.canonical_axes(tuple(axes), ndim, "rot90 axis")
    if len(axes) != 2:
        raise MeshjitValueError(f"rot90: axes must be two distinct axes, got {axes}")
    k = int(k) % 4
    if k == 0:
        return x
    if k == 2:
        return flip(flip(x, ax0), ax1)
    perm = list(range(ndim))
    perm[ax0], perm[ax1] = ax1, ax0
    if k == 1:
        return lax.transpose(flip(x, ax1), perm)
    return flip(lax.transpose(x, perm), ax1)
