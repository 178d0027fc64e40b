"""The modified Bessel function I0 and the Kaiser window built on it (jnp.i0, jnp.kaiser)."""

from __future__ import annotations

import functools

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.numpy import elementwise as ew
from meshjit.compiler.numpy.creation import asarray
from meshjit.compiler.numpy.util import aval_of, check_arraylike, jitted, promote_inexact

__all__ = ["i0", "kaiser"]


def i0(x):
    check_arraylike("i0", x)
    return jitted(_i0_checked, name="i0")(x)


def _i0_checked(x):
    (x,) = promote_inexact(asarray(x))
    if not dtypes.is_float(aval_of(x).dtype):
        raise MeshjitValueError(f"Unsupported input type to meshjit.numpy.i0: {aval_of(x).dtype}")
    return _i0()(x)


def _i0_unguarded(x):
    abs_x = lax.abs(x)
    return lax.mul(lax.exp(abs_x), lax.bessel_i0e(abs_x))


@functools.cache
def _i0():
    """JAX's custom jvp: |x|'s derivative taken as 0 at 0 (made on first use: ad/ sits above
    numpy/)."""
    from meshjit.compiler.ad.api import jvp
    from meshjit.compiler.ad.custom_derivatives import custom_jvp

    @custom_jvp
    def _i0(x):
        return _i0_unguarded(x)

    @_i0.defjvp
    def _i0_jvp(primals, tangents):
        out, tangent = jvp(_i0_unguarded, primals, tangents)
        return out, ew.where(primals[0] == 0, 0.0, tangent)

    return _i0


def kaiser(M, beta):
    M = int(M)
    dtype = dtypes.default_float  # as JAX's (float64 with x64 on)
    if M <= 1:
        return lax.full((M,), np.ones((), dtype))
    n = lax.iota(dtype, M)
    alpha = 0.5 * (M - 1)
    return i0(beta * ew.sqrt(1 - ((n - alpha) / alpha) ** 2)) / i0(beta)
