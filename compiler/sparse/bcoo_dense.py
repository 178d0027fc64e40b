"""BCOO buffers to and from dense arrays: todense (a scatter-add), fromdense (nonzero + gather),
extract (a gather at the stored indices), as compositions of meshjit.numpy ops, so jit, vmap
and grad see ordinary gathers and scatters (todense's transpose is extract and vice versa, as
JAX's rules for bcoo_todense / bcoo_extract state).

Everything here works on raw `(data, indices)` buffers and a shape; the BCOO class wraps them."""

from __future__ import annotations

import operator

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.sparse.util import count_stored_elements, layout, nfold_vmap


def _batch_and_sparse_index(indices, shape, n_batch: int, n_sparse: int) -> tuple:
    """The index tuple addressing each stored element of an array of `shape`: batch coordinates
    (broadcast grids) then the sparse columns of `indices`."""
    ind_slices = [
        np.zeros(s, int) if i_s == 1 else np.arange(s)
        for s, i_s in zip(shape[:n_batch], indices.shape[:n_batch])
    ]
    grid = tuple(np.meshgrid(*ind_slices, indexing="ij", sparse=True)) if n_batch else ()
    sparse_ind = tuple(indices[grid + (slice(None), i)] for i in range(n_sparse))
    batch_grid = np.meshgrid(
        *(np.arange(s) for s in shape[:n_batch]), np.arange(1), indexing="ij", sparse=True
    )
    batch_ind = tuple(batch_grid)[:-1]
    return batch_ind, sparse_ind


def todense(data, indices, shape):
    """The dense array of the BCOO buffers; duplicates sum, out-of-bounds entries drop."""
    data, indices = jnp.asarray(data), jnp.asarray(indices)
    n_batch, n_sparse, _, _ = layout(data, indices, shape)
    batch_ind, sparse_ind = _batch_and_sparse_index(indices, shape, n_batch, n_sparse)
    if not sparse_ind:
        data = data.sum(n_batch, keepdims=bool(batch_ind), dtype=data.dtype)
    out = jnp.zeros(shape, data.dtype)
    if not batch_ind + sparse_ind:
        return out + data
    return out.at[batch_ind + sparse_ind].add(data, mode="drop")


def extract(indices, arr, assume_unique: bool = True):
    """The values of `arr` at the stored `indices` (0 out of bounds); with `assume_unique`
    False, a repeated index keeps its value at its first position only."""
    arr = jnp.asarray(arr)
    indices = jnp.asarray(indices)
    n_batch, n_sparse = indices.ndim - 2, indices.shape[-1]
    nse = indices.shape[-2]
    batch_ind, sparse_ind = _batch_and_sparse_index(indices, arr.shape, n_batch, n_sparse)
    if not batch_ind + sparse_ind:
        result = arr[None]
    else:
        result = arr.at[batch_ind + sparse_ind].get(mode="fill", fill_value=0)
    if n_sparse == 0 and nse != 1:
        shape = result.shape[:n_batch] + (nse,) + result.shape[n_batch + 1 :]
        if assume_unique:
            return jnp.broadcast_to(result, shape)
        first = (np.arange(nse) == 0).reshape((1,) * n_batch + (nse,) + (1,) * (arr.ndim - n_batch))
        return jnp.where(first, jnp.broadcast_to(result, shape), 0)
    if not assume_unique and n_sparse:
        keep = nfold_vmap(_first_occurrence, n_batch)(indices)
        keep = keep.reshape(keep.shape + (1,) * (result.ndim - keep.ndim))
        result = jnp.where(keep, result, 0)
    return result


def _first_occurrence(indices):
    """Whether each row of `indices` (nse, n_sparse) is the first with its value."""
    same = (indices[:, None, :] == indices[None, :, :]).all(-1)
    earlier = np.tril(np.ones((indices.shape[0],) * 2, bool), -1)
    return ~(same & earlier).any(-1)


def fromdense(mat, nse: int, n_batch: int = 0, n_dense: int = 0, index_dtype=np.int32):
    """`(data, indices)` of `mat`'s first `nse` nonzeros per batch (padded with zeros at the
    out-of-bounds index)."""
    mat = jnp.asarray(mat)
    n_sparse = mat.ndim - n_dense - n_batch
    mask = mat != 0
    if n_dense > 0:
        mask = mask.any(tuple(-(i + 1) for i in range(n_dense)))

    def nonzero(a):
        return jnp.nonzero(a, size=nse, fill_value=a.shape[:n_sparse])

    if n_sparse == 0:
        indices = jnp.zeros(mask.shape[:n_batch] + (nse, 0), index_dtype)
    else:
        columns = nfold_vmap(nonzero, n_batch, broadcasted=False)(mask)
        indices = jnp.stack([c.astype(index_dtype) for c in columns], axis=-1)
    data = extract(indices, mat)
    true_nse = mask.sum(tuple(range(n_batch, mask.ndim)))[..., None]
    position = lax.broadcasted_iota(true_nse.dtype, (1,) * n_batch + (nse,), n_batch)
    valid = (position < true_nse)[(n_batch + 1) * (slice(None),) + n_dense * (None,)]
    return jnp.where(valid, data, 0), indices


def concrete_nse(mat, nse, n_batch: int, n_dense: int) -> int:
    """`nse`, or the number of nonzeros `mat` needs, as a Python int (a traced `mat` needs an
    explicit `nse`)."""
    if nse is None:
        nse = count_stored_elements(mat, n_batch, n_dense)
    return operator.index(nse)
