"""custom_jvp and custom_vjp: functions whose derivative rules the user gives.

Under a trace a call binds a primitive that carries the traced jaxpr of the function, which
evaluation and lowering use, and the user's rules, which the autodiff rules call (in whatever
trace is then current; lazily, as a rule may call the function itself). Outside any trace the
function simply runs: no transformation can be active there, as every transform traces first.

A custom_vjp function under jvp computes its forward pass and a `custom_lin` of the residuals
and tangents, which only transposition gives a meaning: it runs the user's bwd.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
from typing import Callable

import numpy as np

from meshjit.compiler.ad.transform import instantiate_cts, vary_as, vma_checked
from meshjit.compiler.errors import (
    MeshjitAttributeError,
    MeshjitIndexError,
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
    RuleOutputError,
    UnexpectedTracerError,
    rule_scope,
)
from meshjit.compiler.ir.core import TypedNdArray, func_name, register_pp_params
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
from meshjit.compiler.lax.ad_util import (
    SymbolicZero,
    aval_of,
    float0,
    has_tangent,
    instantiate,
    tangent_aval,
    trace_tree_fun,
    zeros_like_aval,
)
from meshjit.compiler.lax.batching import (
    all_to_front,
    axis_rules,
    batch_eval,
    current_axis,
    move_to_front,
    size_of,
    unbatched_aval,
    vmap_flat,
)
from meshjit.compiler.lowering import jaxpr_subcomp
from meshjit.compiler.trace.tracing import Tracer, abstractify, current_trace, to_concrete_value
from meshjit.compiler.traceback_util import boundary_methods
from meshjit.compiler.tree_util import (
    tree_flatten,
    tree_leaves,
    tree_structure,
    tree_unflatten,
    treedef_children_leaves,
)

custom_jvp_call_p = Primitive("custom_jvp_call", multiple_results=True)
custom_vjp_call_p = Primitive("custom_vjp_call", multiple_results=True)


def _pp_custom_call(rule_fns, eqn, _):
    # As JAX: the function's name first, the rules by their functions' names.
    rules = eqn.params["rules"]
    shown = {"call_jaxpr": eqn.params["call_jaxpr"], "symbolic_zeros": rules.fn.symbolic_zeros}
    if eqn.params["num_consts"]:
        shown["num_consts"] = eqn.params["num_consts"]
    shown.update({k: func_name(getattr(rules.fn, k)) for k in rule_fns})
    names = sorted(shown)
    shown["name"] = func_name(rules.fn.fun)
    return shown, ["name", *names]


register_pp_params(custom_jvp_call_p, functools.partial(_pp_custom_call, ("jvp",)))
register_pp_params(custom_vjp_call_p, functools.partial(_pp_custom_call, ("fwd", "bwd")))
custom_lin_p = Primitive("custom_lin", multiple_results=True)
vma_rules.update((custom_jvp_call_p, custom_vjp_call_p, custom_lin_p))


def _split_nondiff(args, nondiff_argnums):
    static = tuple(args[i] for i in nondiff_argnums)
    dynamic = tuple(a for i, a in enumerate(args) if i not in nondiff_argnums)
    return static, dynamic


def _refuse_strings(args, nondiff_argnums, custom_jvp: bool) -> None:
    """JAX's words for a str or bytes among a custom function's differentiable arguments (its
    call binds them as values, also outside any trace): custom_jvp_call's, or typeof's for a
    custom_vjp."""
    _, dynamic = _split_nondiff(args, nondiff_argnums)
    for i, leaf in enumerate(tree_leaves(dynamic)):
        if isinstance(leaf, (str, bytes)):
            raise MeshjitTypeError(
                "Error interpreting argument to custom_jvp_call as a JAX value. The problematic "
                f"value is of type {type(leaf)} and was passed to custom_jvp_call at position {i}."
                if custom_jvp
                else f"Argument '{leaf}' of type {type(leaf)} is not a valid JAX type"
            )


def _positional(fn, kind: str, args: tuple, kwargs: dict) -> tuple:
    """The call's arguments, all positional (JAX resolves keywords by `fn`'s signature), with
    `nondiff_argnums` in range."""
    signature = _signature(fn.fun)
    if signature is not None:
        try:
            bound = signature.bind(*args, **kwargs)
        except TypeError as e:
            raise MeshjitTypeError(
                f"The input arguments to the {kind}-decorated function {fn.__name__} could not "
                f"be resolved to positional-only arguments. Binding failed with the error:\n{e}"
            ) from None
        bound.apply_defaults()
        args = bound.args + tuple(bound.kwargs.values())
    if fn.nondiff_argnums and max(fn.nondiff_argnums) >= len(args):
        raise MeshjitIndexError(
            f"{kind} function {fn.__name__}: nondiff_argnums {fn.nondiff_argnums} name an "
            f"argument past the {len(args)} given (tuple index out of range)"
        )
    return args


@functools.lru_cache(maxsize=256)
def _signature(fun):
    """`fun`'s signature (None if Python cannot tell it), to resolve a call's arguments."""
    import inspect

    try:
        return inspect.signature(fun)
    except (TypeError, ValueError):
        return None


def _merge_nondiff(static, dynamic, nondiff_argnums):
    out, s, d = [], iter(static), iter(dynamic)
    for i in range(len(static) + len(dynamic)):
        out.append(next(s) if i in nondiff_argnums else next(d))
    return out


def _check_outputs(what: str, expected_tree, expected_avals, tree, avals):
    if tree != expected_tree and "jvp rule" in what:
        raise MeshjitTypeError(
            "Custom JVP rule must produce primal and tangent outputs with equal container "
            f"(pytree) structures, but got {expected_tree} and {tree} respectively ({what}: the "
            "primal output's structure, then the tangent output's)"
        )
    if tree != expected_tree:
        raise MeshjitTypeError(
            f"{what} must have the structure of the function's output {expected_tree}, got {tree}"
        )
    for i, (e, g) in enumerate(zip(expected_avals, avals)):
        if (e.shape != g.shape or e.dtype != g.dtype) and what.endswith("tangent output"):
            err = MeshjitTypeError(  # JAX's words
                "Custom JVP rule must produce primal and tangent outputs with corresponding "
                f"shapes and dtypes. Expected {e.str_long()} (tangent type of {e.str_long()}) "
                f"but got {g.str_long()}."
            )
            err.add_note(f"{what}, leaf {i}")
            raise err
        if (e.shape != g.shape or e.dtype != g.dtype) and what.endswith("its primal output"):
            raise MeshjitTypeError(  # JAX's words: it meets the mismatch at the tangents
                "Custom JVP rule must produce primal and tangent outputs with corresponding "
                f"shapes and dtypes. Expected {tangent_aval(g).str_long()} (tangent type of "
                f"{g.str_long()}) but got {e.str_long()}. ({what}: leaf {i} must be {e.str_short()} like the "
                "function's output)"
            )
        if e.shape != g.shape or e.dtype != g.dtype:
            raise RuleOutputError(
                f"{what}: leaf {i} must be {e.str_short()} like the function's output, got "
                f"{g.str_short()}"
            )


def _check_no_const_tangents(tangents, what: str):
    if any(t is not None for t in tangents):
        raise MeshjitNotImplementedError(
            f"a {what} function closes over a value that is being differentiated; pass it as "
            "an argument instead"
        )


class _Rules:
    """A custom function's rules at one call: the function object (holding the user's rules),
    the non-differentiable arguments and the argument / output structures."""

    __slots__ = ("fn", "static", "in_tree", "out_tree")

    def __init__(self, fn, static, in_tree, out_tree):
        self.fn, self.static, self.in_tree, self.out_tree = fn, static, in_tree, out_tree

    def _key(self):
        return (id(self.fn), self.static, self.in_tree, self.out_tree)

    def __hash__(self):
        return hash(self._key())

    def __eq__(self, other):
        return type(other) is _Rules and other.fn is self.fn and other._key() == self._key()

    def __repr__(self):
        return getattr(self.fn, "__name__", "custom")

    @property
    def name(self) -> str:
        return repr(self)

    def args(self, leaves) -> list:
        """The full argument list for leaves of the differentiable arguments."""
        dynamic = tree_unflatten(self.in_tree, leaves)
        return _merge_nondiff(self.static, dynamic, self.fn.nondiff_argnums)


def _bind_call(prim, fn, args):
    static, dynamic = _split_nondiff(args, fn.nondiff_argnums)
    leaves, in_tree = tree_flatten(dynamic)
    avals = [abstractify(x) for x in leaves]
    consts, jaxpr, out_tree = trace_tree_fun(
        lambda *dyn: fn.fun(*_merge_nondiff(static, dyn, fn.nondiff_argnums)), in_tree, avals
    )
    rules = _Rules(fn, static, in_tree, out_tree)
    outs = prim.bind(*consts, *leaves, call_jaxpr=jaxpr, num_consts=len(consts), rules=rules)
    return tree_unflatten(out_tree, outs)


def _call_rule(*avals, call_jaxpr, num_consts, rules):
    return call_jaxpr.out_avals


def _call_lowering(ctx, *operands, call_jaxpr, num_consts, rules):
    return jaxpr_subcomp(ctx.module_ctx, call_jaxpr.jaxpr, [], list(operands))


def forward_attr(self, name: str):
    """A decorated function's other attributes are the wrapped function's (a custom_vjp of a
    custom_vmap function has its def_vmap)."""
    if name.startswith("__") or name == "fun":
        raise AttributeError(name)
    return getattr(self.fun, name)


# ---------------------------------------------------------------------------------------------
# Symbolic zeros: what rules defined with `symbolic_zeros=True` see of unperturbed values.


@dataclasses.dataclass(slots=True)
class CustomVJPPrimal:
    """An argument leaf of a custom_vjp's fwd rule defined with `symbolic_zeros=True`."""

    value: object
    perturbed: bool


