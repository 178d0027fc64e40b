"""custom_vmap and sequential_vmap (JAX's jax.custom_batching): functions whose vmap rule the
user gives.

Under a trace a call binds `custom_vmap_call`, which carries the traced jaxpr of the function
(what evaluation and lowering use) and the user's rule, which only batching calls:
`rule(axis_size, in_batched, *args) -> (out, out_batched)`, with the batched arguments' mapped
axis in front. Its jvp is again a custom_vmap call: of the function's jvp, with a rule that is the
jvp of the user's rule, vmapped over the axes only the primals or only the tangents carry (as
JAX does), so vmap of jvp still runs the user's rule. Reverse mode is not supported (as in JAX):
combine custom_vmap with custom_vjp for that.
"""

from __future__ import annotations

import functools
import inspect
import operator
from typing import Callable

from meshjit.compiler.ad.custom_derivatives import forward_attr
from meshjit.compiler.errors import MeshjitNotImplementedError, MeshjitValueError
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    jvp_rules,
    lowering_rules,
    sharding_rules,
    vma_rules,
)
from meshjit.compiler.ir.sharding_rules import keep
from meshjit.compiler.lax.ad_util import aval_of, instantiate, trace_tree_fun
from meshjit.compiler.lax.batching import (
    BatchAxis,
    axis_rules,
    batch_closed,
    move_to_front,
    size_of,
    unbatched_aval,
)
from meshjit.compiler.lowering import jaxpr_subcomp
from meshjit.compiler.trace.jaxprs import eval_jaxpr
from meshjit.compiler.trace.tracing import abstractify, current_trace, trace_flat
from meshjit.compiler.traceback_util import boundary_methods
from meshjit.compiler.tree_util import tree_flatten, tree_map, tree_unflatten

custom_vmap_call_p = Primitive("custom_vmap_call", multiple_results=True)
vma_rules.add(custom_vmap_call_p)
axis_rules.add(custom_vmap_call_p)


@boundary_methods("__call__")  # as custom_jvp / custom_vjp: an API boundary
class custom_vmap:
    """`f = custom_vmap(fun)`; `@f.def_vmap` def rule(axis_size, in_batched, *args) ->
    (out, out_batched)."""

    def __init__(self, fun: Callable):
        functools.update_wrapper(self, fun)
        self.fun, self.vmap_rule = fun, None

    __getattr__ = forward_attr

    def def_vmap(self, vmap_rule: Callable) -> Callable:
        self.vmap_rule = vmap_rule
        return vmap_rule

    def __call__(self, *args, **kwargs):
        args = _resolve_kwargs(self.fun, args, kwargs)
        if self.vmap_rule is None:
            raise AttributeError(
                f"No batching rule defined for custom_vmap function {_name(self.fun)} using "
                "def_vmap."
            )
        if current_trace() is None:
            return self.fun(*args)
        return _bind(self.fun, self.vmap_rule, args)


def _name(fun) -> str:
    return getattr(fun, "__name__", "<unnamed function>")


def _resolve_kwargs(fun, args, kwargs) -> tuple:
    if not kwargs:
        return args
    try:
        bound = inspect.signature(fun).bind(*args, **kwargs)
    except TypeError as e:
        raise TypeError(
            "The input arguments to the custom_vmap-decorated function "
            f"{_name(fun)} could not be resolved to positional-only arguments. Binding failed "
            f"with the error:\n{e}"
        ) from e
    if bound.kwargs:
        raise TypeError(
            f"The input arguments to the custom_vmap-decorated function {_name(fun)} could not "
            "be resolved to positional-only arguments: keyword-only arguments are not supported"
        )
    return bound.args


class _Rule:
    """A call's rule and the structures of its arguments and outputs (hashable by identity)."""

    __slots__ = ("rule", "in_tree", "out_tree")

    def __init__(self, rule, in_tree, out_tree):
        self.rule, self.in_tree, self.out_tree = rule, in_tree, out_tree

    def __repr__(self):
        return _name(self.rule)


