"""The von Mises distribution (jax.scipy.stats.vonmises)."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.scipy.stats.util import inexact


def logpdf(x, kappa):
    x, kappa = inexact(x, kappa)
    value = kappa * (jnp.cos(x) - 1) - jnp.log(2 * np.pi * lax.bessel_i0e(kappa))
    return jnp.where(kappa > 0, value, np.nan)


def pdf(x, kappa):
    return jnp.exp(logpdf(x, kappa))
