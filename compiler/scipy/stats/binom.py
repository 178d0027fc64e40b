"""The binomial distribution (jax.scipy.stats.binom)."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.scipy.special import gammaln, xlog1py, xlogy
from meshjit.compiler.scipy.stats.util import inexact


def logpmf(k, n, p, loc=0):
    k, n, p, loc = inexact(k, n, p, loc)
    y = k - loc
    comb_term = gammaln(n + 1) - (gammaln(y + 1) + gammaln(n - y + 1))
    log_linear = xlogy(y, p) + xlog1py(n - y, -p)
    certain = ((y == 0) & (n == 0)) | (log_linear == 0)
    log_probs = jnp.where(certain, 0.0, comb_term + log_linear)
    return jnp.where((k >= loc) & (k < loc + n + 1), log_probs, -np.inf)


def pmf(k, n, p, loc=0):
    return jnp.exp(logpmf(k, n, p, loc))
