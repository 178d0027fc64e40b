"""jit of functions using mutable array references: the traced jaxpr (with `Ref{...}` inputs,
constants and get / swap equations, as make_jaxpr prints it) runs as a functional program
(discharged) that takes the refs' values and returns their final ones, written back after
the call. Also JAX's errors for refs a jit cannot take: aliased, or returned."""

from __future__ import annotations

import functools
import itertools

from meshjit.compiler.errors import (
    MeshjitNotImplementedError,
    MeshjitValueError,
    enter_source,
    leave_source,
)
from meshjit.compiler.ir.core import ClosedJaxpr, Jaxpr, Literal, param_jaxprs
from meshjit.compiler.jit.pjit import pjit_p
from meshjit.compiler.numpy.creation import asarray
from meshjit.compiler.state.primitives import (
    discharge_rules,
    empty_ref_p,
    get_p,
    new_ref_p,
    swap_p,
)
from meshjit.compiler.state.ref import Ref, is_ref
from meshjit.compiler.state.types import AbstractRef, is_ref_aval
from meshjit.compiler.trace.jaxprs import trace_to_jaxpr
from meshjit.compiler.tree_util import (
    keystr,
    tree_flatten,
    tree_flatten_with_path,
    tree_unflatten,
)

_CREATORS = (new_ref_p, empty_ref_p)


def jaxpr_has_refs(jaxpr: Jaxpr) -> bool:
    """Whether the program takes, makes or uses a ref (it then runs discharged). A ref enters
    a program only as an input, through a creating equation, or inside an equation's
    sub-program, so equations' operands need no look (this runs on every traced jit)."""
    if not AbstractRef.made:
        return False
    if any(is_ref_aval(v.aval) for v in itertools.chain(jaxpr.constvars, jaxpr.invars)):
        return True
    return any(_makes_or_uses_refs(eqn) for eqn in jaxpr.eqns)


def _makes_or_uses_refs(eqn) -> bool:
    if eqn.primitive in discharge_rules or eqn.primitive in _CREATORS:
        return True
    return bool(eqn.params) and any(jaxpr_has_refs(_open(j)) for j in param_jaxprs(eqn.params))


def _eqn_has_refs(eqn) -> bool:
    """Whether discharging must look into `eqn`: it makes or uses refs, or takes one."""
    return _makes_or_uses_refs(eqn) or any(is_ref_aval(a.aval) for a in eqn.invars)


def _open(j) -> Jaxpr:
    return j.jaxpr if isinstance(j, ClosedJaxpr) else j


# -- discharge --------------------------------------------------------------------------------


def _read(env: dict, atom):
    return atom.value() if type(atom) is Literal else env[id(atom)]


def run_discharged(jaxpr: Jaxpr, consts, args) -> tuple[list, list]:
    """Binds `jaxpr`'s equations with every ref replaced by the value it holds: returns the
    outputs and the final values of the constvars and invars (a ref's, after its writes)."""
    env = {
        id(v): x for v, x in zip(itertools.chain(jaxpr.constvars, jaxpr.invars), [*consts, *args])
    }
    for eqn in jaxpr.eqns:
        values = [_read(env, a) for a in eqn.invars]
        previous = enter_source(eqn.source)  # rebound at the user's line, as any interpreter
        try:
            outs = _run_eqn(env, eqn, values)
        finally:
            leave_source(previous)
        for var, value in zip(eqn.outvars, outs):
            env[id(var)] = value
    finals = [env[id(v)] for v in itertools.chain(jaxpr.constvars, jaxpr.invars)]
    return [_read(env, a) for a in jaxpr.outvars], finals


