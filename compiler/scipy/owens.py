"""Owen's T function T(h, a), the probability of {X > h, 0 < Y < a X} for independent standard
normals, as JAX computes it: 13-point Gauss-Legendre quadrature on |a| <= 1 (and |a| > 1 by
T(h, a) = ... - T(a h, 1/a)), exact at h = 0 and a = 1; with JAX's derivative."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.ad.custom_derivatives import custom_jvp
from meshjit.compiler.scipy.util import inexact

__all__ = ["owens_t"]

_POINTS = np.array([
    0.0035082039676451715, 0.031279042338030754, 0.085266826283219451, 0.16245071730812277,
    0.25851196049125435, 0.36807553840697534, 0.48501092905604697, 0.60277514152618577,
    0.71477884217753227, 0.81475510988760099, 0.89711029755948966, 0.95723808085944262,
    0.99178832974629704,
])  # fmt: skip
_WEIGHTS = np.array([
    0.018831438115323503, 0.018567086243977649, 0.018042093461223386, 0.017263829606398753,
    0.016243219975989857, 0.014994592034116705, 0.013535474469662088, 0.011886351605820165,
    0.010070377242777432, 0.0081130545742299587, 0.0060419009528470239, 0.0038862217010742058,
    0.0016793031084546090,
])  # fmt: skip


def _quadrature(h, a):
    r = jnp.square(a)[..., None] * jnp.expand_dims(_POINTS, tuple(range(a.ndim)))
    integrand = jnp.exp(-0.5 * jnp.square(h)[..., None] * (1.0 + r)) / (1.0 + r)
    return a * (integrand @ _WEIGHTS)


def _reflected(result, h, abs_a, h_normed):
    """T(h, a) for |a| > 1 from T(a h, 1/a) = `result`."""
    norm_h, norm_ah = lax.erfc(h_normed), lax.erfc(abs_a * h_normed)
    near = 0.25 - 0.25 * lax.erf(h_normed) * lax.erf(abs_a * h_normed) - result
    far = 0.25 * (norm_h + norm_ah - norm_h * norm_ah) - result
    return jnp.where(abs_a * h <= 0.67, near, far)


@custom_jvp
def _owens_t(h, a):
    h, abs_a = jnp.abs(h), jnp.abs(a)
    root_2 = np.array(np.sqrt(2), h.dtype)
    small = abs_a <= 1.0
    mod_a = jnp.where(small, abs_a, jnp.reciprocal(abs_a))
    mod_h = jnp.where(small, h, abs_a * h)
    result = _quadrature(mod_h, mod_a)
    result = jnp.where(mod_h == 0.0, jnp.arctan(mod_a) / (2 * np.pi), result)
    exact_one = 0.125 * lax.erfc(-mod_h / root_2) * lax.erfc(mod_h / root_2)
    result = jnp.where(mod_a == 1.0, exact_one, result)
    result = jnp.where(abs_a > 1.0, _reflected(result, h, abs_a, h / root_2), result)
    result = lax.sign(a) * result
    return jnp.where(jnp.isnan(a) | jnp.isnan(h), jnp.full_like(result, jnp.nan), result)


@_owens_t.defjvp
def _owens_t_jvp(primals, tangents):
    (h, a), (dh, da) = primals, tangents
    root_2 = np.array(np.sqrt(2), h.dtype)
    dh_coef = -lax.exp(-0.5 * lax.square(h)) * lax.erf(a * h / root_2)
    dh_coef = dh_coef / (2.0 * np.array(np.sqrt(2.0 * np.pi), h.dtype))
    da_coef = lax.exp(-0.5 * (lax.square(a) + 1.0) * lax.square(h))
    da_coef = da_coef / (2.0 * np.pi * (lax.square(a) + 1.0))
    out = _owens_t(h, a)
    return out, (dh_coef * dh + da_coef * da).astype(out.dtype)


def owens_t(h, a):
    h, a = inexact(h, a)
    return _owens_t(h, a)
