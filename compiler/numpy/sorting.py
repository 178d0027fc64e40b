"""meshjit.numpy searching and order statistics: searchsorted, the static-size nonzero family
(nonzero, flatnonzero, argwhere, unique with JAX's `size=`), quantile, percentile, median, interp.

Written over existing primitives (sort, gather, select, reductions); `numpy_api` star-imports
this module at its end.
"""

from __future__ import annotations

import math

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import MeshjitError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.lax import sorting as lax_sort
from meshjit.compiler.numpy import api as _jnp
from meshjit.compiler.numpy.api import _materialize, aval_of
from meshjit.compiler.numpy.shapes import (
    _is_traced,
    _isnan,
    _take_static,
)

__all__ = [
    "searchsorted",
    "nonzero",
    "flatnonzero",
    "argwhere",
    "unique",
    "quantile",
    "percentile",
    "median",
    "interp",
]


# ---------------------------------------------------------------------------------------------
# searchsorted and the static-size nonzero family.


def searchsorted(a, v, side="left", sorter=None, *, method=None):
    if side not in ("left", "right"):
        raise MeshjitValueError(f"searchsorted: side must be 'left' or 'right', got {side!r}")
    a = _materialize(a)
    if aval_of(a).ndim != 1:
        raise MeshjitValueError(f"searchsorted needs a 1-D array a, got {aval_of(a).str_short()}")
    if sorter is not None:
        a = _jnp.take(a, sorter, mode="clip")
    a, v = _jnp._promote(a, v)
    v = _materialize(v)
    before = _jnp.less if side == "left" else _jnp.less_equal
    counts = before(a, _jnp.expand_dims(v, -1))
    return _jnp.sum(counts, axis=-1, dtype=dtypes.int32)


def _static_size(name, a, count):
    """The number of results when no `size=` is given: known only for concrete inputs."""
    if _is_traced(a):
        raise MeshjitError(
            f"{name}: the output size depends on the values of a traced array; pass a static "
            f"size=... (and optionally fill_value=...) to use {name} under jit"
        )
    return int(count(np.asarray(a)))


def _first_true(mask, size):
    """Flat positions (int32) of the first `size` True entries of 1-D `mask`; N pads."""
    n = aval_of(mask).shape[0]
    iota = lax.iota(dtypes.int32, n)
    keys = lax.select(mask, iota, lax.full((n,), n, dtypes.int32))
    ordered = lax_sort.sort(keys) if n else keys
    if size <= n:
        return lax.slice(ordered, (0,), (size,))
    return lax.pad(ordered, np.int32(n), [(0, size - n, 0)])


def nonzero(a, *, size=None, fill_value=None):
    x = _materialize(a)
    aval = aval_of(x)
    if aval.ndim == 0:
        raise MeshjitValueError("nonzero is not defined for a scalar; use atleast_1d first")
    if size is None:
        size = _static_size("nonzero", a, np.count_nonzero)
    mask = _jnp.ravel(_jnp.not_equal(x, False if dtypes.is_bool(aval.dtype) else 0))
    flat = _first_true(mask, int(size))
    valid = lax.lt(flat, aval.size)
    fills = np.broadcast_to(np.asarray(0 if fill_value is None else fill_value), (aval.ndim,))
    out, stride = [], 1
    for d in reversed(range(aval.ndim)):
        index = lax.rem(lax.div(flat, np.int32(stride)), np.int32(aval.shape[d] or 1))
        fill = lax.full((int(size),), fills[d], dtypes.int32)
        out.insert(0, lax.select(valid, index, fill))
        stride *= aval.shape[d]
    return tuple(out)


def flatnonzero(a, *, size=None, fill_value=None):
    return nonzero(_jnp.ravel(a), size=size, fill_value=fill_value)[0]


def argwhere(a, *, size=None, fill_value=None):
    x = _materialize(a)
    if aval_of(x).ndim == 0:
        count = size if size is not None else _static_size("argwhere", a, np.count_nonzero)
        return lax.full((int(count), 0), 0, dtypes.int32)
    return _jnp.stack(nonzero(x, size=size, fill_value=fill_value), axis=1)


def _unique_mask(sorted_x, equal_nan):
    prev, cur = sorted_x[:-1], sorted_x[1:]
    differs = _jnp.not_equal(cur, prev)
    if equal_nan and dtypes.is_float(aval_of(sorted_x).dtype):
        both_nan = _jnp.logical_and(_isnan(cur), _isnan(prev))
        differs = _jnp.logical_and(differs, _jnp.logical_not(both_nan))
    return _jnp.concatenate([np.ones((1,), bool), differs])


