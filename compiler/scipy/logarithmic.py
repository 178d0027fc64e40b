"""Box-Cox transforms and Spence's function (the dilogarithm), as JAX computes them."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import MeshjitTypeError
from meshjit.compiler.scipy.util import inexact

__all__ = ["boxcox", "boxcox1p", "spence"]


def _boxcox(log_x, lmbda):
    zero = lmbda == 0
    safe = jnp.where(zero, jnp.ones_like(lmbda), lmbda)
    return jnp.where(zero, log_x, jnp.expm1(safe * log_x) / safe)


def boxcox(x, lmbda):
    x, lmbda = inexact(x, lmbda)
    return _boxcox(jnp.log(x), lmbda)


def boxcox1p(x, lmbda):
    x, lmbda = inexact(x, lmbda)
    return _boxcox(jnp.log1p(x), lmbda)


# Cephes' rational approximation of -Li2(1 - w) / w on [0, 1/2]
_SPENCE_A = (
    4.65128586073990045278e-5, 7.31589045238094711071e-3, 1.33847639578309018650e-1,
    8.79691311754530315341e-1, 2.71149851196553469920e0, 4.25697156008121755724e0,
    3.29771340985225106936e0, 1.00000000000000000126e0,
)  # fmt: skip
_SPENCE_B = (
    6.90990488912553276999e-4, 2.54043763932544379113e-2, 2.82974860602568089943e-1,
    1.41172597751831069617e0, 3.63800533345137075418e0, 5.03278880143316990390e0,
    3.54771340985225096217e0, 9.99999999999999998740e-1,
)  # fmt: skip


def _spence_poly(w):
    a, b = jnp.array(_SPENCE_A, dtype=w.dtype), jnp.array(_SPENCE_B, dtype=w.dtype)
    return -w * jnp.polyval(a, w) / jnp.polyval(b, w)


def _spence_positive(x):
    inverted = x > 2.0
    x = jnp.piecewise(x, [inverted], [lambda v: 1.0 / v, lambda v: v])
    above, below = x > 1.5, x < 0.5
    inverted = inverted | above
    w = jnp.piecewise(x, [above, below], [lambda v: 1.0 / v - 1.0, lambda v: -v, lambda v: v - 1.0])
    y = _spence_poly(w)
    y = jnp.where(below, np.pi**2 / 6.0 - jnp.log(x) * jnp.log(1.0 - x) - y, y)
    return jnp.where(inverted, -0.5 * jnp.log(x) ** 2 - y, y)


def spence(x):
    x = jnp.asarray(x)
    if x.dtype not in (np.float32, np.float64):
        raise MeshjitTypeError(
            f"x.dtype={x.dtype} is not supported, see docstring for supported types."
        )
    return jnp.piecewise(
        x, [x < 0.0, x == 1.0, x == 0.0], [np.nan, 0, np.pi**2 / 6, _spence_positive]
    )
