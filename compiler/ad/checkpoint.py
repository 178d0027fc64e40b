"""Rematerialization: `checkpoint` / `remat` with saving policies, `checkpoint_name`, and the
primitives with all their rules (`remat2`, `name`, `optimization_barrier`).

A checkpointed function binds `remat2` (JAX's name and params: jaxpr, policy, prevent_cse,
differentiated) with its traced jaxpr. Its jvp splits the jvp of the body in two: the forward
(primals -> outputs and the values the policy saves), inline as JAX's linearization computes it
(a `remat2` of its own within another checkpointed body), and a differentiated tangent call
(primals, saved values, tangents -> output tangents) that recomputes every other primal value
it needs. Linearization puts the tangent call on the linear side, so its residuals are the
region's inputs and the saved values only; transposing it makes one differentiated `remat2` of
the transposed body, which recomputes the rest in the backward pass; a differentiated call
lowers behind an optimization barrier so XLA does not merge it with the forward.

A policy is `policy(prim, *avals, **params) -> bool` (saveable or not), as JAX's.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import types
import weakref
from typing import Callable, NamedTuple

from jaxlib.mlir.dialects import stablehlo as hlo

from meshjit.compiler.ad.transform import jvp_jaxpr, linearizing, transpose_jaxpr
from meshjit.compiler.api_util import argument_names
from meshjit.compiler.errors import (
    ConcretizationError,
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
    fresh_scopes,
    plain_names,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import ClosedJaxpr, Eqn, Jaxpr, Var, dce_jaxpr
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
from meshjit.compiler.ir.sharding_rules import keep, same_as_first, spec_of
from meshjit.compiler.lax.ad_util import aval_of, closure_convert, is_undefined, linear_jvp
from meshjit.compiler.lax.batching import all_to_front, axis_rules, batch_jaxpr, unary_rule
from meshjit.compiler.lax.reduce_precision import reduce_precision_p
from meshjit.compiler.lowering import jaxpr_subcomp
from meshjit.compiler.trace.jaxprs import eval_closed
from meshjit.compiler.trace.tracing import DebugInfo, abstractify, trace_flat
from meshjit.compiler.traceback_util import api_boundary
from meshjit.compiler.tree_util import tree_flatten, tree_map, tree_unflatten

remat_p = Primitive("remat2", multiple_results=True)  # JAX's name
name_p = Primitive("name")
optimization_barrier_p = Primitive("optimization_barrier", multiple_results=True)

# ---------------------------------------------------------------------------------------------
# Policies.


class RecomputeType:
    """A policy's answer: recompute this value in the backward pass (`ad_checkpoint.Recompute`)."""

    def __repr__(self):
        return "Recompute"


class SaveableType:
    """A policy's answer: save this value for the backward pass (`ad_checkpoint.Saveable`)."""

    def __repr__(self):
        return "Saveable"


Recompute, Saveable = RecomputeType(), SaveableType()


class Offloadable(NamedTuple):
    """A policy's answer: save this value in the memory `dst` (JAX offloads it to host memory;
    meshjit keeps every saved value on the device: the numbers are the same)."""

    src: str
    dst: str


def saves(case) -> bool:
    """Whether a policy's answer (a bool, Recompute, Saveable or an Offloadable) saves."""
    if isinstance(case, bool):
        return case
    if isinstance(case, (SaveableType, Offloadable)):
        return True
    if isinstance(case, RecomputeType):
        return False
    message = (
        "Value returned by a remat policy should be a bool or `ad_checkpoint.Recompute`, "
        f"`ad_checkpoint.Saveable` or `ad_checkpoint.Offloadable(...)`. Got {case} of type "
        f"{type(case)}."
    )
    if case is Offloadable:
        message += "Did you return `Offloadable` instead of an instantiated `Offloadable(...)`?"
    raise MeshjitTypeError(message)


def nothing_saveable(prim, *avals, **params) -> bool:
    return False


def everything_saveable(prim, *avals, **params) -> bool:
    return True


