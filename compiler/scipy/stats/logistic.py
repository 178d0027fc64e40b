"""The logistic distribution (jax.scipy.stats.logistic)."""

from __future__ import annotations

from meshjit.compiler import numpy as jnp
from meshjit.compiler.scipy.special import expit, logit
from meshjit.compiler.scipy.stats.util import inexact


def logpdf(x, loc=0, scale=1):
    x, loc, scale = inexact(x, loc, scale)
    half_x = (x - loc) / scale / 2
    return -2 * jnp.logaddexp(half_x, -half_x) - jnp.log(scale)


def pdf(x, loc=0, scale=1):
    return jnp.exp(logpdf(x, loc, scale))


def cdf(x, loc=0, scale=1):
    x, loc, scale = inexact(x, loc, scale)
    return expit((x - loc) / scale)


def sf(x, loc=0, scale=1):
    x, loc, scale = inexact(x, loc, scale)
    return expit(-((x - loc) / scale))


def ppf(x, loc=0, scale=1):
    x, loc, scale = inexact(x, loc, scale)
    return logit(x) * scale + loc


def isf(x, loc=0, scale=1):
    x, loc, scale = inexact(x, loc, scale)
    return -logit(x) * scale + loc
