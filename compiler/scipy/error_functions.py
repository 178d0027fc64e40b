"""The scaled complementary error function erfcx(x) = exp(x^2) erfc(x) for real x (JAX's
formula: direct below sqrt(log(max float)), an asymptotic series above), and Dawson's integral
(Cephes' rational approximations, as JAX)."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import lax
from meshjit.compiler import numpy as jnp
from meshjit.compiler.ad.custom_derivatives import custom_jvp
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.scipy.faddeeva import wofz as faddeeva_w
from meshjit.compiler.scipy.util import inexact

__all__ = ["dawsn", "erfcx"]

# 1 - 1/2 t + 3/4 t^2 - ... in t = 1/x^2, highest power first.
_ASYMPTOTIC = (7918.06640625, -1055.7421875, 162.421875, -29.53125, 6.5625, -1.875, 0.75, -0.5, 1.0)


def _const(x, value):
    return np.array(value, x.dtype)


def _asymptotic(x, nterms: int):
    t = _const(x, 1.0) / lax.square(x)
    p = jnp.polyval(np.array(_ASYMPTOTIC[-nterms:], dtype=x.dtype), t)
    return p / (x * _const(x, np.sqrt(np.pi)))


def _erfcx_impl(x, nterms: int):
    large = x > _const(x, np.sqrt(np.log(dtypes.finfo(x.dtype).max)))
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
    if jnp.iscomplexobj(x):  # erfcx(z) = w(iz), as JAX
        return faddeeva_w(lax.complex(-lax.imag(x), lax.real(x)))
    return _erfcx(x)


# Cephes' rational approximations of Dawson's integral on |x| < 3.25, [3.25, 6.25) and above
# (numerators and denominators, highest power first).
_DAWSN = {
    "AN": (1.13681498971755972054e-11, 8.49262267667473811108e-10, 1.94434204175553054283e-8, 9.53151741254484363489e-7, 3.07828309874913200438e-6, 3.52513368520288738649e-4, -8.50149846724410912031e-4, 4.22618223005546594270e-2, -9.17480371773452345351e-2, 9.99999999999999994612e-1),
    "AD": (2.40372073066762605484e-11, 1.48864681368493396752e-9, 5.21265281010541664570e-8, 1.27258478273186970203e-6, 2.32490249820789513991e-5, 3.25524741826057911661e-4, 3.48805814657162590916e-3, 2.79448531198828973716e-2, 1.58874241960120565368e-1, 5.74918629489320327824e-1, 1.00000000000000000539e0),
    "BN": (5.08955156417900903354e-1, -2.44754418142697847934e-1, 9.41512335303534411857e-2, -2.18711255142039025206e-2, 3.66207612329569181322e-3, -4.23209114460388756528e-4, 3.59641304793896631888e-5, -2.14640351719968974225e-6, 9.10010780076391431042e-8, -2.40274520828250956942e-9, 3.59233385440928410398e-11),
    "BD": (1.00000000000000000000e0, -6.31839869873368190192e-1, 2.36706788228248691528e-1, -5.31806367003223277662e-2, 8.48041718586295374409e-3, -9.47996768486665330168e-4, 7.81025592944552338085e-5, -4.55875153252442634831e-6, 1.89100358111421846170e-7, -4.91324691331920606875e-9, 7.18466403235734541950e-11),
    "CN": (-5.90592860534773254987e-1, 6.29235242724368800674e-1, -1.72858975380388136411e-1, 1.64837047825189632310e-2, -4.86827613020462700845e-4),
    "CD": (1.00000000000000000000e0, -2.69820057197544900361e0, 1.73270799045947845857e0, -3.93708582281939493482e-1, 3.44278924041233391079e-2, -9.73655226040941223894e-4),
}  # fmt: skip


def _rational(name_num, name_den, x):
    num = np.array(_DAWSN[name_num], dtype=x.dtype)
    den = np.array(_DAWSN[name_den], dtype=x.dtype)
    return jnp.polyval(num, x) / jnp.polyval(den, x)


def _tail(ax, t, in_range, num, den):
    """0.5 / x (1 + t R(t)), t = 1 / x^2, where `in_range` (1 elsewhere, to stay finite)."""
    safe_t = lax.select(in_range, t, lax.full_like(t, 1.0))
    safe_ax = lax.select(in_range, ax, lax.full_like(ax, 1.0))
    one = _const(ax, 1.0)
    return (_const(ax, 0.5) / safe_ax) * (one + safe_t * _rational(num, den, safe_t))


def _dawsn_impl(x):
    ax = lax.abs(x)
    t = _const(x, 1.0) / lax.square(ax)
    low = ax < _const(x, 3.25)
    mid = (ax >= _const(x, 3.25)) & (ax < _const(x, 6.25))
    safe_ax = lax.select(low, ax, lax.full_like(ax, 1.0))
    near = safe_ax * _rational("AN", "AD", lax.square(safe_ax))
    middle = _tail(ax, t, mid, "BN", "BD")
    far = _tail(ax, t, ax >= _const(x, 6.25), "CN", "CD")
    result = lax.select(low, near, lax.select(ax < _const(x, 6.25), middle, far))
    return jnp.sign(x) * result


@custom_jvp
def _dawsn(x):
    if x.dtype in (np.float32, np.float64):
        return _dawsn_impl(x)
    return _dawsn_impl(x.astype(np.float32)).astype(x.dtype)


_dawsn.defjvps(lambda g, ans, x: g * (_const(x, 1.0) - _const(x, 2.0) * x * ans))


def dawsn(x):
    (x,) = inexact(x)
    if jnp.iscomplexobj(x):
        raise MeshjitValueError("dawsn does not support complex-valued inputs.")
    return _dawsn(x)
