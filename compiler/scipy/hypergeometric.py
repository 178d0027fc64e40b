"""Kummer's confluent hypergeometric function 1F1(a; b; x) for real arguments, as JAX computes
it: its power series below |x| = 100, the asymptotic series above (each summed until a term is
below float epsilon relative to the sum, at most 250 terms), with JAX's derivatives in a, b, x;
and Gauss' 2F1(a, b; c; x) for real x <= 1 (its series, Pfaff's transformation below 0, the
1 - x transformation above 0.9, Gauss' sum at 1; JAX's infinities at poles)."""

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

__all__ = ["hyp1f1", "hyp2f1"]


def _summed(x, start, first_term, add, ratio, max_terms: int = 250):
    """start + sum_k add(term_k, k), term_1 = first_term, term_{k+1} = term_k ratio(k)."""
    eps = dtypes.finfo(x.dtype).eps

    def body(state):
        total, k, term = state
        return total + add(term, k), k + 1, term * ratio(k)

    def cond(state):
        total, k, term = state
        return (k < max_terms) & (lax.abs(term) / lax.abs(total) > eps)

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
    index = index.astype(np.int32)  # (select_n takes an int32: int64 with x64 on)
    return lax.select_n(index, result, one, jnp.exp(x), inf)


hyp1f1.defjvps(
    lambda a_dot, out, a, b, x: _a_derivative(a, b, x) * a_dot,
    lambda b_dot, out, a, b, x: _b_derivative(a, b, x) * b_dot,
    lambda x_dot, out, a, b, x: a / b * hyp1f1(a + 1, b + 1, x) * x_dot,
)


# Above x = 0.9 with c - a - b an integer the series itself is summed (the 1 - x transformation
# has poles there); it converges as x^k, hence the long cap.
_GAUSS_MAX_TERMS = 20000


def _gauss_series(a, b, c, x):
    """2F1's power series; it stops at the last term when a or b is a non-positive integer."""
    ratio = lambda k: (a + k) * (b + k) / ((c + k) * (k + 1)) * x  # noqa: E731
    return _summed(x, 1, a * b / c * x, lambda t, k: t, ratio, _GAUSS_MAX_TERMS)


def _nonpositive_integer(v):
    return (v <= 0) & (v == jnp.round(v))


def _hyp2f1_impl(a, b, c, x):
    a, b, c, x = real_inexact("hyp2f1", a, b, c, x)
    d = c - a - b
    polynomial = _nonpositive_integer(a) | _nonpositive_integer(b)
    one_minus = 1 - x
    # Pfaff: 2F1(a, b; c; x) = (1 - x)^-a 2F1(a, c - b; c; x / (x - 1)), the argument in [0, 1).
    pfaff = one_minus**-a * _gauss_series(a, c - b, c, x / (x - 1))
    # Above 0.9, for c - a - b not an integer: the two series in 1 - x.
    g = gamma
    near_one = g(c) * g(d) / (g(c - a) * g(c - b)) * _gauss_series(a, b, 1 - d, one_minus)
    near_one += (
        one_minus**d * g(c) * g(-d) / (g(a) * g(b)) * _gauss_series(c - a, c - b, d + 1, one_minus)
    )
    gauss_sum = jnp.where(d > 0, g(c) * g(d) / (g(c - a) * g(c - b)), np.inf)
    direct = _gauss_series(a, b, c, x)
    index = jnp.select(
        [
            _nonpositive_integer(c) & ~polynomial,
            polynomial,
            x > 1,
            x == 1,
            a == c,
            b == c,
            x < 0,
            (x > 0.9) & (d != jnp.round(d)),
        ],
        [1, 0, 1, 2, 3, 4, 5, 6],
        default=0,
    )
    inf = jnp.array(np.inf, x.dtype)
    branches = [direct, inf, gauss_sum, one_minus**-b, one_minus**-a, pfaff, near_one]
    return lax.select_n(index.astype(np.int32), *branches)  # (int64 with x64 on)


_hyp2f1_vectorized = jit(vectorize(_hyp2f1_impl))


@custom_jvp
def hyp2f1(a, b, c, x):
    return _hyp2f1_vectorized(a, b, c, x)


def _gauss_parameter_derivative(shift):
    """d/da (or b, c) of 2F1's series, term by term: term_k (psi(p + k) - psi(p)), negated for
    c. `shift(a, b, c)` picks the parameter and sign."""

    @jit
    @vectorize
    def derivative(a, b, c, x):
        a, b, c, x = real_inexact("hyp2f1", a, b, c, x)
        p, sign = shift(a, b, c)
        add = lambda t, k: sign * t * (digamma(p + k) - digamma(p))  # noqa: E731
        ratio = lambda k: (a + k) * (b + k) / ((c + k) * (k + 1)) * x  # noqa: E731
        return _summed(x, 0, a * b / c * x, add, ratio)

    return derivative


hyp2f1.defjvps(
    lambda a_dot, out, a, b, c, x: (
        _gauss_parameter_derivative(lambda a, b, c: (a, 1))(a, b, c, x) * a_dot
    ),
    lambda b_dot, out, a, b, c, x: (
        _gauss_parameter_derivative(lambda a, b, c: (b, 1))(a, b, c, x) * b_dot
    ),
    lambda c_dot, out, a, b, c, x: (
        _gauss_parameter_derivative(lambda a, b, c: (c, -1))(a, b, c, x) * c_dot
    ),
    lambda x_dot, out, a, b, c, x: a * b / c * hyp2f1(a + 1, b + 1, c + 1, x) * x_dot,
)
