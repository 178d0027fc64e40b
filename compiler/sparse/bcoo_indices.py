"""BCOO index bookkeeping: sort_indices, sum_duplicates, eliminate_zeros, set_nse and
update_layout (moving dimensions between the batch, sparse and dense parts), as JAX's.

Functions take and return BCOO arrays; results are built with `type(mat)` so this module does not
need the class."""

from __future__ import annotations

import math
import operator
import warnings

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.sparse.util import (
    SparseEfficiencyError,
    SparseEfficiencyWarning,
    nfold_vmap,
)


def _rebuild(mat, data, indices, shape=None, **flags):
    return type(mat)((data, indices), shape=mat.shape if shape is None else shape, **flags)


def bcoo_sort_indices(mat):
    """`mat` with its indices sorted lexicographically within each batch."""
    if mat.n_sparse == 0:
        return mat
    indices, perm = nfold_vmap(_sort_unbatched, mat.n_batch, broadcasted=False)(mat.indices)
    data = nfold_vmap(lambda d, p: d[p], mat.n_batch)(mat.data, perm)
    return _rebuild(mat, data, indices, indices_sorted=True, unique_indices=mat.unique_indices)


def _sort_unbatched(indices):
    nse, n = indices.shape
    *columns, perm = lax.sort(
        (*(indices[:, i] for i in range(n)), lax.iota(indices.dtype, nse)), num_keys=n
    )
    return jnp.stack(columns, axis=-1), perm


def bcoo_sum_duplicates(mat, nse=None):
    """`mat` with repeated indices summed into one entry and indices sorted; `nse` (needed under
    jit) pads with out-of-bounds entries or drops the last ones."""
    n_batch, n_sparse = mat.n_batch, mat.n_sparse
    sparse_shape = mat.shape[n_batch : n_batch + n_sparse]
    unique = nfold_vmap(lambda i: _unique_unbatched(i, sparse_shape), n_batch, broadcasted=False)
    indices, mapping, true_nse = unique(mat.indices)
    if nse is None:
        nse = 1 if n_sparse == 0 else int(true_nse.max(initial=0))
    nse = operator.index(nse)
    indices = _adjust_nse(indices, nse, sparse_shape)
    data = mat.data
    if n_sparse == 0:
        data = data.sum(n_batch, keepdims=True, dtype=data.dtype)
    batch = tuple(map(max, mat.indices.shape[:n_batch], data.shape[:n_batch]))
    out = jnp.zeros(batch + (nse,) + data.shape[n_batch + 1 :], data.dtype)
    scatter = nfold_vmap(lambda o, m, d: o.at[m].add(d, mode="drop"), n_batch)
    data = scatter(out, mapping, data)
    return _rebuild(mat, data, indices, indices_sorted=True, unique_indices=True)


def _unique_unbatched(indices, sparse_shape):
    """(unique sorted indices padded to nse with the fill index, each entry's position among
    them, the number of in-bounds unique indices)."""
    nse, n_sparse = indices.shape
    if n_sparse == 0:
        return jnp.zeros((1, 0), indices.dtype), jnp.zeros(nse, np.int32), 1
    fill = jnp.asarray(np.asarray(sparse_shape, indices.dtype))[None, :]
    out_of_bounds = (indices >= fill).any(-1, keepdims=True)
    indices = jnp.where(out_of_bounds, fill, indices)
    unique, inverse = jnp.unique(indices, axis=0, return_inverse=True, size=nse, fill_value=fill[0])
    distinct = jnp.concatenate([jnp.ones(1, bool), (unique[1:] != unique[:-1]).any(-1)]) & (
        unique < fill
    ).all(-1)
    return unique, inverse.ravel(), distinct.sum()


def _adjust_nse(indices, nse: int, sparse_shape):
    have = indices.shape[-2]
    if nse <= have:
        return indices[..., :nse, :]
    fill = jnp.broadcast_to(
        jnp.asarray(np.asarray(sparse_shape, indices.dtype)),
        (*indices.shape[:-2], nse - have, indices.shape[-1]),
    )
    return jnp.concatenate([indices, fill], axis=-2)