def _bind(fun, rule, args):
    leaves, in_tree = tree_flatten(tuple(args))
    avals = [abstractify(x) for x in leaves]
    consts, jaxpr, out_tree = trace_tree_fun(fun, in_tree, avals)
    outs = custom_vmap_call_p.bind(
        *consts,
        *leaves,
        call_jaxpr=jaxpr,
        num_consts=len(consts),
        rule=_Rule(rule, in_tree, out_tree),
    )
    return tree_unflatten(out_tree, outs)


@abstract_eval_rules.register(custom_vmap_call_p)
def _abstract_eval(*avals, call_jaxpr, num_consts, rule):
    return call_jaxpr.out_avals


@lowering_rules.register(custom_vmap_call_p)
def _lowering(ctx, *operands, call_jaxpr, num_consts, rule):
    return jaxpr_subcomp(ctx.module_ctx, call_jaxpr.jaxpr, [], list(operands))


sharding_rules.register(custom_vmap_call_p, keep)


# ---------------------------------------------------------------------------------------------
# Batching: the user's rule, on the arguments with their mapped axis in front.


def _check_rule_trees(rule, original_out_tree, out_tree, out_batched_tree):
    if out_tree != out_batched_tree:
        raise MeshjitValueError(
            "structure of output value and output batching specification returned by custom "
            f"vmap rule ({_name(rule)}) do not match.\nOutput values: {out_tree}\n"
            f"Batching spec: {out_batched_tree}"
        )
    if out_tree != original_out_tree:
        raise MeshjitValueError(
            f"structure of output returned by custom vmap rule ({_name(rule)}) does not match "
            f"that of original custom-vmapped function.\nOriginal output: {original_out_tree}\n"
            f"Rule output: {out_tree}"
        )


def _call_rule(rule: _Rule, size: int, in_batched, args):
    out, out_batched = rule.rule(size, list(in_batched), *args)
    out_leaves, tree = tree_flatten(out)
    batched_leaves, batched_tree = tree_flatten(out_batched)
    _check_rule_trees(rule.rule, rule.out_tree, tree, batched_tree)
    return out_leaves, batched_leaves


@batching_rules.register(custom_vmap_call_p)
def _batch(args, dims, *, call_jaxpr, num_consts, rule):
    if any(d is not None for d in dims[:num_consts]):
        raise MeshjitNotImplementedError(
            f"custom_vmap function {rule!r}'s body closes over a value that is being vmapped; "
            "pass it as an argument instead"
        )
    xs, xdims = args[num_consts:], dims[num_consts:]
    size = size_of(args, dims)
    fronted = [x if d is None else move_to_front(x, d, size) for x, d in zip(xs, xdims)]
    in_batched = tree_unflatten(rule.in_tree, [d is not None for d in xdims])
    out, out_batched = _call_rule(rule, size, in_batched, tree_unflatten(rule.in_tree, fronted))
    return out, [0 if b else None for b in out_batched]


# ---------------------------------------------------------------------------------------------
# jvp: a custom_vmap call of the function's jvp, whose rule is the jvp of the user's rule.


@jvp_rules.register(custom_vmap_call_p)
def _jvp(primals, tangents, *, call_jaxpr, num_consts, rule):
    from meshjit.compiler.ad.api import jvp

    if any(t is not None for t in tangents[:num_consts]):
        raise MeshjitNotImplementedError(
            f"custom_vmap function {rule!r} closes over a value that is being differentiated; "
            "pass it as an argument instead"
        )
    consts, xs = primals[:num_consts], primals[num_consts:]
    ts = [instantiate(t, aval_of(x)) for t, x in zip(tangents[num_consts:], xs)]

    def call(ps, ts_):
        body = functools.partial(_eval_call, call_jaxpr, consts)
        outs, touts = jvp(body, tree_flatten(ps)[0], tree_flatten(ts_)[0])
        return tree_unflatten(rule.out_tree, outs), tree_unflatten(rule.out_tree, touts)

    def jvp_rule(size, in_batched, ps, ts_):
        return _jvp_of_rule(rule, size, in_batched, ps, ts_)

    fn = custom_vmap(call)
    fn.def_vmap(jvp_rule)
    out, t_out = fn(tree_unflatten(rule.in_tree, xs), tree_unflatten(rule.in_tree, ts))
    return tree_flatten(out)[0], tree_flatten(t_out)[0]


