"""`linear_call` (JAX's `jax.custom_derivatives.linear_call`): a call of `fun(residuals,
linear_args)`, linear in `linear_args`, whose transpose is the user's `fun_transpose(residuals,
cotangents)`. The primitive holds the callee's jaxpr and a thunk tracing the transpose when
reverse mode needs it; the transpose is another `linear_call`, to `fun_transpose`, with `fun`
as its transpose (so transposing twice gives `fun` back). Its jvp is the call on the tangents
(residuals are not differentiated, as in JAX)."""

from __future__ import annotations

from meshjit.compiler.errors import MeshjitAssertionError, MeshjitTypeError
from meshjit.compiler.ir.core import as_bound
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    impl_rules,
    jvp_rules,
    lowering_rules,
    sharding_rules,
    transpose_rules,
)
from meshjit.compiler.ir.sharding_rules import keep
from meshjit.compiler.lax.ad_util import aval_of, instantiate, is_undefined, trace_tree_fun
from meshjit.compiler.lowering import jaxpr_subcomp
from meshjit.compiler.trace.jaxprs import eval_closed
from meshjit.compiler.trace.tracing import abstractify
from meshjit.compiler.tree_util import tree_flatten, tree_leaves, tree_structure, tree_unflatten

__all__ = ["linear_call"]

linear_call_p = Primitive("linear_call", multiple_results=True)


def linear_call(fun, fun_transpose, residual_args, linear_args):
    """`fun(residual_args, linear_args)`, transposed by `fun_transpose(residual_args, ct)`."""
    res = tree_leaves(residual_args)
    lin, lin_tree = tree_flatten(linear_args)
    res_avals = [abstractify(x) for x in res]
    in_tree = tree_structure((residual_args, linear_args))
    consts, callee, out_tree = trace_tree_fun(fun, in_tree, [*res_avals, *map(abstractify, lin)])

    @_memoize
    def transpose_thunk():
        t_tree = tree_structure((residual_args, tree_unflatten(out_tree, callee.out_avals)))
        t_consts, t_jaxpr, t_out_tree = trace_tree_fun(
            fun_transpose, t_tree, [*res_avals, *callee.out_avals]
        )
        if t_out_tree != lin_tree:
            raise MeshjitTypeError(
                "transpose output pytree structure must match that of linear inputs, got "
                f"output structure {t_out_tree} and input structure {lin_tree}."
            )
        return t_jaxpr, t_consts

    outs = linear_call_p.bind(
        *consts, *res, *lin, callee=callee, transpose_thunk=transpose_thunk,
        num_callee_consts=len(consts), num_res=len(res),
    )  # fmt: skip
    return tree_unflatten(out_tree, outs)


def _memoize(thunk):
    """`thunk`, run once (printed as JAX prints its memoized thunks)."""
    done = []

    def memoized():
        if not done:
            done.append(thunk())
        return done[0]

    return memoized


@abstract_eval_rules.register(linear_call_p)
def _linear_call_rule(*avals, callee, **params):
    return list(callee.out_avals)


@impl_rules.register(linear_call_p)
def _linear_call_impl(*args, callee, **params):
    """The callee's equations run one by one, as JAX's `eval_jaxpr` (an argument it returns
    as it is comes back as given)."""
    return [as_bound(x) for x in eval_closed(callee, list(args))]


def _linear_call_lowering(ctx, *args, callee, **params):
    return jaxpr_subcomp(ctx.module_ctx, callee.jaxpr, list(callee.consts), list(args))


lowering_rules.register(linear_call_p, _linear_call_lowering)
sharding_rules.register(linear_call_p, keep)


@jvp_rules.register(linear_call_p)
def _linear_call_jvp(primals, tangents, *, num_callee_consts, num_res, **params):
    """Linear in its linear arguments: the tangent is the call on their tangents."""
    n = num_callee_consts + num_res
    if any(t is not None for t in tangents[:n]):
        raise MeshjitAssertionError(  # (JAX asserts it)
            "linear_call is differentiated only in its linear arguments: its residual "
            "arguments must not have tangents"
        )
    kw = dict(params, num_callee_consts=num_callee_consts, num_res=num_res)
    outs = linear_call_p.bind(*primals, **kw)
    if all(t is None for t in tangents[n:]):
        return outs, [None] * len(outs)
    lin_dots = [instantiate(t, aval_of(p)) for t, p in zip(tangents[n:], primals[n:])]
    return outs, linear_call_p.bind(*primals[:n], *lin_dots, **kw)


@transpose_rules.register(linear_call_p)
def _linear_call_transpose(cts, *args, callee, transpose_thunk, num_callee_consts, num_res):
    """Another linear_call: `fun_transpose` on the cotangents, with `fun` as its transpose."""
    transpose, t_consts = transpose_thunk()
    f_consts = args[:num_callee_consts]
    res = args[num_callee_consts : num_callee_consts + num_res]
    if any(is_undefined(x) for x in (*f_consts, *res)):
        raise MeshjitTypeError(
            "linear_call is linear only in its linear arguments: a residual argument cannot "
            "depend on what is being transposed"
        )
    cts = [instantiate(ct, a) for ct, a in zip(cts, callee.out_avals)]
    cts_out = linear_call_p.bind(
        *t_consts, *res, *cts, callee=transpose,
        transpose_thunk=_memoize(lambda: (callee, list(f_consts))),
        num_callee_consts=len(t_consts), num_res=num_res,
    )  # fmt: skip
    return [None] * (num_callee_consts + num_res) + list(cts_out)
