"""The multivariate normal distribution (jax.scipy.stats.multivariate_normal): logpdf and pdf,
through the Cholesky factor meshjit.random uses (JAX's numbers to rounding, not bit for bit:
JAX factors with LAPACK)."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.random.multivariate import cholesky
from meshjit.compiler.scipy.stats.util import inexact


def logpdf(x, mean, cov, allow_singular=None):
    if allow_singular is not None:
        raise MeshjitValueError("allow_singular argument of multivariate_normal.logpdf")
    x, mean, cov = inexact(x, mean, cov)
    if not mean.shape:
        return -1 / 2 * (x - mean) ** 2 / cov - 1 / 2 * (np.log(2 * np.pi) + jnp.log(cov))
    n = mean.shape[-1]
    if not cov.shape:
        y = x - mean
        return -1 / 2 * jnp.sum(y * y, axis=-1) / cov - n / 2 * (np.log(2 * np.pi) + jnp.log(cov))
    if cov.ndim < 2 or cov.shape[-2:] != (n, n):
        raise MeshjitValueError(
            f"multivariate_normal.logpdf got incompatible shapes: mean {mean.shape}, cov "
            f"{cov.shape} (cov must end in ({n}, {n}))"
        )
    factor = cholesky(cov)
    y = _forward_substitution(factor, x - mean)
    log_det = jnp.sum(jnp.log(jnp.diagonal(factor, axis1=-2, axis2=-1)), axis=-1)
    return -1 / 2 * jnp.sum(y * y, axis=-1) - n / 2 * np.log(2 * np.pi) - log_det


def _forward_substitution(factor, b):
    """y with factor @ y = b, for lower-triangular factors (..., n, n) and b (..., n)."""
    n = factor.shape[-1]
    ys = []
    for i in range(n):
        acc = b[..., i]
        for k, y_k in enumerate(ys):
            acc = acc - factor[..., i, k] * y_k
        ys.append(acc / factor[..., i, i])
    return jnp.stack(ys, axis=-1)


def pdf(x, mean, cov):
    return jnp.exp(logpdf(x, mean, cov))
