"""The gamma distribution (jax.scipy.stats.gamma): logpdf and pdf. (cdf / sf need the
regularized incomplete gamma functions, lax.igamma / igammac, which meshjit does not have yet.)"""

from __future__ import annotations

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.scipy.special import gammaln, xlogy
from meshjit.compiler.scipy.stats.util import inexact


def logpdf(x, a, loc=0, scale=1):
    x, a, loc, scale = inexact(x, a, loc, scale)
    ok = x >= loc
    y = jnp.where(ok, (x - loc) / scale, 1.0).astype(x.dtype)
    log_probs = (xlogy(a - 1, y) - y) - (gammaln(a) + jnp.log(scale))
    return jnp.where(ok, log_probs, -np.inf)


def pdf(x, a, loc=0, scale=1):
    return jnp.exp(logpdf(x, a, loc, scale))
