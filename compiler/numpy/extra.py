"""meshjit.numpy functions beyond the core: indexing helpers, sorting, einsum.

`numpy_api` star-imports this module at its end, so `numpy_api` is fully defined whenever these
functions run. The indexing entry points `_getitem` / `_IndexUpdateHelper` (private names that a
star import skips) are installed into `numpy_api` explicitly, where the array methods find them.
"""

from __future__ import annotations

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.lax import gather_scatter as lax_gather
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.lax import sorting as lax_sort
from meshjit.compiler.numpy import api as _jnp
from meshjit.compiler.numpy.einsum import einsum
from meshjit.compiler.numpy.indexing import _IndexUpdateHelper, getitem
from meshjit.compiler.trace.tracing import abstractify as aval_of

__all__ = ["argsort", "einsum", "sort", "take", "take_along_axis"]

_jnp._getitem = getitem
_jnp._IndexUpdateHelper = _IndexUpdateHelper

# ---------------------------------------------------------------------------------------------
# Gathers.


def take(a, indices, axis=None, mode=None, fill_value=None):
    """Elements of `a` at `indices` along `axis` (flattened if None); out of bounds -> fill."""
    a = _jnp._materialize(a)
    if axis is None:
        a, axis = _jnp.ravel(a), 0
    axis = checks.canonical_axis(axis, aval_of(a).ndim, "take axis")
    indices = _as_index_array(indices, "take")
    index = (slice(None),) * axis + (indices,)
    return getitem(a, index, mode="fill" if mode is None else mode, fill_value=fill_value)


def _as_index_array(indices, name):
    indices = _jnp.asarray(indices) if isinstance(indices, (list, tuple)) else indices
    aval = aval_of(indices)
    if not dtypes.is_int(aval.dtype):
        raise MeshjitTypeError(f"{name} indices must be integers, got {aval.str_short()}")
    return indices


def take_along_axis(arr, indices, axis, mode=None, fill_value=None):
    """`arr` indexed along `axis` by `indices`, which broadcast against `arr` elsewhere."""
    arr = _jnp._materialize(arr)
    indices = _as_index_array(indices, "take_along_axis")
    if axis is None:
        arr, indices, axis = _jnp.ravel(arr), _jnp.ravel(indices), 0
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


# ---------------------------------------------------------------------------------------------
# Sorting.


def _sort_axis(a, axis):
    a = _jnp._materialize(a)
    if axis is None:
        return _jnp.ravel(a), 0
    return a, checks.canonical_axis(axis, aval_of(a).ndim, "sort axis")


def sort(a, axis=-1, *, kind=None, order=None, stable=True, descending=False):
    """Sorted copy of `a` along `axis`; NaNs sort last (first if descending)."""
    if order is not None:
        raise MeshjitValueError("sort: the 'order' argument is not supported")
    a, axis = _sort_axis(a, axis)
    out = lax_sort.sort(a, dimension=axis, is_stable=stable)
    return lax_gather.rev(out, (axis,)) if descending else out


def argsort(a, axis=-1, *, kind=None, order=None, stable=True, descending=False):
    """Indices (int32) that sort `a` along `axis`; ties keep their order."""
    if order is not None:
        raise MeshjitValueError("argsort: the 'order' argument is not supported")
    a, axis = _sort_axis(a, axis)
    aval = aval_of(a)
    if descending:
        a = lax_gather.rev(a, (axis,))
    iota = lax.broadcasted_iota(dtypes.int32, aval.shape, axis)
    _, perm = lax_sort.sort_key_val(a, iota, dimension=axis, is_stable=True)
    if not descending:
        return perm
    last = lax.full(aval.shape, aval.shape[axis] - 1, dtypes.int32)
    return lax.sub(last, lax_gather.rev(perm, (axis,)))
