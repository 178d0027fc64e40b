"""The uniform distribution on [loc, loc + scale] (jax.scipy.stats.uniform)."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.scipy.stats.util import inexact


def logpdf(x, loc=0, scale=1):
    x, loc, scale = inexact(x, loc, scale)
    outside = (x > loc + scale) | (x < loc)
    return jnp.where(outside, -np.inf, -jnp.log(scale))


def pdf(x, loc=0, scale=1):
    return jnp.exp(logpdf(x, loc, scale))


def cdf(x, loc=0, scale=1):
    x, loc, scale = inexact(x, loc, scale)
    inside = jnp.clip((x - loc) / scale, 0, 1)
    below, above = x < loc, x > loc + scale
    return jnp.where(below, 0.0, jnp.where(above, 1.0, inside)).astype(x.dtype)


def ppf(q, loc=0, scale=1):
    q, loc, scale = inexact(q, loc, scale)
    bad = jnp.isnan(q) | (q < 0) | (q > 1)
    return jnp.where(bad, np.nan, loc + scale * q)