@dataclasses.dataclass(frozen=True)
class DotsSaveable:
    """Saves the results of dots (and convolutions, unless `only_if_no_batch_dims`: then dots
    without batch dimensions only): a dataclass, as JAX's, so a jaxpr prints it as JAX's."""

    only_if_no_batch_dims: bool

    def __call__(self, prim, *avals, **params) -> bool:
        if not self.only_if_no_batch_dims:
            return prim.name in ("dot_general", "conv_general_dilated")
        if prim.name != "dot_general":
            return False
        (_, _), (lhs_batch, rhs_batch) = params["dimension_numbers"]
        return not lhs_batch and not rhs_batch


dots_saveable = DotsSaveable(False)
dots_with_no_batch_dims_saveable = DotsSaveable(True)


@dataclasses.dataclass(frozen=True)
class SaveOnlyTheseNames:
    """Saves the values named (`checkpoint_name`) with one of `saveable_names`."""

    saveable_names: frozenset

    def __call__(self, prim, *avals, **params) -> bool:
        return prim is name_p and params["name"] in self.saveable_names


@dataclasses.dataclass(frozen=True)
class SaveAnyNamesButThese:
    """Saves the named values, but those named with one of `names`."""

    names: frozenset

    def __call__(self, prim, *avals, **params) -> bool:
        return prim is name_p and params["name"] not in self.names


def save_only_these_names(*names) -> Callable:
    return SaveOnlyTheseNames(frozenset(names))


def save_any_names_but_these(*names) -> Callable:
    return SaveAnyNamesButThese(frozenset(names))


def save_anything_except_these_names(*names) -> Callable:
    """As JAX 0.10.2's: it saves every value, the names given too (its policy ignores them)."""
    return lambda *_, **__: True


def offload_dot_with_no_batch_dims(offload_src, offload_dst) -> Callable:
    """dots_with_no_batch_dims_saveable, offloading them to `offload_dst`."""

    def policy(prim, *avals, **params):
        if dots_with_no_batch_dims_saveable(prim, *avals, **params):
            return Offloadable(src=offload_src, dst=offload_dst)
        return Recompute

    return policy


def save_and_offload_only_these_names(
    *, names_which_can_be_saved, names_which_can_be_offloaded, offload_src, offload_dst
) -> Callable:
    """save_only_these_names for the first names, offloading the second ones."""
    saved, offloaded = set(names_which_can_be_saved), set(names_which_can_be_offloaded)
    if saved & offloaded:
        raise MeshjitValueError(
            "The names should be exclusive and should not intersect in "
            "`names_which_can_be_saved` and `names_which_can_be_offloaded`. Got "
            f"names_which_can_be_saved={saved}, names_which_can_be_offloaded={offloaded} and "
            f"the intersection={saved & offloaded}"
        )

    def policy(prim, *avals, **params):
        if prim is name_p and params["name"] in saved:
            return Saveable
        if prim is name_p and params["name"] in offloaded:
            return Offloadable(src=offload_src, dst=offload_dst)
        return Recompute

    return policy


def save_from_both_policies(policy_1, policy_2) -> Callable:
    """A residual is saved when either policy saves it (JAX's ValueError if one answers with
    something other than a bool)."""

    def policy(prim, *avals, **params):
        out1, out2 = policy_1(prim, *avals, **params), policy_2(prim, *avals, **params)
        if not (isinstance(out1, bool) and isinstance(out2, bool)):
            raise MeshjitValueError(
                f"The return value of the policies should be a boolean. Got: {out1} and {out2}. "
                "Please write a custom policy function directly, rather than using this helper "
                "function."
            )
        return out1 or out2

    return policy


