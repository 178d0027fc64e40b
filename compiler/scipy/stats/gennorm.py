"""The generalized normal distribution (jax.scipy.stats.gennorm)."""

from __future__ import annotations

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.scipy.special import gammainc
from meshjit.compiler.scipy.stats.util import inexact


def logpdf(x, beta):
    x, beta = inexact(x, beta)
    return jnp.log(0.5 * beta) - lax.lgamma(1 / beta) - jnp.abs(x) ** beta


def cdf(x, beta):
    x, beta = inexact(x, beta)
    return 0.5 * (1 + jnp.sign(x) * gammainc(1 / beta, jnp.abs(x) ** beta))


def pdf(x, beta):
    return jnp.exp(logpdf(x, beta))
