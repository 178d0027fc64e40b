"""Modified Bessel functions of the first kind of orders 0 and 1, plain and exponentially
scaled (jax.scipy.special's i0, i0e, i1, i1e over lax.bessel_i0e / bessel_i1e)."""

from __future__ import annotations

from meshjit.compiler import lax
from meshjit.compiler.scipy.util import inexact

__all__ = ["i0", "i0e", "i1", "i1e"]


def i0e(x):
    (x,) = inexact(x)
    return lax.bessel_i0e(x)


def i0(x):
    (x,) = inexact(x)
    return lax.mul(lax.exp(lax.abs(x)), lax.bessel_i0e(x))


def i1e(x):
    (x,) = inexact(x)
    return lax.bessel_i1e(x)


def i1(x):
    (x,) = inexact(x)
    return lax.mul(lax.exp(lax.abs(x)), lax.bessel_i1e(x))
