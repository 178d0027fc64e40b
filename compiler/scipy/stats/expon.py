"""The exponential distribution (jax.scipy.stats.expon)."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.scipy.stats.util import inexact, outside_unit_interval


def logpdf(x, loc=0, scale=1):
    x, loc, scale = inexact(x, loc, scale)
    log_scale = jnp.log(scale)  # first, as JAX's
    log_probs = -((x - loc) / scale + log_scale)
    return jnp.where(x < loc, -np.inf, log_probs)


def pdf(x, loc=0, scale=1):
    return jnp.exp(logpdf(x, loc, scale))


def cdf(x, loc=0, scale=1):
    x, loc, scale = inexact(x, loc, scale)
    neg_scaled = (loc - x) / scale
    return jnp.where(x < loc, jnp.zeros_like(neg_scaled), -jnp.expm1(neg_scaled))


def logsf(x, loc=0, scale=1):
    x, loc, scale = inexact(x, loc, scale, name="expon.sf")  # JAX's logsf promotes as its sf
    neg_scaled = (loc - x) / scale
    return jnp.where(x < loc, jnp.zeros_like(neg_scaled), neg_scaled)


def sf(x, loc=0, scale=1):
    return jnp.exp(logsf(x, loc, scale))


def logcdf(x, loc=0, scale=1):
    return jnp.log1p(-sf(x, loc, scale))


def ppf(q, loc=0, scale=1):
    q, loc, scale = inexact(q, loc, scale)
    return jnp.where(outside_unit_interval(q), np.nan, loc - scale * jnp.log1p(-q))
