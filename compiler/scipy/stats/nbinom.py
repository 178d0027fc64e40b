"""The negative binomial distribution (jax.scipy.stats.nbinom)."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.scipy.special import gammaln, xlogy
from meshjit.compiler.scipy.stats.util import inexact


def logpmf(k, n, p, loc=0):
    k, n, p, loc = inexact(k, n, p, loc)
    y = k - loc
    comb_term = gammaln(y + n) - gammaln(n) - gammaln(y + 1)
    log_linear = xlogy(n, p) + xlogy(y, 1 - p)
    return jnp.where(k < loc, -np.inf, comb_term + log_linear)


def pmf(k, n, p, loc=0):
    return jnp.exp(logpmf(k, n, p, loc))