# The policies, under JAX's names (`jax.checkpoint_policies`, a namespace as JAX's); the ones
# that make a policy are API boundaries (their errors name the user's line).
checkpoint_policies = types.SimpleNamespace(
    nothing_saveable=nothing_saveable,
    everything_saveable=everything_saveable,
    dots_saveable=dots_saveable,
    checkpoint_dots=dots_saveable,
    dots_with_no_batch_dims_saveable=dots_with_no_batch_dims_saveable,
    checkpoint_dots_with_no_batch_dims=dots_with_no_batch_dims_saveable,
    save_only_these_names=api_boundary(save_only_these_names),
    save_any_names_but_these=api_boundary(save_any_names_but_these),
    save_anything_except_these_names=api_boundary(save_anything_except_these_names),
    save_from_both_policies=api_boundary(save_from_both_policies),
    offload_dot_with_no_batch_dims=offload_dot_with_no_batch_dims,
    save_and_offload_only_these_names=api_boundary(save_and_offload_only_these_names),
)


# ---------------------------------------------------------------------------------------------
# The user API.


class _Deprecated:
    """checkpoint's `concrete` default: the argument JAX deprecated, shown as JAX's marker."""

    def __repr__(self):
        return "Deprecated"


_NO_CONCRETE = _Deprecated()


def checkpoint(
    fun: Callable,
    *,
    prevent_cse: bool = True,
    policy=None,
    static_argnums=(),
    static_argnames=(),
    concrete=_NO_CONCRETE,
):
    """`fun`, whose intermediate values reverse mode recomputes instead of saving (except
    those `policy` saves). Arguments given by name are bound to their positions (as JAX's);
    `static_argnames` name static ones too. `concrete` is refused in JAX's words (JAX removed
    it)."""
    if concrete is not _NO_CONCRETE:
        raise MeshjitNotImplementedError(
            "The `concrete` option to `jax.checkpoint` was deprecated in JAX v0.8.2, and removed "
            "in JAX v0.10.0. In its place please use `static_argnums`; for details refer to "
            "https://docs.jax.dev/en/latest/jep/11830-new-remat-checkpoint.html."
        )
    if policy is not None and not callable(policy):
        raise MeshjitTypeError(  # JAX's words (as it calls the policy) first
            f"'{type(policy).__name__}' object is not callable: checkpoint policy must be a "
            f"callable (e.g. from meshjit.checkpoint_policies), got {type(policy).__name__}"
        )
    statics = (static_argnums,) if isinstance(static_argnums, int) else tuple(static_argnums)
    statics += _argnums_of(fun, static_argnames)

    @functools.wraps(fun)
    def remat_fun(*args, **kwargs):
        _check_weakref(fun)
        if kwargs:
            args = inspect.signature(fun).bind(*args, **kwargs).args
        if any(not -len(args) <= i < len(args) for i in statics):
            raise MeshjitValueError(  # JAX's words
                "the `static_argnums` argument to `jax.checkpoint` / `jax.remat` can only take "
                "integer values greater than or equal to `-len(args)` and less than "
                f"`len(args)`, but got {statics}, while `len(args)` = {len(args)}"
            )
        fixed = {i % len(args): args[i] for i in statics}
        dyn = [a for i, a in enumerate(args) if i not in fixed]
        leaves, in_tree = tree_flatten(dyn)

        def flat(*xs):
            it = iter(tree_unflatten(in_tree, xs))
            return fun(*[fixed[i] if i in fixed else next(it) for i in range(len(args))])

        statics_given = [(i, args[i]) for i in fixed]
        debug = DebugInfo(
            "checkpoint / remat", fun, lambda: argument_names(fun, args, {}, statics_given)
        )
        with fresh_scopes():  # the body is named within `checkpoint`, as JAX's
            closed, out_tree = _trace_body(flat, [abstractify(x) for x in leaves], debug)
        consts, jaxpr = closure_convert(closed)
        outs = remat_p.bind(
            *consts, *leaves, jaxpr=jaxpr, policy=policy, prevent_cse=prevent_cse,
            differentiated=False,
        )  # fmt: skip
        return tree_unflatten(out_tree, outs)

    return remat_fun


def _check_weakref(fun) -> None:
    """JAX's checkpoint keeps a weak reference to the function as it is called: an int or a
    string (no function) fails there, in Python's words."""
    try:
        weakref.ref(fun)
    except TypeError as e:
        raise MeshjitTypeError(f"{e} (checkpoint needs a function, got {fun!r})") from None