def custom_vjp_primal_tree_values(tree):
    """`tree` with each CustomVJPPrimal leaf replaced by its value."""
    from meshjit.compiler.tree_public import tree_map  # a later layer

    def value(leaf):
        if type(leaf) is not CustomVJPPrimal:
            raise MeshjitTypeError(f"unexpected leaf type {type(leaf)}")
        return leaf.value

    return tree_map(value, tree)


def _symbolic_or_zeros(xs, avals, symbolic: bool) -> list:
    """`xs` (None for a zero) as a rule sees them: SymbolicZeros or arrays of zeros."""
    if not symbolic:  # an integer or bool argument's tangent: float0 zeros, as JAX's
        return [
            instantiate(x, a) if has_tangent(a) else _float0_zeros(a) for x, a in zip(xs, avals)
        ]
    return [SymbolicZero(tangent_aval(a)) if x is None else x for x, a in zip(xs, avals)]


def _float0_zeros(aval):
    return TypedNdArray(np.zeros(aval.shape, float0))


def _none_for_symbolic(xs) -> list:
    """A rule's outputs with its SymbolicZeros as meshjit's symbolic zeros (None)."""
    return [None if type(x) is SymbolicZero else x for x in xs]


def _flat_like(what: str, tree, expected_tree, expected_avals) -> list:
    leaves, got_tree = tree_flatten(tree)
    avals = [
        e if type(x) is SymbolicZero else abstractify(x) for x, e in zip(leaves, expected_avals)
    ]
    _check_outputs(what, expected_tree, expected_avals, got_tree, avals)
    return _none_for_symbolic(leaves)


