"""Shared pieces of meshjit.experimental.sparse: the layout record, the efficiency errors and the
helpers every BCOO / BCSR family uses (n-fold vmap, counting stored elements, index fill)."""

from __future__ import annotations

from typing import NamedTuple

from meshjit.compiler import numpy as jnp
from meshjit.compiler.batching.api import vmap
from meshjit.compiler.errors import MeshjitValueError


class SparseEfficiencyError(MeshjitValueError):
    """An operation would store (many) explicit zeros; as JAX's."""


class SparseEfficiencyWarning(UserWarning):
    pass


class CuSparseEfficiencyWarning(SparseEfficiencyWarning):
    pass


class SparseInfo(NamedTuple):
    shape: tuple
    indices_sorted: bool = False
    unique_indices: bool = False


class Layout(NamedTuple):
    """How a BCOO array's dimensions split: batch dims, then sparse dims, then dense dims."""

    n_batch: int
    n_sparse: int
    n_dense: int
    nse: int


def layout(data, indices, shape) -> Layout:
    """The layout of a BCOO `(data, indices)` of `shape`, validated as JAX validates it."""
    shape = tuple(shape)
    if indices.ndim < 2:
        raise MeshjitValueError(f"BCOO indices must have ndim >= 2; got {indices.shape=}")
    nse, n_sparse = indices.shape[-2:]
    n_batch = indices.ndim - 2
    n_dense = len(shape) - n_batch - n_sparse
    if n_dense < 0:
        raise MeshjitValueError(f"Invalid {indices.shape=} for {shape=}")
    if any(s1 not in (1, s2) for s1, s2 in zip(indices.shape[:n_batch], shape[:n_batch])):
        raise MeshjitValueError(
            f"indices batch dimensions not compatible for {indices.shape=}, {shape=}"
        )
    if any(s1 not in (1, s2) for s1, s2 in zip(data.shape[:n_batch], shape[:n_batch])):
        raise MeshjitValueError(f"data batch dimensions not compatible for {data.shape=}, {shape=}")
    if tuple(data.shape[n_batch:]) != (nse,) + shape[n_batch + n_sparse :]:
        raise MeshjitValueError(f"Invalid {data.shape=} for {nse=}, {n_batch=}, {n_dense=}")
    return Layout(n_batch, n_sparse, n_dense, nse)


def nfold_vmap(fun, n: int, in_axes=0, broadcasted: bool = True):
    """`fun` vmapped `n` times over the same leading axes; `broadcasted`: a mapped axis of size
    1 stands for every element of the others (as BCOO's size-1 batch dims do)."""
    for _ in range(n):
        fun = broadcasting_vmap(fun, in_axes) if broadcasted else vmap(fun, in_axes=in_axes)
    return fun


def broadcasting_vmap(fun, in_axes=0):
    def batched(*args):
        axes = in_axes if isinstance(in_axes, tuple) else (in_axes,) * len(args)
        n = max(a.shape[i] for a, i in zip(args, axes) if i is not None)
        if n != 1:
            pairs = [
                (jnp.squeeze(a, i), None) if i is not None and a.shape[i] == 1 else (a, i)
                for a, i in zip(args, axes)
            ]
            args, axes = zip(*pairs)
        return vmap(fun, in_axes=tuple(axes))(*args)

    return batched


def remaining(original, *removed) -> list:
    gone = set().union(*removed) if removed else set()
    return [i for i in original if i not in gone]


def count_stored_elements(mat, n_batch: int = 0, n_dense: int = 0):
    """The largest number of nonzeros (blocks of dense dims) of any batch of `mat`."""
    mask = mat != 0
    if n_dense > 0:
        mask = mask.any(tuple(-(i + 1) for i in range(n_dense)))
    per_batch = mask.sum(tuple(range(n_batch, mask.ndim)))
    return per_batch.max(initial=0)


def broadcast_batch(data, indices, n_batch: int, batch_shape):
    """`data` and `indices` with their batch dims broadcast to `batch_shape` (size-1 batch dims
    of either stand for all the batch)."""
    data = jnp.broadcast_to(data, tuple(batch_shape) + tuple(data.shape[n_batch:]))
    indices = jnp.broadcast_to(indices, tuple(batch_shape) + tuple(indices.shape[n_batch:]))
    return data, indices