_STATIC_ARGNUMS_HINT = (
    "\n\nConsider using the `static_argnums` parameter for `jax.remat` or `jax.checkpoint`. "
    "See the `jax.checkpoint` docstring and its example involving `static_argnums`:\n"
    "https://docs.jax.dev/en/latest/_autosummary/jax.checkpoint.html\n"
)


def _trace_body(flat: Callable, avals, debug: DebugInfo):
    """The checkpointed body's jaxpr; a concretization error of its own arguments ends with
    JAX's static_argnums hint."""
    try:
        return trace_flat(flat, avals, debug=debug)
    except ConcretizationError as e:
        (message,) = e.args
        if "for checkpoint" in message:
            e.args = (message + _STATIC_ARGNUMS_HINT,)
        raise


def remat(
    fun: Callable,
    *,
    prevent_cse: bool = True,
    policy=None,
    static_argnums=(),
    concrete=_NO_CONCRETE,
):
    """`checkpoint` under JAX's other name, whose parameters are checkpoint's but
    `static_argnames` (JAX's remat has none)."""
    return checkpoint(
        fun,
        prevent_cse=prevent_cse,
        policy=policy,
        static_argnums=static_argnums,
        concrete=concrete,
    )


def _argnums_of(fun, names) -> tuple:
    """The positions of the parameters of `fun` that `names` (a name or names) name."""
    names = (names,) if isinstance(names, str) else tuple(names)
    if not names:
        return ()
    params = list(inspect.signature(fun).parameters)
    return tuple(params.index(n) for n in names if n in params)


def checkpoint_name(x, name: str):
    """Tags `x` with `name`, for the name-based policies."""
    return tree_map(lambda leaf: name_p.bind(leaf, name=name), x)


# ---------------------------------------------------------------------------------------------
# Abstract eval and lowering: the body inline (the barrier keeps recomputation apart).


vma_rules.add(remat_p)  # its results vary as its body's do (no operand cast to the union)


@abstract_eval_rules.register(remat_p)
def _remat_rule(*avals, jaxpr, policy, prevent_cse, differentiated):
    return list(jaxpr.out_avals)


def _remat_lowering(ctx, *args, jaxpr, policy, prevent_cse, differentiated):
    if differentiated and prevent_cse and args:  # as JAX's: XLA merges no recomputation
        args = hlo.OptimizationBarrierOp(list(args)).results
    mctx = ctx.module_ctx
    with mctx.body_names("checkpoint", ctx.source):  # JAX's name for the body's ops
        return jaxpr_subcomp(mctx, jaxpr.jaxpr, [], list(args))


lowering_rules.register(remat_p, _remat_lowering)


@abstract_eval_rules.register(name_p)
def _name_rule(x, *, name):
    return x


lowering_rules.register(name_p, lambda ctx, x, *, name: x)
linear_jvp(name_p)
transpose_rules.register(name_p, lambda ct, x, *, name: [ct])
unary_rule(name_p)


@abstract_eval_rules.register(optimization_barrier_p)
def _barrier_rule(*avals):
    return list(avals)


def _barrier_lowering(ctx, *args):
    return list(hlo.OptimizationBarrierOp(list(args)).results)


lowering_rules.register(optimization_barrier_p, _barrier_lowering)


@jvp_rules.register(optimization_barrier_p)
def _barrier_jvp(primals, tangents):
    outs = optimization_barrier_p.bind(*primals)
    return outs, list(tangents)


@batching_rules.register(optimization_barrier_p)
def _barrier_batcher(args, dims):
    return optimization_barrier_p.bind(*args), list(dims)


# ---------------------------------------------------------------------------------------------
# jvp: a forward call and a tangent call that recomputes what the policy does not save.


def _depends_on(jaxpr: Jaxpr, roots: set) -> list[bool]:
    """Per equation: whether it reads (transitively) one of the `roots` variables."""
    reached, out = set(roots), []
    for eqn in jaxpr.eqns:
        hit = any(type(a) is Var and a in reached for a in eqn.invars)
        if hit:
            reached.update(eqn.outvars)
        out.append(hit)
    return out


