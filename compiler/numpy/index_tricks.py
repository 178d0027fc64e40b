"""meshjit.numpy's index helpers: indices, ix_, mgrid / ogrid, r_ / c_ / s_ / index_exp, the
triangle and diagonal index sets, ravel_multi_index / unravel_index."""

from __future__ import annotations

import numpy as np

from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.numpy.creation import arange, asarray, linspace
from meshjit.compiler.numpy.elementwise import where
from meshjit.compiler.numpy.shapes import atleast_1d, concatenate, reshape
from meshjit.compiler.numpy.util import aval_of

__all__ = [
    "c_",
    "diag_indices",
    "diag_indices_from",
    "index_exp",
    "indices",
    "ix_",
    "mask_indices",
    "mgrid",
    "ogrid",
    "r_",
    "ravel_multi_index",
    "s_",
    "tril_indices",
    "tril_indices_from",
    "triu_indices",
    "triu_indices_from",
    "unravel_index",
]

s_, index_exp = np.s_, np.index_exp


def _static(arrays):
    """NumPy index arrays (computed from static sizes) as meshjit arrays of the default int."""
    return tuple(asarray(np.asarray(a, dtypes.default_int)) for a in arrays)


def indices(dimensions, dtype=None, sparse=False):
    grids = np.indices(tuple(dimensions), sparse=sparse)
    dtype = dtypes.canonicalize(dtype or dtypes.default_int)
    if sparse:
        return tuple(asarray(g.astype(dtype)) for g in grids)
    return asarray(grids.astype(dtype))


def ix_(*args):
    out = []
    for i, a in enumerate(args):
        a = asarray(a)
        if aval_of(a).ndim != 1:
            raise MeshjitValueError(f"ix_: argument {i} has rank {aval_of(a).ndim}, not 1")
        shape = [1] * len(args)
        shape[i] = aval_of(a).shape[0]
        out.append(reshape(a, tuple(shape)))
    return tuple(out)


class _Grid:
    """`mgrid[0:4, 0:3]` / `ogrid[...]`: NumPy's grids from static slices, as meshjit arrays."""

    def __init__(self, source):
        self._source = source

    def __getitem__(self, key):
        grid = self._source[key]
        if isinstance(grid, (list, tuple)):
            return [asarray(g, dtypes.canonicalize(g.dtype)) for g in grid]
        return asarray(grid, dtypes.canonicalize(grid.dtype))


mgrid, ogrid = _Grid(np.mgrid), _Grid(np.ogrid)


class _Concatenator:
    """`r_[...]` / `c_[...]`: slices become ranges (a complex step: a number of points), arrays
    are joined along the first (r_) or last (c_, 1-D pieces as columns) axis."""

    def __init__(self, columns: bool):
        self._columns = columns

    def __getitem__(self, key):
        items = key if isinstance(key, tuple) else (key,)
        pieces = [self._piece(item) for item in items]
        if self._columns:
            pieces = [reshape(p, (-1, 1)) if aval_of(p).ndim == 1 else p for p in pieces]
            return concatenate(pieces, axis=-1)
        return concatenate(pieces, axis=0)

    @staticmethod
    def _piece(item):
        if isinstance(item, str):
            raise MeshjitValueError(f"r_ / c_ directives such as {item!r} are not supported")
        if isinstance(item, slice):
            start = 0 if item.start is None else item.start
            step = 1 if item.step is None else item.step
            if isinstance(step, complex):
                return linspace(start, item.stop, int(abs(step)))
            return arange(start, item.stop, step)
        return atleast_1d(asarray(item))


r_, c_ = _Concatenator(False), _Concatenator(True)


def tril_indices(n, k=0, m=None):
    return _static(np.tril_indices(n, k, m))


def triu_indices(n, k=0, m=None):
    return _static(np.triu_indices(n, k, m))


def tril_indices_from(arr, k=0):
    shape = _matrix_shape(arr, "tril_indices_from")
    return tril_indices(shape[0], k, shape[1])


def triu_indices_from(arr, k=0):
    shape = _matrix_shape(arr, "triu_indices_from")
    return triu_indices(shape[0], k, shape[1])


def _matrix_shape(arr, name):
    shape = aval_of(arr).shape
    if len(shape) != 2:
        raise MeshjitValueError(f"{name} needs a 2-D array, got shape {shape}")
    return shape


def diag_indices(n, ndim=2):
    return _static(np.diag_indices(n, ndim))


def diag_indices_from(arr):
    shape = aval_of(arr).shape
    if len(shape) < 2 or len(set(shape)) != 1:
        raise MeshjitValueError(f"diag_indices_from needs a square array, got shape {shape}")
    return diag_indices(shape[0], len(shape))


def mask_indices(n, mask_func, k=0, *, size=None):
    return _static(np.nonzero(np.asarray(mask_func(np.ones((n, n), np.int32), k))))


def ravel_multi_index(multi_index, dims, mode="raise", order="C"):
    """Flat indices of `multi_index` into `dims`. `mode="raise"` checks concrete indices;
    traced ones are clipped, as JAX does."""
    if order not in ("C", "F"):
        raise MeshjitValueError(f"ravel_multi_index: order must be 'C' or 'F', got {order!r}")
    if len(multi_index) != len(dims):
        raise MeshjitValueError(
            f"ravel_multi_index: {len(multi_index)} index arrays for {len(dims)} dimensions"
        )
    strides = (
        np.cumprod((1,) + tuple(dims[::-1])[:-1])[::-1]
        if order == "C"
        else np.cumprod((1,) + tuple(dims)[:-1])
    )
    total = 0
    for idx, size, stride in zip(multi_index, dims, strides):
        idx = asarray(idx)
        if mode == "raise":
            _check_in_bounds(idx, size)
            idx = idx.clip(0, size - 1)
        elif mode == "wrap":
            idx = idx % size
        elif mode == "clip":
            idx = idx.clip(0, size - 1)
        else:
            raise MeshjitValueError(
                f"ravel_multi_index: mode must be raise, wrap or clip: {mode!r}"
            )
        total = total + idx * int(stride)
    return total


def _check_in_bounds(idx, size):
    try:
        values = np.asarray(idx)
    except Exception:  # noqa: BLE001  (a traced index cannot be checked: clipped instead)
        return
    if values.size and (values.min() < 0 or values.max() >= size):
        raise MeshjitValueError(f"ravel_multi_index: an index is out of bounds for size {size}")


def unravel_index(indices, shape):
    """The multi-index of flat `indices` into `shape`; out-of-bound indices are clipped to the
    nearest valid one (negative ones count from the end), as JAX does."""
    flat = asarray(indices)
    shape = [shape] if np.ndim(shape) == 0 else list(shape)
    out = [0] * len(shape)
    for i, size in reversed(list(enumerate(shape))):
        flat, out[i] = flat // size, flat % size
    above = flat > 0
    below = flat < -1 if not dtypes.is_unsigned(aval_of(flat).dtype) else False
    return tuple(where(above, size - 1, where(below, 0, i)) for size, i in zip(shape, out))
