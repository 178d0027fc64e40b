"""The multivariate normal distribution (jax.scipy.stats.multivariate_normal): logpdf and pdf,
through LAPACK's Cholesky factor and a triangular solve, as JAX."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.lax import linalg as lax_linalg
from meshjit.compiler.numpy.util import broadcast_shapes
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
    factor = lax_linalg.cholesky(cov)
    y = x - mean
    batch = broadcast_shapes(factor.shape[:-2], y.shape[:-1])
    factor = jnp.broadcast_to(factor, batch + (n, n))
    y = lax_linalg.triangular_solve(
        factor, jnp.broadcast_to(y, batch + (n,)), left_side=True, lower=True
    )
    log_det = jnp.sum(jnp.log(jnp.diagonal(factor, axis1=-2, axis2=-1)), axis=-1)
    return -1 / 2 * jnp.sum(y * y, axis=-1) - n / 2 * np.log(2 * np.pi) - log_det


def pdf(x, mean, cov):
    return jnp.exp(logpdf(x, mean, cov))