def _run_eqn(env: dict, eqn, values) -> list:
    prim, params = eqn.primitive, eqn.params
    if prim is new_ref_p:  # (a Python number held as an array, weakly typed, as JAX's)
        return [v if hasattr(v, "shape") else asarray(v) for v in values]
    if prim is empty_ref_p:
        from meshjit.compiler import numpy as jnp  # a later room

        return [jnp.zeros(params["aval"].shape, params["aval"].dtype)]
    rule = discharge_rules.get(prim)
    if rule is not None:
        new, outs = rule(*values, **params)
        if new is not None:
            env[id(eqn.invars[0])] = new
        return outs if prim.multiple_results else [outs]
    if not _eqn_has_refs(eqn):
        outs = prim.bind(*values, **params)
        return outs if prim.multiple_results else [outs]
    if prim.name == "remat2":
        return _remat(env, eqn, values, **params)
    if prim is pjit_p:  # a nested jit using refs: its equations, inline
        return _inline(env, eqn, values, params["jaxpr"])
    if prim.name == "shard_map" and not any(is_ref_aval(a.aval) for a in eqn.invars):
        return _shard_map(values, **params)
    rule = _CONTROL_FLOW.get(prim.name)
    if rule is not None:  # the loop or branches again, each ref's value carried through
        refs = _RefSlots(eqn)
        outs, finals = rule(refs, values, **params)
        refs.write_back(env, finals)
        return outs
    if prim.name in _CUSTOM_CALLS and _own_refs_only(eqn):
        outs = prim.bind(*values, **_discharged_params(params))
        return outs if prim.multiple_results else [outs]
    raise MeshjitNotImplementedError(
        f"mutable array references used inside `{prim.name}` are not supported yet"
    )


# Calls whose rules (custom derivatives) keep their function as a ClosedJaxpr param.
_CUSTOM_CALLS = ("custom_vjp_call", "custom_jvp_call")


def _own_refs_only(eqn) -> bool:
    """Whether the refs an equation's sub-programs use are all made inside them (a Pallas
    kernel's blocks), none taken from the caller nor closed over."""
    if any(is_ref_aval(a.aval) for a in eqn.invars):
        return False
    subs = [j for j in param_jaxprs(eqn.params) if jaxpr_has_refs(_open(j))]
    return all(
        isinstance(j, ClosedJaxpr) and not any(is_ref_aval(v.aval) for v in j.jaxpr.constvars)
        for j in subs
    )


def _discharged_params(params: dict) -> dict:
    """`params` with each sub-program that makes refs of its own discharged (same signature)."""
    return {
        k: discharged(v) if isinstance(v, ClosedJaxpr) and jaxpr_has_refs(v.jaxpr) else v
        for k, v in params.items()
    }


def _inline(env: dict, eqn, values, inner: ClosedJaxpr) -> list:
    outs, finals = run_discharged(inner.jaxpr, inner.consts, values)
    for atom, final in zip(eqn.invars, finals[len(inner.consts) :]):
        if is_ref_aval(atom.aval):
            env[id(atom)] = final
    return outs


def _remat(env: dict, eqn, values, *, jaxpr, **params) -> list:
    """A checkpointed function using refs, still one (its policy kept) with its body
    discharged; inline when it writes a ref it takes (the value written would leave it with
    a tangent, which a non-differentiated ref cannot take)."""
    from meshjit.compiler.lax.ad_util import closure_convert  # autodiff's room, later

    refs = [i for i, atom in enumerate(eqn.invars) if is_ref_aval(atom.aval)]
    writes = []

    def body(*args):
        outs, finals = run_discharged(jaxpr.jaxpr, jaxpr.consts, args)
        finals = finals[len(jaxpr.consts) :]
        writes.extend(i for i in refs if finals[i] is not args[i])
        return outs

    avals = [a.inner_aval if is_ref_aval(a) else a for a in (v.aval for v in eqn.invars)]
    consts, body_jaxpr = closure_convert(trace_to_jaxpr(body, avals))
    if writes:
        return _inline(env, eqn, values, jaxpr)
    return eqn.primitive.bind(*consts, *values, jaxpr=body_jaxpr, **params)


