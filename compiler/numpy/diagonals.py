"""meshjit.numpy diagonals: diagonal, diag and trace."""

from __future__ import annotations

import builtins
import operator

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.shape_poly import is_symbolic_dim
from meshjit.compiler.numpy.creation import arange, eye, zeros_like
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
    program = jitted(_diagonal, ("offset", "axis1", "axis2"), "diagonal")
    return program(x, offset=operator.index(offset), axis1=ax1, axis2=ax2)


def _diagonal(x, offset, axis1, axis2):
    """JAX's jitted diagonal: x[..., i, j] with i and j aranges (traced iotas)."""
    x = moveaxis(x, (axis1, axis2), (-2, -1))
    rows, cols = aval_of(x).shape[-2:]
    n = builtins.max(
        0, builtins.min(rows + builtins.min(offset, 0), cols - builtins.max(offset, 0))
    )
    if n == 0:
        return lax.full(aval_of(x).shape[:-2] + (0,), 0, aval_of(x).dtype)
    i = _index_range(n, 0)
    j = _index_range(n, builtins.abs(offset))
    return getitem(x, (Ellipsis, i, j) if offset >= 0 else (Ellipsis, j, i))


def _index_range(n, start: int):
    """`start, start + 1, ...`, `n` of them: jnp.arange's (an iota; a symbolic `n` too)."""
    if is_symbolic_dim(n):
        return lax.add(lax.iota(np.int32, n), np.int32(start))
    return arange(start, start + n)


def diag(v, k=0):
    x = materialize(v)
    return jitted(_diag, ("k",), "_diag")(x, k=operator.index(k))


def _diag(x, k):
    """JAX's jitted _diag: a 2-D operand's diagonal, or a 1-D one padded and placed along
    the k-th diagonal by a where of eye."""
    aval = aval_of(x)
    if aval.ndim == 2:
        return diagonal(x, k)
    if aval.ndim != 1:
        raise MeshjitValueError(f"diag input must be 1d or 2d, got {aval.str_short()}")
    n = aval.shape[0] + builtins.abs(k)
    zero = lax.full((), 0, aval.dtype)
    x = lax.pad(x, zero, [(builtins.max(0, -k), builtins.max(0, k), 0)])
    return where(eye(n, k=k, dtype=bool), getitem(x, (slice(None), None)), zero)


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
