"""The regularized incomplete gamma functions P(a, x), Q(a, x) (lax's igamma and igammac) and
the regularized incomplete beta function I_x(a, b), with JAX's algorithm (the
Lentz-Thompson-Barnett continued fraction) over whole arrays, so it agrees with JAX's to
rounding; its derivative is in x only, as JAX's."""

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

__all__ = ["betainc", "gammainc", "gammaincc"]


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
# P(a, x) and Q(a, x): lax's igamma and igammac primitives (JAX's algorithm, in lax/igamma.py).


@converting_jax_arrays  # (as JAX's promote_args_inexact)
def gammainc(a, x):
    """P(a, x), the regularized lower incomplete gamma function."""
    check_arraylike("gammainc", a, x)
    return lax.igamma(*promote_inexact(a, x))


@converting_jax_arrays
def gammaincc(a, x):
    """Q(a, x) = 1 - P(a, x)."""
    check_arraylike("gammaincc", a, x)
    return lax.igammac(*promote_inexact(a, x))


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