def _shard_map(values, *, jaxpr, in_specs, **params) -> list:
    """A shard_map whose body makes and uses refs of its own (a Pallas kernel's blocks): the
    same shard_map over its body discharged."""
    from meshjit.compiler.lax.ad_util import closure_convert  # autodiff's room, later
    from meshjit.compiler.parallel.shard_map import body_env, shard_map_p
    from meshjit.compiler.parallel.sharding import PartitionSpec

    def body(*args):
        return run_discharged(jaxpr.jaxpr, jaxpr.consts, args)[0]

    env = body_env(params["mesh"], params["manual_axes"], params["check_vma"])
    consts, new = closure_convert(trace_to_jaxpr(body, jaxpr.in_avals, env))
    specs = (PartitionSpec(),) * len(consts) + tuple(in_specs)
    return shard_map_p.bind(*consts, *values, jaxpr=new, in_specs=specs, **params)


def discharged(closed: ClosedJaxpr) -> ClosedJaxpr:
    """`closed` as a program without refs of its own, for the transforms (autodiff) that work
    on values: the refs it makes live in its equations as values; the refs it closes over are
    read at its start and, when it writes them, written once at its end (get / swap)."""
    jaxpr, consts = closed.jaxpr, closed.consts
    if any(is_ref_aval(v.aval) for v in jaxpr.invars):
        raise MeshjitValueError("a mutable array reference cannot be a transformed input")
    refs = [i for i, v in enumerate(jaxpr.constvars) if is_ref_aval(v.aval)]

    def fun(*args):
        values = list(consts)
        for i in refs:
            values[i] = get_p.bind(_ref_operand(consts[i]), index=())
        outs, finals = run_discharged(jaxpr, values, args)
        for i in refs:
            if finals[i] is not values[i]:
                swap_p.bind(_ref_operand(consts[i]), finals[i], index=())
        return outs

    return trace_to_jaxpr(fun, closed.in_avals)


def _ref_operand(const):
    """A closed-over ref in the current trace: an eager Ref's tracer, or an enclosing trace's
    ref tracer as it is (captured as any enclosing value)."""
    return const.operand() if is_ref(const) else const


# -- calls ------------------------------------------------------------------------------------


class RefRunner:
    """The discharged program of one traced jaxpr, jitted: (ref constants' values, argument
    values) -> (outputs, the ref constants' and ref arguments' final values)."""

    __slots__ = ("closed", "const_refs", "jitted")

    def __init__(self, closed: ClosedJaxpr, name: str, out_tree):
        from meshjit.compiler.jit.api import JitFunction  # this module's caller

        self.closed = closed
        self.const_refs = [i for i, c in enumerate(closed.consts) if is_ref(c)]
        self.jitted = JitFunction(self._run, name=name)
        self.jitted.result_names = functools.partial(self._result_names, out_tree)

    def _run(self, args, ref_values):  # as JAX's: the closed-over refs after the arguments
        jaxpr, consts = self.closed.jaxpr, list(self.closed.consts)
        for i, value in zip(self.const_refs, ref_values):
            consts[i] = value
        outs, finals = run_discharged(jaxpr, consts, args)
        arg_finals = finals[len(consts) :]
        ref_args = [f for f, v in zip(arg_finals, jaxpr.invars) if is_ref_aval(v.aval)]
        return outs, [finals[i] for i in self.const_refs], ref_args

    def __call__(self, leaves: list, run=None) -> list:
        """Runs the program (or `run`, its compiled executable) and writes the refs back."""
        refs = [self.closed.consts[i] for i in self.const_refs]
        args = [x.ref_value if is_ref(x) else x for x in leaves]
        outs, const_finals, arg_finals = (run or self.jitted)(args, [r.ref_value for r in refs])
        for ref, value in zip(refs + [x for x in leaves if is_ref(x)], const_finals + arg_finals):
            ref.ref_value = value
        return outs

    def lower(self, leaves: list, out_tree) -> RefLowered:
        """The discharged program lowered: it takes the closed-over refs' values and the
        arguments (a ref's value for a ref) and returns the outputs, then the refs' finals."""
        refs = [self.closed.consts[i].ref_value for i in self.const_refs]
        args = [x.ref_value if is_ref(x) else x for x in leaves]
        return RefLowered(self, self.jitted.lower(args, refs), out_tree)

    def _result_names(self, out_tree, run_tree) -> list[str]:
        """JAX's `jax.result_info`: the results' paths when only refs made inside are used,
        else none ("" for each, the refs' final values too)."""
        from meshjit.compiler.jit.api import result_names  # this module's caller

        jaxpr = self.closed.jaxpr
        if self.const_refs or any(is_ref_aval(v.aval) for v in jaxpr.invars):
            return [""] * run_tree.num_leaves
        return result_names(out_tree)


