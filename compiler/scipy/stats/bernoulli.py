"""The Bernoulli distribution (jax.scipy.stats.bernoulli)."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.scipy.special import xlog1py, xlogy
from meshjit.compiler.scipy.stats.util import inexact
from meshjit.compiler.scipy.util import lax_const


def logpmf(k, p, loc=0):
    k, p, loc = inexact(k, p, loc)
    x = k - loc
    # 1 as JAX's lax._const(k, 1): a strong constant for an array k (so a bool or int array k's
    # pmf is not weakly typed), a Python scalar for a weak scalar k.
    log_probs = xlogy(x, p) + xlog1py(lax_const(k, 1) - x, -p)
    return jnp.where((x < 0) | (x > 1), -np.inf, log_probs)


def pmf(k, p, loc=0):
    return jnp.exp(logpmf(k, p, loc))


def cdf(k, p):
    k, p = inexact(k, p)
    bad = jnp.isnan(k) | jnp.isnan(p) | (p < 0) | (p > 1)
    zero, one = lax_const(k, 0), lax_const(k, 1)  # weak for a weak scalar k, as JAX's
    inside = jnp.where(k < 0, zero, jnp.where(k < 1, one - p, one))
    return jnp.where(bad, np.nan, inside)


def ppf(q, p):
    q, p = inexact(q, p)
    bad = jnp.isnan(q) | jnp.isnan(p) | (p < 0) | (p > 1) | (q < 0) | (q > 1)
    zero, one = lax_const(q, 0), lax_const(q, 1)
    return jnp.where(bad, np.nan, jnp.where(q <= one - p, zero, one))
