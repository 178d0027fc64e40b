"""The left-skewed Gumbel distribution (jax.scipy.stats.gumbel_l)."""

from __future__ import annotations

from meshjit.compiler import numpy as jnp
from meshjit.compiler.scipy.special import xlog1py, xlogy
from meshjit.compiler.scipy.stats.gumbel import inside_unit_interval, standardized, where_ok


def logpdf(x, loc=0, scale=1):
    ok, z, scale = standardized(x, loc, scale)
    return where_ok(ok, xlogy(-1, scale) + (z - jnp.exp(z)))


def pdf(x, loc=0, scale=1):
    return jnp.exp(logpdf(x, loc, scale))


def logcdf(x, loc=0, scale=1):
    ok, z, _ = standardized(x, loc, scale)
    return where_ok(ok, jnp.log(-jnp.expm1(-jnp.exp(z))))


def cdf(x, loc=0, scale=1):
    return jnp.exp(logcdf(x, loc, scale))


def logsf(x, loc=0, scale=1):
    ok, z, _ = standardized(x, loc, scale)
    return where_ok(ok, -jnp.exp(z))


def sf(x, loc=0, scale=1):
    return jnp.exp(logsf(x, loc, scale))


def ppf(p, loc=0, scale=1):
    ok, p, loc, scale = inside_unit_interval(p, loc, scale)
    return where_ok(ok, loc + scale * jnp.log(xlog1py(-1, -p)))
