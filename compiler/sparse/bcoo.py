"""BCOO, the batched-coordinate sparse array of jax.experimental.sparse: `data` of shape
`[*batch, nse, *dense]` and `indices` of shape `[*batch, nse, n_sparse]` for an array of `shape`
(`n_batch` leading batch dims, then `n_sparse` sparse dims, then `n_dense` dense dims).

A pytree (leaves data and indices), so it passes through jit, vmap (over batch dims) and grad.
Its operators (`@`, `*`, `+`, `-`, `sum`, `reshape`, `astype`, indexing) are the jnp functions
run under `sparsify`, as JAX defines them."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.sparse import bcoo_dense, bcoo_indices
from meshjit.compiler.sparse.base import JAXSparse
from meshjit.compiler.sparse.util import SparseInfo, layout
from meshjit.compiler.traceback_util import api_boundary, boundary_methods
from meshjit.compiler.tree_util import register_pytree_node_class


@register_pytree_node_class
@boundary_methods(  # what users call on a BCOO: errors point at their line
    "__init__", "update_layout", "sum_duplicates", "sort_indices", "todense", "transpose",
    "reshape", "astype", "sum", "__getitem__", "__pow__",
)  # fmt: skip
class BCOO(JAXSparse):
    """Experimental batched COO matrix, as `jax.experimental.sparse.BCOO`."""

    def __init__(self, args, *, shape, indices_sorted: bool = False, unique_indices: bool = False):
        self.data, self.indices = map(jnp.asarray, args)
        self.indices_sorted = indices_sorted
        self.unique_indices = unique_indices
        super().__init__(args, shape=shape)
        if not jnp.issubdtype(self.indices.dtype, jnp.integer):
            raise MeshjitTypeError(f"BCOO indices must be integers; got {self.indices.dtype}")
        layout(self.data, self.indices, self.shape)

    @property
    def _info(self) -> SparseInfo:
        return SparseInfo(self.shape, self.indices_sorted, self.unique_indices)

    @property
    def _bufs(self):
        return (self.data, self.indices)

    @property
    def nse(self) -> int:
        return self.indices.shape[-2]

    @property
    def dtype(self):
        return self.data.dtype

    @property
    def n_batch(self) -> int:
        return self.indices.ndim - 2

    @property
    def n_sparse(self) -> int:
        return self.indices.shape[-1]

    @property
    def n_dense(self) -> int:
        return self.data.ndim - 1 - self.n_batch

    def _repr_extra(self) -> str:
        extra = f", n_batch={self.n_batch}" if self.n_batch else ""
        return extra + (f", n_dense={self.n_dense}" if self.n_dense else "")

    @classmethod
    @api_boundary
    def fromdense(cls, mat, *, nse=None, index_dtype=np.int32, n_dense=0, n_batch=0):
        """A BCOO array of the dense array `mat`."""
        return bcoo_fromdense(
            mat, nse=nse, index_dtype=index_dtype, n_dense=n_dense, n_batch=n_batch
        )

    @classmethod
    def from_scipy_sparse(cls, mat, *, index_dtype=None, n_dense=0, n_batch=0):
        """A BCOO array of a `scipy.sparse` array."""
        if n_dense != 0 or n_batch != 0:
            raise MeshjitValueError("BCOO.fromscipy with nonzero n_dense/n_batch")
        mat = mat.tocoo()
        indices = np.column_stack((mat.row, mat.col)).astype(index_dtype or np.int32)
        return cls((jnp.asarray(mat.data), jnp.asarray(indices)), shape=mat.shape)

    @classmethod
    def _empty(cls, shape, *, dtype=None, index_dtype="int32", n_dense=0, n_batch=0, nse=0):
        shape = tuple(shape)
        n_sparse = len(shape) - n_dense - n_batch
        if n_sparse < 0 or n_dense < 0 or n_batch < 0 or nse < 0:
            raise MeshjitValueError(f"Invalid inputs: {shape=}, {n_dense=}, {n_batch=}, {nse=}")
        batch, sparse, dense = (
            shape[:n_batch],
            shape[n_batch : n_batch + n_sparse],
            shape[n_batch + n_sparse :],
        )
        data = jnp.zeros((*batch, nse, *dense), dtype)
        indices = jnp.full((*batch, nse, n_sparse), np.asarray(sparse, np.int64), index_dtype)
        return cls((data, indices), shape=shape, indices_sorted=True, unique_indices=True)

    @classmethod
    def _eye(cls, N, M, k, *, dtype=None, index_dtype="int32", n_batch=0, n_dense=0):
        if 2 - n_batch - n_dense < 0 or n_dense < 0 or n_batch < 0:
            raise MeshjitValueError(f"Invalid inputs: shape={(N, M)}, {n_dense=}, {n_batch=}")
        diag = min(N, M - k) if k > 0 else min(N + k, M)
        if diag <= 0:
            return cls._empty(
                (N, M), dtype=dtype, index_dtype=index_dtype, n_batch=n_batch, n_dense=n_dense
            )
        if n_dense > 0 or n_batch > 1:
            return cls.fromdense(
                jnp.eye(N, M, k, dtype=dtype),
                n_batch=n_batch,
                n_dense=n_dense,
                index_dtype=index_dtype,
            )
        if n_batch == 0:
            idx = np.arange(diag)
            indices = np.stack([idx - min(k, 0), idx + max(k, 0)], axis=1).astype(index_dtype)
            data = jnp.ones(diag, dtype=dtype)
        else:
            cols = np.arange(N) + k
            valid = (cols >= 0) & (cols < M)
            data = jnp.asarray(np.where(valid, 1, 0)[:, None], dtype=dtype or jnp.float32)
            indices = np.where(valid, cols, M).astype(index_dtype)[:, None, None]
        return cls(
            (data, jnp.asarray(indices)), shape=(N, M), indices_sorted=True, unique_indices=True
        )

    def update_layout(self, *, n_batch=None, n_dense=None, on_inefficient="error"):
        """The same array stored with `n_batch` batch and `n_dense` dense dimensions."""
        return bcoo_indices.bcoo_update_layout(
            self, n_batch=n_batch, n_dense=n_dense, on_inefficient=on_inefficient
        )

    def sum_duplicates(self, nse=None, remove_zeros=True):
        """A copy with duplicate indices summed (and explicit zeros removed), indices sorted."""
        if remove_zeros:
            return bcoo_indices.bcoo_eliminate_zeros(self, nse=nse)
        return bcoo_indices.bcoo_sum_duplicates(self, nse=nse)

    def sort_indices(self):
        """A copy with indices sorted."""
        return bcoo_indices.bcoo_sort_indices(self)

    def todense(self):
        """The dense array."""
        return bcoo_todense(self)

    def transpose(self, axes=None):
        """The transposed array (permuting batch, sparse and dense dims among themselves)."""
        from meshjit.compiler.sparse.bcoo_shapes import bcoo_transpose

        perm = list(range(self.ndim)[::-1] if axes is None else axes)
        return bcoo_transpose(self, permutation=perm)

    def tree_flatten(self):
        return (self.data, self.indices), Aux(self._info._asdict())

    @classmethod
    def tree_unflatten(cls, aux_data, children):
        obj = object.__new__(cls)
        obj.data, obj.indices = children
        if set(aux_data) != {"shape", "indices_sorted", "unique_indices"}:
            raise MeshjitValueError(f"BCOO.tree_unflatten: invalid {aux_data=}")
        obj.__dict__.update(aux_data)
        obj.shape = _mapped_shape(obj.data, obj.indices, aux_data["shape"])
        return obj

    # Methods JAX derives from sparsify (jax/experimental/sparse/transform.py).
    def reshape(self, *args, **kwargs):
        return sparsified(lambda x: x.reshape(*args, **kwargs))(self)

    def astype(self, *args, **kwargs):
        return sparsified(lambda x: x.astype(*args, **kwargs))(self)

    def sum(self, *args, **kwargs):
        return sparsified(lambda x: x.sum(*args, **kwargs))(self)

    def __getitem__(self, idx):
        return sparsified(lambda x: x[idx])(self)

    def __iter__(self):
        return iter(self[i] for i in range(self.shape[0]))

    def __pow__(self, y):
        return sparsified(lambda x: jnp.power(x, y))(self)


class Aux(dict):
    """The pytree aux data, a dict as JAX's, hashable so jit can key caches on it."""

    def __hash__(self):
        return hash(tuple(self.items()))


