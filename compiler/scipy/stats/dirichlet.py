"""The Dirichlet distribution (jax.scipy.stats.dirichlet): x's first axis indexes the
categories (the last may be left out: it is 1 minus the others)."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.scipy.special import gammaln, xlogy
from meshjit.compiler.scipy.stats.util import inexact


def _is_simplex(x):
    return jnp.all(x > 0, axis=0) & (abs(jnp.sum(x, axis=0) - 1) < 1e-6)


def _check_shapes(x, alpha) -> None:
    if alpha.ndim != 1:
        raise MeshjitValueError(f"`alpha` must be one-dimensional; got alpha.shape={alpha.shape}")
    if x.shape[0] not in (alpha.shape[0], alpha.shape[0] - 1):
        raise MeshjitValueError(
            "`x` must have either the same number of entries as `alpha` "
            f"or one entry fewer; got x.shape={x.shape}, alpha.shape={alpha.shape}"
        )


def logpdf(x, alpha):
    x, alpha = inexact(x, alpha)
    _check_shapes(x, alpha)
    if x.shape[0] != alpha.shape[0]:
        x = jnp.concatenate([x, 1 - x.sum(0, keepdims=True)], axis=0)
    normalize = jnp.sum(gammaln(alpha)) - gammaln(jnp.sum(alpha))
    if x.ndim > 1:
        alpha = lax.broadcast_in_dim(alpha, alpha.shape + (1,) * (x.ndim - 1), (0,))
    log_probs = jnp.sum(xlogy(alpha - 1, x), axis=0) - normalize
    return jnp.where(_is_simplex(x), log_probs, -np.inf)


def pdf(x, alpha):
    return jnp.exp(logpdf(x, alpha))
