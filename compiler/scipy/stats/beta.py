"""The beta distribution (jax.scipy.stats.beta): logpdf and pdf. (cdf / sf need the regularized
incomplete beta function, lax.betainc, which meshjit does not have yet.)"""

from __future__ import annotations

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.scipy.special import betaln, xlog1py, xlogy
from meshjit.compiler.scipy.stats.util import inexact


def logpdf(x, a, b, loc=0, scale=1):
    x, a, b, loc, scale = inexact(x, a, b, loc, scale)
    y = (x - loc) / scale
    log_linear = xlogy(a - 1, y) + xlog1py(b - 1, -y)
    log_probs = (-betaln(a, b) + log_linear) - jnp.log(scale)
    result = jnp.where((x > loc + scale) | (x < loc), -np.inf, log_probs)
    return jnp.where((a <= 0) | (b <= 0) | (scale <= 0), np.nan, result)


def pdf(x, a, b, loc=0, scale=1):
    return jnp.exp(logpdf(x, a, b, loc, scale))
