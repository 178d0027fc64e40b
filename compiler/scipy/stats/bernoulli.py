"""The Bernoulli distribution (jax.scipy.stats.bernoulli)."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.scipy.special import xlog1py, xlogy
from meshjit.compiler.scipy.stats.util import inexact


def logpmf(k, p, loc=0):
    k, p, loc = inexact(k, p, loc)
    x = k - loc
    log_probs = xlogy(x, p) + xlog1py(1 - x, -p)
    return jnp.where((x < 0) | (x > 1), -np.inf, log_probs)


def pmf(k, p, loc=0):
    return jnp.exp(logpmf(k, p, loc))


def cdf(k, p):
    k, p = inexact(k, p)
    bad = jnp.isnan(k) | jnp.isnan(p) | (p < 0) | (p > 1)
    inside = jnp.where(k < 0, 0.0, jnp.where(k < 1, 1 - p, 1.0)).astype(k.dtype)
    return jnp.where(bad, np.nan, inside)


def ppf(q, p):
    q, p = inexact(q, p)
    bad = jnp.isnan(q) | jnp.isnan(p) | (p < 0) | (p > 1) | (q < 0) | (q > 1)
    return jnp.where(bad, np.nan, jnp.where(q <= 1 - p, 0.0, 1.0).astype(q.dtype))
