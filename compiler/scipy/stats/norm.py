"""The normal distribution (jax.scipy.stats.norm)."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.scipy import special
from meshjit.compiler.scipy.stats.util import inexact, mirrored


def logpdf(x, loc=0, scale=1):
    x, loc, scale = inexact(x, loc, scale)
    scale_sq = lax.square(scale)  # JAX's lax.square (a `square` equation)
    log_normalizer = jnp.log(2 * np.pi * scale_sq)
    return (log_normalizer + lax.square(x - loc) / scale_sq) / -2


def pdf(x, loc=0, scale=1):
    return jnp.exp(logpdf(x, loc, scale))


def cdf(x, loc=0, scale=1):
    x, loc, scale = inexact(x, loc, scale)
    return special.ndtr((x - loc) / scale)


def logcdf(x, loc=0, scale=1):
    x, loc, scale = inexact(x, loc, scale)
    return special.log_ndtr((x - loc) / scale)


def ppf(q, loc=0, scale=1):
    q, loc, scale = inexact(q, loc, scale)
    return special.ndtri(q) * scale + loc


sf = mirrored(cdf, "sf")
logsf = mirrored(logcdf, "logsf")


def isf(q, loc=0, scale=1):
    (q,) = inexact(q)
    return ppf(1 - q, loc, scale)
