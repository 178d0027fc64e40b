"""The public autodiff API: jvp, linearize, vjp, grad, value_and_grad.

Each call traces `fun` to a jaxpr and transforms it (ad/transform.py). Under a trace (inside jit)
the transformed program is evaluated into that trace. Outside one it is traced once more into a
closed jaxpr and run by a jit cached on the jaxpr's structure, so repeated eager calls compile
once while still seeing the current values of what `fun` closes over.
"""

from __future__ import annotations

import functools
from typing import Callable, NamedTuple, Sequence

import numpy as np

from meshjit.compiler import tree_public
from meshjit.compiler.ad import transform as ad
from meshjit.compiler.api_util import check_callable
from meshjit.compiler.errors import (
    MeshjitNotImplementedError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import ClosedJaxpr, Jaxpr, Literal, TypedNdArray, Var, as_bound
from meshjit.compiler.ir.registry import impl_rules
from meshjit.compiler.lax import ad_util
from meshjit.compiler.trace.jaxprs import eval_closed, eval_jaxpr, trace_to_jaxpr
from meshjit.compiler.trace.tracing import (
    Tracer,
    abstractify,
    abstractify_or_ref,
    current_trace,
    jax_type_str,
    outside_traces,
    trace_flat,
)
from meshjit.compiler.traceback_util import api_boundary
from meshjit.compiler.tree_util import (
    tree_flatten,
    tree_structure,
    tree_unflatten,
    treedef_is_leaf,
)

float0 = ad_util.float0  # JAX's dtype of the tangents of integer and bool values

# ---------------------------------------------------------------------------------------------
# Running a traced function: inline under a trace, else through a jit cached by structure.


class _ById:
    """Hashes an unhashable parameter by identity (and keeps it alive in the cache key)."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def __hash__(self):
        return id(self.value)

    def __eq__(self, other):
        return type(other) is _ById and other.value is self.value


def param_key(value):
    """A hashable key of an equation's parameter: a jaxpr's structure (jaxpr_key), else the
    value, or its identity when it is unhashable."""
    if isinstance(value, ClosedJaxpr):
        return (jaxpr_key(value.jaxpr), tuple(_ById(c) for c in value.consts))
    if isinstance(value, Jaxpr):
        return jaxpr_key(value)
    if type(value) in (tuple, list):
        return tuple(param_key(v) for v in value)
    try:
        hash(value)
    except TypeError:
        return _ById(value)
    return value


def jaxpr_key(jaxpr: Jaxpr) -> tuple:
    """A hashable key equal for jaxprs of the same structure, types and parameters."""
    numbers: dict[int, int] = {}

    def atom(a):
        if type(a) is Literal:
            return (a.aval, np.asarray(a.val).tobytes())
        return numbers.setdefault(id(a), len(numbers))

    binders = [atom(v) for v in jaxpr.constvars + jaxpr.invars]
    eqns = tuple(
        (
            eqn.primitive,
            tuple(atom(a) for a in eqn.invars),
            tuple((atom(v), v.aval) for v in eqn.outvars),
            tuple((k, param_key(v)) for k, v in sorted(eqn.params.items())),
        )
        for eqn in jaxpr.eqns
    )
    avals = tuple(v.aval for v in jaxpr.constvars + jaxpr.invars)
    return (tuple(binders), avals, eqns, tuple(atom(a) for a in jaxpr.outvars))


_EAGER_CACHE: dict = {}


def run_jaxpr_now(jaxpr: Jaxpr, consts: Sequence, args: Sequence) -> list:
    """Runs `jaxpr` on concrete values, compiled once per structure (outside any trace)."""
    flat = Jaxpr([], jaxpr.constvars + jaxpr.invars, jaxpr.outvars, jaxpr.eqns)
    return _cached_jit(flat, "concrete")(*consts, *args)


def run(fun: Callable, args: Sequence, name: str) -> list:
    """`fun(*args)` (a list of arrays) in the current trace, or compiled when there is none."""
    if current_trace() is not None:
        return list(fun(*args))
    closed = trace_to_jaxpr(fun, [abstractify_or_ref(x) for x in args], known_values=args)
    if any(_user_impl(e.primitive) for e in closed.jaxpr.eqns):
        return eval_jaxpr(closed.jaxpr, closed.consts, args)  # op by op, as JAX's eager rules
    jaxpr = Jaxpr(
        [], closed.jaxpr.constvars + closed.jaxpr.invars, closed.jaxpr.outvars, closed.jaxpr.eqns
    )
    return list(_cached_jit(jaxpr, name)(*closed.consts, *args))


def _user_impl(prim) -> bool:
    """Whether `prim` runs eagerly by an impl the user gave (`def_impl` of a jax.extend
    Primitive): JAX's eager transformations call it on concrete values (NumPy's results)."""
    impl = impl_rules.get(prim)
    return impl is not None and not getattr(impl, "__module__", "meshjit").startswith("meshjit")


def _cached_jit(jaxpr: Jaxpr, name: str):
    key = (name, jaxpr_key(jaxpr))
    jitted = _EAGER_CACHE.get(key)
    if jitted is None:
        from meshjit.compiler.jit.api import JitFunction

        if len(_EAGER_CACHE) >= 512:
            _EAGER_CACHE.clear()
        run_jaxpr = functools.partial(eval_jaxpr, jaxpr, ())
        jitted = _EAGER_CACHE[key] = JitFunction(lambda *xs: run_jaxpr(xs), name=name)
    return jitted


# ---------------------------------------------------------------------------------------------
# Tracing the user's function.


class _Traced:
    """`fun` traced on flat inputs: its jaxpr, output trees and how many outputs are main."""

    __slots__ = ("closed", "out_tree", "aux_tree", "num_main", "constants")

    def __init__(self, closed, out_tree, aux_tree, num_main, constants=None):
        self.closed, self.out_tree, self.aux_tree = closed, out_tree, aux_tree
        self.num_main = num_main
        # the outputs `fun` returned untraced (a Python float, a NumPy value): by position
        self.constants = constants or {}

    def with_constants(self, outs: list) -> list:
        """`outs` with each output `fun` returned untraced as `fun` returned it (JAX's
        transformations hand such a value back as it is: a Python float stays one)."""
        if not self.constants:
            return outs
        return [self.constants.get(i, o) for i, o in enumerate(outs)]


def _trace_fun(
    fun: Callable, in_tree, avals, has_aux: bool, what: str, concrete=None, outer=None
) -> _Traced:
    """`concrete`: the inputs' values when called outside any trace, so `fun` may branch on
    them in Python (as JAX's eager autodiff); the jaxpr then follows the branches taken.
    `outer`: the enclosing trace's values the inputs stand for (named by its errors)."""
    trees = {}

    def flat_fun(*leaves):
        trace = current_trace()
        trace.differentiated, trace.outer = True, outer
        out = fun(*tree_unflatten(in_tree, leaves))
        aux = None
        if has_aux:
            if not isinstance(out, (tuple, list)) or len(out) != 2:
                raise MeshjitTypeError(
                    "expected function with aux output to return a two-element tuple, but got "
                    f"type {type(out)}: {what} with has_aux=True needs the function to return a "
                    "pair (output, aux)"
                )
            out, aux = out
        main, trees["out"] = tree_flatten(out)
        trees["constants"] = {i: x for i, x in enumerate(main) if not _traced(x)}
        aux_leaves, trees["aux"] = tree_flatten(aux)
        # As JAX: aux leaves that are no arrays (a string, a note) come back as they are.
        # As JAX: aux leaves the differentiation does not trace (a note, a Python number, a
        # NumPy array) come back as they are.
        trees["aux_static"] = {i: a for i, a in enumerate(aux_leaves) if not _traced(a)}
        return main + [a for i, a in enumerate(aux_leaves) if i not in trees["aux_static"]]

    kind = None if what in ("jvp", "saved_residuals") else "grad"  # as their tracers print
    closed, _ = trace_flat(flat_fun, avals, concrete, kind, autodiff=True)
    closed = _without_refs(closed)
    num_main = trees["out"].num_leaves
    aux_tree = _AuxTree(trees["aux"], trees["aux_static"]) if has_aux else None
    return _Traced(closed, trees["out"], aux_tree, num_main, trees["constants"])


def _traced(x) -> bool:
    return isinstance(x, Tracer)


def _without_refs(closed: ClosedJaxpr) -> ClosedJaxpr:
    """A function using mutable refs is differentiated as its functional program (discharged:
    the refs it closes over read at its start and written at its end)."""
    from meshjit.compiler.jit import refs  # a later layer

    return refs.discharged(closed) if refs.jaxpr_has_refs(closed.jaxpr) else closed


def _check_no_refs(leaves, what: str) -> None:
    """JAX rejects a ref among the differentiated inputs (its tangent would be a ref)."""
    for x in leaves:
        if getattr(x, "is_mutable_ref", False):
            raise MeshjitValueError(  # JAX's words first (its cotangent check's)
                f"Expected cotangent type {x.ref_aval} but got {x.ref_aval.inner_aval}"
                f": {what} of a function with respect to a mutable array reference of type "
                f"{x.ref_aval}: differentiate with respect to its value (ref[...]) and pass the "
                "reference as a non-differentiated argument or close over it"
            )


class _AuxTree:
    """The aux output's tree and its leaves that are no arrays (kept out of the trace)."""

    __slots__ = ("treedef", "static")

    def __init__(self, treedef, static: dict):
        self.treedef, self.static = treedef, static


def _aux_unflatten(aux_tree: _AuxTree, traced_leaves):
    given = iter(traced_leaves)
    n = aux_tree.treedef.num_leaves
    static = aux_tree.static
    return tree_unflatten(
        aux_tree.treedef, [static[i] if i in static else next(given) for i in range(n)]
    )


def concrete_leaves(leaves):
    """The inputs' values when no trace is current (they are concrete then), else None."""
    return list(leaves) if current_trace() is None else None


def _tangent_zeros(aval):
    return TypedNdArray(np.zeros(aval.shape, float0))  # as JAX hands them back


def _check_tangent(i: int, p_aval, t, what: str):
    """JAX's checks, in its order: the tangent's dtype (float0 for an int or bool primal),
    then its shape."""
    t_aval = abstractify(t) if not _is_float0(t) else None
    want = p_aval.dtype if ad_util.has_tangent(p_aval) else float0
    got = float0 if t_aval is None else t_aval.dtype
    if got != want and what.startswith("linearize") and t_aval is not None:
        raise MeshjitValueError(  # JAX's words: a linearized function compares the types
            "linearized function called on tangent values inconsistent with the original "
            f"primal values:\nGot tangent aval {jax_type_str(t_aval)} for primal aval "
            f"{jax_type_str(p_aval)} but expected {jax_type_str(p_aval.update(dtype=want))}."
        )
    if got != want:
        err = MeshjitTypeError(  # JAX's words (its missing space too)
            "primal and tangent arguments to jax.jvp do not match; dtypes must be equal, or in "
            "case of int/bool primal dtype the tangent dtype must be float0.Got primal dtype "
            f"{p_aval.dtype} and so expected tangent dtype {np.dtype(want).name}, but got "
            f"tangent dtype {np.dtype(got).name} instead."
        )
        err.add_note(f"{what}: tangent {i}")
        raise err
    shape = np.shape(t) if t_aval is None else t_aval.shape
    if shape != p_aval.shape and what.startswith("linearize"):
        got = p_aval.update(shape=shape).str_long() if t_aval is not None else f"float0{shape}"
        raise MeshjitValueError(  # JAX's words
            "linearized function called on tangent values inconsistent with the original "
            f"primal values:\nGot tangent aval {got} for primal aval {p_aval.str_long()} but "
            f"expected {p_aval.str_long()}."
        )
    if shape != p_aval.shape:
        err = MeshjitValueError(
            "jvp called with different primal and tangent shapes;Got primal shape "  # JAX's
            f"{p_aval.shape} and tangent shape as {shape}"
        )
        err.add_note(f"{what}: tangent {i}")
        raise err


def _is_float0(x) -> bool:
    return getattr(x, "dtype", None) == float0


def _with_float0(values: list, avals) -> list:
    it = iter(values)
    return [next(it) if ad_util.has_tangent(a) else _tangent_zeros(a) for a in avals]


# ---------------------------------------------------------------------------------------------
# jvp and linearize.


def _as_tuples(primals, tangents) -> tuple[tuple, tuple]:
    """jvp's primals and tangents as tuples; JAX's words name both arguments' types."""
    if not (isinstance(primals, (tuple, list)) and isinstance(tangents, (tuple, list))):
        raise MeshjitTypeError(
            "primal and tangent arguments to jax.jvp must be tuples or lists; found "
            f"{type(primals).__name__} and {type(tangents).__name__}."
        )
    return tuple(primals), tuple(tangents)


def jvp(fun: Callable, primals, tangents, has_aux: bool = False):
    """(fun(*primals), the derivative of fun at primals applied to tangents)."""
    return jvp_known(fun, primals, tangents, has_aux, known=None)


def jvp_known(fun: Callable, primals, tangents, has_aux: bool = False, *, known=None):
    """jvp; `known`: the primals' flat values when they are concrete though a trace is current
    (jacfwd's jvp under its vmap), so `fun` may still branch on them in Python."""
    check_callable(fun)
    given_types = type(primals), type(tangents)
    primals, tangents = _as_tuples(primals, tangents)
    p_leaves, p_tree = tree_flatten(primals)
    _check_no_refs(p_leaves, "jvp")
    t_leaves, t_tree = tree_flatten(tangents, is_leaf=_is_float0)
    if p_tree != t_tree or given_types[0] is not given_types[1]:  # a tuple and a list differ
        p_tree, t_tree = (
            tree_structure(given_types[0](primals)),
            tree_structure(given_types[1](tangents), is_leaf=_is_float0),
        )
        raise MeshjitTypeError(
            "primal and tangent arguments to jax.jvp must have the same tree structure; "
            f"primals have tree structure {p_tree} whereas tangents have tree structure {t_tree}."
        )
    avals = [abstractify(x) for x in p_leaves]
    for i, (a, t) in enumerate(zip(avals, t_leaves)):
        _check_tangent(i, a, t, "jvp")
    nonzeros = [ad_util.has_tangent(a) for a in avals]
    t_args = [t for t, nz in zip(t_leaves, nonzeros) if nz]
    box = {}
    concrete = concrete_leaves(p_leaves) if known is None else known

    def body(*args):
        n = len(p_leaves)
        traced = box["traced"] = _trace_fun(fun, p_tree, avals, has_aux, "jvp", concrete, args[:n])
        it = iter(args[n:])
        ts = [next(it) if nz else None for nz in nonzeros]
        outs, touts = ad.jvp_eval(traced.closed.jaxpr, traced.closed.consts, args[:n], ts)
        touts = [ad_util.instantiate(t, ad_util.aval_of(o)) for t, o in zip(touts, outs)]
        m = traced.num_main
        return outs + [
            t for t, o in zip(touts[:m], outs) if ad_util.has_tangent(ad_util.aval_of(o))
        ]

    flat = run(body, p_leaves + t_args, "jvp")
    traced = box["traced"]
    m, out_avals = traced.num_main, traced.closed.out_avals
    outs, aux = flat[:m], flat[m : len(out_avals)]
    touts = _with_float0(flat[len(out_avals) :], out_avals[:m])
    outs = traced.with_constants(passed_through(traced.closed.jaxpr, outs, p_leaves))
    touts = passed_through(traced.closed.jaxpr, touts, t_leaves)
    result = (tree_unflatten(traced.out_tree, outs), tree_unflatten(traced.out_tree, touts))
    return result + (_aux_unflatten(traced.aux_tree, aux),) if has_aux else result


def passed_through(jaxpr, outs: list, leaves: list) -> list:
    """`outs` with each output that is an input of `jaxpr` (the function returned an argument
    untouched) the caller's leaf of that input, as JAX's transformations hand it back (a
    Python float stays one, through vjp as a TypedFloat: `leaves` as_bound)."""
    if len(jaxpr.invars) != len(leaves):
        return outs
    position = {v: k for k, v in enumerate(jaxpr.invars)}
    return [
        leaves[position[v]] if type(v) is Var and v in position else o
        for v, o in zip(jaxpr.outvars, outs)
    ]


def cotangents_through(jaxpr, num_main: int) -> dict:
    """{input: output} for each input of `jaxpr` that is one main output and used nowhere
    else: its cotangent is that output's as the caller gave it (JAX's backward pass hands it
    back untouched, a Python float or a NumPy array as it is)."""
    used = {v for eqn in jaxpr.eqns for v in eqn.invars if type(v) is Var}
    outs = [v for v in jaxpr.outvars if type(v) is Var]
    through = {}
    for i, v in enumerate(jaxpr.invars):
        if v not in used and outs.count(v) == 1:
            j = jaxpr.outvars.index(v)
            if j < num_main:
                through[i] = j
    return through


def _linearize_traced(traced: _Traced, nonzeros, concrete=None) -> ad.Linearized:
    return ad.linearize_jaxpr(traced.closed, nonzeros, known=concrete)


def _linearized_forward(fun: Callable, primals, has_aux: bool, what: str) -> _Forward:
    """Traces `fun`, splits its jvp into a forward and a linear jaxpr, and runs the forward."""
    p_leaves, p_tree = tree_flatten(primals)
    _check_no_refs(p_leaves, what)
    avals = [abstractify(x) for x in p_leaves]
    nonzeros = [ad_util.has_tangent(a) for a in avals]
    box = {}
    concrete = concrete_leaves(p_leaves)

    def forward(*args):
        traced = box["traced"] = _trace_fun(fun, p_tree, avals, has_aux, what, concrete, args)
        lin = box["lin"] = _linearize_traced(traced, nonzeros, concrete)
        return eval_closed(lin.fwd, args)

    flat = run(forward, p_leaves, f"{what}_fwd")
    traced, lin = box["traced"], box["lin"]
    m, n_out = traced.num_main, len(traced.closed.out_avals)
    outs, aux, res = flat[:m], flat[m:n_out], flat[n_out:]
    return _Forward(traced, lin, p_tree, avals, nonzeros, outs, aux, res, p_leaves)


class _Forward(NamedTuple):
    traced: _Traced
    lin: ad.Linearized
    p_tree: object
    avals: list
    nonzeros: list
    outs: list
    aux: list
    res: list
    leaves: list


def linearize(fun: Callable, *primals, has_aux: bool = False):
    """(fun(*primals), f_jvp) where f_jvp(*tangents) applies the derivative at primals."""
    check_callable(fun)
    fw = _linearized_forward(fun, primals, has_aux, "linearize")
    traced, lin, p_tree, avals, nonzeros = fw.traced, fw.lin, fw.p_tree, fw.avals, fw.nonzeros
    outs, aux, res, m = fw.outs, fw.aux, fw.res, traced.num_main
    out_avals = traced.closed.out_avals[:m]

    outs = traced.with_constants(passed_through(traced.closed.jaxpr, outs, fw.leaves))

    def f_jvp(*tangents):
        t_leaves, t_tree = tree_flatten(tangents, is_leaf=_is_float0)
        if t_tree != p_tree:
            raise MeshjitTypeError(  # JAX's words first
                f"expected {p_tree}, got {t_tree} (f_jvp expects tangents structured as the "
                "primals)"
            )
        for i, (a, t) in enumerate(zip(avals, t_leaves)):
            _check_tangent(i, a, t, "linearize f_jvp")
        ts = [t for t, nz in zip(t_leaves, nonzeros) if nz]
        touts = run(lambda *xs: eval_closed(lin.lin, xs)[:m], list(res) + ts, "linearize_jvp")
        touts = [t for t, a in zip(touts, out_avals) if ad_util.has_tangent(a)]
        return tree_unflatten(traced.out_tree, _with_float0(touts, out_avals))

    result = (tree_unflatten(traced.out_tree, outs), api_boundary(f_jvp))
    return result + (_aux_unflatten(traced.aux_tree, aux),) if has_aux else result


# ---------------------------------------------------------------------------------------------
# vjp.


def _backward(lin: ad.Linearized, res, cts) -> list:
    args = list(res) + [ad_util.UndefinedPrimal(a) for a in lin.lin.in_avals[lin.num_res :]]
    cts_in = ad.backward_pass(lin.lin.jaxpr, [], args, cts)[lin.num_res :]
    return ad.instantiate_cts(cts_in, lin.lin.in_avals[lin.num_res :])


def _check_cotangents(ct_leaves, out_avals, what: str) -> list:
    out = []
    for i, (ct, aval) in enumerate(zip(ct_leaves, out_avals)):
        if not ad_util.has_tangent(aval):
            out.append(None)
            continue
        c = abstractify(ct)
        if c.shape != aval.shape or (c.dtype != aval.dtype and not c.weak_type):
            err = MeshjitValueError(  # JAX's words
                f"unexpected JAX type (e.g. shape/dtype) for argument to VJP function: got "
                f"{c.str_long()}, but expected {aval.str_long()} because the corresponding "
                f"output of the differentiated function had JAX type {aval.str_long()}"
            )
            err.add_note(f"{what}: cotangent {i}")
            raise err
        out.append(ct)
    return out


def _single_cotangent(args: tuple, fun):
    if len(args) != 1:
        name = getattr(fun, "__name__", "the function")
        raise MeshjitTypeError(
            f"The function returned by `jax.vjp` applied to {name} was called with "
            f"{len(args)} arguments, but functions returned by `jax.vjp` must be called with a "
            f"single argument corresponding to the single value returned by {name} (even if "
            "the returned value is a tuple or other container)."
        )
    return args[0]


def vjp(fun: Callable, *primals, has_aux: bool = False, reduce_axes=()):
    """(fun(*primals), f_vjp) where f_vjp(cotangent) pulls a cotangent back to the primals."""
    check_callable(fun)
    _check_reduce_axes(reduce_axes)
    fw = _linearized_forward(fun, primals, has_aux, "vjp")
    traced, lin, p_tree, avals, nonzeros = fw.traced, fw.lin, fw.p_tree, fw.avals, fw.nonzeros
    outs, aux, res, m = fw.outs, fw.aux, fw.res, traced.num_main
    out_avals, n_out = traced.closed.out_avals, len(traced.closed.out_avals)

    outs = passed_through(traced.closed.jaxpr, outs, [as_bound(x) for x in fw.leaves])
    outs = traced.with_constants(outs)
    through = cotangents_through(traced.closed.jaxpr, m)

    def f_vjp(*args):
        ct = _single_cotangent(args, fun)
        ct_leaves, ct_tree = tree_flatten(ct)
        if ct_tree != traced.out_tree:
            raise MeshjitValueError(
                "unexpected tree structure.\n\nThe argument to a VJP function returned by "
                f"`jax.vjp` must match the pytree structure of the differentiated function's "
                f"output, {traced.out_tree}; got {ct_tree}."
            )
        cts = _check_cotangents(ct_leaves, out_avals[:m], "vjp")
        given = [c for c in cts if c is not None]

        def backward(*args):
            r, it = args[: lin.num_res], iter(args[lin.num_res :])
            full = [None if c is None else next(it) for c in cts]
            return _backward(lin, r, full + [None] * (n_out - m))

        cts_in = run(backward, list(res) + given, "vjp_bwd") if any(nonzeros) else []
        cts_in = _with_float0(cts_in, avals)
        for i, j in through.items():
            if nonzeros[i] and cts[j] is not None:
                cts_in[i] = ct_leaves[j]
        return tree_unflatten(p_tree, cts_in)

    result = (tree_unflatten(traced.out_tree, outs), api_boundary(f_vjp))
    return result + (_aux_unflatten(traced.aux_tree, aux),) if has_aux else result


# ---------------------------------------------------------------------------------------------
# grad and value_and_grad.


def _check_argnums_kind(argnums) -> None:
    """As JAX's grad, when made: `argnums` an index or an iterable of them (`grad(f, 1.0)`,
    a value given where argnums goes, is Python's TypeError then)."""
    if isinstance(argnums, (int, np.integer)):
        return
    try:
        iter(argnums)
    except TypeError:
        raise MeshjitTypeError(
            f"'{type(argnums).__name__}' object is not iterable (grad argnums={argnums!r})"
        ) from None


def _argnums(argnums, nargs: int, what: str) -> tuple[int, ...]:
    """As JAX: a TypeError for an index past the arguments, a ValueError for one before them."""
    nums = (argnums,) if isinstance(argnums, int) else tuple(argnums)
    for n in nums:
        if not isinstance(n, (int, np.integer)):
            raise MeshjitTypeError(
                f"'{type(n).__name__}' object cannot be interpreted as an integer ({what} "
                f"argnums={argnums!r})"
            )
    if max(nums) >= nargs:
        raise MeshjitTypeError(  # JAX's words
            f"differentiating with respect to argnums={argnums} requires at least "
            f"{max(nums) + 1} positional arguments to be passed by the caller, but got only "
            f"{nargs} positional arguments."
        )
    if min(nums) < -nargs:
        raise MeshjitValueError(
            "Positional argument indices, e.g. for `static_argnums`, must have value greater "
            "than or equal to -len(args) and less than len(args), but got value "
            f"{min(nums)} for len(args) == {nargs}. ({what} argnums={argnums})"
        )
    return tuple(int(n) % nargs for n in nums)


def _check_reduce_axes(reduce_axes) -> None:
    if reduce_axes:  # as JAX 0.10.2, which removed it
        raise MeshjitNotImplementedError("reduce_axes argument to grad is deprecated")


def _check_grad_inputs(leaves, what, holomorphic=False, allow_int=False, given=None):
    """`given`: the arguments `leaves` flatten (a typed key among them is named by its dtype)."""
    for x in leaves:
        aval = abstractify(x)
        if allow_int and not ad_util.has_tangent(aval):
            continue  # its gradient is float0 zeros
        if holomorphic and not dtypes.is_complex(aval.dtype):
            raise MeshjitTypeError(
                f"{what} with holomorphic=True requires inputs with complex dtype, but got "
                f"{aval.dtype.name}."
            )
        if not ad_util.has_tangent(aval):
            raise MeshjitTypeError(
                f"{what} requires real- or complex-valued inputs (input dtype that is a "
                f"sub-dtype of np.inexact), but got {_key_dtype(given) or aval.dtype.name}. "
                "If you want to use "
                "Boolean- or integer-valued inputs, use vjp or set allow_int to True."
            )


def _key_dtype(given) -> str | None:
    """The dtype name of the first typed key in `given` (JAX's name for a key input)."""
    keys = [x for x in tree_public.tree_leaves(given) if tree_public.is_opaque_leaf(x)]
    return keys[0].dtype.name if keys else None


class _Shown(str):
    """An output array in the words of grad's error: its type, unquoted in a container."""

    __repr__ = str.__str__


def _check_scalar_output(
    traced: _Traced, what: str, holomorphic: bool = False, given=None, concrete=None
):
    """`given`: the differentiated input leaves; `concrete`: their values at the top level."""
    avals = traced.closed.out_avals[: traced.num_main]
    if len(avals) != 1 or avals[0].shape != () or not treedef_is_leaf(traced.out_tree):
        got = ", ".join(a.str_short() for a in avals) or "no arrays"
        if len(avals) == 1 and avals[0].shape:  # JAX's sentence alone: programs print it
            raise MeshjitTypeError(
                "Gradient only defined for scalar-output functions. Output had shape: "
                f"{avals[0].shape}."
            )
        shown = tree_unflatten(traced.out_tree, _shown_outputs(traced, given, concrete))
        raise MeshjitTypeError(  # JAX's words: the output, its arrays shown as JAX's grad has them
            f"Gradient only defined for scalar-output functions. Output was {shown}. {what} "
            f"requires a scalar output, got {got}"
        )
    check_output_dtype(avals[0], what, holomorphic)


def _shown_outputs(traced: _Traced, given, concrete) -> list:
    """The main outputs as JAX's grad shows them in its error: an input passed through as it
    was given (a Python float as TypedFloat), a Python number as itself, a computed array by
    its value at the top level (JAX's grad computes it) and as a traced value inside a trace."""
    jaxpr = traced.closed.jaxpr
    outvars = jaxpr.outvars[: traced.num_main]
    values = _concrete_outputs(traced, concrete) if concrete is not None else None
    shown = []
    for i, v in enumerate(outvars):
        aval = traced.closed.out_avals[i]
        if isinstance(v, Literal):
            shown.append(_Shown(_shown_literal(v, aval)))
        elif given is not None and any(v is u for u in jaxpr.invars):
            k = next(k for k, u in enumerate(jaxpr.invars) if v is u)
            shown.append(_Shown(_shown_input(given[k], aval)))
        elif values is not None:
            shown.append(_Shown(repr(values[i])))
        else:
            weak = "~" if aval.weak_type else ""
            shown.append(_Shown(f"JitTracer({weak}{aval.str_long()})"))
    return shown


def _shown_literal(v: Literal, aval) -> str:
    value = np.asarray(v.val)
    return repr(value.item()) if aval.weak_type and not aval.shape else repr(value)


def _shown_input(x, aval) -> str:
    if isinstance(x, Tracer):
        return f"JitTracer({'~' if aval.weak_type else ''}{aval.str_long()})"
    if isinstance(x, float):
        return f"TypedFloat({x!r}, dtype={aval.dtype.name})"
    return repr(x)


def _concrete_outputs(traced: _Traced, concrete):
    """The outputs' values on the concrete inputs (None when they cannot be computed)."""
    try:
        with outside_traces():
            return run(lambda *xs: eval_closed(traced.closed, xs), concrete, "grad")
    except Exception:  # noqa: BLE001 - the error then shows the outputs' types
        return None


def check_output_dtype(aval, what: str, holomorphic: bool) -> None:
    """JAX's rule for reverse mode's outputs: complex exactly when holomorphic=True."""
    if holomorphic and not dtypes.is_complex(aval.dtype):
        raise MeshjitTypeError(
            f"{what} with holomorphic=True requires outputs with complex dtype, but got "
            f"{aval.dtype.name}."
        )
    if not holomorphic and dtypes.is_complex(aval.dtype):
        raise MeshjitTypeError(
            f"{what} requires real-valued outputs (output dtype that is a sub-dtype of "
            f"np.floating), but got {aval.dtype.name}. For holomorphic differentiation, pass "
            "holomorphic=True. For differentiation of non-holomorphic functions involving "
            "complex outputs, use jax.vjp directly."
        )
    if not ad_util.has_tangent(aval):
        raise MeshjitTypeError(
            f"{what} requires real-valued outputs (output dtype that is a sub-dtype of "
            f"np.floating), but got {aval.dtype.name}. For differentiation of functions with "
            "integer outputs, use jax.vjp directly."
        )


def value_and_grad(
    fun: Callable,
    argnums=0,
    has_aux: bool = False,
    holomorphic: bool = False,
    allow_int: bool = False,
    reduce_axes=(),
) -> Callable:
    """A function returning (fun(*args), its gradient with respect to args[argnums]). A
    real-valued `fun` may take complex inputs (the gradient is JAX's: the conjugate of
    d fun / d z-bar times two); a complex-valued one needs `holomorphic=True` and complex
    inputs, and its gradient is the complex derivative. With `allow_int`, integer and bool
    inputs get float0 gradients, as in JAX."""
    check_callable(fun)
    _check_reduce_axes(reduce_axes)
    _check_argnums_kind(argnums)

    @functools.wraps(fun)
    def value_and_grad_fun(*args, **kwargs):
        nums = _argnums(argnums, len(args), "grad")
        diff = tuple(args[i] for i in nums)
        leaves, tree = tree_flatten(diff)
        _check_no_refs(leaves, "grad")
        _check_grad_inputs(leaves, "grad", holomorphic, allow_int, diff)
        avals = [abstractify(x) for x in leaves]
        nonzeros = [ad_util.has_tangent(a) for a in avals]
        box = {}
        concrete = concrete_leaves(leaves)

        def call(*diff_args):
            full = list(args)
            for i, x in zip(nums, diff_args):
                full[i] = x
            return fun(*full, **kwargs)

        def body(*xs):
            traced = box["traced"] = _trace_fun(call, tree, avals, has_aux, "grad", concrete, xs)
            lin = _linearize_traced(traced, nonzeros, concrete)  # its errors first, as JAX's vjp
            _check_scalar_output(traced, "grad", holomorphic, leaves, concrete)
            flat = eval_closed(lin.fwd, xs)
            n_out = len(traced.closed.out_avals)
            one = _seed(traced.closed.out_avals[0])
            grads = _backward(lin, flat[n_out:], [one] + [None] * (n_out - 1))
            return flat[:n_out] + grads

        flat = run(body, leaves, "grad")
        traced = box["traced"]
        n_out = len(traced.closed.out_avals)
        outs = passed_through(traced.closed.jaxpr, flat[:n_out], [as_bound(x) for x in leaves])
        outs = traced.with_constants(outs)
        value = outs[0]
        grads = tree_unflatten(tree, _with_float0(flat[n_out:], avals))
        grads = grads[0] if isinstance(argnums, int) else grads
        if has_aux:
            return (value, _aux_unflatten(traced.aux_tree, outs[1:])), grads
        return value, grads

    return value_and_grad_fun


def _seed(out):
    """The cotangent 1 of a scalar output: a literal 1.0 typed as the output (weak for a weak
    output, as JAX's seed: gradients at weak inputs stay weak)."""
    one = np.ones((), out.dtype)
    if out.weak_type:
        weak = abstractify(one.item())
        if weak.dtype == out.dtype:
            return one.item()
    return one


def grad(
    fun: Callable,
    argnums=0,
    has_aux: bool = False,
    holomorphic: bool = False,
    allow_int: bool = False,
    reduce_axes=(),
) -> Callable:
    """The gradient of a scalar-valued `fun` with respect to args[argnums] (`holomorphic`,
    `allow_int`: as in `value_and_grad`)."""
    check_callable(fun)
    vg = value_and_grad(fun, argnums, has_aux, holomorphic, allow_int, reduce_axes)

    @functools.wraps(fun)
    def grad_fun(*args, **kwargs):
        (value, grads) = vg(*args, **kwargs)
        return (grads, value[1]) if has_aux else grads

    return grad_fun


# ---------------------------------------------------------------------------------------------
# linear_transpose.


def linear_transpose(fun: Callable, *primals, reduce_axes=()):
    """The transpose of the linear `fun` at the types of `primals`: a function taking an
    output cotangent and returning the tuple of input cotangents."""
    leaves, in_tree = tree_flatten(primals)
    avals = [abstractify(x) for x in leaves]
    for aval in avals:
        if not ad_util.has_tangent(aval):
            raise MeshjitTypeError(
                f"linear_transpose only supports float inputs, got {aval.str_short()}"
            )
    closed, out_tree = trace_flat(lambda *xs: fun(*tree_unflatten(in_tree, xs)), avals)

    def transposed(out_cotangent):
        ct_leaves, ct_tree = tree_flatten(out_cotangent)
        if ct_tree != out_tree:
            raise MeshjitTypeError(
                f"cotangent tree does not match function output, expected {out_tree} but got "
                f"{ct_tree} (linear_transpose)"
            )
        for ct, aval in zip(ct_leaves, closed.out_avals):
            c = abstractify(ct)
            if c.shape != aval.shape or (c.dtype != aval.dtype and not c.weak_type):
                raise MeshjitTypeError(
                    "cotangent type does not match function output, expected "
                    f"{[a.str_short() for a in closed.out_avals]} but got "
                    f"{[abstractify(x).str_short() for x in ct_leaves]} (linear_transpose)"
                )
        cts = _check_cotangents(ct_leaves, closed.out_avals, "linear_transpose")
        given = [c for c in cts if c is not None]
        ct_avals = [None if c is None else a for c, a in zip(cts, closed.out_avals)]

        def backward(*args):
            bwd = ad.transpose_jaxpr(closed, [True] * len(avals), ct_avals)
            return eval_closed(bwd, args)

        return tree_unflatten(in_tree, run(backward, given, "linear_transpose"))

    return transposed
