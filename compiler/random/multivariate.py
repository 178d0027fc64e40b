"""multivariate_normal: standard normals mapped through a Cholesky factor of the covariance.

JAX factors with LAPACK's potrf; meshjit has no linalg yet, so the factor here is the plain
column-by-column Cholesky (after JAX's symmetrization), which agrees with LAPACK to rounding:
the draws are JAX's to a few ulps, not bit for bit. The normal draws themselves are JAX's bits.
`method='eigh'` and `'svd'` need an eigen / singular value decomposition and are not supported.
`orthogonal` (a QR of normal draws) waits for linalg likewise.
"""

from __future__ import annotations

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.jit.api import jit
from meshjit.compiler.numpy.util import aval_of
from meshjit.compiler.random.keys import check_key
from meshjit.compiler.random.samplers import normal_body
from meshjit.compiler.random.util import (
    float_dtype,
    sample_shape,
)


def cholesky(a):
    """The lower Cholesky factor of the symmetric positive definite matrices `a` (..., n, n)."""
    ndim = aval_of(a).ndim
    a = lax.div(lax.add(a, _swap_last(a)), np.array(2, aval_of(a).dtype))
    n = aval_of(a).shape[-1]
    columns = []
    for j in range(n):
        a_col = _index(a, j, ndim - 1)  # (..., n): column j
        if columns:
            done = jnp.stack(columns, axis=-1)  # (..., n, j): the columns found so far
            row_j = _index(done, j, ndim - 2)  # (..., j)
            a_col = lax.sub(a_col, jnp.einsum("...ik,...k->...i", done, row_j))
        pivot = lax.sqrt(_index(a_col, j, ndim - 2))
        below = lax.div(a_col, lax.expand_dims(pivot, (ndim - 2,)))
        rows = lax.broadcasted_iota(dtypes.int32, aval_of(below).shape, ndim - 2)
        zeros = lax.full(aval_of(below).shape, np.zeros((), aval_of(below).dtype))
        column = lax.select(lax.gt(rows, j), below, zeros)
        columns.append(_put(column, pivot, j, ndim - 2))
    return jnp.stack(columns, axis=-1)


def _swap_last(x):
    ndim = aval_of(x).ndim
    return lax.transpose(x, (*range(ndim - 2), ndim - 1, ndim - 2))


def _index(x, i, axis):
    return lax.squeeze(lax.slice_in_dim(x, i, i + 1, axis=axis), (axis,))


def _put(column, value, i, axis):
    rows = lax.broadcasted_iota(dtypes.int32, aval_of(column).shape, axis)
    value = lax.broadcast_in_dim(value, aval_of(column).shape, tuple(range(axis)))
    return lax.select(lax.eq(rows, i), value, column)


def _as_floats(*xs):
    """`xs` in their common dtype, integers promoted to float32 (JAX's promote_dtypes_inexact)."""
    dtype = jnp.result_type(*xs)
    dtype = dtype if dtypes.is_float(dtype) else dtypes.float32
    return [lax.convert_element_type(jnp.asarray(x), dtype) for x in xs]


@jit(static_argnums=(3, 4))
def _multivariate_normal(data, mean, cov, shape, dtype):
    factor = cholesky(cov)
    samples = normal_body(data, shape + aval_of(mean).shape[-1:], dtype)
    return jnp.add(mean, jnp.einsum("...ij,...j->...i", factor, samples))


def multivariate_normal(key, mean, cov, shape=None, dtype=None, method="cholesky"):
    """Normal vectors with mean `mean` (..., n) and covariance `cov` (..., n, n)."""
    data, _ = check_key("multivariate_normal", key)
    if method not in ("svd", "eigh", "cholesky"):
        raise MeshjitValueError("method must be one of {'svd', 'eigh', 'cholesky'}")
    if method != "cholesky":
        raise MeshjitValueError(
            f"multivariate_normal(method={method!r}) needs linalg.{method}, which meshjit does "
            "not have yet; use method='cholesky'"
        )
    mean, cov = _as_floats(mean, cov)
    dtype = aval_of(mean).dtype if dtype is None else float_dtype(dtype, "multivariate_normal")
    mean_shape, cov_shape = aval_of(mean).shape, aval_of(cov).shape
    if len(mean_shape) < 1:
        raise MeshjitValueError(
            f"multivariate_normal requires mean.ndim >= 1, got {len(mean_shape)}"
        )
    n = mean_shape[-1]
    if len(cov_shape) < 2 or cov_shape[-2:] != (n, n):
        raise MeshjitValueError(
            f"multivariate_normal requires cov.shape == (..., n, n) for n={n}, but got "
            f"cov.shape == {cov_shape}."
        )
    batch = mean_shape[:-1], cov_shape[:-2]
    shape = sample_shape("multivariate_normal", shape, *batch)
    return _multivariate_normal(data, mean, cov, shape, dtype)
