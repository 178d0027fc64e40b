"""`jax.interpreters.mlir`: lowering rules `rule(ctx, *values, **params) -> [value, ...]` over
jaxlib's MLIR bindings (`ctx.avals_in`, `ctx.avals_out`, as in JAX)."""

from __future__ import annotations

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo

from meshjit.compiler.ir.registry import lowering_rules
from meshjit.compiler.ir.tokens import abstract_token
from meshjit.compiler.lax.ffi import ir_attribute
from meshjit.compiler.lowering import (
    LoweringRuleContext,
    ModuleContext,
    const_values,
    jaxpr_subcomp,
)
from meshjit.compiler.trace.jaxprs import trace_to_jaxpr
from meshjit.dialects.context import make_context as make_ir_context
from meshjit.dialects.types import TypeCache, dense_elements


def register_lowering(
    prim, rule, platform: str | None = None, inline: bool = True, cacheable: bool = True
):
    """Registers `rule` (returning a list of values, as JAX's rules do) as `prim`'s lowering.
    meshjit compiles for the CPU only: a rule for another platform is kept for none. `inline`
    and `cacheable` (JAX's: whether a rule's function is outlined, its lowering cached) change
    no result: accepted."""
    if platform not in (None, "cpu"):
        return rule

    def lowering(ctx, *args, **params):
        out = rule(ctx, *args, **params)
        if not prim.multiple_results and isinstance(out, (list, tuple)):
            (out,) = out
        return out

    lowering_rules.register(prim, lowering)
    return rule


def lower_fun(fun, multiple_results: bool = True):
    """A lowering rule that traces `fun(*args, **params)` on the equation's input types and
    emits its ops in place."""

    def rule(ctx: LoweringRuleContext, *args, **params):
        def flat(*xs):
            out = fun(*xs, **params)
            return list(out) if multiple_results else [out]

        closed = trace_to_jaxpr(flat, ctx.avals_in)
        mctx = ctx.module_ctx
        outs = jaxpr_subcomp(mctx, closed.jaxpr, const_values(mctx, closed), args)
        return outs if multiple_results else outs[0]

    return rule


def dtype_to_ir_type(dtype) -> ir.Type:
    """The MLIR element type of a NumPy dtype."""
    return TypeCache().element(np.dtype(dtype))


def aval_to_ir_type(aval) -> ir.Type:
    """The MLIR type of an aval (`!stablehlo.token` for a token's)."""
    return TypeCache().tensor(aval.shape, aval.dtype)


def aval_to_ir_types(aval) -> tuple:
    return (aval_to_ir_type(aval),)


def token_type() -> ir.Type:
    return aval_to_ir_type(abstract_token)


def ir_constant(val) -> ir.Value:
    """A `stablehlo.constant` of a NumPy or Python value, at the current insertion point."""
    value = np.asarray(val)
    return stablehlo.ConstantOp(dense_elements(value, dtype_to_ir_type(value.dtype))).result


def i32_attr(i: int) -> ir.Attribute:
    return ir.IntegerAttr.get(ir.IntegerType.get_signless(32), i)


def i64_attr(i: int) -> ir.Attribute:
    return ir.IntegerAttr.get(ir.IntegerType.get_signless(64), i)


def dense_int_array(xs) -> ir.Attribute:
    return ir.DenseI64ArrayAttr.get(np.asarray(xs, np.int64))


def module_to_string(module: ir.Module, enable_debug_info=None) -> str:
    return module.operation.get_asm(enable_debug_info=bool(enable_debug_info))


def module_to_bytecode(module: ir.Module) -> bytes:
    import io

    output = io.BytesIO()
    module.operation.write_bytecode(file=output)
    return output.getvalue()


__all__ = [
    "LoweringRuleContext",
    "ModuleContext",
    "aval_to_ir_type",
    "aval_to_ir_types",
    "dense_int_array",
    "dtype_to_ir_type",
    "i32_attr",
    "i64_attr",
    "ir",
    "ir_attribute",
    "ir_constant",
    "lower_fun",
    "make_ir_context",
    "module_to_bytecode",
    "module_to_string",
    "register_lowering",
    "token_type",
]
