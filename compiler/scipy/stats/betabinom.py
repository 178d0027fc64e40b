"""The beta-binomial distribution (jax.scipy.stats.betabinom)."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.jit.api import jit
from meshjit.compiler.scipy.special import betaln
from meshjit.compiler.scipy.stats.util import inexact, lax_const


@jit
def logpmf(k, n, a, b, loc=0):
    k, n, a, b, loc = inexact(k, n, a, b, loc)
    y = jnp.floor(k) - loc
    one = lax_const(y, 1)  # strong for an array y, as JAX's lax._const
    log_comb = -(jnp.log1p(n) + betaln(n - y + one, y + one))
    log_probs = log_comb + (betaln(y + a, n - y + b) - betaln(a, b))
    log_probs = jnp.where((y == 0) & (n == 0), 0.0, log_probs)
    log_probs = jnp.where((y < -loc) | (y > n) | (y + a <= 0), -np.inf, log_probs)
    return jnp.where((n < 0) | (a <= 0) | (b <= 0), np.nan, log_probs)


def pmf(k, n, a, b, loc=0):
    return jnp.exp(logpmf(k, n, a, b, loc))
