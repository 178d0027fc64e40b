"""Functions built from the gamma function: beta, binomial coefficients, the Pochhammer symbol,
log Gamma on the positive axis, and the Bernoulli numbers (JAX's formulas and derivatives)."""

from __future__ import annotations

import operator

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.ad.custom_derivatives import custom_jvp
from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.scipy.special import betaln, digamma, gamma, gammaln, gammasgn
from meshjit.compiler.scipy.util import inexact, real_inexact
from meshjit.compiler.trace.tracing import require_concrete

__all__ = ["bernoulli", "beta", "comb", "loggamma", "poch"]


def beta(a, b):
    a, b = real_inexact("beta", a, b)
    sign = gammasgn(a) * gammasgn(b) * gammasgn(a + b)
    return sign * lax.exp(betaln(a, b))


def comb(N, k, *, repetition: bool = False):
    N, k = inexact(N, k)
    if repetition:
        return jnp.where((k == 0) & (N >= 0), 1.0, comb(N + k - 1, k))
    ok = (k <= N) & (N >= 0) & (k >= 0)
    safe_n, safe_k = jnp.where(ok, N, 0.0), jnp.where(ok, k, 0.0)
    log_comb = gammaln(safe_n + 1) - gammaln(safe_k + 1) - gammaln(safe_n + 1 - safe_k)
    return jnp.where(ok, lax.exp(log_comb), 0.0)  # weak for weak N and k, as JAX's


def loggamma(x):
    """log Gamma(x) for real x > 0 (nan elsewhere); complex arguments are not supported yet."""
    (x,) = inexact(x)
    if jnp.iscomplexobj(x):
        raise MeshjitTypeError("loggamma of complex arguments is not supported in meshjit yet")
    return jnp.where(x > 0, lax.lgamma(x), np.nan).astype(x.dtype)


@custom_jvp
def poch(z, m):
    z, m = real_inexact("poch", z, m)
    return jnp.where(m == 0.0, jnp.array(1, dtype=z.dtype), gamma(z + m) / gamma(z))


poch.defjvps(
    lambda z_dot, out, z, m: (digamma(z + m) - digamma(z)) * poch(z, m) * z_dot,
    lambda m_dot, out, z, m: digamma(z + m) * poch(z, m) * m_dot,
)


def bernoulli(n: int):
    """The first n + 1 Bernoulli numbers B_0 .. B_n (B_1 = -1/2), from the zeta function's
    series for the even ones."""
    require_concrete(n, "Argument n of bernoulli must be a concrete integer")
    try:
        n = operator.index(n)
    except TypeError as e:
        raise MeshjitTypeError(
            f"Argument n of bernoulli must be a concrete integer, got {n!r}"
        ) from e
    if n < 0:
        raise MeshjitValueError("n must be a non-negative integer.")
    first = jnp.array([1, -1 / 2, 1 / 6])
    if n < 3:
        return first[: n + 1]
    bn = jnp.zeros(n + 1).at[:3].set(first)
    m = jnp.arange(4, n + 1, 2, dtype=bn.dtype)
    q1 = (1.0 / np.pi**2) * jnp.cumprod(-(m - 1) * m / 4 / np.pi**2)
    k = jnp.arange(2, 50, dtype=bn.dtype)  # 2 ** -50 is below float64's resolution
    q2 = jnp.sum(k[:, None] ** -m[None, :], axis=0)
    return bn.at[4::2].set(q1 * (1 + q2))
