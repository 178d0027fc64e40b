"""meshjit.scipy.special: JAX 0.10.2's `jax.scipy.special`, as compositions of lax and numpy ops
(the same formulas as JAX, so the same numbers and the same derivatives: custom jvps where JAX
has them)."""

from __future__ import annotations

import math

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.ad.api import jvp
from meshjit.compiler.ad.custom_derivatives import custom_jvp
from meshjit.compiler.errors import (
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.nn import functions as nn
from meshjit.compiler.numpy.util import aval_of, check_arraylike, refusing_jax_arrays
from meshjit.compiler.scipy.incomplete import betainc, gammainc, gammaincc
from meshjit.compiler.scipy.util import inexact as _inexact
from meshjit.compiler.scipy.util import lax_const
from meshjit.compiler.trace.tracing import require_concrete

__all__ = [
    "zeta",
    "rel_entr",
    "multigammaln",
    "kl_div",
    "gammaincc",
    "gammainc",
    "betainc",
    "betaln",
    "digamma",
    "entr",
    "erf",
    "erfc",
    "erfinv",
    "expit",
    "factorial",
    "gamma",
    "gammaln",
    "gammasgn",
    "log_ndtr",
    "log_softmax",
    "logit",
    "logsumexp",
    "ndtr",
    "ndtri",
    "polygamma",
    "softmax",
    "xlog1py",
    "xlogy",
]

logsumexp = nn.logsumexp


def _dtype(x) -> np.dtype:
    return aval_of(x).dtype


# ---------------------------------------------------------------------------------------------
# Elementwise functions lax has.


def gammaln(x):
    (x,) = _inexact(x)
    return lax.lgamma(x)


def digamma(x):
    (x,) = _inexact(x)
    return lax.digamma(x)


def polygamma(n, x):
    if not np.issubdtype(jnp.asarray(n).dtype, np.integer):
        raise MeshjitValueError(
            f"Argument `n` to polygamma must be of integer type. Got dtype {jnp.asarray(n).dtype}."
        )
    n, x = _inexact(n, x)
    return lax.polygamma(n, x)


@refusing_jax_arrays  # (JAX's jit / custom_jvp sees the object first)
def zeta(x, q=None):
    """The Hurwitz zeta function (q is required, as in JAX)."""
    if q is None:
        raise MeshjitNotImplementedError(
            "Riemann zeta function not implemented; pass q != None to compute the Hurwitz Zeta "
            "function."
        )
    x, q = _inexact(x, q)
    return _hurwitz_zeta(x, q)


@custom_jvp
def _hurwitz_zeta(x, q):
    return lax.zeta(x, q)


def _zeta_series_expansion(s, a):
    """JAX's series for zeta (Johansson 2015, formula (5)), whose jvp is zeta's in both
    arguments (there is no closed-form derivative in the exponent)."""
    dtype = aval_of(a).dtype.type
    n = m = dtype(8) if aval_of(a).dtype == np.float32 else dtype(16)
    s_, a_ = jnp.expand_dims(s, -1), jnp.expand_dims(a, -1)
    k = jnp.expand_dims(np.arange(n, dtype=n.dtype), tuple(range(aval_of(a).ndim)))
    total = jnp.sum((a_ + k) ** -s_, -1)
    integral = lax.div((a + n) ** (dtype(1) - s), s - dtype(1))
    t0 = (a + n) ** -s
    j = jnp.expand_dims(np.arange(2 * m, dtype=m.dtype), tuple(range(aval_of(s).ndim)))
    t1 = jnp.cumprod((s_ + j) / (a_ + n), -1)[..., ::2]
    t1 = jnp.clip(t1, max=np.finfo(dtype).max)
    coefs = np.expand_dims(
        np.array(_BERNOULLI_COEFS[: aval_of(t1).shape[-1]], dtype=dtype),
        tuple(range(aval_of(a).ndim)),
    )
    return total + integral + t0 * (dtype(0.5) + (t1 / coefs).sum(-1))


_hurwitz_zeta.defjvp(lambda primals, tangents: jvp(_zeta_series_expansion, primals, tangents))

# (2k)! / B_2k, the Euler-Maclaurin tail's coefficients (JAX's table).
_BERNOULLI_COEFS = np.array([
    12, -720, 30240, -1209600, 47900160, -1307674368000 / 691, 74724249600,
    -10670622842880000 / 3617, 5109094217170944000 / 43867,
    -802857662698291200000 / 174611, 14101100039391805440000 / 77683,
    -1693824136731743669452800000 / 236364091, 186134520519971831808000000 / 657931,
    -37893265687455865519472640000000 / 3392780147,
    759790291646040068357842010112000000 / 1723168255201,
    -134196726836183700385281186201600000000 / 7709321041217,
])  # fmt: skip


def multigammaln(a, d: int):
    """log of the multivariate gamma function of dimension d."""
    require_concrete(d, "d argument of multigammaln")
    d = int(d)  # JAX's concrete_or_error(int, d): 2.5 is 2
    a, d_ = _inexact(a, d)
    constant = 0.25 * d_ * (d_ - 1) * jnp.log(jnp.asarray(np.pi, a.dtype))
    b = jnp.arange(d, dtype=d_.dtype) / 2
    terms = lax.lgamma(jnp.expand_dims(a, -1) - jnp.expand_dims(b, tuple(range(a.ndim))))
    return jnp.sum(terms, axis=-1) + constant


def erf(x):
    (x,) = _inexact(x)
    return lax.erf(x)


def erfc(x):
    (x,) = _inexact(x)
    return lax.erfc(x)


def erfinv(x):
    (x,) = _inexact(x)
    return lax.erf_inv(x)


def expit(x):
    (x,) = _inexact(x)
    return lax.logistic(x)


@custom_jvp
def logit(x):
    """log(x / (1 - x)), a custom_jvp function as JAX's: its derivative g / (x (1 - x))."""
    check_arraylike("logit", x)  # JAX's promote_args_inexact: a list is refused
    (x,) = _inexact(x)
    one = lax_const(x, 1)
    return lax.log(lax.div(x, lax.sub(one, x)))


logit.defjvps(lambda g, ans, x: lax.div(g, lax.mul(x, lax.sub(lax_const(x, 1), x))))
logit = refusing_jax_arrays(logit)  # (JAX's custom_jvp sees the object first)


@refusing_jax_arrays  # (JAX's jit / custom_jvp sees the object first)
def gammasgn(x):
    """The sign of Gamma(x): nan at nan and at the poles, -1 between odd and even poles and
    at -0."""
    (x,) = _inexact(x)
    dtype = _dtype(x).type
    floor_x = jnp.floor(x)
    negative = x < 0
    pole = (negative & (x == floor_x)) | jnp.isnan(x)
    minus = (negative & (jnp.remainder(floor_x, 2) != 0)) | ((x == 0) & jnp.signbit(x))
    return jnp.select([pole, minus], [dtype(np.nan), dtype(-1.0)], dtype(1.0))


def gamma(x):
    (x,) = _inexact(x)
    return gammasgn(x) * jnp.exp(lax.lgamma(x))


def factorial(n, exact: bool = False):
    if exact:
        raise MeshjitNotImplementedError("factorial with exact=True")
    (n,) = _inexact(n)
    return jnp.where(n < 0, 0, jnp.exp(lax.lgamma(n + 1)))  # weak for a weak n, as JAX's


# ---------------------------------------------------------------------------------------------
# x log y and entropy, with JAX's derivatives (finite at x = 0).


@custom_jvp
def xlogy(x, y):
    x, y = _inexact(x, y)
    return jnp.where((x != 0) | jnp.isnan(y), x * jnp.log(y), jnp.zeros_like(x))


@xlogy.defjvp
def _xlogy_jvp(primals, tangents):
    (x, y), (tx, ty) = primals, tangents
    out = xlogy(x, y)
    return out, (tx * jnp.log(y) + ty * x / y).astype(_dtype(out))


@custom_jvp
def xlog1py(x, y):
    x, y = _inexact(x, y)
    return jnp.where((x != 0) | jnp.isnan(y), x * jnp.log1p(y), jnp.zeros_like(x))


@xlog1py.defjvp
def _xlog1py_jvp(primals, tangents):
    (x, y), (tx, ty) = primals, tangents
    out = xlog1py(x, y)
    return out, (tx * jnp.log1p(y) + ty * x / (1 + y)).astype(_dtype(out))


@custom_jvp
def _xlogx(x):
    return xlogy(x, x)


@_xlogx.defjvp
def _xlogx_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return _xlogx(x), t * (jnp.log(x) + 1)


def rel_entr(p, q):
    """p log(p / q) for p, q > 0; 0 where p = 0 <= q; inf elsewhere."""
    p, q = _inexact(p, q)
    zero = lax_const(p, 0.0)  # JAX's: a weak scalar p gives a weak result
    both = (p > 0) & (q > 0)
    safe_p, safe_q = jnp.where(both, p, 1), jnp.where(both, q, 1)
    log_val = _xlogx(safe_p) - xlogy(safe_p, safe_q)
    return jnp.where(both, log_val, jnp.where((p == 0) & (q >= 0), zero, np.inf))


def kl_div(p, q):
    p, q = _inexact(p, q)
    return rel_entr(p, q) - p + q


def entr(x):
    """-x log x for x > 0, 0 at 0, -inf below."""
    (x,) = _inexact(x)
    if dtypes.is_complex(aval_of(x).dtype):
        raise MeshjitValueError("entr does not support complex-valued inputs.")
    return lax.select(lax.lt(x, lax_const(x, 0)), lax.full_like(x, -np.inf), lax.neg(_xlogx(x)))


# ---------------------------------------------------------------------------------------------
# log B(a, b): lgamma sums for small b, scipy's algdiv series for b >= 8 (as JAX).

_ALGDIV = (
    0.833333333333333e-01,
    -0.277777777760991e-02,
    0.793650666825390e-03,
    -0.595202931351870e-03,
    0.837308034031215e-03,
    -0.165322962780713e-02,
)


def _algdiv(a, b):
    """log Gamma(b) - log Gamma(a + b) for b >= 8 (and a <= b)."""
    h = a / b
    x = h / (1 + h)
    d = b + (a - 0.5)
    x2 = x * x
    s = [None, None, None, 1.0 + (x + x2)]
    for _ in range(4):
        s.append(1.0 + (x + x2 * s[-1]))
    s3, s5, s7, s9, s11 = s[3], s[4], s[5], s[6], s[7]
    c0, c1, c2, c3, c4, c5 = _ALGDIV
    t = (1.0 / b) ** 2
    w = ((((c5 * s11 * t + c4 * s9) * t + c3 * s7) * t + c2 * s5) * t + c1 * s3) * t + c0
    w = w * (x / b)
    u = d * jnp.log1p(a / b)
    v = a * (jnp.log(b) - 1.0)
    return jnp.where(u <= v, (w - v) - u, (w - u) - v)


def betaln(a, b):
    a, b = _inexact(a, b)
    a, b = jnp.minimum(a, b), jnp.maximum(a, b)
    small_b = lax.lgamma(a) + (lax.lgamma(b) - lax.lgamma(a + b))
    large_b = lax.lgamma(a) + _algdiv(a, b)
    return jnp.where(b < 8, small_b, large_b)


# ---------------------------------------------------------------------------------------------
# The normal distribution function, its inverse and its log.


def _check_float(name: str, x):
    dtype = _dtype(x)
    if dtype not in (np.float32, np.float64):
        raise MeshjitTypeError(
            f"{name}: x.dtype={dtype} is not supported, see docstring for supported types."
        )


def ndtr(x):
    """The standard normal CDF."""
    x = jnp.asarray(x)
    _check_float("ndtr", x)
    return _ndtr(x)


def _ndtr(x):
    """JAX's (lax.select, as its jaxpr shows): its constants are NumPy scalars of x's dtype, so
    a weak x gives a strong result (fuzzer round 17)."""
    c = aval_of(x).dtype.type
    half_sqrt_2 = c(0.5 * math.sqrt(2.0))
    w = x * half_sqrt_2
    z = lax.abs(w)
    y = lax.select(
        lax.lt(z, half_sqrt_2),
        c(1.0) + lax.erf(w),
        lax.select(lax.gt(w, c(0.0)), c(2.0) - lax.erfc(z), lax.erfc(z)),
    )  # (in JAX's order of evaluation)
    return c(0.5) * y


# Cephes' rational approximations of ndtri (the polynomials' coefficients, highest power first).
_NDTRI_P0 = (-5.99633501014107895267e1, 9.80010754185999661536e1, -5.66762857469070293439e1,
             1.39312609387279679503e1, -1.23916583867381258016e0)  # fmt: skip
_NDTRI_Q0 = (1.0, 1.95448858338141759834e0, 4.67627912898881538453e0, 8.63602421390890590575e1,
             -2.25462687854119370527e2, 2.00260212380060660359e2, -8.20372256168333339912e1,
             1.59056225126211695515e1, -1.18331621121330003142e0)  # fmt: skip
_NDTRI_P1 = (4.05544892305962419923e0, 3.15251094599893866154e1, 5.71628192246421288162e1,
             4.40805073893200834700e1, 1.46849561928858024014e1, 2.18663306850790267539e0,
             -1.40256079171354495875e-1, -3.50424626827848203418e-2, -8.57456785154685413611e-4)  # fmt: skip
_NDTRI_Q1 = (1.0, 1.57799883256466749731e1, 4.53907635128879210584e1, 4.13172038254672030440e1,
             1.50425385692907503408e1, 2.50464946208309415979e0, -1.42182922854787788574e-1,
             -3.80806407691578277194e-2, -9.33259480895457427372e-4)  # fmt: skip
_NDTRI_P2 = (3.23774891776946035970e0, 6.91522889068984211695e0, 3.93881025292474443415e0,
             1.33303460815807542389e0, 2.01485389549179081538e-1, 1.23716634817820021358e-2,
             3.01581553508235416007e-4, 2.65806974686737550832e-6, 6.23974539184983293730e-9)  # fmt: skip
_NDTRI_Q2 = (1.0, 6.02427039364742014255e0, 3.67983563856160859403e0, 1.37702099489081330271e0,
             2.16236993594496635890e-1, 1.34204006088543189037e-2, 3.28014464682127739104e-4,
             2.89247864745380683936e-6, 6.79019408009981274425e-9)  # fmt: skip


def _polyval(coeffs, x):
    """jnp.polyval of the coefficients in x's dtype: one jitted program, as JAX's ndtri calls
    it (Horner's rule op by op differs in the last bits)."""
    return jnp.polyval(np.array(coeffs, dtype=_dtype(x)), x)


def ndtri(p):
    """The inverse of the standard normal CDF."""
    if isinstance(p, (list, tuple)):  # JAX's words (its lax.dtype of the argument)
        raise MeshjitTypeError(f"Cannot determine dtype of {p}")
    p = jnp.asarray(p)
    _check_float("ndtri", p)
    dtype = _dtype(p).type
    complement = jnp.where(p > dtype(-np.expm1(-2.0)), dtype(1.0) - p, p)
    safe = jnp.where(complement == 0, jnp.full_like(p, 0.5), complement)
    w = safe - dtype(0.5)
    ww = lax.square(w)
    big_p = w + w * ww * (_polyval(_NDTRI_P0, ww) / _polyval(_NDTRI_Q0, ww))
    big_p = big_p * -dtype(np.sqrt(2.0 * np.pi))
    z = lax.sqrt(dtype(-2.0) * lax.log(safe))
    first = z - lax.log(z) / z
    # (JAX's order of operations: 1 / z for each polyval, each term divided as it is written)
    tiny_p = _polyval(_NDTRI_P2, 1 / z) / _polyval(_NDTRI_Q2, 1 / z) / z
    small_p = _polyval(_NDTRI_P1, 1 / z) / _polyval(_NDTRI_Q1, 1 / z) / z
    tiny_p, small_p = first - tiny_p, first - small_p
    x = jnp.where(safe > dtype(np.exp(-2.0)), big_p, jnp.where(z >= dtype(8.0), tiny_p, small_p))
    x = jnp.where(p > dtype(1.0 - np.exp(-2.0)), x, -x)
    inf = jnp.full(np.shape(p), dtype(np.inf))
    return jnp.where(p == dtype(0.0), -inf, jnp.where(p == dtype(1.0), inf, x))


_LOG_NDTR_SEGMENTS = {np.dtype(np.float64): (-20.0, 8.0), np.dtype(np.float32): (-10.0, 5.0)}


@refusing_jax_arrays  # (JAX's jit / custom_jvp sees the object first)
def log_ndtr(x, series_order: int = 3):
    """log ndtr(x): -ndtr(-x) above the upper segment, log ndtr(x) between, an asymptotic series
    below the lower segment (as JAX)."""
    if not isinstance(series_order, int):
        raise MeshjitTypeError("series_order must be a Python integer.")
    if not 0 <= series_order <= 30:
        raise MeshjitValueError(f"series_order must be in [0, 30], got {series_order}.")
    x = jnp.asarray(x)
    if _dtype(x) not in _LOG_NDTR_SEGMENTS:
        raise MeshjitTypeError(f"log_ndtr: x.dtype={_dtype(x)} is not supported.")
    return _log_ndtr(x, series_order)


def _log_ndtr_impl(x, series_order):
    lower, upper = _LOG_NDTR_SEGMENTS[_dtype(x)]
    above = x > upper
    res = _ndtr(jnp.where(above, -x, jnp.maximum(x, lower)))
    neg_res, between, log_res = -res, lax.gt(x, _dtype(x).type(lower)), lax.log(res)
    series = _log_ndtr_lower(lax.min(x, _dtype(x).type(lower)), series_order)
    return jnp.where(above, neg_res, jnp.where(between, log_res, series))


_log_ndtr_impl.__name__ = "log_ndtr"  # the custom_jvp_call's name, as JAX's
_log_ndtr = custom_jvp(_log_ndtr_impl, nondiff_argnums=(1,))


@_log_ndtr.defjvp
def _log_ndtr_jvp(series_order, primals, tangents):
    (x,), (t,) = primals, tangents
    out = _log_ndtr(x, series_order)
    return out, t * jnp.exp(_norm_logpdf(x) - out)


def _norm_logpdf(x):
    dtype = _dtype(x).type
    return lax.sub(lax.mul(dtype(-0.5), lax.square(x)), dtype(np.log(np.sqrt(2 * np.pi))))


def _log_ndtr_lower(x, series_order):
    dtype = _dtype(x).type
    x_2 = lax.square(x)
    log_scale = -dtype(0.5) * x_2 - jnp.log(-x) - dtype(0.5 * np.log(2.0 * np.pi))
    return log_scale + jnp.log(_asymptotic_series(x, series_order))


def _asymptotic_series(x, series_order):
    dtype = _dtype(x).type
    if series_order <= 0:
        return np.array(1, dtype)
    x_2 = lax.square(x)
    even, odd, x_2n = jnp.zeros_like(x), jnp.zeros_like(x), x_2
    for n in range(1, series_order + 1):
        y = np.array(np.prod(np.arange(2 * n - 1, 1, -2)), dtype) / x_2n
        if n % 2:
            odd = odd + y
        else:
            even = even + y
        x_2n = x_2n * x_2
    return dtype(1.0) + even - odd


# ---------------------------------------------------------------------------------------------
# Normalizations: scipy's default axis is None (all axes), unlike meshjit.nn's -1.


def softmax(x, /, *, axis=None):
    return nn.softmax(x, axis=axis)


def log_softmax(x, /, *, axis=None):
    return nn.log_softmax(x, axis=axis)
