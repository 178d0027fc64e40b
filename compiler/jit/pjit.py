"""The pjit primitive (a nested jit: a call to a closed jaxpr) with all its rules."""

from __future__ import annotations

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import func

from meshjit.compiler.ad.transform import linearize_jaxpr, transpose_jaxpr
from meshjit.compiler.errors import MeshjitTypeError, plain_names
from meshjit.compiler.ir.core import ClosedJaxpr, Jaxpr, register_pp_params
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    jvp_rules,
    lowering_rules,
    sharding_rules,
    transpose_rules,
    vma_rules,
)
from meshjit.compiler.ir.sharding_rules import keep
from meshjit.compiler.lax.ad_util import aval_of, closure_convert, is_undefined
from meshjit.compiler.lax.batching import axis_rules, batch_jaxpr_axes
from meshjit.compiler.lowering import (
    LoweringRuleContext,
    current_token,
    lower_function,
    token_type,
)
from meshjit.compiler.lowering_dims import dim_operands

pjit_p = Primitive("jit", multiple_results=True)  # JAX's name for it (it was "pjit")
vma_rules.add(pjit_p)  # its outputs vary exactly as the inner jaxpr's outputs do


def _pp_pjit(eqn, context):
    inner = eqn.params["jaxpr"].jaxpr
    if inner not in context.shared_jaxprs:  # the body's binders named as the call's, as JAX
        context.suggest_same_names(inner.invars, eqn.invars)
        context.suggest_same_names(inner.outvars, eqn.outvars)
    rest = sorted(k for k in eqn.params if k != "name")
    return eqn.params, ["name", *rest]


register_pp_params(pjit_p, _pp_pjit)


@abstract_eval_rules.register(pjit_p)
def _pjit_rule(*avals, jaxpr: ClosedJaxpr, name: str):
    expected = jaxpr.in_avals
    # Up to weak types and type shardings (a transposed jaxpr may be typed apart from its call).
    if [(a.shape, a.dtype, a.vma) for a in avals] != [(a.shape, a.dtype, a.vma) for a in expected]:
        raise MeshjitTypeError(f"call to {name}: argument types {avals} do not match {expected}")
    return jaxpr.out_avals


def _pjit_lowering(ctx: LoweringRuleContext, *args, jaxpr, name):
    """A call; a callee with ordered effects takes the token and returns the next (as JAX's)."""
    mctx = ctx.module_ctx
    threads_token = mctx.threads_token(jaxpr)
    symbol = mctx.functions.get(id(jaxpr))
    if symbol is None:
        symbol = mctx.functions[id(jaxpr)] = mctx.unique_symbol(name)
        outer, mctx.name_stack = mctx.name_stack, ""  # a callee's ops are named afresh, as JAX's
        try:
            with ir.InsertionPoint(mctx.module.body), ir.Location.unknown():
                lower_function(mctx, symbol, jaxpr, public=False, threads_token=threads_token)
        finally:
            mctx.name_stack = outer
    result_types = [ctx.tensor_type(a) for a in ctx.avals_out]
    tokens = [current_token(mctx)] if threads_token else []
    # shape polymorphism: dimension variables first
    operands = dim_operands(mctx) + tokens + list(args)
    # the call named as JAX's: `jit(f)/jit(g)`, `jit(f)/jvp(jit(g))`
    loc = mctx.location(f"jit({name})", ctx.source, pushed=True)
    callee = ir.FlatSymbolRefAttr.get(symbol)
    types = [token_type()] * len(tokens) + result_types
    results = list(func.CallOp(types, callee, operands, loc=loc).results)
    if threads_token:
        mctx.ordered_token, *results = results
    return results


lowering_rules.register(pjit_p, _pjit_lowering)


# ---------------------------------------------------------------------------------------------
# Autodiff: the jvp and the transpose are nested calls too.


@jvp_rules.register(pjit_p)
def _pjit_jvp(primals, tangents, *, jaxpr, name):
    nonzeros = [t is not None for t in tangents]
    ts = [t for t in tangents if t is not None]
    nonzero_outs: list[bool] = []  # the other tangents are symbolic zeros, as JAX's
    with plain_names():  # the body's ops keep their names
        lin = linearize_jaxpr(jaxpr, nonzeros, [aval_of(t) for t in ts], nonzero_outs=nonzero_outs)
    consts, fwd = closure_convert(lin.fwd)
    n = len(jaxpr.out_avals)
    fwd, forwarded = _forwarding_residuals(fwd, n)
    args = [*consts, *primals]
    outs = pjit_p.bind(*args, jaxpr=fwd, name=name)
    if not any(nonzero_outs):
        return outs[:n], [None] * n
    computed = iter(outs[n:])
    res = [next(computed) if i is None else args[i] for i in forwarded]
    touts = iter(pjit_p.bind(*res, *ts, jaxpr=lin.lin, name=name))  # JAX keeps the name
    return outs[:n], [next(touts) if nz else None for nz in nonzero_outs]


def _forwarding_residuals(fwd: ClosedJaxpr, n: int) -> tuple[ClosedJaxpr, list]:
    """The forward call without the residuals that are its own arguments (JAX forwards those:
    the linear call reads the argument itself), and for each residual the index of the argument
    it is, or None."""
    j = fwd.jaxpr
    position = {id(v): i for i, v in enumerate(j.invars)}
    forwarded = [position.get(id(v)) for v in j.outvars[n:]]
    if all(i is None for i in forwarded):
        return fwd, forwarded
    kept = [v for v, i in zip(j.outvars[n:], forwarded) if i is None]
    return ClosedJaxpr(
        Jaxpr(j.constvars, j.invars, j.outvars[:n] + kept, j.eqns), fwd.consts
    ), forwarded


@transpose_rules.register(pjit_p)
def _pjit_transpose(cts, *args, jaxpr, name):
    linear = [is_undefined(a) for a in args]
    with plain_names():
        bwd = transpose_jaxpr(jaxpr, linear, [None if ct is None else aval_of(ct) for ct in cts])
    consts, bwd = closure_convert(bwd)
    known = [a for a in args if not is_undefined(a)]
    given = [ct for ct in cts if ct is not None]
    outs = iter(pjit_p.bind(*consts, *known, *given, jaxpr=bwd, name=name))
    return [next(outs) if lin else None for lin in linear]


# ---------------------------------------------------------------------------------------------
# Batching: a call to the batched jaxpr, each mapped axis kept where it is, in and out (JAX's
# batch_jaxpr2: where the axis sits matters to rbg's bits, drawn with the first key in the keys'
# order; x64 fuzz seed 3000512). Its body may hold collectives over the mapped axis, so the rule
# runs even when no argument is mapped.


@batching_rules.register(pjit_p)
def _pjit_batcher(args, dims, *, jaxpr, name):
    with plain_names():  # traced at the arguments' types: their shardings kept, as JAX's
        new, out_dims = batch_jaxpr_axes(jaxpr, dims, batched_avals=_typed_avals(args))
    consts, new = closure_convert(new)
    outs = pjit_p.bind(*consts, *args, jaxpr=new, name=name)
    return outs, out_dims


def _typed_avals(args) -> list:
    """The arguments' types with a type sharding (others None: batched as the jaxpr's)."""
    avals = [aval_of(x) for x in args]
    return [a if getattr(a, "sharding", None) is not None else None for a in avals]


axis_rules.add(pjit_p)


# ---------------------------------------------------------------------------------------------
# Sharding (explicit mode).

sharding_rules.register(pjit_p, keep)  # the called jaxpr's result types