# ---------------------------------------------------------------------------------------------
# custom_jvp.


def nondiff_positions(fun: Callable, argnums, argnames) -> tuple[int, ...]:
    """The non-differentiable arguments' positions, sorted as JAX's: `argnums` and the
    positions of the parameters of `fun` named in `argnames` (names not positional: ignored)."""
    positions = set(argnums)
    if argnames:
        params = list(inspect.signature(fun).parameters.values())
        positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
        names = {argnames} if isinstance(argnames, str) else set(argnames)
        positions |= {i for i, p in enumerate(params) if p.kind in positional and p.name in names}
    return tuple(sorted(positions))


@boundary_methods("__call__")  # as JAX's: an API boundary
class custom_jvp:
    """`f = custom_jvp(fun)`; `@f.defjvp` def rule(primals, tangents) -> (out, tangent_out)."""

    def __init__(self, fun: Callable, nondiff_argnums=(), nondiff_argnames=()):
        functools.update_wrapper(self, fun)  # first: it copies fun's __dict__ (a jit's `fun`)
        self.fun, self.jvp, self.symbolic_zeros = fun, None, False
        self.nondiff_argnums = nondiff_positions(fun, nondiff_argnums, nondiff_argnames)

    __getattr__ = forward_attr

    def defjvp(self, jvp: Callable, symbolic_zeros: bool = False) -> Callable:
        """`symbolic_zeros=True`: the rule is handed SymbolicZeros for unperturbed arguments'
        tangents (and may return them)."""
        self.jvp, self.symbolic_zeros = jvp, symbolic_zeros
        return jvp

    def defjvps(self, *tangent_fns):
        """One function per argument: tangent_fn(t, out, *primals) -> its output tangent."""

        def jvp(primals, tangents):
            if len(tangent_fns) != len(tangents):
                raise MeshjitValueError(  # JAX's words first
                    f"safe_zip() argument 1 has length {len(tangent_fns)} but argument 0 has "
                    f"length {len(tangents)}. All lengths: ({len(tangents)}, {len(tangent_fns)})"
                    f" (defjvps of {self.__name__} got {len(tangent_fns)} tangent functions for "
                    f"{len(tangents)} arguments: one each, None for an argument without one)"
                )
            out = self(*primals)  # a call again under a trace, as JAX's
            total = None
            for fn, t in zip(tangent_fns, tangents):
                if fn is not None:
                    term = fn(t, out, *primals)
                    total = term if total is None else total + term
            return out, total

        self.defjvp(jvp)

    def __call__(self, *args, **kwargs):
        if self.jvp is None:
            raise MeshjitAttributeError(
                f"No JVP defined for custom_jvp function {self.__name__} using defjvp."
            )
        if not callable(self.jvp):  # JAX: functools.partial's words, when f is called
            raise MeshjitTypeError(
                f"the first argument must be callable: the jvp rule given to {self.__name__}"
                f".defjvp is {self.jvp!r}"
            )
        args = _positional(self, "custom_jvp", args, kwargs)
        _refuse_strings(args, self.nondiff_argnums, custom_jvp=True)
        if current_trace() is None:
            return self.fun(*args)
        return _bind_call(custom_jvp_call_p, self, args)


