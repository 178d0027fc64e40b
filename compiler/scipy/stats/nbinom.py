"""The negative binomial distribution (jax.scipy.stats.nbinom)."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.scipy.special import gammaln, xlogy
from meshjit.compiler.scipy.stats.util import inexact, lax_const


def logpmf(k, n, p, loc=0):
    k, n, p, loc = inexact(k, n, p, loc)
    one = lax_const(k, 1)  # strong for an array k, as JAX's lax._const
    y = k - loc
    comb_term = gammaln(y + n) - gammaln(n) - gammaln(y + one)
    log_linear = xlogy(n, p) + xlogy(y, one - p)
    return jnp.where(k < loc, -np.inf, comb_term + log_linear)


def pmf(k, n, p, loc=0):
    return jnp.exp(logpmf(k, n, p, loc))
