"""The wrapped Cauchy distribution on [0, 2 pi] (jax.scipy.stats.wrapcauchy)."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.scipy.stats.util import inexact


def logpdf(x, c):
    x, c = inexact(x, c)
    density = jnp.log(1 - c * c) - jnp.log(2 * np.pi) - jnp.log(1 + c * c - 2 * c * jnp.cos(x))
    inside = jnp.where((x >= 0) & (x <= np.pi * 2), density, -np.inf)
    return jnp.where((c > 0) & (c < 1), inside, np.nan)


def pdf(x, c):
    return jnp.exp(logpdf(x, c))
