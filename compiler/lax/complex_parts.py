"""The complex-number primitives: `complex` (a complex array from its real and imaginary parts),
`real`, `imag` and `conj`, with their abstract eval, lowering, jvp, transpose, batching and
sharding rules, and the user-facing wrappers. They are linear; their transposes are JAX's
(`real` transposes to `complex(t, 0)`, `imag` to `complex(0, -t)`, `complex` to
`(real(t), -imag(t))`, `conj` to itself), so cotangents follow JAX's convention for gradients
of complex functions."""

from __future__ import annotations

import numpy as np
from jaxlib.mlir.dialects import stablehlo as hlo

from meshjit.compiler.errors import MeshjitTypeError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import shaped_array
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    lowering_rules,
    transpose_rules,
)
from meshjit.compiler.ir.sharding_rules import register_elementwise
from meshjit.compiler.lax import elementwise
from meshjit.compiler.lax import shape_checks as checks
from meshjit.compiler.lax.ad_util import aval_of, is_undefined, linear_jvp
from meshjit.compiler.lax.batching import elementwise_rule, unary_rule
from meshjit.compiler.lowering import LoweringRuleContext, implicit_broadcasts

real_p = Primitive("real")
imag_p = Primitive("imag")
complex_p = Primitive("complex")
conj_p = Primitive("conj")

# ---------------------------------------------------------------------------------------------
# Abstract evaluation: JAX's dtype sets (the parts of a complex number are float32 or float64).


def _part_rule(name):
    def rule(x):
        checks.dtype_in(name, x, "c")
        return shaped_array(x.shape, dtypes.real_dtype(x.dtype), x.weak_type)

    return rule


abstract_eval_rules.register(real_p)(_part_rule("real"))
abstract_eval_rules.register(imag_p)(_part_rule("imag"))

_PART_DTYPES = (dtypes.float32, dtypes.float64)


def _check_part(name, aval):
    if aval.dtype not in _PART_DTYPES:
        raise MeshjitTypeError(  # JAX's words
            f"{name} does not accept dtype {aval.dtype}. Accepted dtypes are subtypes of float32, "
            f"complexfloating, float64 ({name} requires float32 or float64 parts, got "
            f"{aval.str_short()})."
        )


@abstract_eval_rules.register(complex_p)
def _complex_rule(x, y):
    checks.same_dtypes("complex", (x, y))
    _check_part("complex", x)
    shape = x.shape if x.shape == y.shape else checks.broadcast_binary("complex", x, y)
    return shaped_array(shape, dtypes.complex_dtype(x.dtype), x.weak_type and y.weak_type)


@abstract_eval_rules.register(conj_p)
def _conj_rule(x, *, input_dtype):
    if not dtypes.is_complex(x.dtype):
        _check_part("conj", x)
    return shaped_array(x.shape, dtypes.complex_dtype(x.dtype), x.weak_type)


# ---------------------------------------------------------------------------------------------
# Lowering.

lowering_rules.register(real_p, lambda ctx, x: hlo.RealOp(x).result)
lowering_rules.register(imag_p, lambda ctx, x: hlo.ImagOp(x).result)


def _complex_lowering(ctx: LoweringRuleContext, x, y):
    x, y = implicit_broadcasts(ctx, x, y)
    return hlo.ComplexOp(x, y).result


lowering_rules.register(complex_p, _complex_lowering)


def _conj_lowering(ctx: LoweringRuleContext, x, *, input_dtype):
    if dtypes.is_complex(ctx.avals_in[0].dtype):
        return hlo.ComplexOp(hlo.RealOp(x).result, hlo.NegOp(hlo.ImagOp(x).result)).result
    zero = elementwise.broadcast_scalar(ctx, np.zeros((), ctx.avals_in[0].dtype), ctx.avals_in[0])
    return hlo.ComplexOp(x, zero).result


lowering_rules.register(conj_p, _conj_lowering)

# ---------------------------------------------------------------------------------------------
# Autodiff: all four are linear.

for _prim in (real_p, imag_p, complex_p, conj_p):
    linear_jvp(_prim)


def _zeros(aval):
    from meshjit.compiler.lax import shapes  # a later family

    return shapes.full(aval.shape, np.zeros((), aval.dtype))


@transpose_rules.register(real_p)
def _real_transpose(ct, x):
    return [complex(ct, _zeros(aval_of(ct)))]


@transpose_rules.register(imag_p)
def _imag_transpose(ct, x):
    return [complex(_zeros(aval_of(ct)), elementwise.neg(ct))]


@transpose_rules.register(complex_p)
def _complex_transpose(ct, x, y):
    return [
        elementwise.unbroadcast(real(ct), x) if is_undefined(x) else None,
        elementwise.unbroadcast(elementwise.neg(imag(ct)), y) if is_undefined(y) else None,
    ]


@transpose_rules.register(conj_p)
def _conj_transpose(ct, x, *, input_dtype):
    if dtypes.is_complex(input_dtype):
        return [conj(ct)]
    return [real(ct)]


# ---------------------------------------------------------------------------------------------
# Batching and sharding: elementwise.

for _prim in (real_p, imag_p, conj_p):
    unary_rule(_prim)
elementwise_rule(complex_p)
register_elementwise([real_p, imag_p, complex_p, conj_p])

# ---------------------------------------------------------------------------------------------
# User-facing wrappers (lax's: no promotion beyond a weak scalar taking the other's dtype).


def real(x):
    """The real part of a complex array."""
    return real_p.bind_internal(x)


def imag(x):
    """The imaginary part of a complex array."""
    return imag_p.bind_internal(x)


def complex(x, y):
    """`x + 1j * y` from real arrays of one dtype (float32 gives complex64)."""
    return complex_p.bind_internal(*elementwise.lax_operands(x, y, name="complex"))


def conj(x):
    """The complex conjugate; a real operand gives a complex result, as JAX's lax.conj."""
    return conj_p.bind_internal(x, input_dtype=aval_of(x).dtype)
