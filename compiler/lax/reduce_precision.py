"""reduce_precision: floats rounded (to nearest even) to a narrower exponent and mantissa, kept
in their dtype (stablehlo.reduce_precision). Linear: its tangent is the tangent reduced alike,
as in JAX."""

from __future__ import annotations

from jaxlib.mlir import ir

from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    jvp_rules,
    lowering_rules,
    sharding_rules,
    transpose_rules,
)
from meshjit.compiler.ir.sharding_rules import same_as_first
from meshjit.compiler.lax.batching import unary_rule
from meshjit.compiler.lowering import emit

__all__ = ["reduce_precision"]

reduce_precision_p = Primitive("reduce_precision")


@abstract_eval_rules.register(reduce_precision_p)
def _reduce_precision_rule(x, *, exponent_bits, mantissa_bits):
    if not dtypes.is_float(x.dtype):
        raise MeshjitTypeError(
            f"reduce_precision does not accept dtype {x.dtype}. Accepted dtypes are subtypes of "
            f"floating (got {x.str_short()})."
        )
    return x


@lowering_rules.register(reduce_precision_p)
def _reduce_precision_lowering(ctx, x, *, exponent_bits, mantissa_bits):
    i32 = ir.IntegerType.get_signless(32)
    attributes = {
        "exponent_bits": ir.IntegerAttr.get(i32, exponent_bits),
        "mantissa_bits": ir.IntegerAttr.get(i32, mantissa_bits),
    }
    out_type = ctx.tensor_type(ctx.avals_out[0])
    return emit("stablehlo.reduce_precision", [out_type], [x], attributes).result


@jvp_rules.register(reduce_precision_p)
def _reduce_precision_jvp(primals, tangents, **params):
    (x,), (t,) = primals, tangents
    out = reduce_precision_p.bind(x, **params)
    return out, None if t is None else reduce_precision_p.bind(t, **params)


@transpose_rules.register(reduce_precision_p)
def _reduce_precision_transpose(ct, x, **params):
    return [None if ct is None else reduce_precision_p.bind(ct, **params)]


sharding_rules.register(reduce_precision_p, same_as_first)
unary_rule(reduce_precision_p)


def reduce_precision(operand, exponent_bits: int, mantissa_bits: int):
    """`operand` rounded as if stored with `exponent_bits` and `mantissa_bits` (ints, or a
    dtype's counts via `finfo`)."""
    exponent_bits, mantissa_bits = int(exponent_bits), int(mantissa_bits)
    if exponent_bits < 1:  # JAX's words; XLA's verifier would refuse the attribute
        raise MeshjitValueError(
            f"reduce_precision: exponent_bits must be positive; got {exponent_bits}"
        )
    if mantissa_bits < 0:
        raise MeshjitValueError(
            f"reduce_precision: mantissa_bits must be non-negative; got {mantissa_bits}"
        )
    return reduce_precision_p.bind(
        operand, exponent_bits=exponent_bits, mantissa_bits=mantissa_bits
    )