abstract_eval_rules.register(custom_jvp_call_p)(_call_rule)
lowering_rules.register(custom_jvp_call_p, _call_lowering)


@jvp_rules.register(custom_jvp_call_p)
def _custom_jvp_call_jvp(primals, tangents, *, call_jaxpr, num_consts, rules):
    _check_no_const_tangents(tangents[:num_consts], "custom_jvp")
    args = primals[num_consts:]
    avals = [aval_of(a) for a in args]
    ts = _symbolic_or_zeros(tangents[num_consts:], avals, rules.fn.symbolic_zeros)
    dyn_primals = tree_unflatten(rules.in_tree, args)
    dyn_tangents = tree_unflatten(rules.in_tree, ts)
    with rule_scope():
        result = rules.fn.jvp(*rules.static, dyn_primals, dyn_tangents)
    if not isinstance(result, (tuple, list)) or len(result) != 2:
        rule = getattr(rules.fn.jvp, "__name__", "jvp")
        raise MeshjitTypeError(
            f"Custom JVP rule {rule} for function {rules.name} must produce a pair (list or "
            f"tuple of length two) representing primal and tangent outputs, but got {result!r}"
        )
    out, t_out = result
    _check_jvp_trees(rules, out, t_out)
    where = f"the jvp rule of {rules.name}"
    out_avals = call_jaxpr.out_avals
    outs = _flat_like(f"{where}: its primal output", out, rules.out_tree, out_avals)
    touts = _flat_like(f"{where}: its tangent output", t_out, rules.out_tree, out_avals)
    return outs, touts


def _check_jvp_trees(rules, out, t_out) -> None:
    """JAX's check of a jvp rule's result: its primal and tangent outputs, one structure."""
    primal_tree, tangent_tree = tree_flatten(out)[1], tree_flatten(t_out)[1]
    if primal_tree != tangent_tree:
        rule = getattr(rules.fn.jvp, "__name__", "jvp")
        raise MeshjitTypeError(
            f"Custom JVP rule {rule} for function {rules.name} must produce primal and tangent "
            "outputs with equal container (pytree) structures, but got "
            f"{primal_tree} and {tangent_tree} respectively."
        )


