"""The regularized incomplete gamma functions P(a, x), Q(a, x) and the regularized incomplete
beta function I_x(a, b), with JAX's algorithms (Cephes' power series and continued fraction for
igamma; the Lentz-Thompson-Barnett continued fraction for betainc) over whole arrays, so they
agree with JAX's to rounding. Derivatives: in x as JAX's; in a for the gamma functions through
meshjit.random's gamma_grad (JAX's dF/da series, scaled by the density); betainc in x only, as
JAX."""

from __future__ import annotations

import ml_dtypes
import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.ad.custom_derivatives import custom_jvp
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.numpy.util import (
    aval_of,
    check_arraylike,
    converting_jax_arrays,
    promote_inexact,
)
from meshjit.compiler.random.gamma_grad import gamma_grad

__all__ = ["betainc", "gammainc", "gammaincc", "igamma_grad_a"]


def _operands(*xs):
    """Broadcast to one shape in one float dtype (float16 / bfloat16 compute in float32), and
    the result's type: that dtype, weak when every operand is (Python scalars), as JAX's."""
    xs = promote_inexact(*xs)
    result = aval_of(xs[0]).update(weak_type=all(aval_of(x).weak_type for x in xs))
    wide = np.dtype(np.float32) if result.dtype.itemsize < 4 else result.dtype
    return [jnp.asarray(x).astype(wide) for x in jnp.broadcast_arrays(*xs)], result


def _as(x, result):
    return lax.convert_element_type(x, result.dtype, weak_type=result.weak_type)


def _any(pred):
    return jnp.any(pred)


def _eps(x) -> float:
    return float(ml_dtypes.finfo(aval_of(x).dtype).eps)


# ---------------------------------------------------------------------------------------------
# P(a, x) and Q(a, x).


def _series(ax, x, a, enabled):
    """P by its power series: ax / a * sum_n x^n / ((a+1)...(a+n))."""
    eps = _eps(x)

    def body(vals):
        on, r, c, ans = vals
        r2 = r + 1.0
        c2 = c * (x / r2)
        ans2 = ans + c2
        return (
            on & (c2 / ans2 > eps),
            jnp.where(on, r2, r),
            jnp.where(on, c2, c),
            jnp.where(on, ans2, ans),
        )

    init = (enabled, a, jnp.ones_like(a), jnp.ones_like(a))
    _, _, _, ans = lax.while_loop(lambda v: _any(v[0]), body, init)
    return ans * ax / a


def _continued_fraction(ax, x, a, enabled):
    """Q by its continued fraction (at most 2000 terms)."""
    eps = _eps(x)
    y = 1.0 - a
    z = x + y + 1.0
    pkm1, qkm1 = x + 1.0, z * x
    init = (enabled, pkm1 / qkm1, y, z, jnp.zeros((), x.dtype), pkm1, qkm1, jnp.ones_like(x), x)
    vals = lax.while_loop(lambda v: (v[4] < 2000) & _any(v[0]), _fraction_step(eps), init)
    return vals[1] * ax


def _fraction_step(eps):
    def step(vals):
        on, ans, y, z, c, pkm1, qkm1, pkm2, qkm2 = vals
        c, y2, z2 = c + 1.0, y + 1.0, z + 2.0
        yc = y2 * c
        pk, qk = pkm1 * z2 - pkm2 * yc, qkm1 * z2 - qkm2 * yc
        nonzero = qk != 0
        r = pk / qk
        t = jnp.where(nonzero, jnp.abs((ans - r) / r), 1.0)
        ans2 = jnp.where(nonzero, r, ans)
        rescale = jnp.abs(pk) > 1.0 / eps
        pkm2, pkm1 = (jnp.where(rescale, v * eps, v) for v in (pkm1, pk))
        qkm2, qkm1 = (jnp.where(rescale, v * eps, v) for v in (qkm1, qk))
        keep = [vals[k] for k in (1, 2, 3, 5, 6, 7, 8)]
        new = [ans2, y2, z2, pkm1, qkm1, pkm2, qkm2]
        kept = [jnp.where(on, n, o) for n, o in zip(new, keep)]
        return (on & (t > eps), kept[0], kept[1], kept[2], c, *kept[3:])

    return step