def bcoo_eliminate_zeros(mat, nse=None):
    """`mat` without its explicitly stored zeros (and with duplicates summed)."""
    n_batch, n_sparse = mat.n_batch, mat.n_sparse
    mask = (mat.data == 0).all(tuple(range(n_batch + 1, mat.data.ndim)))
    contract = tuple(i for i, s in enumerate(mat.indices.shape[:n_batch]) if s == 1)
    mask = mask.all(contract, keepdims=True)
    fill = jnp.asarray(np.asarray(mat.shape[n_batch : n_batch + n_sparse], mat.indices.dtype))
    move = nfold_vmap(lambda i, m: jnp.where(m[:, None], fill[None, :], i), n_batch)
    indices = move(mat.indices, mask)
    return bcoo_sum_duplicates(_rebuild(mat, mat.data, indices), nse=nse)


def bcoo_set_nse(mat, nse: int):
    """`mat` with `nse` stored entries (dropping the last ones or padding)."""
    nse = operator.index(nse)
    if nse == mat.nse:
        return mat
    n_batch = mat.n_batch
    sparse_shape = mat.shape[n_batch : n_batch + mat.n_sparse]
    if nse < mat.nse:
        data = mat.data[(slice(None),) * n_batch + (slice(nse),)]
    else:
        pad = [(0, 0)] * mat.data.ndim
        pad[n_batch] = (0, nse - mat.nse)
        data = jnp.pad(mat.data, pad)
    indices = _adjust_nse(mat.indices, nse, sparse_shape)
    return _rebuild(
        mat, data, indices, indices_sorted=mat.indices_sorted, unique_indices=mat.unique_indices
    )


def bcoo_update_layout(mat, *, n_batch=None, n_dense=None, on_inefficient="error"):
    """`mat` stored with `n_batch` batch and `n_dense` dense dimensions."""
    n_batch = mat.n_batch if n_batch is None else operator.index(n_batch)
    n_dense = mat.n_dense if n_dense is None else operator.index(n_dense)
    if (n_batch, n_dense) == (mat.n_batch, mat.n_dense):
        return mat
    _check_layout(mat, n_batch, n_dense, on_inefficient)
    data, indices = mat.data, mat.indices
    if n_dense < mat.n_dense:
        data, indices = _dense_to_sparse(data, indices, mat.n_batch, mat.n_dense - n_dense)
    if n_batch < mat.n_batch:
        data, indices = _batch_to_sparse(data, indices, n_batch, mat.n_batch - n_batch)
    current_batch = min(n_batch, mat.n_batch)
    if n_dense > mat.n_dense:
        data, indices = _sparse_to_dense(
            data, indices, current_batch, n_dense - mat.n_dense, mat.shape[-n_dense:]
        )
    if n_batch > mat.n_batch:
        data, indices = _sparse_to_batch(data, indices, mat.shape, current_batch, n_batch, n_dense)
    return _rebuild(mat, data, indices)


def _check_layout(mat, n_batch, n_dense, on_inefficient):
    if on_inefficient not in ("error", "warn", None):
        raise MeshjitValueError(
            f"on_inefficent={on_inefficient!r}; expected one of ['error', 'warn', None]."
        )
    if n_batch < 0:
        raise MeshjitValueError(f"n_batch must be non-negative; got {n_batch}")
    if n_dense < 0:
        raise MeshjitValueError(f"n_dense must be non-negative; got {n_dense}")
    if mat.ndim - n_batch - n_dense < 0:
        raise MeshjitValueError(
            f"sum of {n_batch=} and {n_dense=} cannot be larger than mat.ndim={mat.ndim}."
        )
    if n_dense > mat.n_dense and any(d > 1 for d in mat.shape[-n_dense : mat.ndim - mat.n_dense]):
        _inefficient(
            f"For matrix of shape {mat.shape}, increasing n_dense from {mat.n_dense} to "
            f"{n_dense} results in inefficient storage.",
            on_inefficient,
        )
    if n_batch > mat.n_batch and any(d > 1 for d in mat.shape[mat.n_batch : n_batch]):
        _inefficient(
            f"For matrix of shape {mat.shape}, increasing n_batch from {mat.n_batch} to "
            f"{n_batch} results in inefficient storage.",
            on_inefficient,
        )


