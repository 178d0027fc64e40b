"""meshjit.numpy shape and indexing functions: pad, roll, tile, repeat, flips, diagonals, diff,
meshgrid, stacking helpers, kron, cross, select. (Searching, the static-size nonzero family,
unique and the order statistics live in numpy_order.)

Everything here is written over existing primitives (slice, concatenate, rev, gather, sort,
select, reductions), so every function is differentiable where its primitives are. Indices that
are known while tracing (pad modes, static rolls and repeats) become slices and concatenations
rather than gathers, as in JAX.

`numpy_api` star-imports this module at its end; functions defined later there (sort, take)
are reached through the module at call time.
"""

from __future__ import annotations

import builtins

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.lax import gather_scatter as lax_gather
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.numpy import api as _jnp
from meshjit.compiler.numpy.api import _materialize, aval_of
from meshjit.compiler.numpy.indexing import getitem
from meshjit.compiler.trace.tracing import Tracer

__all__ = [
    "atleast_2d",
    "atleast_3d",
    "column_stack",
    "cross",
    "diag",
    "diagonal",
    "diff",
    "dsplit",
    "dstack",
    "flip",
    "fliplr",
    "flipud",
    "hsplit",
    "kron",
    "meshgrid",
    "pad",
    "repeat",
    "roll",
    "rot90",
    "select",
    "tile",
    "trace",
    "vsplit",
]


def _is_traced(x) -> bool:
    return isinstance(x, Tracer)


def _isnan(x):
    return lax.ne(x, x)


def _canonical_axis(axis, ndim, what="axis"):
    return checks.canonical_axis(int(axis), ndim, what)


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


def _take_static(x, idx, axis: int):
    """x indexed along `axis` by the static in-bounds integer array `idx`."""
    idx = np.asarray(idx, np.int64).reshape(-1)
    size = aval_of(x).shape[axis]
    if len(idx) == size and np.array_equal(idx, np.arange(size)):
        return x
    runs = _index_runs(idx)
    if len(runs) > _MAX_RUNS:
        return _jnp.take(x, idx.astype(np.int32), axis=axis, mode="clip")
    pieces = []
    for start, length, step in runs:
        lo = start if step == 1 else start - length + 1
        piece = lax.slice_in_dim(x, lo, lo + length, 1, axis)
        pieces.append(piece if step == 1 or length == 1 else lax_gather.rev(piece, (axis,)))
    if not pieces:
        return lax.slice_in_dim(x, 0, 0, 1, axis)
    return lax.concatenate(pieces, axis)


# ---------------------------------------------------------------------------------------------
# pad.


def _pad_width(pad_width, ndim):
    if _is_traced(pad_width) or _jnp._is_meshjit_array(pad_width):
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
    if _is_traced(constant_values) or np.ndim(constant_values) == 0:
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
    x = _materialize(array)
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
    return _materialize(x)


def _pad_axis_by_index(x, axis, width, mode, reflect_type):
    """Edge, reflect, symmetric and wrap padding all copy entries: NumPy's own pad of the index
    range says which. An odd reflection mirrors values through the edge: 2 * edge - mirror."""
    if reflect_type not in ("even", "odd"):
        raise MeshjitValueError(f"pad: reflect_type must be 'even' or 'odd', got {reflect_type!r}")
    size = aval_of(x).shape[axis]
    if reflect_type == "even" or mode in ("edge", "wrap") or size == 1:
        return _take_static(x, np.pad(np.arange(size), width, mode=mode), axis)
    # Reflections past the first mirror through the new edge, so pad one period at a time.
    period = size - 1 if mode == "reflect" else size
    lo, hi = width
    while lo or hi:
        step = (builtins.min(lo, period), builtins.min(hi, period))
        index = np.arange(aval_of(x).shape[axis])
        mirrored = _take_static(x, np.pad(index, step, mode=mode), axis)
        edges = _take_static(x, np.pad(index, step, mode="edge"), axis)
        x = _jnp.subtract(_jnp.multiply(edges, 2), mirrored)
        lo, hi = lo - step[0], hi - step[1]
    return x


# ---------------------------------------------------------------------------------------------
# roll, tile, repeat, flips, rot90.