def _np_unique_count(x, equal_nan):
    values = np.unique(x.reshape(-1), equal_nan=equal_nan)
    return len(values)


def unique(
    ar,
    return_index=False,
    return_inverse=False,
    return_counts=False,
    axis=None,
    *,
    equal_nan=True,
    size=None,
    fill_value=None,
):
    if axis is not None:
        raise MeshjitValueError("unique: only axis=None (the flattened array) is supported")
    x = _jnp.ravel(ar)
    n = aval_of(x).shape[0]
    if size is None:
        size = _static_size("unique", ar, lambda v: _np_unique_count(v, equal_nan))
    size = int(size)
    if n == 0:
        if size and fill_value is None:
            raise MeshjitValueError("unique: an empty input with size > 0 needs a fill_value")
        values = lax.full((size,), 0 if fill_value is None else fill_value, aval_of(x).dtype)
        extras = [lax.full((size,), 0, dtypes.int32)] * return_index
        extras += [lax.full((0,), 0, dtypes.int32)] * return_inverse
        extras += [lax.full((size,), 0, dtypes.int32)] * return_counts
        return (values, *extras) if extras else values
    iota = lax.iota(dtypes.int32, n)
    sorted_x, perm = lax_sort.sort_key_val(x, iota)
    mask = _unique_mask(sorted_x, equal_nan)
    first = _first_true(mask, size)
    valid = lax.lt(first, n)
    firsts = lax.select(valid, first, lax.full((size,), 0, dtypes.int32))
    values = _jnp.take(sorted_x, firsts, mode="clip")
    if fill_value is not None:
        values = _jnp.where(valid, values, lax.convert_element_type(fill_value, aval_of(x).dtype))
    results = [values]
    if return_index:
        results.append(_jnp.take(perm, firsts, mode="clip"))
    group = lax.sub(_jnp.cumsum(mask, dtype=dtypes.int32), np.int32(1))
    if return_inverse:
        _, inverse = lax_sort.sort_key_val(perm, group)
        results.append(_jnp.reshape(inverse, aval_of(ar).shape))
    if return_counts:
        ids = lax.broadcasted_iota(dtypes.int32, (size, n), 0)
        results.append(_jnp.sum(lax.eq(ids, lax.broadcast(group, (size,))), 1, dtypes.int32))
    return results[0] if len(results) == 1 else tuple(results)


# ---------------------------------------------------------------------------------------------
# Order statistics.

_QUANTILE_METHODS = ("linear", "lower", "higher", "nearest", "midpoint")


def quantile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False):
    if out is not None:
        raise MeshjitValueError("quantile: the 'out' argument is not supported")
    if method not in _QUANTILE_METHODS:
        raise MeshjitValueError(
            f"quantile: method {method!r} is not supported; use one of {_QUANTILE_METHODS}"
        )
    x = _materialize(a)
    (x,) = _jnp._promote_inexact(x)
    x = _jnp._materialize(x)
    q = _jnp.asarray(q) if _is_traced(q) or _jnp._is_meshjit_array(q) else np.asarray(q)
    aval = aval_of(x)
    axes = checks.canonical_axes(axis, aval.ndim)
    kept = [d for d in range(aval.ndim) if d not in axes]
    x = lax.transpose(x, kept + list(axes))
    count = math.prod(aval.shape[d] for d in axes)
    x = lax.reshape(x, [aval.shape[d] for d in kept] + [count])
    if count == 0:
        raise MeshjitValueError(f"quantile of an empty selection of {aval.str_short()}")
    sorted_x = lax_sort.sort(x, dimension=aval_of(x).ndim - 1)
    if isinstance(q, np.ndarray):
        result = _static_quantile(sorted_x, q, method)
    else:
        result = _quantile_last_axis(sorted_x, q, method)
    result = _propagate_nan(result, x, aval_of(q).ndim)
    if keepdims:
        shape = aval_of(q).shape + tuple(1 if d in axes else n for d, n in enumerate(aval.shape))
        result = lax.reshape(result, shape)
    return result


