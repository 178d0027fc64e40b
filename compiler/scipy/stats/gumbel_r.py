"""The right-skewed Gumbel distribution (jax.scipy.stats.gumbel_r)."""

from __future__ import annotations

from meshjit.compiler import numpy as jnp
from meshjit.compiler.nn.functions import log1mexp
from meshjit.compiler.scipy.special import xlogy
from meshjit.compiler.scipy.stats.gumbel import inside_unit_interval, standardized, where_ok


def logpdf(x, loc=0, scale=1):
    ok, z, scale = standardized(x, loc, scale)
    return where_ok(ok, xlogy(-1, scale) + -(z + jnp.exp(-z)))


def pdf(x, loc=0, scale=1):
    return jnp.exp(logpdf(x, loc, scale))


def logcdf(x, loc=0, scale=1):
    ok, z, _ = standardized(x, loc, scale)
    return where_ok(ok, -jnp.exp(-z))


def cdf(x, loc=0, scale=1):
    return jnp.exp(logcdf(x, loc, scale))


def sf(x, loc=0, scale=1):
    ok, neg_z, _ = standardized(x, loc, scale, sign=-1.0)
    return where_ok(ok, 1 - jnp.exp(-jnp.exp(neg_z)))


def logsf(x, loc=0, scale=1):
    ok, neg_z, _ = standardized(x, loc, scale, sign=-1.0)
    return where_ok(ok, log1mexp(jnp.exp(neg_z)))


def ppf(p, loc=0, scale=1):
    ok, p, loc, scale = inside_unit_interval(p, loc, scale)
    return where_ok(ok, loc - scale * jnp.log(xlogy(-1, p)))
