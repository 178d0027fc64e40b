"""The gamma distribution (jax.scipy.stats.gamma)."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.scipy.special import gammainc, gammaincc, gammaln, xlogy
from meshjit.compiler.scipy.stats.util import clamp, inexact
from meshjit.compiler.scipy.util import lax_const


def logpdf(x, a, loc=0, scale=1):
    x, a, loc, scale = inexact(x, a, loc, scale)
    ok = x >= loc
    y = jnp.where(ok, (x - loc) / scale, lax_const(x, 1))
    log_probs = (xlogy(a - 1, y) - y) - (gammaln(a) + jnp.log(scale))
    return jnp.where(ok, log_probs, -np.inf)


def pdf(x, a, loc=0, scale=1):
    return jnp.exp(logpdf(x, a, loc, scale))


def cdf(x, a, loc=0, scale=1):
    x, a, loc, scale = inexact(x, a, loc, scale)
    return gammainc(a, clamp((x - loc) / scale, np.inf, x))


def logcdf(x, a, loc=0, scale=1):
    return jnp.log(cdf(x, a, loc, scale))


def sf(x, a, loc=0, scale=1):
    x, a, loc, scale = inexact(x, a, loc, scale)
    y = (x - loc) / scale
    return jnp.where(y < 0, 1, gammaincc(a, y))


def logsf(x, a, loc=0, scale=1):
    return jnp.log(sf(x, a, loc, scale))
