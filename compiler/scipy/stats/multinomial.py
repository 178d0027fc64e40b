"""The multinomial distribution (jax.scipy.stats.multinomial)."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.numpy.util import check_arraylike, promote
from meshjit.compiler.scipy.special import gammaln, xlogy
from meshjit.compiler.scipy.stats.util import inexact


def logpmf(x, n, p):
    (p,) = inexact(p)
    check_arraylike("multinomial.logpmf", x, n)
    x, n = promote(jnp.asarray(x), jnp.asarray(n))
    if not np.issubdtype(x.dtype, np.integer):
        raise MeshjitValueError(
            f"x and n must be of integer type; got x.dtype={x.dtype}, n.dtype={n.dtype}"
        )
    x, n = x.astype(p.dtype), n.astype(p.dtype)
    log_probs = gammaln(n + 1) + jnp.sum(xlogy(x, p) - gammaln(x + 1), axis=-1)
    return jnp.where(jnp.sum(x) == n, log_probs, -np.inf)


def pmf(x, n, p):
    return jnp.exp(logpmf(x, n, p))