def _log_ax(a, x):
    return a * jnp.log(x) - x - lax.lgamma(a)


def _domain_error(a, x):
    return (x < 0) | (a < 0) | ((a == 0) & (x == 0)) | jnp.isnan(a) | jnp.isnan(x)


def _underflow(log_ax):
    return log_ax < -np.log(float(ml_dtypes.finfo(aval_of(log_ax).dtype).max))


def _igamma(a, x):
    domain, x_zero, x_inf = _domain_error(a, x), x == 0, x == np.inf
    use_q = (x >= 1) & (x > a)
    log_ax = _log_ax(a, x)
    enabled = ~(x_zero | domain | _underflow(log_ax) | x_inf)
    ax = jnp.exp(log_ax)
    out = jnp.where(
        use_q,
        1.0 - _continued_fraction(ax, x, a, enabled & use_q),
        _series(ax, x, a, enabled & ~use_q),
    )
    out = jnp.where(x_zero, 0.0, jnp.where(x_inf, 1.0, out))
    return jnp.where(domain, np.nan, out).astype(a.dtype)


def _igammac(a, x):
    domain, x_inf, a_zero = _domain_error(a, x), x == np.inf, a == 0
    use_p = (x < 1) | (x < a)
    log_ax = _log_ax(a, x)
    enabled = ~(domain | _underflow(log_ax) | x_inf | a_zero)
    ax = jnp.exp(log_ax)
    out = jnp.where(
        use_p,
        1.0 - _series(ax, x, a, enabled & use_p),
        _continued_fraction(ax, x, a, enabled & ~use_p),
    )
    out = jnp.where(x_inf | a_zero, 0.0, out)
    return jnp.where(domain, np.nan, out).astype(a.dtype)


def _density(a, x):
    """d/dx P(a, x): the gamma density."""
    return jnp.exp(-x + (a - 1.0) * jnp.log(x) - lax.lgamma(a))


def _grad_a(a, x):
    """d/da P(a, x) = -(dx/da of a gamma sample) * density."""
    return -gamma_grad(x, a, log_space=False) * _density(a, x)


@custom_jvp
def _gammainc(a, x):
    return _igamma(a, x)


@_gammainc.defjvp
def _gammainc_jvp(primals, tangents):
    (a, x), (ta, tx) = primals, tangents
    return _gammainc(a, x), ta * _grad_a(a, x) + tx * _density(a, x)


@custom_jvp
def _gammaincc(a, x):
    return _igammac(a, x)


@_gammaincc.defjvp
def _gammaincc_jvp(primals, tangents):
    (a, x), (ta, tx) = primals, tangents
    return _gammaincc(a, x), -(ta * _grad_a(a, x) + tx * _density(a, x))


@converting_jax_arrays  # (as JAX's promote_args_inexact)
def gammainc(a, x):
    """P(a, x), the regularized lower incomplete gamma function."""
    check_arraylike("gammainc", a, x)
    (a, x), result = _operands(a, x)
    return _as(_gammainc(a, x), result)


@converting_jax_arrays
def gammaincc(a, x):
    """Q(a, x) = 1 - P(a, x)."""
    check_arraylike("gammaincc", a, x)
    (a, x), result = _operands(a, x)
    return _as(_gammaincc(a, x), result)


def igamma_grad_a(a, x):
    """lax.igamma_grad_a: d/da P(a, x) (0 at x = 0, as JAX's; to rounding: JAX sums the
    derivative's series itself, this scales the gamma sample's by the density)."""
    (a, x), result = _operands(a, x)
    return _as(jnp.where(x == 0, 0.0, _grad_a(a, x)), result)


# ---------------------------------------------------------------------------------------------
# I_x(a, b).