def split_for_remat(jv: Jaxpr, n_primals: int, n_outs: int, policy):
    """(forward jaxpr: primals -> outs + saved, tangent jaxpr: saved + the primals it reads +
    tangents -> output tangents, the indices of those primals) from a jvp jaxpr (primals + tangents -> outs +
    output tangents), or None when a primal output reads the tangents. Saved: the values the
    policy saves that the tangents need."""
    primals, tangents = jv.invars[:n_primals], jv.invars[n_primals:]
    tan_all = dce_jaxpr(Jaxpr([], jv.invars, jv.outvars[n_outs:], jv.eqns))
    needed = {a for e in tan_all.eqns for a in e.invars if type(a) is Var}
    saved = []
    for eqn, reads_tangent in zip(jv.eqns, _depends_on(jv, set(tangents))):
        if reads_tangent or not any(v in needed for v in eqn.outvars):
            continue
        if saves(policy(eqn.primitive, *[a.aval for a in eqn.invars], **eqn.params)):
            saved.extend(v for v in eqn.outvars if v in needed)
    saved_set = set(saved)
    kept = [e for e in tan_all.eqns if saved_set.isdisjoint(e.outvars)]
    tan = dce_jaxpr(Jaxpr([], primals + saved + tangents, jv.outvars[n_outs:], kept))
    # Only what the tangents still read: a saved cos(y) makes a saved y needless (as JAX's).
    read = {a for e in tan.eqns for a in e.invars} | set(tan.outvars)
    saved = [v for v in saved if v in read]
    fwd = dce_jaxpr(Jaxpr([], primals, jv.outvars[:n_outs] + saved, jv.eqns))
    if any(_depends_on(fwd, set(tangents))):
        return None  # a primal output computed with the tangents (a while_loop's jvp)
    fwd = _saved_at_own_precision(fwd, saved)
    # The tangent call takes only the primals it reads: the others are no residuals (as JAX's:
    # everything_saveable keeps no argument whose uses are all saved already).
    # The saved values come first, then the primals (JAX's order of a remat's residuals).
    used = [i for i, v in enumerate(primals) if v in read]
    tan = Jaxpr([], saved + [primals[i] for i in used] + tangents, tan.outvars, tan.eqns)
    return fwd, tan, used


def _saved_at_own_precision(fwd: Jaxpr, saved) -> Jaxpr:
    """`fwd` with each saved float value it also reads rounded to its dtype's precision where
    it is made (a reduce_precision, as JAX's), so that the forward and the tangent call see
    the same bits whatever excess precision XLA computes it in."""
    read = {a for e in fwd.eqns for a in e.invars if type(a) is Var}
    eqns = list(fwd.eqns)
    for v in saved:
        if v not in read or not dtypes.is_float(v.aval.dtype):
            continue
        i = next((i for i, e in enumerate(eqns) if v in e.outvars), None)
        info = dtypes.finfo(v.aval.dtype)
        params = dict(exponent_bits=info.nexp, mantissa_bits=info.nmant)
        if i is None or (eqns[i].primitive is reduce_precision_p and eqns[i].params == params):
            continue
        made, raw = eqns[i], Var(v.aval)
        outs = [raw if o is v else o for o in made.outvars]
        eqns[i] = Eqn(made.primitive, made.invars, outs, made.params, made.source)
        eqns.insert(i + 1, Eqn(reduce_precision_p, [raw], [v], params, made.source))
    return Jaxpr(fwd.constvars, fwd.invars, fwd.outvars, eqns)


_NESTED = [0]  # how many checkpointed bodies' jvps are being traced around this one