def roll(a, shift, axis=None):
    x = _materialize(a)
    if axis is None:
        shape = aval_of(x).shape
        return _jnp.reshape(roll(_jnp.ravel(x), shift, 0), shape)
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
        x = _roll_axis(x, s, _canonical_axis(ax, ndim))
    return x


def _shift_list(shift):
    if _is_traced(shift) or _jnp._is_meshjit_array(shift):
        ndim = aval_of(shift).ndim
        if ndim > 1:
            raise MeshjitValueError(f"roll: shift must be a scalar or 1-D, got {aval_of(shift)}")
        return [shift] if ndim == 0 else [shift[i] for i in range(aval_of(shift).shape[0])]
    return [int(s) for s in np.asarray(shift).reshape(-1)]


def _roll_axis(x, shift, axis):
    size = aval_of(x).shape[axis]
    if size == 0:
        return x
    if not (_is_traced(shift) or _jnp._is_meshjit_array(shift)):
        return _take_static(x, (np.arange(size) - int(shift)) % size, axis)
    start = _jnp.remainder(_jnp.negative(_jnp.astype(shift, dtypes.int32)), size)
    doubled = lax.concatenate([x, x], axis)
    return lax.dynamic_slice_in_dim(doubled, start, size, axis)


def tile(A, reps):
    x = _materialize(A)
    reps = (int(reps),) if np.ndim(reps) == 0 else tuple(int(r) for r in reps)
    shape = aval_of(x).shape
    ndim = builtins.max(len(shape), len(reps))
    shape = (1,) * (ndim - len(shape)) + shape
    reps = (1,) * (ndim - len(reps)) + reps
    x = lax.reshape(x, shape)
    interleaved = [n for pair in zip(reps, shape) for n in pair]
    x = lax.broadcast_in_dim(x, interleaved, tuple(range(1, 2 * ndim, 2)))
    return _materialize(lax.reshape(x, [r * d for r, d in zip(reps, shape)]))


def repeat(a, repeats, axis=None, *, total_repeat_length=None):
    x = _materialize(a)
    if axis is None:
        x, axis = _jnp.ravel(x), 0
    axis = _canonical_axis(axis, aval_of(x).ndim)
    size = aval_of(x).shape[axis]
    if _is_traced(repeats):
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
    return _take_static(x, idx, axis)


def _repeat_traced(x, repeats, axis, total):
    if total is None:
        raise MeshjitValueError(
            "repeat: traced repeats need a static total_repeat_length (the output size must be "
            "known while tracing)"
        )
    size = aval_of(x).shape[axis]
    reps = _jnp.broadcast_to(_jnp.astype(repeats, dtypes.int32), (size,))
    ends = _jnp.cumsum(reps)
    positions = lax.iota(dtypes.int32, total)
    source = _jnp.sum(_jnp.less_equal(ends[None, :], positions[:, None]), axis=1)
    source = _jnp.minimum(source, size - 1)
    return _jnp.take(x, source, axis=axis, mode="clip")


def flip(m, axis=None):
    x = _materialize(m)
    return lax_gather.rev(x, checks.canonical_axes(axis, aval_of(x).ndim))


def fliplr(m):
    if aval_of(m).ndim < 2:
        raise MeshjitValueError(f"fliplr needs an array of rank >= 2, got {aval_of(m).str_short()}")
    return flip(m, 1)


def flipud(m):
    if aval_of(m).ndim < 1:
        raise MeshjitValueError("flipud needs an array of rank >= 1, got a scalar")
    return flip(m, 0)


def rot90(m, k=1, axes=(0, 1)):
    x = _materialize(m)
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


# ---------------------------------------------------------------------------------------------
# Diagonals, trace, diff.


