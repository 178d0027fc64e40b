"""The chi-squared distribution (jax.scipy.stats.chi2)."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.scipy.special import gammainc, gammaincc
from meshjit.compiler.scipy.stats.util import clamp, inexact
from meshjit.compiler.scipy.util import lax_const


def logpdf(x, df, loc=0, scale=1):
    x, df, loc, scale = inexact(x, df, loc, scale)
    y = (x - loc) / scale
    half_df = df / 2
    kernel = (half_df - 1) * jnp.log(y) - y / 2
    normalizer = -(lax.lgamma(half_df) + jnp.log(lax_const(x, 2)) * df / 2)
    return jnp.where(x < loc, -np.inf, normalizer - jnp.log(scale) + kernel)


def pdf(x, df, loc=0, scale=1):
    return jnp.exp(logpdf(x, df, loc, scale))


def _half_df_and_point(x, df, loc, scale):
    x, df, loc, scale = inexact(x, df, loc, scale)
    return df / 2, clamp((x - loc) / (scale * 2), np.inf, x)


def cdf(x, df, loc=0, scale=1):
    return gammainc(*_half_df_and_point(x, df, loc, scale))


def logcdf(x, df, loc=0, scale=1):
    return jnp.log(cdf(x, df, loc, scale))


def sf(x, df, loc=0, scale=1):
    return gammaincc(*_half_df_and_point(x, df, loc, scale))


def logsf(x, df, loc=0, scale=1):
    return jnp.log(sf(x, df, loc, scale))
