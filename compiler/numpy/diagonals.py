"""meshjit.numpy diagonals: diagonal, diag and trace."""

from __future__ import annotations

import builtins
import operator

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.shape_poly import is_symbolic_dim
from meshjit.compiler.numpy.creation import eye, zeros_like
from meshjit.compiler.numpy.elementwise import where
from meshjit.compiler.numpy.indexing import getitem
from meshjit.compiler.numpy.reductions import sum
from meshjit.compiler.numpy.shapes import moveaxis
from meshjit.compiler.numpy.util import aval_of, check_out, jitted, materialize, static_axis

__all__ = [
    "diag",
    "diagonal",
    "trace",
]


def diagonal(a, offset=0, axis1=0, axis2=1):
    x = materialize(a)
    ndim = aval_of(x).ndim
    if ndim < 2:
        raise MeshjitValueError("diagonal requires an array of at least two dimensions.")
    ax1, ax2 = static_axis(axis1, ndim), static_axis(axis2, ndim)
    if ax1 == ax2:
        raise MeshjitTypeError(  # JAX's TypeError, from the transpose it builds
            "transpose permutation isn't a permutation of operand dimensions: diagonal's axis1 "
            f"and axis2 must differ, got {axis1} and {axis2}"
        )
    x = moveaxis(x, (ax1, ax2), (-2, -1))
    rows, cols = aval_of(x).shape[-2:]
    offset = int(offset)
    n = builtins.max(
        0, builtins.min(rows + builtins.min(offset, 0), cols - builtins.max(offset, 0))
    )
    r, c = (_index_range(n, builtins.max(shift, 0)) for shift in (-offset, offset))
    if n == 0:
        return lax.full(aval_of(x).shape[:-2] + (0,), 0, aval_of(x).dtype)
    return getitem(x, (Ellipsis, r, c), mode="clip")


def _index_range(n, start: int):
    """`start, start + 1, ...`, `n` of them (a symbolic `n` an iota: shape polymorphism)."""
    if is_symbolic_dim(n):
        return lax.add(lax.iota(np.int32, n), np.int32(start))
    return np.arange(n, dtype=np.int32) + start


def diag(v, k=0):
    x = materialize(v)
    aval = aval_of(x)
    if aval.ndim == 2:
        return diagonal(x, k)
    if aval.ndim != 1:
        raise MeshjitValueError(f"diag input must be 1d or 2d, got {aval.str_short()}")
    k = operator.index(k)
    n = aval.shape[0] + builtins.abs(k)
    x = lax.pad(x, lax.convert_element_type(0, aval.dtype), [(0, builtins.abs(k), 0)])
    rows = lax.broadcasted_iota(dtypes.int32, (n, n), 0)
    cols = lax.broadcasted_iota(dtypes.int32, (n, n), 1)
    along = (0,) if k >= 0 else (1,)
    values = lax.broadcast_in_dim(x, (n, n), along)
    zeros = lax.full((n, n), 0, aval.dtype)
    return lax.select(lax.eq(lax.sub(cols, rows), k), values, zeros)


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    check_out(out, "trace")
    ndim = aval_of(materialize(a)).ndim
    if static_axis(axis1, ndim) == static_axis(axis2, ndim):  # JAX's ValueError, before diagonal
        raise MeshjitValueError(f"axis1 and axis2 can not be same. axis1={axis1} and axis2={axis2}")
    program = jitted(_trace, ("offset", "axis1", "axis2", "dtype"), "trace")
    return program(a, offset=offset, axis1=axis1, axis2=axis2, dtype=dtype)


def _trace(a, offset, axis1, axis2, dtype):
    """JAX's trace: the matrices masked to their diagonal and summed over both axes (one
    program; a sum of the diagonal alone rounds otherwise)."""
    a = materialize(a)
    shape = aval_of(a).shape
    a = moveaxis(a, (axis1, axis2), (-2, -1))
    mask = eye(shape[axis1], shape[axis2], k=offset, dtype=dtypes.bool_)
    return sum(where(mask, a, zeros_like(a)), axis=(-2, -1), dtype=dtype)