def diagonal(a, offset=0, axis1=0, axis2=1):
    x = _materialize(a)
    ndim = aval_of(x).ndim
    if ndim < 2:
        raise MeshjitValueError(
            f"diagonal needs an array of rank >= 2, got {aval_of(x).str_short()}"
        )
    ax1, ax2 = _canonical_axis(axis1, ndim), _canonical_axis(axis2, ndim)
    if ax1 == ax2:
        raise MeshjitValueError(f"diagonal: axis1 and axis2 must differ, got {axis1} and {axis2}")
    x = _jnp.moveaxis(x, (ax1, ax2), (-2, -1))
    rows, cols = aval_of(x).shape[-2:]
    offset = int(offset)
    n = builtins.max(
        0, builtins.min(rows + builtins.min(offset, 0), cols - builtins.max(offset, 0))
    )
    r = np.arange(n, dtype=np.int32) + builtins.max(-offset, 0)
    c = np.arange(n, dtype=np.int32) + builtins.max(offset, 0)
    if n == 0:
        return lax.full(aval_of(x).shape[:-2] + (0,), 0, aval_of(x).dtype)
    return getitem(x, (Ellipsis, r, c), mode="clip")


def diag(v, k=0):
    x = _materialize(v)
    aval = aval_of(x)
    if aval.ndim == 2:
        return diagonal(x, k)
    if aval.ndim != 1:
        raise MeshjitValueError(f"diag needs a 1-D or 2-D array, got {aval.str_short()}")
    k = int(k)
    n = aval.shape[0] + builtins.abs(k)
    x = lax.pad(x, lax.convert_element_type(0, aval.dtype), [(0, builtins.abs(k), 0)])
    rows = lax.broadcasted_iota(dtypes.int32, (n, n), 0)
    cols = lax.broadcasted_iota(dtypes.int32, (n, n), 1)
    along = (0,) if k >= 0 else (1,)
    values = lax.broadcast_in_dim(x, (n, n), along)
    zeros = lax.full((n, n), 0, aval.dtype)
    return lax.select(lax.eq(lax.sub(cols, rows), k), values, zeros)


def trace(a, offset=0, axis1=0, axis2=1, dtype=None):
    return _jnp.sum(diagonal(a, offset, axis1, axis2), axis=-1, dtype=dtype)


def _edge_values(value, x, axis):
    """prepend/append values as a slab of `x`'s shape with length 1 (scalars) along `axis`."""
    value = _materialize(value)
    shape = list(aval_of(x).shape)
    if aval_of(value).ndim == 0:
        shape[axis] = 1
        return _jnp.broadcast_to(value, tuple(shape))
    return value


def diff(a, n=1, axis=-1, prepend=None, append=None):
    x = _materialize(a)
    n = int(n)
    if n < 0:
        raise MeshjitValueError(f"diff: order n must be nonnegative, got {n}")
    if n == 0:
        return x
    axis = _canonical_axis(axis, aval_of(x).ndim)
    pieces = [x]
    if prepend is not None:
        pieces.insert(0, _edge_values(prepend, x, axis))
    if append is not None:
        pieces.append(_edge_values(append, x, axis))
    x = _jnp.concatenate(pieces, axis) if len(pieces) > 1 else x
    subtract = _jnp.not_equal if dtypes.is_bool(aval_of(x).dtype) else _jnp.subtract
    for _ in range(n):
        size = aval_of(x).shape[axis]
        if size == 0:
            break
        x = subtract(
            lax.slice_in_dim(x, 1, size, 1, axis), lax.slice_in_dim(x, 0, size - 1, 1, axis)
        )
    return x


# ---------------------------------------------------------------------------------------------
# meshgrid, atleast_nd, splitting and stacking, kron, cross, select.


def meshgrid(*xi, copy=True, sparse=False, indexing="xy"):
    if indexing not in ("xy", "ij"):
        raise MeshjitValueError(f"meshgrid: indexing must be 'xy' or 'ij', got {indexing!r}")
    xs = [_jnp.ravel(x) for x in xi]
    shape = [aval_of(x).shape[0] for x in xs]
    if indexing == "xy" and len(xs) >= 2:
        shape[0], shape[1] = shape[1], shape[0]
    out = []
    for i, x in enumerate(xs):
        dim = {0: 1, 1: 0}.get(i, i) if indexing == "xy" and len(xs) >= 2 else i
        if sparse:
            sparse_shape = [1] * len(xs)
            sparse_shape[dim] = shape[dim]
            out.append(lax.reshape(x, sparse_shape))
        else:
            out.append(lax.broadcast_in_dim(x, shape, (dim,)))
    return out


def _atleast(arrays, shape_of):
    out = [_jnp.reshape(a, shape_of(aval_of(a).shape)) for a in arrays]
    return out[0] if len(out) == 1 else out


