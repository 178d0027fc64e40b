"""The legacy 2-D sparse matrices of jax.experimental.sparse: COO (`data`, `row`, `col`), CSR
and CSC (`data`, `indices`, `indptr`), with fromdense / todense / transpose and products with
dense vectors and matrices (`@`). As in JAX, they have little else (BCOO is the full-featured
format); their operations are compositions of meshjit.numpy gathers and scatter-adds, so jit,
vmap and grad see ordinary ops."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import MeshjitNotImplementedError, MeshjitValueError
from meshjit.compiler.sparse.base import JAXSparse
from meshjit.compiler.sparse.bcoo_dense import concrete_nse
from meshjit.compiler.tree_util import register_pytree_node_class

__all__ = [
    "COO",
    "CSC",
    "CSR",
    "coo_fromdense",
    "coo_matmat",
    "coo_matvec",
    "coo_todense",
    "csr_fromdense",
    "csr_matmat",
    "csr_matvec",
    "csr_todense",
]


def _nonzeros(mat, nse):
    """(data, row, col, valid) of the first `nse` nonzeros of the 2-D `mat` (row-major), as
    JAX's coo/csr_fromdense: padding entries at (0, 0) with data 0, `valid` False."""
    mat = jnp.asarray(mat)
    if mat.ndim != 2:
        raise MeshjitValueError(
            f"fromdense of a legacy sparse matrix needs a 2-D array, got {mat.shape}"
        )
    nse = concrete_nse(mat, nse, 0, 0)
    row, col = jnp.nonzero(mat, size=nse)
    valid = jnp.arange(nse) < (mat != 0).sum()
    return jnp.where(valid, mat[row, col], 0), row, col, valid


def _csr_rows(indices, indptr):
    """The row of each stored element of CSR buffers."""
    return jnp.cumsum(jnp.zeros_like(indices).at[indptr].add(1, mode="drop")) - 1


def _matmul_checked(mat, other):
    """`other` as an array of `mat`'s promoted dtype, and `mat`'s data promoted with it."""
    if isinstance(other, JAXSparse):
        raise MeshjitNotImplementedError("matmul between two sparse objects.")
    other = jnp.asarray(other)
    if other.ndim not in (1, 2):
        raise MeshjitNotImplementedError(f"matmul with object of shape {other.shape}")
    dtype = jnp.result_type(mat.data, other)
    return mat.data.astype(dtype), other.astype(dtype)


def _coo_matmul(data, row, col, other, n_out: int):
    """(row, col, data) times a dense vector or matrix: a gather, a product, a scatter-add."""
    products = (data if other.ndim == 1 else data[:, None]) * other[col]
    return jnp.zeros((n_out, *other.shape[1:]), data.dtype).at[row].add(products)


@register_pytree_node_class
class COO(JAXSparse):
    """Experimental 2-D COO matrix (`data`, `row`, `col`), as JAX's `sparse.COO`."""

    def __init__(self, args, *, shape, rows_sorted=False, cols_sorted=False):
        self.data, self.row, self.col = map(jnp.asarray, args)
        self._rows_sorted, self._cols_sorted = rows_sorted, cols_sorted
        super().__init__(args, shape=shape)

    nse = property(lambda self: self.data.size)
    dtype = property(lambda self: self.data.dtype)

    @classmethod
    def fromdense(cls, mat, *, nse=None, index_dtype=np.int32):
        data, row, col, _ = _nonzeros(mat, nse)
        buffers = (data, row.astype(index_dtype), col.astype(index_dtype))
        return cls(buffers, shape=jnp.shape(mat), rows_sorted=True)

    def todense(self):
        return jnp.zeros(self.shape, self.dtype).at[self.row, self.col].add(self.data)

    def transpose(self, axes=None):
        if axes is not None:
            raise MeshjitNotImplementedError("axes argument to transpose()")
        buffers = (self.data, self.col, self.row)
        return COO(buffers, shape=self.shape[::-1], rows_sorted=self._cols_sorted,
                   cols_sorted=self._rows_sorted)  # fmt: skip

    def __matmul__(self, other):
        data, other = _matmul_checked(self, other)
        return _coo_matmul(data, self.row, self.col, other, self.shape[0])

    def tree_flatten(self):
        return (self.data, self.row, self.col), (self.shape, self._rows_sorted, self._cols_sorted)

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        obj = object.__new__(cls)
        obj.data, obj.row, obj.col = children
        obj.shape, obj._rows_sorted, obj._cols_sorted = aux_data
        return obj


