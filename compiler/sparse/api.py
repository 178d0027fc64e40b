"""The format-generic helpers of jax.experimental.sparse: `empty`, `eye`, `todense`."""

from __future__ import annotations

from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.sparse.base import JAXSparse
from meshjit.compiler.sparse.bcoo import BCOO


def _format(sparse_format: str):
    if sparse_format != "bcoo":
        from meshjit.compiler.sparse.bcsr import BCSR

        if sparse_format == "bcsr":
            return BCSR
        raise MeshjitValueError(f"sparse_format={sparse_format!r} not recognized")
    return BCOO


def empty(shape, dtype=None, index_dtype="int32", sparse_format="bcoo", **kwds):
    """An all-zero sparse array of `shape` (nse=0 by default)."""
    return _format(sparse_format)._empty(shape, dtype=dtype, index_dtype=index_dtype, **kwds)


def eye(N, M=None, k=0, dtype=None, index_dtype="int32", sparse_format="bcoo", **kwds):
    """A sparse array with ones on the `k`-th diagonal."""
    M = N if M is None else M
    return _format(sparse_format)._eye(N, M, k, dtype=dtype, index_dtype=index_dtype, **kwds)


def todense(arr):
    """`arr` as a dense array (a dense array is returned unchanged)."""
    return arr.todense() if isinstance(arr, JAXSparse) else arr