# ---------------------------------------------------------------------------------------------
# custom_vjp.


@boundary_methods("__call__")
class custom_vjp:
    """`f = custom_vjp(fun)`; `f.defvjp(fwd, bwd)` with fwd(*args) -> (out, residuals) and
    bwd(residuals, cotangent) -> a tuple with one cotangent per argument."""

    def __init__(self, fun: Callable, nondiff_argnums=(), nondiff_argnames=()):
        functools.update_wrapper(self, fun)  # first: it copies fun's __dict__ (a jit's `fun`)
        self.fun, self.fwd, self.bwd = fun, None, None
        self.nondiff_argnums = nondiff_positions(fun, nondiff_argnums, nondiff_argnames)
        self.symbolic_zeros = False
        self.optimize_remat = False

    __getattr__ = forward_attr

    def defvjp(
        self, fwd: Callable, bwd: Callable, symbolic_zeros: bool = False, optimize_remat=False
    ):
        """`symbolic_zeros=True`: fwd's argument leaves are CustomVJPPrimal(value, perturbed)
        and bwd is handed SymbolicZeros for unused outputs' cotangents (as JAX).
        `optimize_remat` is accepted and has no effect (a speed option of JAX's)."""
        if symbolic_zeros and optimize_remat:
            raise MeshjitNotImplementedError(
                "remat optimization for custom_vjp does not support symbolic zeros"
            )
        self.fwd, self.bwd = fwd, bwd
        self.symbolic_zeros, self.optimize_remat = symbolic_zeros, optimize_remat

    def __call__(self, *args, **kwargs):
        if self.fwd is None:
            raise MeshjitAttributeError(
                f"No VJP defined for custom_vjp function {self.__name__} using defvjp."
            )
        if not (callable(self.fwd) and callable(self.bwd)):  # JAX's words (functools.partial's)
            raise MeshjitTypeError(
                f"the first argument must be callable (custom_vjp function {self.__name__}'s "
                "fwd and bwd given to defvjp must be functions)"
            )
        args = _positional(self, "custom_vjp", args, kwargs)
        _refuse_strings(args, self.nondiff_argnums, custom_jvp=False)
        for i in self.nondiff_argnums:
            _check_for_tracers(args[i])
        if current_trace() is None:
            return self.fun(*args)
        return _bind_call(custom_vjp_call_p, self, args)


def _check_for_tracers(x) -> None:
    """JAX's check of a custom_vjp function's nondiff_argnums: no traced value in them."""
    if any(isinstance(leaf, Tracer) for leaf in tree_leaves(x)):
        raise UnexpectedTracerError(
            "Found a JAX Tracer object passed as an argument to a custom_vjp function in a "
            "position indicated by nondiff_argnums as non-differentiable. Tracers cannot be "
            "passed as non-differentiable arguments to custom_vjp functions; instead, "
            "nondiff_argnums should only be used for arguments that can't be or contain JAX "
            "tracers, e.g. function-valued arguments. In particular, array-valued arguments "
            "should typically not be indicated as nondiff_argnums."
        )


abstract_eval_rules.register(custom_vjp_call_p)(_call_rule)
lowering_rules.register(custom_vjp_call_p, _call_lowering)


def _as_printed(value) -> str:
    """`value` as JAX's message shows it: JAX runs the fwd rule on the concrete primals outside
    jit (a traced value whose value is known prints as that value)."""
    if isinstance(value, Tracer):
        known = to_concrete_value(value)
        if known is not None:
            return str(known)
    return str(value)