class _Compressed(JAXSparse):
    """CSR and CSC: `data`, `indices`, `indptr` of the rows (CSR) or of the columns (CSC)."""

    def __init__(self, args, *, shape):
        self.data, self.indices, self.indptr = map(jnp.asarray, args)
        super().__init__(args, shape=shape)

    nse = property(lambda self: self.data.size)
    dtype = property(lambda self: self.data.dtype)

    def tree_flatten(self):
        return (self.data, self.indices, self.indptr), self.shape

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        obj = object.__new__(cls)
        obj.data, obj.indices, obj.indptr = children
        obj.shape = aux_data
        return obj

    def _compressed_matmul(self, other, transpose: bool):
        """The stored CSR matrix (CSR), or its transpose (CSC), times `other`."""
        data, other = _matmul_checked(self, other)
        rows = _csr_rows(self.indices, self.indptr)
        if transpose:
            return _coo_matmul(data, self.indices, rows, other, self.shape[0])
        return _coo_matmul(data, rows, self.indices, other, self.shape[0])


@register_pytree_node_class
class CSR(_Compressed):
    """Experimental CSR matrix, as JAX's `sparse.CSR`."""

    @classmethod
    def fromdense(cls, mat, *, nse=None, index_dtype=np.int32):
        data, row, col, valid = _nonzeros(mat, nse)
        n_rows = jnp.shape(mat)[0]
        counts = jnp.bincount(jnp.where(valid, row, n_rows), length=n_rows)
        indptr = (
            jnp.zeros(n_rows + 1, index_dtype).at[1:].set(jnp.cumsum(counts).astype(index_dtype))
        )
        return cls((data, col.astype(index_dtype), indptr), shape=jnp.shape(mat))

    def todense(self):
        rows = _csr_rows(self.indices, self.indptr)
        return jnp.zeros(self.shape, self.dtype).at[rows, self.indices].add(self.data)

    def transpose(self, axes=None):
        assert axes is None
        return CSC((self.data, self.indices, self.indptr), shape=self.shape[::-1])

    def __matmul__(self, other):
        return self._compressed_matmul(other, transpose=False)


@register_pytree_node_class
class CSC(_Compressed):
    """Experimental CSC matrix, as JAX's `sparse.CSC`: the CSR buffers of its transpose."""

    @classmethod
    def fromdense(cls, mat, *, nse=None, index_dtype=np.int32):
        return CSR.fromdense(jnp.asarray(mat).T, nse=nse, index_dtype=index_dtype).T

    def todense(self):
        return self.T.todense().T

    def transpose(self, axes=None):
        assert axes is None
        return CSR((self.data, self.indices, self.indptr), shape=self.shape[::-1])

    def __matmul__(self, other):
        return self._compressed_matmul(other, transpose=True)


# The functional API of the legacy formats (jax.experimental.sparse.coo_* / csr_*).


def coo_fromdense(mat, *, nse=None, index_dtype=np.int32) -> COO:
    """The COO matrix of the 2-D `mat` (its first `nse` nonzeros, row-major)."""
    return COO.fromdense(mat, nse=nse, index_dtype=index_dtype)


def coo_todense(mat: COO):
    return mat.todense()


def coo_matvec(mat: COO, v, transpose: bool = False):
    """`mat @ v` (`mat.T @ v` with `transpose`) for a 1-D `v`."""
    return _product(mat, v, transpose, 1, "coo_matvec")


def coo_matmat(mat: COO, B, *, transpose: bool = False):
    """`mat @ B` (`mat.T @ B` with `transpose`) for a 2-D `B`."""
    return _product(mat, B, transpose, 2, "coo_matmat")


def csr_fromdense(mat, *, nse=None, index_dtype=np.int32) -> CSR:
    return CSR.fromdense(mat, nse=nse, index_dtype=index_dtype)


def csr_todense(mat: CSR):
    return mat.todense()


def csr_matvec(mat: CSR, v, transpose: bool = False):
    return _product(mat, v, transpose, 1, "csr_matvec")


def csr_matmat(mat: CSR, B, *, transpose: bool = False):
    return _product(mat, B, transpose, 2, "csr_matmat")


def _product(mat, other, transpose: bool, ndim: int, name: str):
    """The legacy matrix (or its transpose) times a dense operand of rank `ndim`, whose leading
    dimension must match."""
    other = jnp.asarray(other)
    mat = mat.T if transpose else mat
    if other.ndim != ndim or other.shape[0] != mat.shape[1]:
        raise MeshjitValueError(
            f"{name}: the dense operand must have shape ({mat.shape[1]}"
            f"{', cols' if ndim == 2 else ''}), got {other.shape} for a matrix of shape "
            f"{mat.shape}{' (transposed)' if transpose else ''}"
        )
    return mat @ other
