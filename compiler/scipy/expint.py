"""Exponential integrals: Ei(x) (expi), E_n(x) (expn) and E_1(x) (exp1), from Cephes' rational
approximations, series and continued fractions, as JAX computes them (custom jvps included);
the sine and cosine integrals Si(x), Ci(x) (sici) from their power series up to |x| = 4 and E_1(ix)'s
continued fraction above."""

from __future__ import annotations

import math

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.ad.custom_derivatives import custom_jvp
from meshjit.compiler.batching.vectorize import vectorize
from meshjit.compiler.ir import dtypes
from meshjit.compiler.jit.api import jit
from meshjit.compiler.numpy.util import refusing_jax_arrays
from meshjit.compiler.scipy.special import gammaln
from meshjit.compiler.scipy.util import in_float32, real_inexact

__all__ = ["exp1", "expi", "expn", "sici"]

# Ei(x) on (0, 2] (the first pair: x f(x) + gamma + log x) and on (2^i, 2^(i+1)] for i = 1..5
# and beyond 64 (e^x / x (1 + w f(w)), w = 1/x): numerator and denominator, highest power first.
_EXPINT = (
    (
        (-5.350447357812543, 218.50491688166133, -4176.572384826693, 55411.76756393557, -331338.13311781443, 1592627.1633849454,),
        (1.0, -52.505479591128626, 1259.6161867867906, -17565.495819735348, 149306.2117002726, -729494.9239640528, 1592627.1633849454,),
    ),
    (
        (0.019818085032596897, -1.2716456259849176, -2.0881603356812284, 2.7555445091879367, -0.44095070487016, 0.046656238059358916, -0.0015450426796734852, 7.059980605299618e-05,),
        (1.0, 1.4764986709149215, 0.5629177174822436, 0.16990178978793072, 0.02291647179034212, 0.0044501504397287525, 0.00017274396122065214, 3.953167195549672e-05,),
    ),
    (
        (-1.3732153758712087, -0.7084559133740839, 1.580806855547941, -0.2601500427425623, 0.029946746941137137, -0.001038086040188744, 4.371064420753005e-05, 2.141783679522603e-06,),
        (1.0, 0.8585231423622028, 0.4483285822873995, 0.07687932158124476, 0.024498682410218877, 0.0008832165941927797, 0.00045909522995113536, -4.729848351866523e-06, 2.66519553739071e-06,),
    ),
    (
        (-2.1069346016919166, 1.7327338696646881, -0.2423619178935842, 0.02322724180937566, 0.00023728804404931798, -8.343219561192553e-05, 1.3634087956052505e-05, -3.655412321999254e-07, 1.4649417339759612e-08, 6.17640786371036e-10,),
        (1.0, -0.2298062239901678, 0.11050770414740378, -0.015665429666307924, 0.002761106850817353, -0.00020891480122840484, 1.7085289388076754e-05, -4.4593117963566865e-07, 1.3946349303538475e-08, 6.150865933977338e-10,),
    ),
    (
        (-0.24581193676740204, -0.14833822533220778, 0.07248291795735552, -0.013483156873809405, 0.001342775069788637, -7.942465637159712e-05, 2.644179518984236e-06, -4.239473659313765e-08,),
        (1.0, -0.10442259084438711, -0.26764531281014026, 0.09695000254621984, -0.01601745692712991, 0.001496414899205908, -8.462452563778485e-05, 2.7289384034767266e-06, -4.239462431819542e-08,),
    ),
    (
        (0.12125611181054567, -0.5823133179043894, 0.2348887314557017, -0.030400343181132484, 0.0015100821468651906, -2.5231370954995714e-05,),
        (1.0, -1.002252150365854, 0.2928709694872224, -0.03337004338674008, 0.0015605448811273888, -2.5231370936032347e-05,),
    ),
    (
        (-0.7657847078286127, 0.6886192415566705, -0.2132598113545206, 0.033461075523841935, -0.003076541477344756, 0.00017471193164549074, -6.1037116822741705e-06, 1.218032765428652e-07, -1.0860761027932903e-09,),
        (1.0, -1.8888028686623086, 1.066691687211409, -0.27519159823063805, 0.039308526882338234, -0.003414684558602365, 0.00018668443707035555, -6.345146083130515e-06, 1.239754287483207e-07, -1.0860761027931265e-09,),
    ),
)  # fmt: skip


def _const(x, value):
    return np.array(value, x.dtype)


def _rational(coefficients, x):
    num, den = (np.array(c, dtype=x.dtype) for c in coefficients)
    return jnp.polyval(num, x) / jnp.polyval(den, x)


