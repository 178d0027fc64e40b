"""The geometric distribution (jax.scipy.stats.geom)."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.scipy.special import xlog1py
from meshjit.compiler.scipy.stats.util import inexact, lax_const


def logpmf(k, p, loc=0):
    k, p, loc = inexact(k, p, loc)
    x = k - loc
    return jnp.where(x <= 0, -np.inf, xlog1py(x - lax_const(k, 1), -p) + jnp.log(p))


def pmf(k, p, loc=0):
    return jnp.exp(logpmf(k, p, loc))