def sparsified(f):
    from meshjit.compiler.sparse.transform import sparsify

    return sparsify(f)


def _operator(fun, swap=False):
    @api_boundary
    def method(self, other):
        f = (lambda a, b: fun(b, a)) if swap else fun
        return sparsified(f)(self, other)

    return method


def _unary(fun):
    return api_boundary(lambda self: sparsified(fun)(self))


for _name, _fun in {
    "matmul": jnp.matmul,
    "mul": jnp.multiply,
    "truediv": jnp.divide,
    "add": jnp.add,
    "sub": jnp.subtract,
}.items():
    setattr(BCOO, f"__{_name}__", _operator(_fun))
    setattr(BCOO, f"__r{_name}__", _operator(_fun, swap=True))
for _name, _fun in {
    "gt": jnp.greater,
    "ge": jnp.greater_equal,
    "lt": jnp.less,
    "le": jnp.less_equal,
    "eq": jnp.equal,
    "ne": jnp.not_equal,
}.items():
    setattr(BCOO, f"__{_name}__", _operator(_fun))
BCOO.__rpow__ = _operator(jnp.power, swap=True)
BCOO.__abs__ = _unary(jnp.abs)
BCOO.__neg__ = _unary(jnp.negative)
BCOO.__pos__ = _unary(jnp.positive)
BCOO.__hash__ = None


