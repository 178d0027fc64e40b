"""BCSR, the batched compressed-sparse-row array of jax.experimental.sparse: `data` of shape
`[*batch, nse, *dense]`, column `indices` of shape `[*batch, nse]` and row pointers `indptr`
of shape `[*batch, n_rows + 1]` (two sparse dims). Conversions go through BCOO (sorted
coordinates and row counts), products through bcoo_dot_general, as JAX's CPU lowering does."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import MeshjitNotImplementedError, MeshjitValueError
from meshjit.compiler.sparse import bcoo_dense
from meshjit.compiler.sparse.base import JAXSparse
from meshjit.compiler.sparse.bcoo import BCOO, Aux, sparsified
from meshjit.compiler.sparse.util import nfold_vmap
from meshjit.compiler.traceback_util import api_boundary
from meshjit.compiler.tree_util import register_pytree_node_class


def _coo_indices(indices, indptr, n_batch: int):
    """BCOO indices (row, col) of BCSR `indices` / `indptr`."""

    def one(cols, ptr):
        rows = jnp.cumsum(jnp.zeros_like(cols).at[ptr].add(1, mode="drop")) - 1
        return jnp.stack([rows.astype(cols.dtype), cols], axis=-1)

    return nfold_vmap(one, n_batch)(indices, indptr)


def _csr_indices(indices, n_rows: int, n_batch: int, index_dtype):
    """BCSR (indices, indptr) of sorted BCOO indices (row, col)."""

    def ptr(rows):
        counts = jnp.bincount(rows, length=n_rows).astype(index_dtype)
        return jnp.concatenate([jnp.zeros(1, index_dtype), jnp.cumsum(counts).astype(index_dtype)])

    return indices[..., 1], nfold_vmap(ptr, n_batch, broadcasted=False)(indices[..., 0])


@register_pytree_node_class
class BCSR(JAXSparse):
    """Experimental batched CSR matrix, as `jax.experimental.sparse.BCSR`."""

    def __init__(self, args, *, shape, indices_sorted=False, unique_indices=False):
        self.data, self.indices, self.indptr = map(jnp.asarray, args)
        self.indices_sorted = indices_sorted
        self.unique_indices = unique_indices
        super().__init__(args, shape=shape)
        n_batch = self.indices.ndim - 1
        if len(self.shape) - n_batch - self.n_dense != 2:
            raise MeshjitValueError(
                f"BCSR: invalid buffers for shape={self.shape}: {self.data.shape=}, "
                f"{self.indices.shape=}, {self.indptr.shape=}"
            )
        if self.indptr.shape[-1] != self.shape[n_batch] + 1:
            raise MeshjitValueError(f"Invalid {self.indptr.shape=} for shape={self.shape}")

    @property
    def _info(self):
        return BCOO._info.fget(self)

    @property
    def nse(self) -> int:
        return self.indices.shape[-1]

    @property
    def dtype(self):
        return self.data.dtype

    @property
    def n_batch(self) -> int:
        return self.indices.ndim - 1

    @property
    def n_sparse(self) -> int:
        return 2

    @property
    def n_dense(self) -> int:
        return self.data.ndim - self.indices.ndim

    _repr_extra = BCOO._repr_extra

    def transpose(self, *args, **kwargs):
        raise MeshjitNotImplementedError("Transpose is not implemented.")

    def tree_flatten(self):
        return (self.data, self.indices, self.indptr), Aux(self._info._asdict())

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        obj = object.__new__(cls)
        obj.data, obj.indices, obj.indptr = children
        obj.__dict__.update(aux_data)
        return obj

    @classmethod
    def _empty(cls, shape, *, dtype=None, index_dtype="int32", n_dense=0, n_batch=0, nse=0):
        shape = tuple(shape)
        if n_dense < 0 or n_batch < 0 or nse < 0:
            raise MeshjitValueError(f"Invalid inputs: {shape=}, {n_dense=}, {n_batch=}, {nse=}")
        if len(shape) - n_dense - n_batch != 2:
            raise MeshjitValueError("BCSR sparse.empty: must have 2 sparse dimensions.")
        batch, (rows, cols), dense = (
            shape[:n_batch],
            shape[n_batch : n_batch + 2],
            shape[n_batch + 2 :],
        )
        data = jnp.zeros((*batch, nse, *dense), dtype)
        indices = jnp.full((*batch, nse), cols, index_dtype)
        indptr = jnp.zeros((*batch, rows + 1), index_dtype)
        return cls((data, indices, indptr), shape=shape)

    @classmethod
    def _eye(cls, N, M, k, *, dtype=None, index_dtype="int32", n_batch=0, n_dense=0):
        return cls.from_bcoo(
            BCOO._eye(
                N, M, k, dtype=dtype, index_dtype=index_dtype, n_batch=n_batch, n_dense=n_dense
            )
        )

    @classmethod
    @api_boundary
    def fromdense(cls, mat, *, nse=None, index_dtype=np.int32, n_dense=0, n_batch=0):
        """A BCSR array of the dense array `mat`."""
        return bcsr_fromdense(
            mat, nse=nse, index_dtype=index_dtype, n_dense=n_dense, n_batch=n_batch
        )

    def todense(self):
        """The dense array."""
        return bcsr_todense(self)

    def to_bcoo(self) -> BCOO:
        """The same array as BCOO."""
        indices = _coo_indices(self.indices, self.indptr, self.n_batch)
        return BCOO((self.data, indices), shape=self.shape)

    @classmethod
    def from_bcoo(cls, arr: BCOO):
        """A BCOO array (two sparse dims) as BCSR."""
        if arr.n_sparse != 2:
            raise MeshjitNotImplementedError(
                f"BSCR.from_bcoo requires n_sparse=2; got arr.n_sparse={arr.n_sparse}"
            )
        if not arr.indices_sorted:
            arr = arr.sort_indices()
        indices, indptr = _csr_indices(
            arr.indices, arr.shape[arr.n_batch], arr.n_batch, arr.indices.dtype
        )
        return cls((arr.data, indices, indptr), shape=arr.shape)

    @classmethod
    def from_scipy_sparse(cls, mat, *, index_dtype=None, n_dense=0, n_batch=0):
        """A BCSR array of a `scipy.sparse` matrix."""
        if n_dense != 0 or n_batch != 0:
            raise MeshjitNotImplementedError("BCSR from_scipy_sparse with nonzero n_dense/n_batch.")
        mat = mat.tocsr()
        dtype = index_dtype or np.int32
        return cls((mat.data, mat.indices.astype(dtype), mat.indptr.astype(dtype)), shape=mat.shape)

    def __matmul__(self, other):
        return sparsified(jnp.matmul)(self, other)

    def __rmatmul__(self, other):
        return sparsified(lambda a, b: jnp.matmul(b, a))(self, other)  # refused, as JAX does


def bcsr_fromdense(mat, *, nse=None, n_batch=0, n_dense=0, index_dtype=jnp.int32):
    """A BCSR array of `mat` storing `nse` elements per batch (all its nonzeros by default)."""
    mat = jnp.asarray(mat)
    if mat.ndim - n_batch - n_dense != 2:
        raise MeshjitValueError("bcsr_fromdense: must have 2 sparse dimensions.")
    nse = bcoo_dense.concrete_nse(mat, nse, n_batch, n_dense)
    data, coo = bcoo_dense.fromdense(mat, nse, n_batch, n_dense, index_dtype)
    indices, indptr = _csr_indices(coo, mat.shape[n_batch], n_batch, np.dtype(index_dtype))
    return BCSR((data, indices, indptr), shape=mat.shape, indices_sorted=True, unique_indices=True)


def bcsr_todense(mat):
    """The dense array of a BCSR array."""
    return mat.to_bcoo().todense()


def bcsr_dot_general(
    lhs, rhs, *, dimension_numbers, precision=None, preferred_element_type=None, out_sharding=None
):
    """A contraction of a BCSR array with a dense array (dense result)."""
    from meshjit.compiler.sparse.bcoo_dot import bcoo_dot_general

    if isinstance(rhs, JAXSparse) or (isinstance(lhs, JAXSparse) and not isinstance(lhs, BCSR)):
        raise MeshjitNotImplementedError(
            "bcsr_dot_general currently implemented for BCSR lhs and ndarray rhs."
        )
    lhs = lhs.to_bcoo() if isinstance(lhs, BCSR) else lhs
    return bcoo_dot_general(
        lhs, rhs, dimension_numbers=dimension_numbers, preferred_element_type=preferred_element_type
    )