class RefLowered:
    """`jit(f).lower(...)` of a program using refs: its discharged program's Lowered (text,
    IR, costs), compiling to an executable called as `f` is, with refs."""

    __slots__ = ("runner", "lowered", "out_tree")

    def __init__(self, runner: RefRunner, lowered, out_tree):
        self.runner, self.lowered, self.out_tree = runner, lowered, out_tree

    def __getattr__(self, name):
        return getattr(self.lowered, name)

    def compile(self, compiler_options: dict | None = None) -> RefCompiled:
        compiled = self.lowered.compile(compiler_options)
        return RefCompiled(self.runner, compiled, self.out_tree)

    def __repr__(self):
        return repr(self.lowered)


class RefCompiled:
    """The executable of a program using refs: called with the refs, it writes them back."""

    __slots__ = ("runner", "compiled", "out_tree")

    def __init__(self, runner: RefRunner, compiled, out_tree):
        self.runner, self.compiled, self.out_tree = runner, compiled, out_tree

    def __getattr__(self, name):
        return getattr(self.compiled, name)

    def __call__(self, *args, **kwargs):
        leaves, _ = tree_flatten((tuple(args), kwargs))
        return tree_unflatten(self.out_tree, self.runner(leaves, self.compiled))

    def __repr__(self):
        return repr(self.compiled)


def wrap_ref_args(tracers) -> list:
    """The traced arguments with the ref-typed ones as Refs (what the user's function sees)."""
    return [Ref.traced(t) if is_ref_aval(t.aval) else t for t in tracers]


def unwrap_refs(values) -> list:
    """Refs among a nested call's arguments as the current trace's ref operands."""
    return [x.operand() if is_ref(x) else x for x in values]


def check_no_returned_refs(out, where: str, arg_names) -> None:
    """JAX's error for a ref among a jitted function's results. `arg_names()`: {id of an
    argument's ref tracer: the argument's name}."""
    paths, _ = tree_flatten_with_path(out)
    for path, leaf in paths:
        if is_ref(leaf):
            origin = _origin(leaf, arg_names())
            at = f" at output tree path result{keystr(path)}" if path else ""
            raise MeshjitValueError(
                f"function {where} traced for jit returned a mutable array reference of type "
                f"{leaf.ref_aval}{at}, but mutable array references cannot be returned."
                f"\n\n{origin}"
            )


def _origin(ref: Ref, names: dict) -> str:
    name = names.get(id(ref.tracer))
    if name is not None:
        return f"The returned mutable array was passed in as the argument {name}."
    return "The returned mutable array was created inside the function."


def check_no_aliases(leaves, names, where: str) -> None:
    """JAX's error for one ref passed as two arguments."""
    seen: dict[int, str] = {}
    for x, name in zip(leaves, names):
        if not is_ref(x):
            continue
        if id(x) in seen:
            raise MeshjitValueError(
                "only one reference to a mutable array may be passed as an argument to a "
                f"function, but when tracing {where} for jit the mutable array reference of "
                f"type {x.ref_aval} appeared at both {seen[id(x)]} and {name}."
            )
        seen[id(x)] = name


def check_not_closed_over(closed: ClosedJaxpr, leaves, names, where: str) -> None:
    """JAX's error for a ref both closed over and passed as an argument."""
    captured = {id(c) for c in closed.consts if is_ref(c)}
    for x, name in zip(leaves, names):
        if is_ref(x) and id(x) in captured:
            raise MeshjitValueError(
                f"when tracing {where} for jit, a mutable array reference of type "
                f"{x.ref_aval} was both closed over and passed as the argument {name}"
            )


