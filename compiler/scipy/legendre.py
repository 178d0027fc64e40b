"""Associated Legendre functions of the first kind and spherical harmonics (jax.scipy.special's
lpmn_values and sph_harm_y): the normalized or plain ALFs of all degrees and orders up to
l_max by three recurrences (the diagonal, the first off-diagonal, then upward in degree), in
JAX 0.10.2's order of operations so the values agree to the last bit."""

from __future__ import annotations

import operator
import warnings

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.jit.api import jit

__all__ = ["lpmn", "lpmn_values", "sph_harm_y"]


def _recurrence_coefficients(l_max: int, normalized: bool, dtype):
    """The coefficients of P(m, l) on P(m, l - 1) * x and on P(m, l - 2), zero off their
    upper triangles, as (order, degree) matrices."""
    m_mat, l_mat = jnp.meshgrid(
        jnp.arange(l_max + 1, dtype=dtype), jnp.arange(l_max + 1, dtype=dtype), indexing="ij"
    )
    if normalized:
        c0, c1 = l_mat * l_mat, m_mat * m_mat
        c2, c3 = 2.0 * l_mat, (l_mat - 1.0) * (l_mat - 1.0)
        d0 = jnp.sqrt((4.0 * c0 - 1.0) / (c0 - c1))
        d1 = jnp.sqrt(((c2 + 1.0) * (c3 - c1)) / ((c2 - 3.0) * (c0 - c1)))
    else:
        d0 = (2.0 * l_mat - 1.0) / (l_mat - m_mat)
        d1 = (l_mat + m_mat - 1.0) / (l_mat - m_mat)
    above = l_mat - m_mat
    zero = jnp.zeros((), dtype)
    return jnp.where(above >= 1, d0, zero), jnp.where(above >= 2, d1, zero), above


@jit(static_argnums=(0, 2))
def _associated_legendre(l_max: int, x, normalized: bool):
    """P[m, l, i] for orders m and degrees l up to l_max at the points x[i]."""
    dtype = x.dtype
    n = x.shape[0]
    p = jnp.zeros((l_max + 1, l_max + 1, n), dtype=dtype)
    a_idx = jnp.arange(1, l_max + 1, dtype=dtype)
    b_idx = jnp.arange(l_max, dtype=dtype)
    if normalized:
        initial = 0.5 / jnp.sqrt(np.pi)
        f_a = jnp.cumprod(-1 * jnp.sqrt(1.0 + 0.5 / a_idx))
        f_b = jnp.sqrt(2.0 * b_idx + 3.0)
    else:
        initial = 1.0
        f_a = jnp.cumprod(1.0 - 2.0 * a_idx)
        f_b = 2.0 * b_idx + 1.0
    p = p.at[0, 0].set(initial)
    y = jnp.cumprod(jnp.broadcast_to(jnp.sqrt(1.0 - x * x), (l_max, n)), axis=0)
    diagonal = initial * jnp.einsum("i,ij->ij", f_a, y)
    idx = np.arange(l_max + 1)
    p = p.at[idx[1:], idx[1:]].set(diagonal)
    off = jnp.einsum("ij,ij->ij", jnp.einsum("i,j->ij", f_b, x), p[idx[:-1], idx[:-1]])
    p = p.at[idx[:-1], idx[:-1] + 1].set(off)
    d0, d1, above = _recurrence_coefficients(l_max, normalized, dtype)

    def raise_degree(i, p):  # fills the entries with l - m == i
        on_plane = above == i
        c0 = jnp.where(on_plane, d0, jnp.zeros((), dtype))
        c1 = jnp.where(on_plane, d1, jnp.zeros((), dtype))
        h = jnp.einsum("ij,ijk->ijk", c0, jnp.einsum("ijk,k->ijk", jnp.roll(p, 1, axis=1), x))
        return p + (h - jnp.einsum("ij,ijk->ijk", c1, jnp.roll(p, 2, axis=1)))

    if l_max > 1:
        p = lax.fori_loop(2, l_max + 1, raise_degree, p)
    return p


def _check_points(z, name: str):
    z = jnp.asarray(z)
    if z.dtype not in (np.float32, np.float64):
        raise MeshjitValueError(f"{name}: z.dtype={z.dtype} is not supported (float32, float64)")
    if z.ndim != 1:
        raise MeshjitValueError(f"{name}: z must be a 1D array.")
    return z