def _mapped_shape(data, indices, shape):
    """The shape of a BCOO rebuilt from `data` and `indices` that vmap mapped or stacked along a
    batch dimension (one fewer or one more batch dim than `shape` has); else `shape`."""
    if not hasattr(indices, "ndim") or not hasattr(data, "ndim") or indices.ndim < 2:
        if hasattr(indices, "ndim") and indices.ndim < 2:
            raise MeshjitValueError(
                "Cannot map in_axis=0 for BCOO array with n_batch=0. in_axes for batched BCOO "
                "operations must correspond to a batch dimension."
            )
        return shape
    n_batch, n_sparse = indices.ndim - 2, indices.shape[-1]
    n_dense = data.ndim - 1 - n_batch
    if n_batch + n_sparse + n_dense == len(shape):
        return shape
    batch = tuple(map(max, data.shape[:n_batch], indices.shape[:n_batch]))
    tail = shape[len(shape) - n_sparse - n_dense :]
    return batch + tuple(tail[:n_sparse]) + tuple(data.shape[n_batch + 1 :])


def bcoo_todense(mat):
    """The dense array of a BCOO array."""
    return bcoo_dense.todense(mat.data, mat.indices, mat.shape)


def bcoo_fromdense(mat, *, nse=None, n_batch=0, n_dense=0, index_dtype=jnp.int32):
    """A BCOO array of `mat` storing `nse` elements per batch (all its nonzeros by default)."""
    mat = jnp.asarray(mat)
    nse = bcoo_dense.concrete_nse(mat, nse, n_batch, n_dense)
    data, indices = bcoo_dense.fromdense(mat, nse, n_batch, n_dense, index_dtype)
    return BCOO((data, indices), shape=mat.shape, indices_sorted=True, unique_indices=True)


def bcoo_extract(sparr, arr, *, assume_unique=None):
    """A BCOO array with `sparr`'s indices holding `arr`'s values there."""
    if not isinstance(sparr, BCOO):
        raise MeshjitTypeError(
            f"First argument to bcoo_extract should be a BCOO array. Got type(sparr)={type(sparr)}"
        )
    a = jnp.asarray(arr)
    if a.shape != sparr.shape:
        raise MeshjitValueError(f"shape mismatch: sparr.shape={sparr.shape} a.shape={a.shape}")
    if assume_unique is None:
        assume_unique = sparr.unique_indices
    data = bcoo_dense.extract(sparr.indices, a, assume_unique=assume_unique)
    return BCOO((data, sparr.indices), **sparr._info._asdict())