# -- control flow: refs read or written in a body -----------------------------------------------


class _RefSlots:
    """The distinct refs among an equation's operands (one may come twice, as a while's
    cond and body constant): their operand positions, and the values they hold."""

    __slots__ = ("keys", "slot_of")

    def __init__(self, eqn):
        self.keys, self.slot_of = [], {}
        for i, atom in enumerate(eqn.invars):
            if is_ref_aval(atom.aval):
                if atom not in self.keys:
                    self.keys.append(atom)
                self.slot_of[i] = self.keys.index(atom)

    def initial(self, values) -> list:
        firsts = {slot: i for i, slot in reversed(self.slot_of.items())}
        return [values[firsts[k]] for k in range(len(self.keys))]

    def substitute(self, values, ref_values, offset: int = 0) -> list:
        """`values` (operands from position `offset` on) with each ref's current value."""
        out = list(values)
        for i, slot in self.slot_of.items():
            if offset <= i < offset + len(out):
                out[i - offset] = ref_values[slot]
        return out

    def finals_of(self, finals, ref_values, offset: int = 0) -> list:
        """Each ref's value after a body whose invars from `offset` on are the operands."""
        out = list(ref_values)
        for i, slot in self.slot_of.items():
            if offset <= i < offset + len(finals):
                out[slot] = finals[i - offset]
        return out

    def write_back(self, env: dict, finals) -> None:
        for atom, value in zip(self.keys, finals):
            env[id(atom)] = value


def _run_body(closed: ClosedJaxpr, args) -> tuple[list, list]:
    outs, finals = run_discharged(closed.jaxpr, closed.consts, args)
    return outs, finals[len(closed.consts) :]


def _scan(refs: _RefSlots, values, *, jaxpr, num_consts, num_carry, length, reverse, unroll):
    from meshjit.compiler.lax.control_flow import scan

    def step(carry, xs):
        ref_values, loop_carry = carry
        args = [*refs.substitute(values[:num_consts], ref_values), *loop_carry, *xs]
        outs, finals = _run_body(jaxpr, args)
        return (refs.finals_of(finals, ref_values), outs[:num_carry]), outs[num_carry:]

    init = (refs.initial(values), values[num_consts : num_consts + num_carry])
    xs = values[num_consts + num_carry :]
    (finals, carry), ys = scan(step, init, xs, length=length, reverse=reverse, unroll=unroll)
    return [*carry, *ys], finals


def _while(refs: _RefSlots, values, *, cond_jaxpr, body_jaxpr, cond_nconsts, body_nconsts):
    from meshjit.compiler.lax.control_flow import while_loop

    n = cond_nconsts + body_nconsts

    def cond(carry):
        ref_values, loop_carry = carry
        consts = refs.substitute(values[:cond_nconsts], ref_values)
        return _run_body(cond_jaxpr, [*consts, *loop_carry])[0][0]

    def body(carry):
        ref_values, loop_carry = carry
        consts = refs.substitute(values[cond_nconsts:n], ref_values, cond_nconsts)
        outs, finals = _run_body(body_jaxpr, [*consts, *loop_carry])
        return refs.finals_of(finals, ref_values, cond_nconsts), outs

    finals, carry = while_loop(cond, body, (refs.initial(values), values[n:]))
    return carry, finals


def _cond(refs: _RefSlots, values, *, branches):
    from meshjit.compiler.lax.control_flow import switch

    def branch(closed):
        def run(ref_values, operands):
            outs, finals = _run_body(closed, refs.substitute(operands, ref_values, 1))
            return outs, refs.finals_of(finals, ref_values, 1)

        return run

    outs, finals = switch(
        values[0], [branch(b) for b in branches], refs.initial(values), values[1:]
    )
    return outs, finals


_CONTROL_FLOW = {"scan": _scan, "while": _while, "cond": _cond}
