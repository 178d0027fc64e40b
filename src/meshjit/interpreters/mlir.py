"""`jax.interpreters.mlir`: lowering rules `rule(ctx, *values, **params) -> [value, ...]` over
jaxlib's MLIR bindings (`ctx.avals_in`, `ctx.avals_out`, as in JAX)."""

from __future__ import annotations

from jaxlib.mlir import ir

from meshjit.compiler.ir.registry import lowering_rules
from meshjit.compiler.lowering import LoweringRuleContext, const_values, jaxpr_subcomp
from meshjit.compiler.trace.jaxprs import trace_to_jaxpr


def register_lowering(prim, rule, platform: str | None = None):
    """Registers `rule` (returning a list of values, as JAX's rules do) as `prim`'s lowering.
    meshjit compiles for the CPU only: a rule for another platform is kept for none."""
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


__all__ = ["ir", "lower_fun", "register_lowering"]
