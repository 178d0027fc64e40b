"""The Faddeeva function w(z) = exp(-z^2) erfc(-iz) (Weideman's 1994 rational approximation with
N = 32 terms, its coefficients computed here by FFT as the paper does), and the Fresnel
integrals S(x), C(x) built on it (their power series near zero)."""

from __future__ import annotations

import math

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.ad.custom_derivatives import custom_jvp
from meshjit.compiler.jit.api import jit
from meshjit.compiler.numpy.util import refusing_jax_arrays
from meshjit.compiler.scipy.util import in_float32, inexact, real_inexact

__all__ = ["fresnel", "wofz"]


def _weideman_coefficients(n: int = 32):
    """L and the polynomial coefficients (highest power first) of w(z) ~ 2 p(Z) / (L - iz)^2 +
    1 / (sqrt(pi) (L - iz)), Z = (L + iz) / (L - iz), valid for Im z >= 0."""
    m = 2 * n
    scale = math.sqrt(n / math.sqrt(2.0))
    theta = np.arange(-m + 1, m) * np.pi / m
    t = scale * np.tan(theta / 2)
    f = np.concatenate([[0.0], np.exp(-(t**2)) * (scale**2 + t**2)])
    a = np.real(np.fft.fft(np.fft.fftshift(f))) / (2 * m)
    return scale, a[1 : n + 1][::-1].copy()


_L, _COEFFICIENTS = _weideman_coefficients()


def _wofz_upper(z):
    iz = lax.complex(-lax.imag(z), lax.real(z))
    denom = _L - iz
    p = jnp.polyval(_COEFFICIENTS.astype(z.dtype), (_L + iz) / denom)
    return 2 * p / (denom * denom) + (1 / math.sqrt(math.pi)) / denom


@custom_jvp
@jit  # one executable eagerly, not one per op
def _wofz(z):
    upper = lax.imag(z) >= 0
    flipped = jnp.where(upper, z, -z)
    w = _wofz_upper(flipped)
    return jnp.where(upper, w, 2 * jnp.exp(-z * z) - w)  # w(-z) = 2 exp(-z^2) - w(z)


_wofz.defjvps(lambda g, w, z: g * (-2 * z * w + 2j / math.sqrt(math.pi)))


def wofz(z):
    """The Faddeeva function exp(-z^2) erfc(-iz), complex (float inputs promote to complex)."""
    (z,) = inexact(z)
    if not jnp.iscomplexobj(z):
        z = z.astype(jnp.result_type(z.dtype, np.complex64))
    return _wofz(z)


# Below |x| = 1 the power series: S = sum (-1)^k (pi/2)^(2k+1) x^(4k+3) / ((2k+1)! (4k+3)),
# C = sum (-1)^k (pi/2)^(2k) x^(4k+1) / ((2k)! (4k+1)); 10 terms reach float64's epsilon there.
_S_SERIES = [(-1) ** k * (math.pi / 2) ** (2 * k + 1) / (math.factorial(2 * k + 1) * (4 * k + 3)) for k in range(10)]  # fmt: skip
_C_SERIES = [(-1) ** k * (math.pi / 2) ** (2 * k) / (math.factorial(2 * k) * (4 * k + 1)) for k in range(10)]  # fmt: skip


def _half_pi_square(x):
    """pi/2 x^2 with x^2 reduced modulo 4 first (a period of its sine and cosine), so large x
    keeps its phase: sin(pi/2 30^2) is 0, not float32's rounding of 450 pi."""
    t = x * x
    return (math.pi / 2) * (t - 4 * jnp.floor(t / 4))


def _fresnel_series(x):
    x4 = x**4
    s = x**3 * jnp.polyval(np.array(_S_SERIES[::-1], x.dtype), x4)
    c = x * jnp.polyval(np.array(_C_SERIES[::-1], x.dtype), x4)
    return s, c


def _fresnel_faddeeva(ax):
    """For ax >= 0: C + iS = (1 + i)/2 erf(z), z = (1 - i) sqrt(pi)/2 ax, and erf(z) =
    1 - exp(-z^2) w(iz), where exp(-z^2) = exp(i pi ax^2 / 2) and iz is in the upper half plane."""
    cdtype = jnp.result_type(ax.dtype, np.complex64)
    k = math.sqrt(math.pi) / 2 * ax
    w = _wofz(lax.complex(k, k).astype(cdtype))
    phase = _half_pi_square(ax)
    erf = 1 - lax.complex(jnp.cos(phase), jnp.sin(phase)) * w
    out = lax.complex(np.array(0.5, ax.dtype), np.array(0.5, ax.dtype)) * erf
    return lax.imag(out), lax.real(out)


@custom_jvp
@jit
def _fresnel(x):
    ax = jnp.abs(x)
    small = ax < 1
    s_small, c_small = _fresnel_series(jnp.where(small, x, 0))
    s_large, c_large = _fresnel_faddeeva(jnp.where(small, 1, ax))
    sign = jnp.sign(x)
    return jnp.where(small, s_small, sign * s_large), jnp.where(small, c_small, sign * c_large)


@_fresnel.defjvp
def _fresnel_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    phase = _half_pi_square(x)
    s, c = _fresnel(x)
    return (s, c), (jnp.sin(phase) * x_dot, jnp.cos(phase) * x_dot)


@refusing_jax_arrays  # (JAX's jit / custom_jvp sees the object first)
def fresnel(x):
    """The Fresnel integrals (S(x), C(x)): the integrals of sin(pi t^2 / 2) and cos(pi t^2 / 2)
    from 0 to x, for real x; float16 and bfloat16 computed in float32, as JAX's (complex
    numbers have no half-precision parts)."""
    (x,) = real_inexact("fresnel", x)
    return in_float32(_fresnel, x)
