"""multivariate_normal (a Cholesky, eigh or SVD factor of the covariance applied to standard
normals) and orthogonal (the Q of a QR of normal draws, its columns' signs fixed by R's
diagonal), JAX 0.10.2's algorithms over meshjit.numpy.linalg: the same LAPACK calls on the same
normal bits as JAX, so the draws agree with JAX's to rounding (the matrix products may sum in
another order).
"""

from __future__ import annotations

import operator

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.jit.api import jit
from meshjit.compiler.numpy import linalg as jnp_linalg
from meshjit.compiler.numpy.util import aval_of
from meshjit.compiler.random.keys import check_key, keyed
from meshjit.compiler.random.samplers import inexact_dtype, inexact_normal_body, normal_body
from meshjit.compiler.random.util import (
    canonical_shape,
    float_dtype,
    sample_shape,
)
from meshjit.compiler.trace.tracing import require_concrete


def _as_floats(*xs):
    """`xs` in their common dtype, integers promoted to the default float (JAX's promote_dtypes_inexact)."""
    dtype = jnp.result_type(*xs)
    dtype = dtype if dtypes.is_float(dtype) else dtypes.default_float
    return [lax.convert_element_type(jnp.asarray(x), dtype) for x in xs]


@jit(static_argnums=(3, 4, 5))
def _multivariate_normal(data, mean, cov, shape, dtype, method):
    if method == "svd":
        u, s, _ = jnp_linalg.svd(cov)
        factor = u * jnp.sqrt(s[..., None, :])
    elif method == "eigh":
        w, v = jnp_linalg.eigh(cov)
        factor = v * jnp.sqrt(w[..., None, :])
    else:
        factor = jnp_linalg.cholesky(cov)
    samples = normal_body(data, shape + aval_of(mean).shape[-1:], dtype)
    return jnp.add(mean, jnp.einsum("...ij,...j->...i", factor, samples))


@keyed
def multivariate_normal(key, mean, cov, shape=None, dtype=None, method="cholesky"):
    """Normal vectors with mean `mean` (..., n) and covariance `cov` (..., n, n)."""
    data, _ = check_key("multivariate_normal", key)
    if method not in ("svd", "eigh", "cholesky"):
        raise MeshjitValueError("method must be one of {'svd', 'eigh', 'cholesky'}")
    mean, cov = _as_floats(mean, cov)
    dtype = aval_of(mean).dtype if dtype is None else float_dtype(dtype, "multivariate_normal")
    mean_shape, cov_shape = aval_of(mean).shape, aval_of(cov).shape
    if len(mean_shape) < 1:
        raise MeshjitValueError(
            f"multivariate_normal requires mean.ndim >= 1, got mean.ndim == {len(mean_shape)}"
        )
    n = mean_shape[-1]
    if len(cov_shape) < 2:
        raise MeshjitValueError(
            f"multivariate_normal requires cov.ndim >= 2, got cov.ndim == {len(cov_shape)}"
        )
    if cov_shape[-2:] != (n, n):
        raise MeshjitValueError(
            f"multivariate_normal requires cov.shape == (..., n, n) for n={n}, but got "
            f"cov.shape == {cov_shape}."
        )
    batch = mean_shape[:-1], cov_shape[:-2]
    shape = sample_shape("multivariate_normal", shape, *batch)
    return _multivariate_normal(data, mean, cov, shape, dtype, method)


@jit(static_argnums=(1, 2, 3, 4))
def _orthogonal(data, n, m, shape, dtype):
    z = inexact_normal_body(data, (*shape, max(n, m), min(n, m)), dtype)
    q, r = jnp_linalg.qr(z)
    d = jnp_linalg.diagonal(r)
    x = q * jnp.expand_dims(jnp.sign(d), -2)
    return jnp.swapaxes(x, -1, -2) if n < m else x


@keyed
def orthogonal(key, n, shape=(), dtype=None, m=None):
    """Haar-distributed (n, m) matrices with orthonormal columns (or rows when n < m), batched
    over `shape`; m defaults to n."""
    data, _ = check_key("orthogonal", key)
    dtype = inexact_dtype(dtype, "normal")  # JAX's: normal() draws
    shape = canonical_shape(shape, "orthogonal")
    for size in (n, m):  # JAX's ConcretizationTypeError for a traced size
        require_concrete(size, "The error occurred in jax.random.orthogonal()")
    n, m = _index("n", n), _index("m", n if m is None else m)
    return _orthogonal(data, n, m, shape, dtype)


def _index(name, value) -> int:
    try:
        index = operator.index(value)
    except TypeError as e:  # Python's words first, as JAX's
        raise MeshjitTypeError(
            f"{e}: orthogonal: {name} must be a static Python integer, got "
            f"{type(value).__name__} {value!r} (The error occurred in jax.random.orthogonal())"
        ) from None
    if index < 0:  # NumPy's words, as JAX's (its matrix shape is (n, m))
        raise MeshjitValueError(
            f"negative dimensions are not allowed, got orthogonal {name}={index}"
        )
    return index