def atleast_2d(*arys):
    return _atleast(arys, lambda s: s if len(s) >= 2 else (1,) * (2 - len(s)) + s)


def atleast_3d(*arys):
    table = {0: lambda s: (1, 1, 1), 1: lambda s: (1, s[0], 1), 2: lambda s: s + (1,)}
    return _atleast(arys, lambda s: table[len(s)](s) if len(s) < 3 else s)


def hsplit(ary, indices_or_sections):
    axis = 0 if aval_of(ary).ndim == 1 else 1
    return _split_checked("hsplit", ary, indices_or_sections, axis, 1)


def vsplit(ary, indices_or_sections):
    return _split_checked("vsplit", ary, indices_or_sections, 0, 2)


def dsplit(ary, indices_or_sections):
    return _split_checked("dsplit", ary, indices_or_sections, 2, 3)


def _split_checked(name, ary, indices_or_sections, axis, min_rank):
    if aval_of(ary).ndim < min_rank:
        raise MeshjitValueError(
            f"{name} needs an array of rank >= {min_rank}, got {aval_of(ary).str_short()}"
        )
    return _jnp.split(ary, indices_or_sections, axis)


def dstack(tup):
    arrays = atleast_3d(*tup)
    return _jnp.concatenate(arrays if isinstance(arrays, list) else [arrays], 2)


def column_stack(tup):
    arrays = [_jnp.reshape(a, (-1, 1)) if aval_of(a).ndim < 2 else a for a in tup]
    return _jnp.concatenate(arrays, 1)


def kron(a, b):
    a, b = _jnp._promote(a, b)
    a, b = _materialize(a), _materialize(b)
    sa, sb = aval_of(a).shape, aval_of(b).shape
    ndim = builtins.max(len(sa), len(sb))
    sa, sb = (1,) * (ndim - len(sa)) + sa, (1,) * (ndim - len(sb)) + sb
    a = lax.reshape(a, [n for d in sa for n in (d, 1)])
    b = lax.reshape(b, [n for d in sb for n in (1, d)])
    return _jnp.reshape(_jnp.multiply(a, b), [p * q for p, q in zip(sa, sb)])


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    if axis is not None:
        axisa = axisb = axisc = axis
    a, b = _jnp._promote(a, b)
    a = _jnp.moveaxis(_materialize(a), _canonical_axis(axisa, aval_of(a).ndim), -1)
    b = _jnp.moveaxis(_materialize(b), _canonical_axis(axisb, aval_of(b).ndim), -1)
    na, nb = aval_of(a).shape[-1], aval_of(b).shape[-1]
    if na not in (2, 3) or nb not in (2, 3):
        raise MeshjitValueError(
            f"cross: vectors must have 2 or 3 components, got {na} and {nb} along the given axes"
        )
    ca = [a[..., i] for i in range(na)]
    cb = [b[..., i] for i in range(nb)]
    sub, mul = _jnp.subtract, _jnp.multiply
    if na == nb == 2:
        return sub(mul(ca[0], cb[1]), mul(ca[1], cb[0]))
    ca += [0] * (3 - na)
    cb += [0] * (3 - nb)
    parts = [
        sub(mul(ca[(i + 1) % 3], cb[(i + 2) % 3]), mul(ca[(i + 2) % 3], cb[(i + 1) % 3]))
        for i in range(3)
    ]
    parts = _jnp.broadcast_arrays(*parts)
    out = _jnp.stack(parts, -1)
    return _jnp.moveaxis(out, -1, _canonical_axis(axisc, aval_of(out).ndim))


def select(condlist, choicelist, default=0):
    condlist, choicelist = list(condlist), list(choicelist)
    if len(condlist) != len(choicelist):
        raise MeshjitValueError(
            f"select: condlist has {len(condlist)} entries but choicelist has {len(choicelist)}"
        )
    if not condlist:
        raise MeshjitValueError("select: condlist must not be empty")
    out = default
    for cond, choice in reversed(list(zip(condlist, choicelist))):
        if not dtypes.is_bool(aval_of(cond).dtype):
            raise MeshjitTypeError(f"select: conditions must be boolean, got {aval_of(cond)}")
        out = _jnp.where(cond, choice, out)
    return _materialize(out)