@jvp_rules.register(remat_p)
def _remat_jvp(primals, tangents, *, jaxpr, policy, prevent_cse, differentiated):
    nonzeros = [t is not None for t in tangents]
    ts = [t for t in tangents if t is not None]
    nested = _NESTED[0] > 0
    _NESTED[0] += 1
    try:
        with plain_names():
            jv = jvp_jaxpr(jaxpr, nonzeros, [aval_of(t) for t in ts])
    finally:
        _NESTED[0] -= 1
    consts, jv = closure_convert(jv)
    primals = [*consts, *primals]
    n_outs = len(jaxpr.out_avals)
    split = None
    if linearizing():  # a jvp alone is one call computing both, as JAX's
        split = split_for_remat(jv.jaxpr, len(primals), n_outs, policy or nothing_saveable)
    params = dict(policy=policy, prevent_cse=prevent_cse)
    if split is None:  # (also when a primal output reads a tangent: reverse mode then
        # refuses it, as a while's)
        outs = remat_p.bind(*primals, *ts, jaxpr=jv, differentiated=differentiated, **params)
        return outs[:n_outs], outs[n_outs:]
    fwd, tan, used = split
    # the forward inline, as JAX's linearization computes the known values (the policy's
    # saved ones among them), or, within another checkpointed body, a call of its own; the
    # tangent call recomputes the rest, marked differentiated
    if nested:
        outs = remat_p.bind(*primals, jaxpr=ClosedJaxpr(fwd, []), differentiated=False, **params)
    else:
        outs = eval_closed(ClosedJaxpr(fwd, []), primals)
    read = [primals[i] for i in used]
    touts = remat_p.bind(
        *outs[n_outs:], *read, *ts, jaxpr=ClosedJaxpr(tan, []), differentiated=True, **params
    )
    return outs[:n_outs], touts


# ---------------------------------------------------------------------------------------------
# transpose (of a tangent call): a differentiated call of the transposed body, recomputing the
# primal values it needs (behind a barrier, as it lowers).


@transpose_rules.register(remat_p)
def _remat_transpose(cts, *args, jaxpr, policy, prevent_cse, differentiated):
    linear = [is_undefined(a) for a in args]
    known = [a for a in args if not is_undefined(a)]
    ct_avals = [None if ct is None else aval_of(ct) for ct in cts]
    with plain_names():
        bwd = transpose_jaxpr(jaxpr, linear, ct_avals)
    consts, bwd = closure_convert(bwd)
    given = [ct for ct in cts if ct is not None]
    outs = iter(
        remat_p.bind(
            *consts, *known, *given, jaxpr=bwd, policy=policy, prevent_cse=prevent_cse,
            differentiated=True,
        )
    )  # fmt: skip
    return [next(outs) if lin else None for lin in linear]


# ---------------------------------------------------------------------------------------------
# Batching: the batched body, checkpointed alike.

axis_rules.add(remat_p)


@batching_rules.register(remat_p)
def _remat_batcher(args, dims, *, jaxpr, **params):
    with plain_names():
        new, out_batched = batch_jaxpr(jaxpr, [d is not None for d in dims])
    consts, new = closure_convert(new)
    outs = remat_p.bind(*consts, *all_to_front(args, dims), jaxpr=new, **params)
    return outs, [0 if b else None for b in out_batched]


__all__ = [
    "checkpoint",
    "checkpoint_name",
    "checkpoint_policies",
    "remat",
]


# ---------------------------------------------------------------------------------------------
# Sharding (explicit mode).

sharding_rules.register(remat_p, keep)
sharding_rules.register(name_p, same_as_first)


@sharding_rules.register(optimization_barrier_p)
def _barrier_sharding(out, *avals):
    return [spec_of(a) for a in avals]


def optimization_barrier(operand, /):
    """`operand` (a pytree) through an optimization barrier: XLA does not move computations
    across it (`lax.optimization_barrier`)."""
    leaves, tree = tree_flatten(operand)
    for i, leaf in enumerate(leaves):
        if isinstance(leaf, (str, bytes)):  # JAX's words (its jit-style argument check)
            raise MeshjitTypeError(
                "Error interpreting argument to optimization_barrier as a JAX value. The "
                f"problematic value is of type {type(leaf)} and was passed to "
                f"optimization_barrier at position {i}."
            )
    return tree_unflatten(tree, optimization_barrier_p.bind(*leaves))