def _beta_numerator(i, a, b, x):
    """The i-th partial numerator of the continued fraction (dlmf 8.17.23); 1 for i = 1."""
    m = ((i - 1) // 2).astype(a.dtype)
    zero_m = -(a + b) * x / (a + 1.0)
    even = jnp.where(
        m == 0, zero_m, -(a + m) * (a + b + m) * x / ((a + 2.0 * m) * (a + 2.0 * m + 1.0))
    )
    odd = m * (b - m) * x / ((a + 2.0 * m - 1.0) * (a + 2.0 * m))
    return jnp.where(i == 1, 1.0, jnp.where(i % 2 == 0, even, odd))


def _lentz(a, b, x, iterations: int, small: float):
    """The continued fraction by the modified Lentz algorithm, all elements until all converge."""

    def body(vals):
        i, _, c, d, h = vals
        num, den = _beta_numerator(i, a, b, x), 1.0
        c = den + num / c
        c = jnp.where(jnp.abs(c) < small, small, c)
        d = den + num * d
        d = 1.0 / jnp.where(jnp.abs(d) < small, small, d)
        delta = c * d
        return i + 1, _any(jnp.abs(delta - 1.0) >= small), c, d, h * delta

    h = jnp.full_like(x, small)  # the 0th partial denominator is 0
    init = (jnp.asarray(1, np.int32), jnp.asarray(True), h, jnp.zeros_like(x), h)
    vals = lax.while_loop(lambda v: (v[0] < iterations) & v[1], body, init)
    return vals[4]


def _betainc_impl(a, b, x):
    dtype = aval_of(a).dtype
    eps = float(ml_dtypes.finfo(dtype).eps)
    a_zero, b_zero = (a == 0) | (b == np.inf), (b == 0) | (a == np.inf)
    result_zero = (b_zero & (x != 1)) | (a_zero & (x == 0))
    result_one = (a_zero & (x != 0)) | (b_zero & (x == 1))
    nan = (a < 0) | (b < 0) | (x < 0) | (x > 1) | (a_zero & b_zero)
    nan = nan | jnp.isnan(a) | jnp.isnan(b) | jnp.isnan(x)
    fast = x < (a + 1.0) / (a + b + 2.0)
    a, b, x = jnp.where(fast, a, b), jnp.where(fast, b, a), jnp.where(fast, x, 1.0 - x)
    fraction = _lentz(a, b, x, 200 if dtype == np.float32 else 600, eps / 2)
    tiny = float(ml_dtypes.finfo(dtype).tiny) * 2
    lbeta_small_a = lax.lgamma(b) - lax.lgamma(a + b)
    lbeta = lax.lgamma(a) + lbeta_small_a
    factor = jnp.where(
        a < tiny,
        jnp.exp(jnp.log1p(-x) * b - lbeta_small_a),
        jnp.exp(jnp.log(x) * a + jnp.log1p(-x) * b - lbeta) / a,
    )
    result = fraction * factor
    result = jnp.where(fast, result, 1.0 - result)
    result = jnp.where(result_zero, 0.0, jnp.where(result_one, 1.0, result))
    return jnp.where(nan, np.nan, result).astype(dtype)


@custom_jvp
def _no_derivative(v):
    """v, whose derivative is an error: the jvp rule runs only for a non-zero tangent."""
    return v


@_no_derivative.defjvp
def _no_derivative_jvp(primals, tangents):
    raise MeshjitValueError("Betainc gradient with respect to a and b not supported.")


@custom_jvp
def _betainc(a, b, x):
    return _betainc_impl(a, b, x)


@_betainc.defjvp
def _betainc_jvp(primals, tangents):
    (a, b, x), (_, _, tx) = primals, tangents
    lbeta = lax.lgamma(a) + lax.lgamma(b) - lax.lgamma(a + b)
    partial_x = jnp.exp((b - 1.0) * jnp.log1p(-x) + (a - 1.0) * jnp.log(x) - lbeta)
    return _betainc(a, b, x), partial_x * tx


def betainc(a, b, x):
    """I_x(a, b), the regularized incomplete beta function."""
    check_arraylike("betainc", a, b, x)
    (a, b, x), result = _operands(a, b, x)
    return _as(_betainc(_no_derivative(a), _no_derivative(b), x), result)
