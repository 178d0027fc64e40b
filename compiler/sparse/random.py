"""`random_bcoo`: a BCOO array with random indices and values, as JAX's."""

from __future__ import annotations

import math
import operator

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.batching.api import vmap
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.random.api import split
from meshjit.compiler.random.discrete import choice
from meshjit.compiler.random.samplers import uniform
from meshjit.compiler.sparse.bcoo import BCOO


def random_bcoo(
    key,
    shape,
    *,
    dtype=jnp.float_,
    indices_dtype=None,
    nse=0.2,
    n_batch=0,
    n_dense=0,
    unique_indices=True,
    sorted_indices=False,
    generator=uniform,
    **kwds,
):
    """A random BCOO array: `nse` stored elements per batch (a fraction if 0 < nse < 1) at
    indices drawn by `random.choice`, values drawn by `generator`."""
    shape = tuple(map(operator.index, shape))
    n_batch, n_dense = operator.index(n_batch), operator.index(n_dense)
    if n_batch < 0 or n_dense < 0 or n_batch + n_dense > len(shape):
        raise MeshjitValueError(f"Invalid {n_batch=}, {n_dense=} for {shape=}")
    n_sparse = len(shape) - n_batch - n_dense
    batch_shape = shape[:n_batch]
    sparse_shape = shape[n_batch : n_batch + n_sparse]
    dense_shape = shape[n_batch + n_sparse :]
    sparse_size = math.prod(sparse_shape)
    if not 0 <= nse < sparse_size:
        raise MeshjitValueError(f"got {nse=}, expected to be between 0 and {sparse_size}")
    if 0 < nse < 1:
        nse = int(math.ceil(nse * sparse_size))
    nse = operator.index(nse)
    indices_dtype = np.dtype(indices_dtype or jnp.asarray(0).dtype)

    def one_batch(k):
        if not sparse_shape:
            return jnp.zeros((nse, n_sparse), dtype=indices_dtype)
        flat = choice(k, sparse_size, shape=(nse,), replace=not unique_indices)
        return jnp.column_stack(jnp.unravel_index(flat.astype(indices_dtype), sparse_shape))

    keys = split(key, math.prod(batch_shape) + 1)
    data = generator(keys[0], shape=batch_shape + (nse,) + dense_shape, dtype=dtype, **kwds)
    indices = vmap(one_batch)(keys[1:]).reshape(batch_shape + (nse, n_sparse))
    mat = BCOO((data, indices), shape=shape)
    return mat.sort_indices() if sorted_indices else mat
