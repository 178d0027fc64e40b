"""Exponentially scaled modified Bessel functions of the first kind, I0(x) e^-|x| and
I1(x) e^-|x|: bessel_i1e lowers to CHLO's op; bessel_i0e is Cephes' Chebyshev expansions traced
and inlined (as JAX lowers both). Each primitive's rules are registered right after it."""

from __future__ import annotations

import numpy as np

from meshjit.compiler.errors import MeshjitTypeError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    jvp_rules,
    lowering_rules,
    sharding_rules,
)
from meshjit.compiler.ir.sharding_rules import same_as_first
from meshjit.compiler.lax import elementwise as ew
from meshjit.compiler.lax.ad_util import aval_of
from meshjit.compiler.lax.batching import unary_rule
from meshjit.compiler.lax.lapack import lower_fun
from meshjit.compiler.lax.shapes import full_like
from meshjit.compiler.lowering import OneOp

__all__ = ["bessel_i0e", "bessel_i1e"]


def _float_operand(name):
    def rule(x):
        if not dtypes.is_float(x.dtype):
            raise MeshjitTypeError(  # JAX's words
                f"{name} does not accept dtype {x.dtype.name}. Accepted dtypes are subtypes of "
                f"floating. (got {x.str_short()})"
            )
        return x

    return rule


def _unary_primitive(name: str) -> Primitive:
    prim = Primitive(name)
    abstract_eval_rules.register(prim)(_float_operand(name))
    sharding_rules.register(prim, same_as_first)
    unary_rule(prim)
    return prim


# ---------------------------------------------------------------------------------------------
# Cephes' coefficients for i0e: |x| <= 8 in the variable x/2 - 2, |x| > 8 in 32/x - 2 (float64
# uses longer expansions; their tails are the float32 ones).

_I0E_A64 = np.array([
    -4.41534164647933937950e-18, 3.33079451882223809783e-17, -2.43127984654795469359e-16,
    1.71539128555513303061e-15, -1.16853328779934516808e-14, 7.67618549860493561688e-14,
    -4.85644678311192946090e-13, 2.95505266312963983461e-12, -1.72682629144155570723e-11,
    9.67580903537323691224e-11, -5.18979560163526290666e-10, 2.65982372468238665035e-9,
    -1.30002500998624804212e-8, 6.04699502254191894932e-8, -2.67079385394061173391e-7,
    1.11738753912010371815e-6, -4.41673835845875056359e-6, 1.64484480707288970893e-5,
    -5.75419501008210370398e-5, 1.88502885095841655729e-4, -5.76375574538582365885e-4,
    1.63947561694133579842e-3, -4.32430999505057594430e-3, 1.05464603945949983183e-2,
    -2.37374148058994688156e-2, 4.93052842396707084878e-2, -9.49010970480476444210e-2,
    1.71620901522208775349e-1, -3.04682672343198398683e-1, 6.76795274409476084995e-1,
])  # fmt: skip
_I0E_B64 = np.array([
    -7.23318048787475395456e-18, -4.83050448594418207126e-18, 4.46562142029675999901e-17,
    3.46122286769746109310e-17, -2.82762398051658348494e-16, -3.42548561967721913462e-16,
    1.77256013305652638360e-15, 3.81168066935262242075e-15, -9.55484669882830764870e-15,
    -4.15056934728722208663e-14, 1.54008621752140982691e-14, 3.85277838274214270114e-13,
    7.18012445138366623367e-13, -1.79417853150680611778e-12, -1.32158118404477131188e-11,
    -3.14991652796324136454e-11, 1.18891471078464383424e-11, 4.94060238822496958910e-10,
    3.39623202570838634515e-9, 2.26666899049817806459e-8, 2.04891858946906374183e-7,
    2.89137052083475648297e-6, 6.88975834691682398426e-5, 3.36911647825569408990e-3,
    8.04490411014108831608e-1,
])  # fmt: skip
_I0E_COEFFICIENTS = {
    np.dtype(np.float64): (_I0E_A64, _I0E_B64),
    np.dtype(np.float32): (_I0E_A64[12:], _I0E_B64[18:]),
}


def _chebyshev(x, coefficients):
    b0, b1, b2 = full_like(x, 0), full_like(x, 0), full_like(x, 0)
    for c in coefficients:
        b2, b1 = b1, b0
        b0 = ew.add(ew.sub(ew.mul(x, b1), b2), full_like(x, c))
    return ew.mul(ew.sub(b0, b2), full_like(x, 0.5))


def _i0e_impl(x):
    dtype = aval_of(x).dtype
    if dtype not in _I0E_COEFFICIENTS:  # Cephes' constants need float32's precision at least
        wide = ew.convert_element_type(x, np.float32)
        return ew.convert_element_type(_i0e_impl(wide), dtype)
    a, b = _I0E_COEFFICIENTS[dtype]
    x = ew.abs(x)
    small = _chebyshev(ew.sub(ew.mul(full_like(x, 0.5), x), full_like(x, 2.0)), a)
    big = _chebyshev(ew.sub(ew.div(full_like(x, 32.0), x), full_like(x, 2.0)), b)
    return ew.select(ew.le(x, full_like(x, 8.0)), small, ew.div(big, ew.sqrt(x)))


bessel_i0e_p = _unary_primitive("bessel_i0e")
lowering_rules.register(bessel_i0e_p, lower_fun(_i0e_impl, multiple_results=False))

bessel_i1e_p = _unary_primitive("bessel_i1e")
lowering_rules.register(bessel_i1e_p, OneOp("chlo.bessel_i1e", elementwise=True))


@jvp_rules.register(bessel_i0e_p)
def _i0e_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = bessel_i0e_p.bind(x)
    if t is None:
        return y, None
    return y, ew.mul(t, ew.sub(bessel_i1e_p.bind(x), ew.mul(ew.sign(x), y)))


@jvp_rules.register(bessel_i1e_p)
def _i1e_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = bessel_i1e_p.bind(x)
    if t is None:
        return y, None
    eps = full_like(x, dtypes.finfo(aval_of(x).dtype).eps)
    not_tiny = ew.gt(ew.abs(x), eps)
    safe_x = ew.select(not_tiny, x, eps)
    slope = ew.sub(
        bessel_i0e_p.bind(safe_x), ew.mul(y, ew.add(ew.sign(safe_x), ew.reciprocal(safe_x)))
    )
    return y, ew.mul(t, ew.select(not_tiny, slope, full_like(x, 0.5)))


def bessel_i0e(x):
    """I0(x) e^-|x|, elementwise."""
    return bessel_i0e_p.bind(x)


def bessel_i1e(x):
    """I1(x) e^-|x|, elementwise."""
    return bessel_i1e_p.bind(x)