def _inefficient(message: str, on_inefficient):
    if on_inefficient == "error":
        raise SparseEfficiencyError(
            message + " To disable this error, set the on_inefficient argument of "
            "bcoo_update_layout to 'warn' or None."
        )
    if on_inefficient == "warn":
        warnings.warn(
            message + " To disable this warning, set the on_inefficient argument of "
            "bcoo_update_layout to None.",
            SparseEfficiencyWarning,
            stacklevel=4,
        )


def _dense_to_sparse(data, indices, n_batch: int, n: int):
    """The first `n` dense dims become trailing sparse dims (every block entry stored)."""

    def one(d, i):
        flat = d.reshape(math.prod(d.shape[:n]), *d.shape[n:])
        grids = jnp.meshgrid(*(jnp.arange(s, dtype=i.dtype) for s in d.shape[:n]), indexing="ij")
        columns = [jnp.broadcast_to(i, (flat.shape[0], i.size))] + [
            g.ravel()[:, None] for g in grids
        ]
        return flat, jnp.concatenate(columns, axis=1)

    data, indices = nfold_vmap(one, n_batch + 1)(data, indices)
    data = data.reshape(*data.shape[:n_batch], -1, *data.shape[n_batch + 2 :])
    indices = indices.reshape(*indices.shape[:n_batch], -1, indices.shape[-1])
    return data, indices


def _batch_to_sparse(data, indices, n_batch: int, n: int):
    """The last `n` batch dims become leading sparse dims."""

    def one(d, i):
        batch = tuple(map(max, d.shape[:n], i.shape[:n]))
        d = jnp.broadcast_to(d, batch + d.shape[n:])
        i = jnp.broadcast_to(i, batch + i.shape[n:])
        grids = jnp.meshgrid(
            *(jnp.arange(s, dtype=i.dtype) for s in (*batch, i.shape[-2])), indexing="ij"
        )
        flat_i = i.reshape(math.prod(i.shape[:-1]), i.shape[-1])
        columns = [g.ravel()[:, None] for g in grids[:-1]] + [flat_i]
        flat_d = d.reshape(math.prod(d.shape[: n + 1]), *d.shape[n + 1 :])
        return flat_d, jnp.concatenate(columns, axis=1)

    return nfold_vmap(one, n_batch)(data, indices)


def _sparse_to_dense(data, indices, n_batch: int, n: int, dense_shape):
    """The last `n` sparse dims become leading dense dims."""

    def one(d, i):
        block = jnp.zeros(tuple(dense_shape), d.dtype)
        return block.at[tuple(i[-n:])].set(d, mode="drop"), i[:-n]

    return nfold_vmap(one, n_batch + 1)(data, indices)


def _sparse_to_batch(data, indices, shape, n_batch: int, new_batch: int, n_dense: int):
    """The first sparse dims become trailing batch dims."""
    n = new_batch - n_batch

    def one(d, i):
        nse = i.shape[-2]
        where = tuple(i[:, j] for j in range(n)) + (jnp.arange(nse),)
        new_i = jnp.broadcast_to(i[:, n:], (*shape[n_batch:new_batch], nse, i.shape[-1] - n))
        dense = d.shape[d.ndim - n_dense :]
        new_d = jnp.zeros((*shape[n_batch:new_batch], nse, *dense), d.dtype)
        return new_d.at[where].set(d, mode="drop"), new_i

    return nfold_vmap(one, n_batch)(data, indices)