@jvp_rules.register(custom_vjp_call_p)
def _custom_vjp_call_jvp(primals, tangents, *, call_jaxpr, num_consts, rules):
    _check_no_const_tangents(tangents[:num_consts], "custom_vjp")
    args = primals[num_consts:]
    with rule_scope():
        result = rules.fn.fwd(*rules.args(_fwd_leaves(rules, args, tangents[num_consts:])))
    if not isinstance(result, (tuple, list)) or len(result) != 2:
        rule = getattr(rules.fn.fwd, "__name__", "fwd")
        raise MeshjitTypeError(  # JAX's words
            f"Custom VJP fwd rule {rule} for function {rules.name} must produce a pair (list or "
            "tuple of length two) where the first element represents the primal output (equal "
            f"to those of the custom_vjp-decorated function {rules.name}) and the second "
            "element represents residuals (i.e. values stored from the forward pass for use on "
            f"the backward pass), but instead of a pair the fwd rule {rule} produced "
            f"{_as_printed(result)}."
        )
    out_avals = call_jaxpr.out_avals
    outs = _flat_like(
        f"the fwd rule of {rules.name}: its output", result[0], rules.out_tree, out_avals
    )
    res, res_tree = tree_flatten(result[1])
    # only the nonzero tangents, as JAX's: a symbolic zero is not instantiated (no dead zeros)
    in_zeros = tuple(t is None for t in tangents[num_consts:])
    ts = [t for t in tangents[num_consts:] if t is not None]
    t_avals = tuple(out_avals)  # weak as the primal outputs (JAX's to_tangent_aval)
    touts = custom_lin_p.bind(
        *res, *ts, rules=rules, res_tree=res_tree, out_avals=t_avals, in_zeros=in_zeros
    )
    return outs, [t if has_tangent(a) else None for t, a in zip(touts, t_avals)]


def _fwd_leaves(rules, args, tangents) -> list:
    """The fwd rule's argument leaves: CustomVJPPrimals under `symbolic_zeros=True`."""
    if not rules.fn.symbolic_zeros:
        return list(args)
    return [CustomVJPPrimal(a, t is not None) for a, t in zip(args, tangents)]


@abstract_eval_rules.register(custom_lin_p)
def _custom_lin_rule(*avals, rules, res_tree, out_avals, in_zeros):
    return list(out_avals)


def _as_arrays(cts: list) -> list:
    """The cotangents a bwd rule receives, as arrays (grad's seed is a weak Python 1.0; JAX's
    is an array, so the rule may call array methods on it)."""
    from meshjit.compiler.numpy.util import materialize  # a later family

    return [materialize(c) if isinstance(c, (bool, int, float, complex)) else c for c in cts]


@transpose_rules.register(custom_lin_p)
def _custom_lin_transpose(cts, *args, rules, res_tree, out_avals, in_zeros):
    n_res = res_tree.num_leaves
    res = tree_unflatten(res_tree, args[:n_res])
    if rules.fn.symbolic_zeros:
        flat = _as_arrays(_symbolic_or_zeros(cts, out_avals, True))
    else:
        flat = _as_arrays(instantiate_cts(cts, out_avals))
    # typed as the primal outputs (as JAX's): varying over their manual axes
    flat = [c if type(c) is SymbolicZero else vary_as(c, a) for c, a in zip(flat, out_avals)]
    ct = tree_unflatten(rules.out_tree, flat)
    with rule_scope():
        cts_in = rules.fn.bwd(*rules.static, res, ct)
    n_args = len(tree_unflatten(rules.in_tree, [None] * len(in_zeros)))
    if not isinstance(cts_in, (tuple, list)) or len(cts_in) != n_args:
        shown = tuple(cts_in) if isinstance(cts_in, (tuple, list)) else cts_in
        err = MeshjitTypeError(  # JAX's words
            "Custom VJP bwd rule must produce an output with the same container (pytree) "
            "structure as the args tuple of the primal function, and in particular must produce "
            f"a tuple of length equal to the number of arguments to the primal function, but got "
            f"bwd output structure {tree_structure(shown)} for primal input structure "
            f"{rules.in_tree}."
        )
        err.add_note(f"the bwd rule of {rules.name} returns one cotangent per argument")
        raise err
    try:
        leaves = _none_for_symbolic(treedef_children_leaves(rules.in_tree, tuple(cts_in)))
    except MeshjitValueError:
        err = MeshjitTypeError(  # JAX's words
            "Custom VJP bwd rule must produce an output with the same container (pytree) "
            "structure as the args tuple of the primal function, and in particular must produce "
            "a tuple of length equal to the number of arguments to the primal function, but got "
            f"bwd output structure {tree_structure(tuple(cts_in))} for primal input structure "
            f"{rules.in_tree}."
        )
        err.add_note(f"the bwd rule of {rules.name}")
        raise err from None
    avals = iter(aval_of(a) for a in args[n_res:])
    nonzero = [(i, c) for i, (c, z) in enumerate(zip(leaves, in_zeros)) if not z]
    return [None] * n_res + [_checked_ct(rules.name, i, c, next(avals)) for i, c in nonzero]


