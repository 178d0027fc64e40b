"""Kummer's confluent hypergeometric function 1F1(a; b; x) for real arguments, as JAX computes
it: its power series below |x| = 100, the asymptotic series above (each summed until a term is
below float epsilon relative to the sum, at most 250 terms), with JAX's derivatives in a, b, x."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.ad.custom_derivatives import custom_jvp
from meshjit.compiler.batching.vectorize import vectorize
from meshjit.compiler.ir import dtypes
from meshjit.compiler.jit.api import jit
from meshjit.compiler.scipy.special import digamma, gamma
from meshjit.compiler.scipy.util import real_inexact

__all__ = ["hyp1f1"]


def _summed(x, start, first_term, add, ratio):
    """start + sum_k add(term_k, k), term_1 = first_term, term_{k+1} = term_k ratio(k)."""
    eps = dtypes.finfo(x.dtype).eps

    def body(state):
        total, k, term = state
        return total + add(term, k), k + 1, term * ratio(k)

    def cond(state):
        total, k, term = state
        return (k < 250) & (lax.abs(term) / lax.abs(total) > eps)

    return lax.while_loop(cond, body, (np.array(start, x.dtype), np.int32(1), first_term))[0]


def _series_ratio(a, b, x):
    return lambda k: (a + k) / (b + k) * x / (k + 1)


def _power_series(a, b, x):
    return _summed(x, 1, a / b * x, lambda t, k: t, _series_ratio(a, b, x))


def _asymptotic(a, b, x):
    ratio = lambda k: (b - a + k) * (1 - a + k) / (k + 1) / x  # noqa: E731
    total = _summed(x, 1, (b - a) * (1 - a) / x, lambda t, k: t, ratio)
    return gamma(b) / gamma(a) * lax.exp(x) * x ** (a - b) * total


@jit
@vectorize
def _a_derivative(a, b, x):
    add = lambda t, k: t * (digamma(a + k) - digamma(a))  # noqa: E731
    return _summed(x, 0, a / b * x, add, _series_ratio(a, b, x))


@jit
@vectorize
def _b_derivative(a, b, x):
    add = lambda t, k: t * (digamma(b) - digamma(b + k))  # noqa: E731
    return _summed(x, 0, a / b * x, add, _series_ratio(a, b, x))


@custom_jvp
@jit
@vectorize
def hyp1f1(a, b, x):
    a, b, x = real_inexact("hyp1f1", a, b, x)
    result = lax.cond(lax.abs(x) < 100, _power_series, _asymptotic, a, b, x)
    index = (a == 0) * 1 + ((a == b) & (a != 0)) * 2 + ((b == 0) & (a != 0)) * 3
    one, inf = jnp.array(1, dtype=x.dtype), jnp.array(np.inf, dtype=x.dtype)
    return lax.select_n(index, result, one, jnp.exp(x), inf)


hyp1f1.defjvps(
    lambda a_dot, out, a, b, x: _a_derivative(a, b, x) * a_dot,
    lambda b_dot, out, a, b, x: _b_derivative(a, b, x) * b_dot,
    lambda x_dot, out, a, b, x: a / b * hyp1f1(a + 1, b + 1, x) * x_dot,
)