def _expi_small(x):
    return x * _rational(_EXPINT[0], x) + np.euler_gamma + jnp.log(x)


def _expi_large(coefficients):
    def fn(x):
        w = _const(x, 1.0) / x
        f = w * _rational(coefficients, w) + _const(x, 1.0)
        return jnp.exp(x) * w * f

    return fn


def _expi_pos(x):
    bands = [(x > 0) & (x <= 2)] + [(x > 2**i) & (x <= 2 ** (i + 1)) for i in range(1, 6)]
    pieces = [_expi_small] + [_expi_large(c) for c in _EXPINT[1:]]
    return jnp.piecewise(x, bands, pieces)


@custom_jvp
@jit
def expi(x):
    (x,) = real_inexact("expi", x)
    return jnp.piecewise(x, [x < 0], [lambda v: -exp1(-v), _expi_pos])


@expi.defjvp  # not jitted: meshjit's linearize keeps a jit's primal and tangent together
def _expi_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    return expi(x), jnp.exp(x) / x * x_dot


# ---------------------------------------------------------------------------------------------
# E_n: the power series for x <= 1, the continued fraction above, and the asymptotic expansion
# for n >= 5000.


def _expn_series_step(one):
    def body(d):
        d = dict(d)
        d["xk"] = d["xk"] + one
        d["yk"] = d["yk"] * d["z"] / d["xk"]
        d["pk"] = d["pk"] + one
        d["ans"] = d["ans"] + jnp.where(d["pk"] != 0, d["yk"] / d["pk"], 0.0)
        d["t"] = jnp.where(d["ans"] != 0, abs(d["yk"] / d["ans"]), one)
        return d

    return body


def _expn_series(x, n):
    eps = dtypes.finfo(x.dtype).eps
    zero, one = _const(x, 0.0), _const(x, 1.0)
    psi = -np.euler_gamma - jnp.log(x)
    # psi(n) = -gamma + sum_{i<n} 1/i (a while_loop over float i, as JAX's fori_loop runs)
    _, psi = lax.while_loop(
        lambda c: c[0] < n, lambda c: (c[0] + _const(n, 1), c[1] + one / c[0]), (_const(n, 1), psi)
    )
    n1 = jnp.where(n == _const(n, 1), one + one, n)
    init = dict(
        x=x,
        z=-x,
        xk=zero,
        yk=one,
        pk=one - n,
        ans=jnp.where(n == _const(n, 1), zero, one / (one - n1)),
        t=np.inf,
    )
    d = lax.while_loop(lambda d: (d["x"] > 0) & (d["t"] > eps), _expn_series_step(one), init)
    return d["z"] ** (n - _const(n, 1)) * psi / jnp.exp(gammaln(n)) - d["ans"]


_BIG = 1.44115188075855872e17


def _expn_fraction_step(x, n):
    one = _const(x, 1.0)

    def body(d):
        d = dict(d)
        k = d["k"] = d["k"] + _const(d["k"], 1)
        odd = k % _const(k, 2) == _const(k, 1)
        yk = jnp.where(odd, one, x)
        xk = jnp.where(odd, n + (k - _const(k, 1)) / _const(k, 2), k / _const(k, 2))
        pk = d["pkm1"] * yk + d["pkm2"] * xk
        qk = d["qkm1"] * yk + d["qkm2"] * xk
        nonzero = qk != 0
        r = d["r"] = jnp.where(nonzero, pk / qk, d["r"])
        d["t"] = jnp.where(nonzero, abs((d["ans"] - r) / r), one)
        d["ans"] = jnp.where(nonzero, r, d["ans"])
        d["pkm2"], d["pkm1"], d["qkm2"], d["qkm1"] = d["pkm1"], pk, d["qkm1"], qk
        big = abs(pk) > _const(x, _BIG)
        for key in ("pkm1", "pkm2", "qkm1", "qkm2"):
            d[key] = jnp.where(big, d[key] / _const(x, _BIG), d[key])
        return d

    return body


def _expn_fraction(x, n):
    eps = dtypes.finfo(x.dtype).eps
    one = _const(x, 1.0)
    init = dict(
        k=_const(n, 1),
        pkm2=one,
        qkm2=x,
        pkm1=one,
        qkm1=x + n,
        ans=one / (x + n),
        t=_const(x, np.inf),
        r=_const(x, 0.0),
        x=x,
    )
    d = lax.while_loop(lambda d: (d["x"] > 0) & (d["t"] > eps), _expn_fraction_step(x, n), init)
    return d["ans"] * jnp.exp(-x)