def _deprecated_orders(name: str, m, n, z):
    """JAX 0.10.2's deprecation warning, and its checks: the degree n (m must equal it) and z."""
    warnings.warn(
        f"jax.scipy.special.{name} is deprecated; no replacement is planned.",
        DeprecationWarning,
        stacklevel=3,
    )
    z = _check_points(z, name)
    m, n = operator.index(m), operator.index(n)
    if m != n:
        raise NotImplementedError("Computations for m!=n are not yet supported.")
    return n, z


def lpmn_values(m: int, n: int, z, is_normalized: bool):
    """The ALFs P(m', l, z[i]) for orders and degrees up to `n` (`m` must equal `n`), shaped
    `(n + 1, n + 1, len(z))`; `is_normalized` applies the spherical harmonics' normalization.
    Deprecated in JAX 0.10.2, as here."""
    n, z = _deprecated_orders("lpmn_values", m, n, z)
    return _associated_legendre(n, z, bool(is_normalized))


def lpmn(m: int, n: int, z):
    """The plain ALFs P(m', l, z[i]) and their derivatives in z for orders and degrees up to `n`
    (`m` must equal `n`), each shaped `(n + 1, n + 1, len(z))`. Deprecated in JAX 0.10.2."""
    n, z = _deprecated_orders("lpmn", m, n, z)
    p = _associated_legendre(n, z, False)
    return p, _alf_derivatives(p, z)


@jit
def _alf_derivatives(p, z):
    """(z^2 - 1) dP_l^m/dz = l z P_l^m - (l + m) P_{l-1}^m; at z = +-1, where that divides by
    zero, the limits: l (l + 1) / 2 for m = 0, infinite for m = 1, -(l - 1) l (l + 1) (l + 2) / 4
    for m = 2, 0 above (times (-1)^(l + m + 1) at z = -1)."""
    orders, degrees = (np.arange(p.shape[0], dtype=z.dtype)[:, None, None],
                       np.arange(p.shape[1], dtype=z.dtype)[None, :, None])  # fmt: skip
    previous = jnp.pad(p, ((0, 0), (1, 0), (0, 0)))[:, :-1]
    # Negated over 1 - z^2, so a zero comes out +0 (as JAX's), not -0.
    interior = ((degrees + orders) * previous - degrees * z * p) / (1 - z * z)
    deg, m = degrees, orders
    with np.errstate(invalid="ignore"):
        at_one = np.select(
            [m > deg, m == 0, m == 1, m == 2],
            [0, deg * (deg + 1) / 2, np.inf, -(deg - 1) * deg * (deg + 1) * (deg + 2) / 4],
            default=0,
        ).astype(z.dtype)
    at_minus_one = np.where((deg + m) % 2 == 1, at_one, -at_one) + z.dtype.type(0)  # -0 -> +0
    return jnp.where(z == 1, at_one, jnp.where(z == -1, at_minus_one, interior))


def sph_harm_y(n, m, theta, phi, diff_n=None, n_max=None):
    """The spherical harmonics Y_n^m(theta, phi) (theta the colatitude, phi the longitude) at
    matching entries of n, m, theta and phi; `n_max` (static) bounds n, which is clipped to it."""
    if diff_n is not None:
        raise NotImplementedError(
            "The 'diff_n' argument to jax.scipy.special.sph_harm_y is not supported."
        )
    if jnp.isscalar(theta):
        theta = jnp.array([theta])
    if n_max is None:
        n_max = np.max(n)
    try:
        n_max = int(n_max)
    except TypeError:
        raise MeshjitValueError(
            "The `n_max` argument of `jnp.scipy.special.sph_harm` must be statically specified "
            "to use `sph_harm` within JAX transformations."
        ) from None
    return _sph_harm(n, m, theta, phi, n_max)


@jit(static_argnums=(4,))
def _sph_harm(n, m, theta, phi, n_max: int):
    legendre = _associated_legendre(n_max, jnp.cos(theta), True)
    value = legendre.at[abs(m), n, jnp.arange(len(n))].get(mode="clip")
    angle = abs(m) * phi
    rotation = lax.complex(jnp.cos(angle), jnp.sin(angle))
    harmonics = lax.complex(value * jnp.real(rotation), value * jnp.imag(rotation))
    return jnp.where(m < 0, (-1.0) ** abs(m) * jnp.conjugate(harmonics), harmonics)
