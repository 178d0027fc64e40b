"""The scaled complementary error function erfcx(x) = exp(x^2) erfc(x) for real x (JAX's
formula: direct below sqrt(log(max float)), an asymptotic series above)."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.ad.custom_derivatives import custom_jvp
from meshjit.compiler.errors import MeshjitNotImplementedError
from meshjit.compiler.scipy.util import inexact

__all__ = ["erfcx"]

# 1 - 1/2 t + 3/4 t^2 - ... in t = 1/x^2, highest power first.
_ASYMPTOTIC = (7918.06640625, -1055.7421875, 162.421875, -29.53125, 6.5625, -1.875, 0.75, -0.5, 1.0)


def _const(x, value):
    return np.array(value, x.dtype)


def _asymptotic(x, nterms: int):
    t = _const(x, 1.0) / lax.square(x)
    p = jnp.polyval(np.array(_ASYMPTOTIC[-nterms:], dtype=x.dtype), t)
    return p / (x * _const(x, np.sqrt(np.pi)))


def _erfcx_impl(x, nterms: int):
    large = x > _const(x, np.sqrt(np.log(np.finfo(x.dtype).max)))
    safe_x = lax.select(large, lax.full_like(x, 1.0), x)
    direct = lax.exp(lax.square(safe_x)) * lax.erfc(safe_x)
    return lax.select(large, _asymptotic(x, nterms), direct)


@custom_jvp
def _erfcx(x):
    if x.dtype == np.float64:
        return _erfcx_impl(x, nterms=9)
    if x.dtype == np.float32:
        return _erfcx_impl(x, nterms=5)
    return _erfcx_impl(x.astype(np.float32), nterms=5).astype(x.dtype)


_erfcx.defjvps(lambda g, ans, x: g * (2 * x * ans - _const(x, 2.0 / np.sqrt(np.pi))))


def erfcx(x):
    (x,) = inexact(x)
    if jnp.iscomplexobj(x):
        raise MeshjitNotImplementedError("erfcx of complex arguments is not supported in meshjit")
    return _erfcx(x)