def _eval_call(call_jaxpr, consts, *args):
    return eval_jaxpr(call_jaxpr.jaxpr, [], [*consts, *args])


def _jvp_of_rule(rule: _Rule, size: int, in_batched, primals, tangents):
    from meshjit.compiler.ad.api import jvp

    batched_ps, batched_ts = in_batched
    both = tree_map(operator.and_, batched_ps, batched_ts)
    flat_bps, flat_bts = tree_flatten(batched_ps)[0], tree_flatten(batched_ts)[0]
    extra_ps = [bool(p and not t) for p, t in zip(flat_bps, flat_bts)]
    extra_ts = [bool(t and not p) for p, t in zip(flat_bps, flat_bts)]
    out_both: list = []

    def per_example(*flat):
        n = len(flat) // 2
        ps = tree_unflatten(rule.in_tree, flat[:n])
        ts = tree_unflatten(rule.in_tree, flat[n:])

        def to_jvp(*p):
            out, batched = _call_rule(rule, size, both, p)
            out_both[:] = batched
            return out

        outs, touts = jvp(to_jvp, list(ps), list(ts))
        return [*outs, *touts]

    flat_ps, flat_ts = tree_flatten(primals)[0], tree_flatten(tangents)[0]
    outs, out_dims = _vmap_inferring_out_axes(
        per_example, [*flat_ps, *flat_ts], [*extra_ps, *extra_ts], size
    )
    n = len(outs) // 2
    outs = [o if d is None else move_to_front(o, d, size) for o, d in zip(outs, out_dims)]
    extra = [d is not None for d in out_dims]
    out_ps = tree_unflatten(rule.out_tree, outs[:n])
    out_ts = tree_unflatten(rule.out_tree, outs[n:])
    batched_out_ps = tree_unflatten(rule.out_tree, [a or b for a, b in zip(out_both, extra[:n])])
    batched_out_ts = tree_unflatten(rule.out_tree, [a or b for a, b in zip(out_both, extra[n:])])
    return (out_ps, out_ts), (batched_out_ps, batched_out_ts)


def _vmap_inferring_out_axes(fun, args, mapped, size):
    """vmap of `fun` over the `mapped` args (axis 0) that returns each output's mapped axis (or
    None) rather than forcing one."""
    avals = [unbatched_aval(aval_of(x), 0) if m else aval_of(x) for x, m in zip(args, mapped)]
    closed, _ = trace_flat(fun, avals)
    return batch_closed(closed, args, [0 if m else None for m in mapped], BatchAxis(None, size))


# ---------------------------------------------------------------------------------------------
# sequential_vmap.


def sequential_vmap(f: Callable) -> custom_vmap:
    """A custom_vmap whose rule maps `f` over the batch with a loop (lax.map)."""
    from meshjit.compiler.lax.control_flow import map as lax_map

    f = custom_vmap(f)

    @f.def_vmap
    def rule(axis_size, in_batched, *args):
        leaves, tree = tree_flatten(args)
        batched = tree_flatten(in_batched)[0]
        mapped = [x for x, b in zip(leaves, batched) if b]

        def to_map(mapped_leaves):
            it = iter(mapped_leaves)
            merged = [next(it) if b else x for x, b in zip(leaves, batched)]
            return f(*tree_unflatten(tree, merged))

        out = lax_map(to_map, mapped)
        return out, tree_map(lambda _: True, out)

    return f


__all__ = ["custom_vmap", "sequential_vmap"]