def _static_quantile(sorted_x, q, method):
    """Quantiles at known q: the positions are static, so the picks are slices."""
    if ((q < 0) | (q > 1)).any():
        raise MeshjitValueError(f"quantile: q must be in [0, 1], got {q}")
    *batch, n = aval_of(sorted_x).shape
    position = q.astype(np.float64) * (n - 1)
    low, high = np.floor(position).astype(np.int64), np.ceil(position).astype(np.int64)
    if method == "nearest":
        low = high = np.around(position).astype(np.int64)
    elif method == "lower":
        high = low
    elif method == "higher":
        low = high

    def pick(index):
        picked = _take_static(sorted_x, index.reshape(-1), len(batch))
        return lax.reshape(_jnp.moveaxis(picked, -1, 0), q.shape + tuple(batch))

    lo_vals = pick(low)
    if method in ("lower", "higher", "nearest") or np.array_equal(low, high):
        return lo_vals
    hi_vals = pick(high)
    if method == "midpoint":
        return _jnp.multiply(_jnp.add(lo_vals, hi_vals), 0.5)
    dtype = aval_of(sorted_x).dtype
    frac = (position - low).astype(dtype).reshape(q.shape + (1,) * len(batch))
    return _jnp.add(lo_vals, _jnp.multiply(frac, _jnp.subtract(hi_vals, lo_vals)))


def _quantile_last_axis(sorted_x, q, method):
    """Quantiles `q` of each row of `sorted_x`, with q's axes first (NumPy's layout)."""
    n = aval_of(sorted_x).shape[-1]
    batch = aval_of(sorted_x).shape[:-1]
    q = lax.convert_element_type(q, aval_of(sorted_x).dtype)
    position = _jnp.multiply(q, n - 1)
    low = _jnp.clip(_jnp.floor(position), 0, n - 1)
    high = _jnp.clip(_jnp.ceil(position), 0, n - 1)
    if method == "nearest":
        low = high = _jnp.clip(_jnp.round(position), 0, n - 1)
    lo_vals = _take_rows(sorted_x, low, batch)
    hi_vals = _take_rows(sorted_x, high, batch)
    frac = _jnp.subtract(position, low)
    frac = lax.broadcast_in_dim(frac, aval_of(lo_vals).shape, tuple(range(aval_of(q).ndim)))
    if method == "lower" or method == "nearest":
        return lo_vals
    if method == "higher":
        return hi_vals
    if method == "midpoint":
        return _jnp.multiply(_jnp.add(lo_vals, hi_vals), 0.5)
    return _jnp.add(lo_vals, _jnp.multiply(frac, _jnp.subtract(hi_vals, lo_vals)))


def _take_rows(sorted_x, positions, batch):
    """sorted_x[..., positions] laid out as positions.shape + batch."""
    idx = lax.convert_element_type(positions, dtypes.int32)
    picked = _jnp.take(sorted_x, _jnp.ravel(idx), axis=len(batch), mode="clip")
    picked = _jnp.moveaxis(picked, -1, 0)
    return lax.reshape(picked, aval_of(idx).shape + batch)


def _propagate_nan(result, x, q_ndim):
    """As NumPy, a row holding a NaN has NaN quantiles."""
    has_nan = _jnp.any(_isnan(x), axis=-1)
    has_nan = lax.broadcast(has_nan, aval_of(result).shape[:q_ndim])
    return _jnp.where(has_nan, np.array(np.nan, aval_of(result).dtype), result)


def percentile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False):
    q = _jnp.true_divide(q, 100.0)
    return quantile(a, q, axis, out, overwrite_input, method, keepdims)


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    return quantile(a, 0.5, axis, out, overwrite_input, "midpoint", keepdims)


def interp(x, xp, fp, left=None, right=None, period=None):
    if period is not None:
        raise MeshjitValueError("interp: the 'period' argument is not supported")
    x, xp, fp = _jnp._promote_inexact(x, xp, fp)
    x, xp, fp = _materialize(x), _materialize(xp), _materialize(fp)
    n = aval_of(xp).shape[0]
    if aval_of(xp).ndim != 1 or aval_of(fp).shape != (n,) or n == 0:
        raise MeshjitValueError(
            f"interp: xp and fp must be 1-D of one nonzero length, got "
            f"{aval_of(xp).str_short()} and {aval_of(fp).str_short()}"
        )
    if n == 1:
        return _jnp.broadcast_to(fp[0], aval_of(x).shape)
    i = _jnp.clip(searchsorted(xp, x, side="right"), 1, n - 1)
    x0, x1 = _jnp.take(xp, i - 1, mode="clip"), _jnp.take(xp, i, mode="clip")
    f0, f1 = _jnp.take(fp, i - 1, mode="clip"), _jnp.take(fp, i, mode="clip")
    dx = _jnp.subtract(x1, x0)
    safe_dx = _jnp.where(dx == 0, 1.0, dx)
    f = _jnp.add(
        f0, _jnp.multiply(_jnp.divide(_jnp.subtract(x, x0), safe_dx), _jnp.subtract(f1, f0))
    )
    f = _jnp.where(dx == 0, f0, f)
    f = _jnp.where(x < xp[0], fp[0] if left is None else left, f)
    return _jnp.where(x > xp[-1], fp[-1] if right is None else right, f)
