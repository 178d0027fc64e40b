"""BCOO shape operations: transpose, reduce_sum, reshape, squeeze, slice, dynamic_slice,
concatenate and broadcast_in_dim, as JAX's bcoo_* functions (same layouts, same refusals)."""

from __future__ import annotations

import math
import operator

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import (
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.sparse.bcoo_indices import bcoo_sum_duplicates, bcoo_update_layout
from meshjit.compiler.sparse.util import broadcast_batch


def _parts(mat):
    nb, ns = mat.n_batch, mat.n_sparse
    return range(nb), range(nb, nb + ns), range(nb + ns, mat.ndim)


def bcoo_transpose(mat, *, permutation):
    """`mat` with its dimensions permuted (batch, sparse and dense dims among themselves)."""
    permutation = tuple(int(p) for p in permutation)
    if sorted(permutation) != list(range(mat.ndim)):
        raise MeshjitTypeError(  # JAX's type and words (its lax.transpose's)
            f"transpose permutation isn't a permutation of operand dimensions, got permutation "
            f"{permutation} for shape {mat.shape}."
        )
    nb, ns = mat.n_batch, mat.n_sparse
    batch, sparse, dense = permutation[:nb], permutation[nb : nb + ns], permutation[nb + ns :]
    if (tuple(sorted(batch)), tuple(sorted(sparse)), tuple(sorted(dense))) != tuple(
        tuple(r) for r in _parts(mat)
    ):
        raise MeshjitNotImplementedError(
            "bcoo_transpose: permutation must not mix batch, sparse and dense dimensions. Got "
            f"{permutation=} for matrix with n_batch={nb}, n_sparse={ns}, n_dense={mat.n_dense}"
        )
    sparse_perm = [p - nb for p in sparse]
    data = mat.data.transpose([*batch, nb, *(d - ns + 1 for d in dense)])
    indices = mat.indices.transpose([*batch, nb, nb + 1])[..., np.array(sparse_perm, int)]
    unchanged = sparse_perm == list(range(ns))
    return type(mat)(
        (data, indices),
        shape=tuple(mat.shape[p] for p in permutation),
        indices_sorted=mat.indices_sorted and unchanged,
        unique_indices=mat.unique_indices,
    )


def bcoo_reduce_sum(mat, *, axes):
    """The sum of `mat` over `axes`, a BCOO array (batch axes fold into the stored elements)."""
    axes = sorted({operator.index(a) % max(mat.ndim, 1) for a in axes})
    batch_axes = [a for a in axes if a < mat.n_batch]
    if batch_axes:
        old_nb, keep = mat.n_batch, mat.n_batch - len(batch_axes)
        order = [*remaining_axes(old_nb, batch_axes), *batch_axes]
        mat = bcoo_transpose(mat, permutation=[*order, *range(old_nb, mat.ndim)])
        mat = bcoo_update_layout(mat, n_batch=keep)
        axes = [*range(keep, old_nb), *(a for a in axes if a >= old_nb)]
    nb, ns = mat.n_batch, mat.n_sparse
    sparse_axes = [a for a in axes if nb <= a < nb + ns]
    dense_axes = [a for a in axes if a >= nb + ns]
    data = mat.data.sum(tuple(a - ns + 1 for a in dense_axes)) if dense_axes else mat.data
    kept = [i for i in range(ns) if i + nb not in sparse_axes]
    indices = mat.indices[..., np.array(kept, int)]
    if sparse_axes:
        valid = (mat.indices < np.asarray(mat.shape[nb : nb + ns], int)).all(-1)
        data = jnp.where(valid.reshape(valid.shape + (1,) * (data.ndim - valid.ndim)), data, 0)
    shape = tuple(s for i, s in enumerate(mat.shape) if i not in axes)
    return type(mat)((data, indices), shape=shape)


def remaining_axes(n: int, removed) -> list:
    return [i for i in range(n) if i not in removed]


def bcoo_reshape(mat, *, new_sizes, dimensions=None, sharding=None):
    """`mat` reshaped; batch and dense dims reshape among themselves, sparse dims by
    recomputing the indices."""
    new_sizes = tuple(int(s) for s in new_sizes)
    if new_sizes == mat.shape:
        return mat
    if dimensions is not None and tuple(dimensions) != tuple(range(mat.ndim)):
        raise MeshjitNotImplementedError("bcoo_reshape: nontrivial dimensions not yet supported")
    if math.prod(new_sizes) != mat.size:
        raise MeshjitValueError(f"cannot reshape array of shape {mat.shape} into shape {new_sizes}")
    nb, ns = mat.n_batch, mat.n_sparse
    batch_size, dense_size = math.prod(mat.shape[:nb]), math.prod(mat.shape[nb + ns :])
    cum = np.cumprod((1,) + new_sizes)
    new_nb = int(np.searchsorted(cum, batch_size)) if nb else 0
    rev = np.cumprod((1,) + new_sizes[::-1])
    new_nd = int(np.searchsorted(rev, dense_size)) if mat.n_dense else 0
    if (nb and cum[new_nb] != batch_size) or (mat.n_dense and rev[new_nd] != dense_size):
        raise MeshjitValueError(
            "bcoo_reshape: new shape cannot be formed without mixing batch, sparse and dense "
            f"dimensions: {mat.shape} -> {new_sizes} (n_batch={nb}, n_dense={mat.n_dense})"
        )
    batch_shape = new_sizes[:new_nb]
    dense_shape = new_sizes[len(new_sizes) - new_nd :]
    sparse_shape = new_sizes[new_nb : len(new_sizes) - new_nd]
    data, indices = broadcast_batch(mat.data, mat.indices, nb, mat.shape[:nb])
    data = data.reshape(*batch_shape, mat.nse, *dense_shape)
    indices = indices.reshape(*batch_shape, mat.nse, ns)
    old_sparse = mat.shape[nb : nb + ns]
    valid = (indices < np.asarray(old_sparse, int)).all(-1)
    flat = (
        sum(indices[..., i] * int(math.prod(old_sparse[i + 1 :])) for i in range(ns)) if ns else 0
    )
    columns = []
    for i, size in enumerate(sparse_shape):
        stride = int(math.prod(sparse_shape[i + 1 :]))
        columns.append(jnp.where(valid, (flat // stride) % size, size).astype(indices.dtype))
    if columns:
        indices = jnp.stack(columns, axis=-1)
    else:
        indices = jnp.zeros((*batch_shape, mat.nse, 0), indices.dtype)
    return type(mat)((data, indices), shape=new_sizes)


def bcoo_squeeze(arr, *, dimensions):
    """`arr` without the size-1 `dimensions`."""
    dimensions = sorted({operator.index(d) % arr.ndim for d in dimensions})
    if any(arr.shape[d] != 1 for d in dimensions):
        raise MeshjitValueError(
            f"cannot select an axis to squeeze out which has size not equal to one, got "
            f"shape={arr.shape} and dimensions={tuple(dimensions)}"
        )
    shape = tuple(s for i, s in enumerate(arr.shape) if i not in dimensions)
    nb, ns = arr.n_batch, arr.n_sparse
    batch = tuple(d for d in dimensions if d < nb)
    dense = tuple(d - ns + 1 for d in dimensions if d >= nb + ns)
    kept = [i for i in range(ns) if i + nb not in dimensions]
    data = jnp.squeeze(arr.data, batch + dense)
    indices = jnp.squeeze(arr.indices, batch)[..., np.array(kept, int)]
    return type(arr)((data, indices), shape=shape)


def bcoo_slice(mat, *, start_indices, limit_indices, strides=None):
    """A static slice of `mat`: sparse coordinates outside it become padding."""
    start = [operator.index(i) for i in start_indices]
    limit = [operator.index(i) for i in limit_indices]
    strides = [1] * mat.ndim if strides is None else [operator.index(s) for s in strides]
    if not (len(start) == len(limit) == len(strides) == mat.ndim):
        raise MeshjitValueError(f"bcoo_slice: indices must have size mat.ndim={mat.ndim}")
    if not all(0 <= s <= lim <= n for s, lim, n in zip(start, limit, mat.shape)):
        raise MeshjitValueError(  # JAX's words
            f"bcoo_slice: invalid indices. Got start_indices={start}, limit_indices={limit} "
            f"and shape={mat.shape}"
        )
    nb, ns = mat.n_batch, mat.n_sparse
    batch_slices = tuple(
        slice(None)
        if mat.indices.shape[i] == 1 and mat.shape[i] != 1
        else slice(start[i], limit[i], strides[i])
        for i in range(nb)
    )
    data_batch = tuple(
        slice(None)
        if mat.data.shape[i] == 1 and mat.shape[i] != 1
        else slice(start[i], limit[i], strides[i])
        for i in range(nb)
    )
    dense = tuple(slice(start[i], limit[i], strides[i]) for i in range(nb + ns, mat.ndim))
    data = mat.data[data_batch + (slice(None),) + dense]
    indices = mat.indices[batch_slices]
    shape = tuple(len(range(*bounds)) for bounds in zip(start, limit, strides))
    starts = np.asarray(start[nb : nb + ns], int)
    return _shift_sparse(mat, data, indices, starts, np.asarray(strides[nb : nb + ns], int), shape)


def _shift_sparse(mat, data, indices, starts, strides, shape):
    """Sparse indices moved to a window starting at `starts` with `strides`; entries outside
    it become padding (zero data at the out-of-bounds index)."""
    nb, ns = mat.n_batch, mat.n_sparse
    if ns == 0:
        return type(mat)((data, indices), shape=shape)
    sizes = np.asarray(shape[nb : nb + ns], int)
    offset = indices - starts
    new = offset // strides
    inside = ((offset >= 0) & (offset % strides == 0) & (new < sizes)).all(-1, keepdims=True)
    indices = jnp.where(inside, new, sizes).astype(mat.indices.dtype)
    keep = inside[..., 0]
    keep = keep.reshape(keep.shape + (1,) * (data.ndim - keep.ndim))
    data = jnp.where(keep, data, 0)
    out = type(mat)((data, indices), shape=shape)
    room = math.prod(shape[nb : nb + ns])
    return bcoo_sum_duplicates(out, nse=room) if out.nse > room else out


def bcoo_dynamic_slice(mat, start_indices, slice_sizes):
    """A slice of `mat` at traced `start_indices` (clamped into bounds, as lax.dynamic_slice)."""
    slice_sizes = tuple(operator.index(s) for s in slice_sizes)
    if len(start_indices) != mat.ndim or len(slice_sizes) != mat.ndim:
        raise MeshjitValueError(f"bcoo_dynamic_slice: indices must have size mat.ndim={mat.ndim}")
    starts = [
        _clamped_start(s, dim, size) for s, dim, size in zip(start_indices, mat.shape, slice_sizes)
    ]
    nb, ns = mat.n_batch, mat.n_sparse
    data, indices = broadcast_batch(mat.data, mat.indices, nb, mat.shape[:nb])
    data = lax.slicing.unchecked_dynamic_slice(  # (starts int32, zeros the default int)
        data,
        [*starts[:nb], 0, *starts[nb + ns :]],
        [*slice_sizes[:nb], mat.nse, *slice_sizes[nb + ns :]],
    )
    indices = lax.slicing.unchecked_dynamic_slice(
        indices, [*starts[:nb], 0, 0], [*slice_sizes[:nb], mat.nse, ns]
    )
    sparse_starts = jnp.stack(starts[nb : nb + ns]) if ns else np.zeros(0, int)
    return _shift_sparse(mat, data, indices, sparse_starts, np.ones(ns, int), slice_sizes)


def _clamped_start(start, dim: int, size: int):
    """A start index as lax.dynamic_slice reads it: negative from the end, then clamped."""
    start = jnp.asarray(start).astype(np.int32)
    return jnp.clip(jnp.where(start < 0, start + dim, start), 0, dim - size)


def _check_concatenable(operands, dimension: int) -> None:
    """The operands agree off `dimension` (lax.concatenate's TypeError and words)."""
    rest = {op.shape[:dimension] + op.shape[dimension + 1 :] for op in operands}
    if len(rest) > 1:
        shapes = ", ".join(str(op.shape) for op in operands)
        raise MeshjitTypeError(
            "Cannot concatenate arrays with shapes that differ in dimensions other than the one "
            f"being concatenated: concatenating along dimension {dimension} for shapes {shapes}."
        )


def bcoo_concatenate(operands, *, dimension):
    """The concatenation of BCOO arrays along `dimension` (a batch or sparse dimension)."""
    operands = list(operands)
    first = operands[0]
    if len({(op.n_batch, op.n_sparse, op.n_dense) for op in operands}) != 1:
        raise MeshjitValueError("bcoo_concatenate requires inputs to have matching nse dimensions.")
    dimension = operator.index(dimension)
    _check_concatenable(operands, dimension)
    nb, ns = first.n_batch, first.n_sparse
    shape = list(first.shape)
    shape[dimension] = sum(op.shape[dimension] for op in operands)
    if dimension >= nb + ns:
        raise MeshjitNotImplementedError("Concatenation along dense dimensions.")  # JAX's words
    if dimension < nb:
        nse = max(op.nse for op in operands)
        from meshjit.compiler.sparse.bcoo_indices import bcoo_set_nse

        parts = [bcoo_set_nse(op, nse) for op in operands]
        bufs = [broadcast_batch(p.data, p.indices, nb, p.shape[:nb]) for p in parts]
        data = jnp.concatenate([b[0] for b in bufs], axis=dimension)
        indices = jnp.concatenate([b[1] for b in bufs], axis=dimension)
        return type(first)((data, indices), shape=tuple(shape))
    offsets = np.cumsum([0] + [op.shape[dimension] for op in operands[:-1]])
    batch = first.shape[:nb]
    datas, indexes = [], []
    for op, offset in zip(operands, offsets):
        data, indices = broadcast_batch(op.data, op.indices, nb, batch)
        column = dimension - nb
        shifted = jnp.where(
            indices[..., column] < op.shape[dimension],
            indices[..., column] + int(offset),
            shape[dimension],
        )
        indices = indices.at[..., column].set(shifted.astype(indices.dtype))
        datas.append(data)
        indexes.append(indices)
    data = jnp.concatenate(datas, axis=nb)
    indices = jnp.concatenate(indexes, axis=nb)
    return type(first)((data, indices), shape=tuple(shape))


def bcoo_broadcast_in_dim(mat, *, shape, broadcast_dimensions, sharding=None):
    """`mat` broadcast to `shape` (new leading dims become batch dims, as JAX does)."""
    shape = tuple(shape)
    broadcast_dimensions = tuple(broadcast_dimensions)
    new_leading = len(shape) - mat.ndim
    if broadcast_dimensions != tuple(range(new_leading, len(shape))) or any(
        shape[new_leading + i] != s for i, s in enumerate(mat.shape)
    ):
        raise MeshjitNotImplementedError(
            "bcoo_broadcast_in_dim: only adding leading dimensions is supported"
        )
    lead = shape[:new_leading]
    data = jnp.broadcast_to(mat.data, lead + mat.data.shape)
    indices = jnp.broadcast_to(mat.indices, lead + mat.indices.shape)
    return type(mat)((data, indices), shape=shape)


def bcoo_rev(operand, dimensions):
    """`operand` reversed along `dimensions` (sparse ones: indices mirrored)."""
    nb, ns = operand.n_batch, operand.n_sparse
    data, indices = broadcast_batch(operand.data, operand.indices, nb, operand.shape[:nb])
    for d in dimensions:
        if d < nb:
            data, indices = jnp.flip(data, d), jnp.flip(indices, d)
        elif d >= nb + ns:
            data = jnp.flip(data, d - ns + 1)
        else:
            col = indices[..., d - nb]
            size = operand.shape[d]
            indices = indices.at[..., d - nb].set(jnp.where(col < size, size - 1 - col, col))
    return type(operand)((data, indices), shape=operand.shape)


def bcoo_gather(
    operand,
    start_indices,
    dimension_numbers,
    slice_sizes,
    *,
    unique_indices=False,
    indices_are_sorted=False,
    mode=None,
    fill_value=None,
):
    """BCOO version of lax.gather: a dynamic slice per start index (vmapped), squeezed,
    reshaped and permuted into lax.gather's output layout."""
    from meshjit.compiler.batching.api import vmap
    from meshjit.compiler.jit.api import ShapeDtypeStruct, eval_shape

    mode = lax.GatherScatterMode.from_any(mode, lax.GatherScatterMode.PROMISE_IN_BOUNDS)
    if mode != lax.GatherScatterMode.PROMISE_IN_BOUNDS:
        raise MeshjitNotImplementedError(f"bcoo_gather: mode={mode} not yet supported.")
    start_indices = jnp.asarray(start_indices)
    out_aval = eval_shape(
        lambda o, i: lax.gather(o, i, dimension_numbers, slice_sizes, mode=mode),
        ShapeDtypeStruct(operand.shape, operand.dtype),
        ShapeDtypeStruct(start_indices.shape, start_indices.dtype),
    )
    starts = [np.zeros((), start_indices.dtype)] * operand.ndim
    in_axes = [None] * operand.ndim
    sizes = list(operand.shape)
    for i, j in enumerate(dimension_numbers.start_index_map):
        starts[j] = start_indices[..., i].ravel()
        sizes[j] = slice_sizes[j]
        in_axes[j] = 0

    def one(starts):
        piece = bcoo_dynamic_slice(operand, starts, sizes)
        return bcoo_squeeze(piece, dimensions=dimension_numbers.collapsed_slice_dims)

    result = vmap(one, in_axes=(in_axes,))(starts)
    result = bcoo_reshape(result, new_sizes=(*start_indices.shape[:-1], *result.shape[1:]))
    offset_dims = tuple(dimension_numbers.offset_dims)
    if result.shape:
        batch_dims = tuple(d for d in range(len(out_aval.shape)) if d not in offset_dims)
        permutation = np.zeros(result.ndim, dtype=int)
        permutation[np.array(batch_dims + offset_dims, int)] = np.arange(result.ndim)
        if set(permutation[: len(batch_dims)]) != set(range(len(batch_dims))):
            result = bcoo_update_layout(result, n_batch=0)
        result = bcoo_transpose(result, permutation=tuple(int(p) for p in permutation))
    return bcoo_reshape(result, new_sizes=out_aval.shape)
