"""The truncated normal distribution (jax.scipy.stats.truncnorm), over the log Gaussian mass
between two standardised bounds (by the nearer tail, as JAX and scipy)."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.jit.api import jit
from meshjit.compiler.scipy.special import log_ndtr, logsumexp, ndtr
from meshjit.compiler.scipy.stats import norm
from meshjit.compiler.scipy.stats.util import inexact


def _log_diff(x, y):
    signs = jnp.array([jnp.ones_like(x), -jnp.ones_like(y)])
    return logsumexp(jnp.array([x, y]), b=signs, axis=0)


def _log_gauss_mass(a, b):
    a, b = jnp.broadcast_arrays(jnp.array(a), jnp.array(b))
    left, right = b <= 0, a > 0
    a_tail = jnp.where(right, -b, a)
    b_tail = jnp.where(right, -a, b)
    tail = _log_diff(log_ndtr(b_tail), log_ndtr(a_tail))
    central = jnp.log1p(-ndtr(a) - ndtr(-b))
    return jnp.where(~(left | right), central, tail)


@jit
def logpdf(x, a, b, loc=0, scale=1):
    x, a, b, loc, scale = inexact(x, a, b, loc, scale)
    value = norm.logpdf(x, loc, scale) - _log_gauss_mass(a, b)
    scaled = (x - loc) / scale
    value = jnp.where((scaled < a) | (scaled > b), -np.inf, value)
    return jnp.where(a >= b, np.nan, value)


def pdf(x, a, b, loc=0, scale=1):
    return jnp.exp(logpdf(x, a, b, loc, scale))


@jit
def logcdf(x, a, b, loc=0, scale=1):
    x, a, b, loc, scale = inexact(x, a, b, loc, scale)
    x, a, b = jnp.broadcast_arrays(x, a, b)
    x = (x - loc) / scale
    mass = _log_gauss_mass(a, b)
    log_cdf = _log_gauss_mass(a, x) - mass
    log_sf = _log_gauss_mass(x, b) - mass
    log_cdf = jnp.select(
        [x >= b, x <= a, log_cdf > -0.1, x > a],
        [0, -np.inf, jnp.log1p(-jnp.exp(log_sf)), log_cdf],
    )
    return jnp.where(a >= b, np.nan, log_cdf)


@jit
def cdf(x, a, b, loc=0, scale=1):
    return jnp.exp(logcdf(x, a, b, loc, scale))


@jit
def logsf(x, a, b, loc=0, scale=1):
    x, a, b, loc, scale = inexact(x, a, b, loc, scale)
    return logcdf(-x, -b, -a, -loc, scale)


@jit
def sf(x, a, b, loc=0, scale=1):
    return jnp.exp(logsf(x, a, b, loc, scale))
