"""The Poisson distribution (jax.scipy.stats.poisson)."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.jit.api import jit
from meshjit.compiler.scipy.special import entr, gammaincc, gammaln, xlogy
from meshjit.compiler.scipy.stats.util import inexact
from meshjit.compiler.scipy.util import lax_const


def logpmf(k, mu, loc=0):
    k, mu, loc = inexact(k, mu, loc)
    x = k - loc
    log_probs = xlogy(x, mu) - gammaln(x + 1) - mu
    return jnp.where((x < 0) | (jnp.round(k) != k), -np.inf, log_probs)


def pmf(k, mu, loc=0):
    return jnp.exp(logpmf(k, mu, loc))


def cdf(k, mu, loc=0):
    k, mu, loc = inexact(k, mu, loc, name="poisson.logpmf")  # JAX's name for it
    x = k - loc
    zero = lax_const(k, 0)  # weak for a weak scalar k, as JAX's
    return jnp.where(x < zero, zero, gammaincc(jnp.floor(1 + x), mu))


def _entropy_by_sum(mu, max_k: int, upper):
    """-sum p log p over k < min(max_k, upper) (max_k static, for jit)."""
    k = jnp.arange(max_k, dtype=mu.dtype)[:, None]
    probs = jnp.where(k < upper.astype(k.dtype)[None, :], pmf(k, mu, 0), 0.0)
    return jnp.sum(entr(probs), axis=0)


def _entropy_large(mu):
    return 0.5 * jnp.log(2 * np.pi * np.e * mu) - 1.0 / (12 * mu)


@jit
def entropy(mu, loc=0):
    mu, loc = inexact(mu, loc)
    shape = jnp.broadcast_shapes(mu.shape, loc.shape)
    flat = jnp.ravel(mu)
    small = _entropy_by_sum(flat, 35, jnp.ceil(flat + 20))
    medium = _entropy_by_sum(flat, 250, jnp.ceil(flat + 10 * jnp.sqrt(flat) + 20))
    result = jnp.where(flat < 100, medium, _entropy_large(flat))
    result = jnp.where(flat < 10, small, result)
    result = jnp.where(flat == 0, jnp.zeros_like(flat), result)
    return jnp.broadcast_to(result.reshape(mu.shape), shape)
