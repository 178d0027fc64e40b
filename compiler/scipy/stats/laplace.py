"""The Laplace distribution (jax.scipy.stats.laplace)."""

from __future__ import annotations

from meshjit.compiler import numpy as jnp
from meshjit.compiler.scipy.stats.util import inexact


def logpdf(x, loc=0, scale=1):
    x, loc, scale = inexact(x, loc, scale)
    return -(jnp.abs(x - loc) / scale + jnp.log(2 * scale))


def pdf(x, loc=0, scale=1):
    return jnp.exp(logpdf(x, loc, scale))


def cdf(x, loc=0, scale=1):
    x, loc, scale = inexact(x, loc, scale)
    diff = (x - loc) / scale
    return jnp.where(diff <= 0, 0.5 * jnp.exp(diff), 1 - 0.5 * jnp.exp(-diff))