def _checked_ct(name, i, ct, aval):
    """The bwd rule's cotangent of input `i`, of its input's type: JAX's shape and manual-axis
    (varying) checks (a float cotangent of another float dtype passes, as JAX's)."""
    if ct is None or type(ct) is SymbolicZero:
        return None
    got = abstractify(ct)
    mismatches = [
        *(["the dtypes do not match"] if got.dtype != aval.dtype else []),
        *(["the shapes do not match"] if got.shape != aval.shape else []),
        *(["the manual axis types do not match"] if _vma_differs(got, aval) else []),
    ]
    if len(mismatches) > 1 or (mismatches and mismatches[0] != "the dtypes do not match"):
        error = MeshjitValueError(
            "Custom VJP bwd rule must produce an output with the same type as the args tuple of "
            f"the primal function, but at output[{i}] the bwd rule produced an output of type "
            f"{got.str_long()} corresponding to an input of type {aval.str_long()}, so "
            f"{_listed(mismatches)}"
        )
        error.add_note(f"(the bwd rule of {name})")
        raise error
    return ct


def _vma_differs(got, aval) -> bool:
    """The varying manual axes differ (inside a shard_map that checks them)."""
    return got.vma != aval.vma and vma_checked()


def _listed(items: list) -> str:
    """`a`, `a and b`, `a, b, and c` as JAX's aval_mismatch_extra joins them."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + ", and " + items[-1]


def _custom_lin_lowering(ctx, *args, **params):
    raise MeshjitTypeError(  # JAX's TypeError (a LoweringError's name matched no JAX class)
        "can't apply forward-mode autodiff (jvp) to a custom_vjp function.", ctx.source
    )


lowering_rules.register(custom_lin_p, _custom_lin_lowering)


# ---------------------------------------------------------------------------------------------
# Batching: the call is bound again with a batched function and batched rules (each the user's,
# traced per example and batched), every argument mapped along axis 0. Grad of a vmapped
# custom function then runs the batched rules.

axis_rules.update((custom_jvp_call_p, custom_vjp_call_p))


def _batched_fun(call_jaxpr, consts, dconsts, axis):
    size = axis.size

    def fun(*xs):
        dims = [*dconsts, *[0] * len(xs)]
        outs, odims = batch_eval(call_jaxpr.jaxpr, [], [*consts, *xs], dims, axis)
        return [move_to_front(o, d, size) for o, d in zip(outs, odims)]

    return fun


def _zeros_for_none(cts, avals):
    zero = lambda c: c is None or type(c) is SymbolicZero  # noqa: E731
    return [zeros_like_aval(a) if zero(c) else c for c, a in zip(cts, avals)]


@batching_rules.register(custom_jvp_call_p)
def _custom_jvp_call_batcher(args, dims, *, call_jaxpr, num_consts, rules):
    size, axis = size_of(args, dims), current_axis()
    consts, dconsts = args[:num_consts], dims[:num_consts]
    xs = all_to_front(args[num_consts:], dims[num_consts:], size)
    n = len(xs)

    def per_example_jvp(*pt):
        primals = tree_unflatten(rules.in_tree, pt[:n])
        tangents = tree_unflatten(rules.in_tree, pt[n:])
        out, t_out = rules.fn.jvp(*rules.static, primals, tangents)
        t_leaves, t_tree = tree_flatten(t_out)  # a SymbolicZero returned: zeros per example
        return out, tree_unflatten(t_tree, _zeros_for_none(t_leaves, call_jaxpr.out_avals))

    def jvp(primals, tangents):
        outs, _ = vmap_flat(per_example_jvp, [*primals, *tangents], axis)
        k = len(outs) // 2
        return outs[:k], outs[k:]

    fun = _batched_fun(call_jaxpr, consts, dconsts, axis)
    # as JAX's batched call: the function's and its rule's own names
    fun.__name__, jvp.__name__ = func_name(rules.fn.fun), func_name(rules.fn.jvp)
    batched = custom_jvp(fun)
    batched.__name__ = f"batched_{rules.name}"
    batched.defjvp(jvp)
    outs = batched(*xs)
    return outs, [0] * len(outs)


@batching_rules.register(custom_vjp_call_p)
def _custom_vjp_call_batcher(args, dims, *, call_jaxpr, num_consts, rules):
    size, axis = size_of(args, dims), current_axis()
    consts, dconsts = args[:num_consts], dims[:num_consts]
    xs = all_to_front(args[num_consts:], dims[num_consts:], size)
    examples = [unbatched_aval(aval_of(x), d) for x, d in zip(args[num_consts:], dims[num_consts:])]
    res_trees = []

    def per_example_fwd(*leaves):
        out, res = rules.fn.fwd(*rules.args(_fwd_leaves(rules, leaves, leaves)))
        res_leaves, res_tree = tree_flatten(res)
        res_trees.append(res_tree)
        return out, res_leaves

    def fwd(*leaves):
        outs, out_tree = vmap_flat(per_example_fwd, list(leaves), axis)
        k = out_tree.kids[0].num_leaves
        return outs[:k], outs[k:]

    def per_example_bwd(n_res, *flat):
        res = tree_unflatten(res_trees[-1], flat[:n_res])
        ct = tree_unflatten(rules.out_tree, flat[n_res:])
        cts = rules.fn.bwd(*rules.static, res, ct)
        leaves = _none_for_symbolic(treedef_children_leaves(rules.in_tree, tuple(cts)))
        return _zeros_for_none(leaves, examples)

    def bwd(res, cts):
        outs, _ = vmap_flat(functools.partial(per_example_bwd, len(res)), [*res, *cts], axis)
        return tuple(outs)

    batched = custom_vjp(_batched_fun(call_jaxpr, consts, dconsts, axis))
    batched.__name__ = f"batched_{rules.name}"
    batched.defvjp(fwd, bwd)
    outs = batched(*xs)
    return outs, [0] * len(outs)


@batching_rules.register(custom_lin_p)
def _custom_lin_batcher(args, dims, **params):
    # JAX's TypeError, as unbatched (meshjit raised a NotImplementedError: fuzzer round 17)
    raise MeshjitTypeError("can't apply forward-mode autodiff (jvp) to a custom_vjp function.")


# ---------------------------------------------------------------------------------------------
# Sharding (explicit mode).

for _prim in (custom_jvp_call_p, custom_vjp_call_p, custom_lin_p):
    sharding_rules.register(_prim, keep)  # the types of the function's jaxpr


# ---------------------------------------------------------------------------------------------
# custom_gradient and closure_convert, JAX's conveniences over custom_vjp.


def custom_gradient(fun: Callable) -> Callable:
    """`fun(*args) -> (value, vjp)` with `vjp(ct) -> cotangents`: a function whose gradient is
    `vjp`. The backward pass calls `fun` again for its `vjp` (its residuals are the
    arguments), so `vjp` may close over anything `fun` computed."""

    def value(*args):
        return fun(*args)[0]

    def fwd(*args):
        return fun(*args)[0], args

    def bwd(args, ct):
        cts = fun(*args)[1](ct)
        return tuple(cts) if isinstance(cts, (tuple, list)) else (cts,)

    wrapped = custom_vjp(value)
    wrapped.defvjp(fwd, bwd)
    wrapped.__name__ = getattr(fun, "__name__", "custom_gradient")
    return wrapped


def closure_convert_api(fun: Callable, *example_args):
    """`jax.closure_convert`: `(converted, consts)` with `converted(*args, *consts)` computing `fun(*args)`. meshjit's
    custom_vjp rules may close over traced values already, so `consts` is empty."""
    if not callable(fun):  # JAX's words (functools.partial's)
        raise MeshjitTypeError(f"the first argument must be callable, got {type(fun).__name__}")
    n = len(example_args)

    def converted(*args):
        return fun(*args[:n])

    return converted, []


closure_convert_api.__name__ = closure_convert_api.__qualname__ = "closure_convert"  # as JAX's