def _expn_asymptotic(x, n):
    one = _const(x, 1.0)
    xk = x + n
    yk = one / (xk * xk)
    ans = yk * n * (_const(x, 6) * x * x - _const(x, 8) * n * x + n * n)
    ans = yk * (ans + n * (n - _const(x, 2) * x))
    ans = yk * (ans + n)
    return (ans + one) * jnp.exp(-x) / xk


def expn(n, x):  # the function below wraps it (JAX's: `expn.__name__`)
    n, x = real_inexact("expn", n, x)
    one = _const(x, 1.0)
    conds = [
        (n < 0) | (x < 0),
        (x == 0) & (n < 2),
        (x == 0) & (n >= 2),
        (n == 0) & (x >= 0),
        n >= 5000,
        x > one,
    ]
    n1 = jnp.where(n == 1, n + n, n)
    values = [np.nan, np.inf, one / n1, jnp.exp(-x) / x, _expn_asymptotic, _expn_fraction,
              _expn_series]  # fmt: skip
    return jnp.piecewise(x, conds, values, n=n)


expn = custom_jvp(vectorize(jit(expn)), nondiff_argnums=(0,))


@expn.defjvp
def _expn_jvp(n, primals, tangents):
    (x,), (x_dot,) = primals, tangents
    return expn(n, x), lax.mul(lax.neg(x_dot), expn(n - 1, x))


def exp1(x):
    (x,) = real_inexact("exp1", x)
    return expn(1, x)


# sici: Si(x) = sum (-1)^k x^(2k+1) / ((2k+1) (2k+1)!), Ci(x) = gamma + log x +
# sum_{k>=1} (-1)^k x^(2k) / (2k (2k)!), in powers of x^2 (highest first); 18 terms reach float64's
# epsilon at |x| = 4.
_SI_SERIES = [(-1) ** k / ((2 * k + 1) * math.factorial(2 * k + 1)) for k in range(18)][::-1]
_CI_SERIES = [0.0] + [(-1) ** k / (2 * k * math.factorial(2 * k)) for k in range(1, 18)]
_CI_SERIES = _CI_SERIES[::-1]
_EULER_GAMMA = 0.5772156649015329
_SICI_SERIES_MAX = 4.0
_SICI_FRACTION_DEPTH = 60


def _sici_series(ax):
    x2 = ax * ax
    si = ax * jnp.polyval(np.array(_SI_SERIES, ax.dtype), x2)
    ci = _EULER_GAMMA + jnp.log(ax) + jnp.polyval(np.array(_CI_SERIES, ax.dtype), x2)
    return si, ci


def _sici_fraction(ax):
    """E_1(ix) = -Ci(x) + i (Si(x) - pi/2) for x > 0, from E_1(z) = e^-z / (z + 1 - 1^2 / (z + 3 -
    2^2 / (z + 5 - ...))) evaluated from its tail back."""
    cdtype = jnp.result_type(ax.dtype, np.complex64)
    z = lax.complex(jnp.zeros_like(ax), ax).astype(cdtype)

    def step(i, t):
        k = (_SICI_FRACTION_DEPTH - i).astype(ax.dtype)
        return z + (2 * k - 1) - k * k / t

    t = lax.fori_loop(0, _SICI_FRACTION_DEPTH, step, z + (2 * _SICI_FRACTION_DEPTH + 1))
    e1 = lax.complex(jnp.cos(ax), -jnp.sin(ax)) / t
    return lax.imag(e1) + np.pi / 2, -lax.real(e1)


@custom_jvp
@jit  # one executable eagerly, not one per op
def _sici(x):
    ax = jnp.abs(x)
    small = ax <= _SICI_SERIES_MAX
    si_small, ci_small = _sici_series(ax)
    si_large, ci_large = _sici_fraction(jnp.where(small, _SICI_SERIES_MAX + 1, ax))
    si = jnp.where(small, si_small, si_large)
    return jnp.sign(x) * si, jnp.where(small, ci_small, ci_large)  # Ci(-x) is Ci(x)'s real part


@_sici.defjvp
def _sici_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    safe = jnp.where(x == 0, 1, x)
    return _sici(x), (jnp.where(x == 0, 1, jnp.sin(x) / safe) * x_dot, jnp.cos(x) / x * x_dot)


@refusing_jax_arrays  # (JAX's jit / custom_jvp sees the object first)
def sici(x):
    """The sine and cosine integrals (Si(x), Ci(x)) for real x: Si the integral of sin(t)/t from
    0, Ci = gamma + log|x| + the integral of (cos(t) - 1)/t from 0 (float16 and bfloat16 in
    float32)."""
    (x,) = real_inexact("sici", x)
    return in_float32(_sici, x)
