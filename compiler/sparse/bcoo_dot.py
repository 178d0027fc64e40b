"""BCOO products: bcoo_dot_general (sparse x dense, dense x sparse, sparse x sparse),
bcoo_multiply_dense and bcoo_multiply_sparse, as JAX's, written as gathers, dots and scatter-adds
so their derivatives w.r.t. the data and the dense operand come from those ops' rules."""

from __future__ import annotations

import functools

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import (
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.sparse import bcoo_indices
from meshjit.compiler.sparse.base import JAXSparse
from meshjit.compiler.sparse.bcoo_dense import extract
from meshjit.compiler.sparse.util import nfold_vmap, remaining


def _dims(dimension_numbers):
    (lc, rc), (lb, rb) = dimension_numbers
    return tuple(map(int, lc)), tuple(map(int, rc)), tuple(map(int, lb)), tuple(map(int, rb))


def bcoo_dot_general(
    lhs, rhs, *, dimension_numbers, precision=None, preferred_element_type=None, out_sharding=None
):
    """A general contraction of BCOO arrays and/or dense arrays; sparse only if both are."""
    del precision, out_sharding
    lhs_sp, rhs_sp = isinstance(lhs, JAXSparse), isinstance(rhs, JAXSparse)
    if lhs_sp and rhs_sp:
        return _spdot_general(lhs, rhs, dimension_numbers)
    if lhs_sp:
        return _dot_sparse_dense(lhs, jnp.asarray(rhs), dimension_numbers, preferred_element_type)
    if rhs_sp:
        lc, rc, lb, rb = _dims(dimension_numbers)
        result = _dot_sparse_dense(
            rhs, jnp.asarray(lhs), ((rc, lc), (rb, lb)), preferred_element_type
        )
        n_swap = rhs.ndim - len(rc)
        perm = (*range(len(lb)), *range(n_swap, result.ndim), *range(len(lb), n_swap))
        return lax.transpose(result, perm)
    return lax.dot_general(
        lhs, rhs, dimension_numbers, preferred_element_type=preferred_element_type
    )


def _dot_sparse_dense(lhs, rhs, dimension_numbers, preferred_element_type):
    lc, rc, lb, rb = _dims(dimension_numbers)
    if not all(0 <= d < lhs.ndim for d in (*lb, *lc)):
        raise MeshjitTypeError(  # JAX's words (its dot_general shape rule's)
            "dot_general requires lhs dimension numbers to be nonnegative and less than the "
            f"number of axes of the lhs value, got lhs_batch of {tuple(lb)} and lhs_contracting "
            f"of {tuple(lc)} for lhs of rank {lhs.ndim}"
        )
    n_batch, n_sparse = lhs.n_batch, lhs.n_sparse
    if lb and max(lb) >= n_batch:
        raise MeshjitNotImplementedError(
            "bcoo_dot_general batch dimensions must be among the batch dimensions in the sparse "
            f"representation.\ngot lhs_batch={lb}, n_batch={n_batch}"
        )
    if any(d >= n_batch + n_sparse for d in lc):
        raise MeshjitNotImplementedError("bcoo_dot_general: contracting over dense dimensions.")
    out_aval = _dot_aval(lhs, rhs, dimension_numbers, preferred_element_type)
    data, indices = lhs.data, lhs.indices
    pairs = list(zip(lc, rc))
    lc_b = [a for a, _ in pairs if a < n_batch]
    rc_b = [b for a, b in pairs if a < n_batch]
    lc_s = [a - n_batch for a, _ in pairs if a >= n_batch]
    rc_s = [b for a, b in pairs if a >= n_batch]
    if lb or lc_b:
        perm = [*lb, *remaining(range(n_batch), lb, lc_b), *lc_b]
        data = data.transpose([*perm, *range(n_batch, data.ndim)])
        indices = indices.transpose([*perm, *range(n_batch, indices.ndim)])
    if lc_s:
        indices = indices[..., np.array([*lc_s, *remaining(range(n_sparse), lc_s)], int)]
    rhs = rhs.transpose([*rb, *rc_b, *rc_s, *remaining(range(rhs.ndim), rb, rc_b, rc_s)])

    def one(out, data, indices, rhs):
        idx = tuple(indices[..., i] for i in range(n_sparse))
        idx_right, idx_out = idx[: len(lc_s)], idx[len(lc_s) :]
        if idx_right and indices.ndim > 2:
            batch = jnp.meshgrid(*(jnp.arange(n) for n in indices.shape[:-1]), indexing="ij")
            idx_right = (*batch[: indices.ndim - 2], *idx_right)
        bdims = list(range(len(lc_b) + bool(lc_s)))
        gathered = rhs.at[idx_right].get(mode="fill", fill_value=0) if idx_right else rhs
        prod = lax.dot_general(
            data,
            gathered,
            (([], []), (bdims, bdims)),
            preferred_element_type=preferred_element_type,
        )
        if idx_out:
            return out.at[idx_out].add(prod, mode="drop")
        return prod.sum(tuple(range(prod.ndim - out.ndim)), dtype=out.dtype)

    rhs = lax.expand_dims(rhs, tuple(range(len(rb), n_batch - len(lc_b))))
    out = jnp.zeros(out_aval.shape, out_aval.dtype)
    return nfold_vmap(one, n_batch - len(lc_b))(out, data, indices, rhs)


def _dot_aval(lhs, rhs, dimension_numbers, preferred_element_type):
    from meshjit.compiler.jit.api import ShapeDtypeStruct, eval_shape

    fun = functools.partial(
        lax.dot_general,
        dimension_numbers=dimension_numbers,
        preferred_element_type=preferred_element_type,
    )
    return eval_shape(
        fun, ShapeDtypeStruct(lhs.shape, lhs.dtype), ShapeDtypeStruct(rhs.shape, rhs.dtype)
    )


def _spdot_general(lhs, rhs, dimension_numbers):
    lc, rc, lb, rb = _dims(dimension_numbers)
    if lhs.n_dense or rhs.n_dense:
        raise MeshjitNotImplementedError("bcoo_spdot_general with dense dimensions")
    if (
        lb != tuple(range(len(lb)))
        or rb != tuple(range(len(rb)))
        or len(lb) != lhs.n_batch
        or len(rb) != rhs.n_batch
    ):
        raise MeshjitNotImplementedError(
            "bcoo_spdot_general: batch dimensions must be the leading batch dimensions of both"
        )
    if any(d < lhs.n_batch for d in lc) or any(d < rhs.n_batch for d in rc):
        raise MeshjitNotImplementedError("bcoo_spdot_general: contracting batch dimensions")
    out_shape = _dot_aval(lhs, rhs, dimension_numbers, None).shape
    n = lhs.n_batch
    unbatched = functools.partial(
        _spdot_unbatched,
        lhs_shape=lhs.shape[n:],
        rhs_shape=rhs.shape[n:],
        lc=[d - n for d in lc],
        rc=[d - n for d in rc],
    )
    data, indices = nfold_vmap(unbatched, n)(lhs.data, lhs.indices, rhs.data, rhs.indices)
    out = type(lhs)((data, indices), shape=out_shape)
    return bcoo_indices.bcoo_sum_duplicates(out, nse=out.nse)


def _spdot_unbatched(lhs_data, lhs_indices, rhs_data, rhs_indices, *, lhs_shape, rhs_shape, lc, rc):
    """Every pair of stored elements whose contracted indices agree gives a product (nse is the
    product of the operands' nse; duplicates are summed by the caller)."""
    idx = lambda cols: np.array(cols, int)
    lhs_i, rhs_i = lhs_indices[:, idx(lc)], rhs_indices[:, idx(rc)]
    lhs_j = lhs_indices[:, idx(remaining(range(len(lhs_shape)), lc))]
    rhs_j = rhs_indices[:, idx(remaining(range(len(rhs_shape)), rc))]
    overlap = (lhs_i[:, None] == rhs_i[None, :]).all(-1)
    lhs_valid = (lhs_i < np.array([lhs_shape[d] for d in lc], int)).all(-1)
    rhs_valid = (rhs_i < np.array([rhs_shape[d] for d in rc], int)).all(-1)
    keep = overlap & lhs_valid[:, None] & rhs_valid[None, :]
    data = jnp.where(keep, lhs_data[:, None] * rhs_data[None, :], 0).ravel()
    dtype = jnp.result_type(lhs_indices, rhs_indices)
    pairs = jnp.concatenate(
        [
            jnp.broadcast_to(
                lhs_j[:, None].astype(dtype), (lhs_j.shape[0], rhs_j.shape[0], lhs_j.shape[1])
            ),
            jnp.broadcast_to(
                rhs_j[None, :].astype(dtype), (lhs_j.shape[0], rhs_j.shape[0], rhs_j.shape[1])
            ),
        ],
        axis=-1,
    )
    return data, pairs.reshape(data.shape[0], pairs.shape[-1])


def bcoo_multiply_dense(sp_mat, v):
    """The data of the elementwise product of a BCOO array and a dense array (broadcast)."""
    v = jnp.asarray(v)
    if v.ndim > sp_mat.ndim:
        raise MeshjitValueError(
            f"bcoo_multiply_dense: dense array of ndim {v.ndim} cannot broadcast to the sparse "
            f"shape {sp_mat.shape}"
        )
    dense = jnp.broadcast_to(v, sp_mat.shape) if v.shape != sp_mat.shape else v
    values = extract(sp_mat.indices, dense)
    return sp_mat.data * values


def bcoo_multiply_sparse(lhs, rhs):
    """The elementwise product of two BCOO arrays of one shape, as a BCOO array."""
    if lhs.shape != rhs.shape:
        raise MeshjitValueError(
            f"bcoo_multiply_sparse: arrays must have the same shape, got {lhs.shape} and {rhs.shape}"
        )
    lhs, rhs = lhs.update_layout(n_dense=0, n_batch=0), rhs.update_layout(n_dense=0, n_batch=0)
    data, indices = _multiply_unbatched(lhs.data, lhs.indices, rhs.data, rhs.indices, lhs.shape)
    return type(lhs)((data, indices), shape=lhs.shape)


def _multiply_unbatched(lhs_data, lhs_indices, rhs_data, rhs_indices, shape):
    """Each stored element of lhs times the sum of rhs's elements at the same index."""
    same = (lhs_indices[:, None, :] == rhs_indices[None, :, :]).all(-1)
    valid = (lhs_indices < np.array(shape, int)).all(-1)
    rhs_at = jnp.where(same, rhs_data[None, :], 0).sum(1)
    return jnp.where(valid, lhs_data * rhs_at, 0), lhs_indices


def bcoo_dot_general_sampled(A, B, indices, *, dimension_numbers):
    """The dense product `dot_general(A, B)` at the BCOO `indices` only (its `data`)."""
    product = lax.dot_general(jnp.asarray(A), jnp.asarray(B), dimension_numbers)
    return extract(jnp.asarray(indices), product)
