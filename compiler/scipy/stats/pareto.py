"""The Pareto distribution (jax.scipy.stats.pareto)."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.scipy.stats.util import inexact, outside_unit_interval
from meshjit.compiler.scipy.util import lax_const


def _scaled(x, b, loc, scale):
    x, b, loc, scale = inexact(x, b, loc, scale)
    return x < loc + scale, (x - loc) / scale, b, scale


def logpdf(x, b, loc=0, scale=1):
    below, y, b, scale = _scaled(x, b, loc, scale)
    return jnp.where(below, -np.inf, -(jnp.log(scale / b) + (b + 1) * jnp.log(y)))


def pdf(x, b, loc=0, scale=1):
    return jnp.exp(logpdf(x, b, loc, scale))


def cdf(x, b, loc=0, scale=1):
    x, b, loc, scale = inexact(x, b, loc, scale)
    y = (x - loc) / scale
    return jnp.where(x < loc + scale, lax_const(x, 0), lax_const(x, 1) - jnp.power(y, -b))


def logcdf(x, b, loc=0, scale=1):
    below, y, b, _ = _scaled(x, b, loc, scale)
    return jnp.where(below, -np.inf, jnp.log1p(-jnp.power(y, -b)))


def logsf(x, b, loc=0, scale=1):
    x, b, loc, scale = inexact(x, b, loc, scale)
    y = (x - loc) / scale
    return jnp.where(x < loc + scale, lax_const(x, 0), -(b * jnp.log(y)))


def sf(x, b, loc=0, scale=1):
    return jnp.exp(logsf(x, b, loc, scale))


def ppf(q, b, loc=0, scale=1):
    q, b, loc, scale = inexact(q, b, loc, scale)
    value = loc + scale * jnp.power(1 - q, -(1 / b))
    return jnp.where(outside_unit_interval(q), np.nan, value)
