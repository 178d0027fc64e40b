"""meshjit.numpy's index helpers: indices, ix_, mgrid / ogrid, r_ / c_ / s_ / index_exp, the
triangle and diagonal index sets, ravel_multi_index / unravel_index."""

from __future__ import annotations

import operator

import numpy as np

from meshjit.compiler.errors import (
    MeshjitAssertionError,
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.numpy.creation import arange, asarray, linspace, ones
from meshjit.compiler.numpy.elementwise import where
from meshjit.compiler.numpy.shapes import concatenate, reshape, transpose
from meshjit.compiler.numpy.util import aval_of, check_arraylike, result_type
from meshjit.compiler.trace.tracing import require_concrete
from meshjit.compiler.traceback_util import boundary_methods

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
    for d in dimensions:  # JAX's TypeError, before NumPy's deeper one
        if not isinstance(d, (int, np.integer)):
            raise MeshjitTypeError(
                f"'{type(d).__name__}' object cannot be interpreted as an integer"
            )
    if any(d < 0 for d in dimensions):  # JAX's words: its grid is a broadcast_in_dim
        raise MeshjitTypeError(
            "broadcast_in_dim shape must have every element be nonnegative, got "
            f"{tuple(dimensions)}."
        )
    grids = np.indices(tuple(dimensions), sparse=sparse)
    dtype = dtypes.canonicalize(dtype or dtypes.default_int)
    if sparse:
        return tuple(asarray(g.astype(dtype)) for g in grids)
    return asarray(grids.astype(dtype))


def ix_(*args):
    check_arraylike("ix", *args)
    out = []
    for i, a in enumerate(args):
        a = asarray(a)
        aval = aval_of(a)
        if aval.ndim != 1:
            raise MeshjitValueError(
                f"Arguments to jax.numpy.ix_ must be 1-dimensional, got shape {aval.shape}"
            )
        if aval.dtype == np.bool_:
            raise MeshjitNotImplementedError(
                "Boolean arguments to jax.numpy.ix_ are not implemented"
            )
        shape = [1] * len(args)
        shape[i] = aval_of(a).shape[0]
        out.append(reshape(a, tuple(shape)))
    return tuple(out)


@boundary_methods("__getitem__")
class _Grid:
    """`mgrid[0:4, 0:3]` / `ogrid[...]`: NumPy's grids from static slices, as meshjit arrays.
    As JAX's: a key that is neither a slice nor a tuple of them is not iterable (TypeError);
    a traced bound is JAX's ConcretizationTypeError naming it."""

    _name = ""
    _source = None

    def __getitem__(self, key):
        parts = (key,) if isinstance(key, slice) else tuple(key)
        for part in parts:
            for what in ("start", "stop", "step"):
                require_concrete(getattr(part, what), f"slice {what} of jnp.{self._name}")
        grid = self._source[key]
        if isinstance(grid, (list, tuple)):
            return [asarray(g, dtypes.canonicalize(g.dtype)) for g in grid]
        return asarray(grid, dtypes.canonicalize(grid.dtype))


class _Mgrid(_Grid):  # JAX's class names (a call of mgrid says "'_Mgrid' object ...")
    _name, _source = "mgrid", np.mgrid


class _Ogrid(_Grid):
    _name, _source = "ogrid", np.ogrid


mgrid, ogrid = _Mgrid(), _Ogrid()


@boundary_methods("__getitem__")
class _Concatenator:
    """`r_[...]` / `c_[...]` as NumPy's and JAX's: slices become ranges (a complex step: a
    number of points), pieces get at least `ndmin` dimensions (1-D ones placed by `trans1d`)
    and join along `axis`; a leading string directive ('0,2', '1,2,0', 'r', 'c') sets
    axis, ndmin, trans1d (and the matrix axis of a 1-D result)."""

    def __init__(self, axis: int, ndmin: int, trans1d: int):
        self._params = [axis, ndmin, trans1d, -1]

    def __getitem__(self, key):
        items = key if isinstance(key, tuple) else (key,)
        params = list(self._params)
        if items and isinstance(items[0], str):
            params, items = _directive(items[0], params), items[1:]
        axis, ndmin, trans1d, matrix = params
        pieces = [self._piece(item, ndmin, trans1d) for item in items]
        out = concatenate(pieces, axis=axis)
        if matrix != -1 and aval_of(out).ndim == 1:
            out = reshape(out, (1, -1) if matrix == 0 else (-1, 1))
        return out

    @staticmethod
    def _piece(item, ndmin, trans1d):
        if isinstance(item, str):
            raise MeshjitValueError("string directive must be placed at the beginning")
        if isinstance(item, slice):
            start = 0 if item.start is None else item.start
            step = 1 if item.step is None else item.step
            if isinstance(step, complex):
                piece = linspace(start, item.stop, int(abs(step)))
            else:
                piece = arange(start, item.stop, step)
            item_ndim = 0
        else:
            piece = asarray(item)
            item_ndim = aval_of(piece).ndim
        ndim = aval_of(piece).ndim
        if ndim < ndmin:
            piece = reshape(piece, (1,) * (ndmin - ndim) + aval_of(piece).shape)
        if trans1d != -1 and ndmin - item_ndim > 0:
            order = tuple(range(ndmin))
            shift = ndmin - abs(ndmin + trans1d + 1) % ndmin
            piece = transpose(piece, order[shift:] + order[:shift])
        return piece


def _directive(text: str, params: list) -> list:
    if text == "r":
        return params[:3] + [0]
    if text == "c":
        return params[:3] + [1]
    parts: list = text.split(",")
    parts = parts + params[len(parts) :] if len(parts) < 4 else parts[:3] + [params[-1]]
    try:
        return [int(p) for p in parts]
    except ValueError:
        raise MeshjitValueError(f"could not understand directive {text!r}") from None


class RClass(_Concatenator):  # JAX's class names
    def __init__(self):
        super().__init__(0, 1, -1)


class CClass(_Concatenator):
    def __init__(self):
        super().__init__(-1, 2, 0)


r_, c_ = RClass(), CClass()


def _indices_args(n, k, m) -> tuple:
    """n, k and m as Python ints (JAX's operator.index: a float is a TypeError; a traced n is
    JAX's ConcretizationTypeError, in its words for both functions)."""
    require_concrete(n, "n argument of jnp.triu_indices")
    return operator.index(n), operator.index(k), None if m is None else operator.index(m)


def tril_indices(n, k=0, m=None):
    return _static(np.tril_indices(*_indices_args(n, k, m)))


def triu_indices(n, k=0, m=None):
    return _static(np.triu_indices(*_indices_args(n, k, m)))


def tril_indices_from(arr, k=0):
    shape = _matrix_shape(arr)
    return tril_indices(shape[0], k, shape[1])


def triu_indices_from(arr, k=0):
    shape = _matrix_shape(arr)
    return triu_indices(shape[0], k, shape[1])


def _matrix_shape(arr):
    shape = aval_of(arr).shape
    if len(shape) != 2:  # JAX's words
        raise MeshjitValueError("Only 2-D inputs are accepted")
    return shape


def diag_indices(n, ndim=2):
    require_concrete(n, "'n' argument of jnp.diag_indices()")
    require_concrete(ndim, "'ndim' argument of jnp.diag_indices()")
    n, ndim = operator.index(n), operator.index(ndim)
    for name, v in (("n", n), ("ndim", ndim)):
        if v < 0:  # JAX's words
            raise MeshjitValueError(f"{name} argument to diag_indices must be nonnegative, got {v}")
    return _static(np.diag_indices(n, ndim))


def diag_indices_from(arr):
    check_arraylike("diag_indices_from", arr)
    shape = aval_of(arr).shape
    if len(shape) < 2:  # JAX's words
        raise MeshjitValueError("input array must be at least 2-d")
    if len(set(shape)) != 1:
        raise MeshjitValueError("All dimensions of input must be of equal length")
    return diag_indices(shape[0], len(shape))


def mask_indices(n, mask_func, k=0, *, size=None):
    """As JAX: the nonzero entries of `mask_func` of an (n, n) array of ones (so a traced `n`
    is refused as a shape)."""
    from meshjit.compiler.numpy.sorting import nonzero  # a later family

    return nonzero(mask_func(ones((n, n)), k), size=size)


def ravel_multi_index(multi_index, dims, mode="raise", order="C", *, dtype=None):
    """Flat indices of `multi_index` into `dims`, as JAX's: `mode="raise"` checks the bounds of
    concrete indices and refuses traced ones (ConcretizationTypeError, JAX's words); "ignore"
    does not check. `dtype`: the result's integer dtype (else the indices' with Python int)."""
    check_arraylike("ravel_multi_index", *multi_index)
    if order not in ("C", "F"):
        raise MeshjitValueError(f"ravel_multi_index: order must be 'C' or 'F', got {order!r}")
    if len(multi_index) != len(dims):
        raise MeshjitAssertionError(  # JAX asserts it
            f"len(multi_index)={len(multi_index)} != len(dims)={len(dims)} (ravel_multi_index "
            "takes one index array per dimension)"
        )
    indices = [asarray(i) for i in multi_index]
    dtype = _flat_index_dtype(indices, dtype)
    strides = (
        np.cumprod((1,) + tuple(dims[::-1])[:-1])[::-1]
        if order == "C"
        else np.cumprod((1,) + tuple(dims)[:-1])
    )
    total = asarray(0, dtype)
    for idx in indices:
        if mode == "raise":
            require_concrete(idx, _RAISE_UNDER_JIT)
        if not dtypes.is_int(aval_of(idx).dtype):
            raise MeshjitTypeError("only int indices permitted")  # JAX's words
    for idx, size, stride in zip(indices, dims, strides):
        if mode == "raise":
            _check_in_bounds(idx, size)
        elif mode == "wrap":
            idx = idx % size
        elif mode == "clip":
            idx = idx.clip(0, size - 1)
        elif mode != "ignore":
            raise MeshjitValueError(  # JAX's words
                f"invalid mode={mode!r}. Expected 'raise', 'wrap', 'clip', or 'ignore'."
            )
        total = total + idx.astype(dtype) * int(stride)
    return total


_RAISE_UNDER_JIT = (
    "The error occurred because ravel_multi_index was jit-compiled with mode='raise'. Use "
    "mode='wrap' or mode='clip' instead."
)


def _flat_index_dtype(indices, dtype) -> np.dtype:
    """JAX's: the user's dtype, else the indices' promoted with Python int; an integer one."""
    if dtype is None:
        dtype = result_type(int, *indices)
    else:
        dtypes.check_user_dtype(dtype, "ravel_multi_index")
        dtype = dtypes.canonicalize(dtype)
    if not dtypes.is_int(dtype):
        raise MeshjitValueError(f"dtype={np.dtype(dtype)!r} is not an integer type.")  # JAX's
    return np.dtype(dtype)


def _check_in_bounds(idx, size):
    values = np.asarray(idx)  # concrete: require_concrete refused traced ones
    if values.size and (values.min() < 0 or values.max() >= size):
        raise MeshjitValueError(
            f"invalid entry in coordinates array (ravel_multi_index: an index is out of bounds "
            f"for size {size})"
        )


def unravel_index(indices, shape):
    """The multi-index of flat `indices` into `shape`; out-of-bound indices are clipped to the
    nearest valid one (negative ones count from the end), as JAX does."""
    check_arraylike("unravel_index", indices)
    flat = asarray(indices)
    sequence = isinstance(shape, (tuple, list)) or getattr(shape, "ndim", 0) > 0
    shape = list(shape) if sequence else [shape]  # a sequence's sizes may be traced
    out = [0] * len(shape)
    for i, size in reversed(list(enumerate(shape))):
        flat, out[i] = flat // size, flat % size
    above = flat > 0
    below = flat < -1 if not dtypes.is_unsigned(aval_of(flat).dtype) else False
    return tuple(where(above, size - 1, where(below, 0, i)) for size, i in zip(shape, out))
