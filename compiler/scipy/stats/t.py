"""Student's t distribution (jax.scipy.stats.t)."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.scipy.stats.util import inexact


def logpdf(x, df, loc=0, scale=1):
    x, df, loc, scale = inexact(x, df, loc, scale)
    scaled = (x - loc) / scale
    half_df = df / 2
    half_df_plus_half = half_df + 0.5
    log_term = jnp.log(scale * scale * np.pi * df) / 2  # before lgamma, in JAX's order
    normalize = lax.lgamma(half_df) + log_term - lax.lgamma(half_df_plus_half)
    return -(normalize + half_df_plus_half * jnp.log1p(scaled * scaled / df))


def pdf(x, df, loc=0, scale=1):
    return jnp.exp(logpdf(x, df, loc, scale))
