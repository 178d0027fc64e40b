"""Modified Bessel functions of the first kind of orders 0 and 1, plain and exponentially
scaled (jax.scipy.special's i0, i0e, i1, i1e over lax.bessel_i0e / bessel_i1e), and Bessel
functions of the first kind of integer orders 0..v (bessel_jn)."""

from __future__ import annotations

import operator

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.jit.api import jit
from meshjit.compiler.scipy.util import inexact

__all__ = ["bessel_jn", "i0", "i0e", "i1", "i1e"]


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


def bessel_jn(z, *, v: int, n_iter: int = 50):
    """J_0(z) .. J_v(z) for real z, shaped `(v + 1, *z.shape)`: Miller's backward recurrence
    from order `n_iter` (Zhang and Jin, "Computation of special functions", BJNDD), normalized
    by J_0 + 2 (J_2 + J_4 + ...) = 1, in JAX's order of operations."""
    (z,) = inexact(jnp.asarray(z))
    if dtypes.is_complex(z.dtype):
        raise MeshjitValueError("bessel_jn: complex input not supported.")
    return _bessel_jn(z, operator.index(v), int(n_iter))


@jit(static_argnums=(1, 2))
def _bessel_jn(z, v: int, n_iter: int):
    dtype = z.dtype
    two, one, tiny = (np.array(c, dtype) for c in (2.0, 1.0, 1e-16))

    def step(carry, k):
        f0, f1, total = carry
        f = lax.sub(lax.div(lax.mul(lax.mul(two, lax.add(k, one)), f1), z), f0)
        even = lax.eq(lax.rem(k, two), np.array(0, dtype))
        total = lax.select(lax.broadcast(even, f.shape), lax.add(total, lax.mul(two, f)), total)
        return (f1, f, total), f

    start = (lax.full_like(z, 0), lax.full_like(z, tiny), lax.full_like(z, 0))
    ks = lax.iota(dtype, n_iter + 1)
    (_, _, total), values = lax.scan(step, start, ks, reverse=True)
    return jnp.divide(values[: v + 1], lax.sub(total, values[0]))
