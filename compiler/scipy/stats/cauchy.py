"""The Cauchy distribution (jax.scipy.stats.cauchy)."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.scipy.stats.util import inexact, mirrored


def logpdf(x, loc=0, scale=1):
    x, loc, scale = inexact(x, loc, scale)
    scaled = (x - loc) / scale
    return -(jnp.log(np.pi * scale) + jnp.log1p(scaled * scaled))


def pdf(x, loc=0, scale=1):
    return jnp.exp(logpdf(x, loc, scale))


def cdf(x, loc=0, scale=1):
    x, loc, scale = inexact(x, loc, scale)
    return 0.5 + (1.0 / np.pi) * jnp.arctan((x - loc) / scale)


def logcdf(x, loc=0, scale=1):
    return jnp.log(cdf(x, loc, scale))


sf = mirrored(cdf, "sf")
logsf = mirrored(logcdf, "logsf")


def _quantile(q, loc, scale, sign):
    q, loc, scale = inexact(q, loc, scale)
    return jnp.tan(sign * (np.pi * q - np.pi / 2)) * scale + loc


def ppf(q, loc=0, scale=1):
    return _quantile(q, loc, scale, 1.0)


def isf(q, loc=0, scale=1):
    return _quantile(q, loc, scale, -1.0)
