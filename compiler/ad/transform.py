"""Autodiff as transforms on jaxprs: jvp, linearize (a split into primal and linear parts),
and transpose. (Evaluating and tracing jaxprs, and dce, live in trace/jaxprs.py.)

- jvp: `jvp_rules[prim](primals, tangents, **params) -> (primal_out, tangent_out)`. A tangent
  of None is a symbolic zero. Rules are written with meshjit's lax functions, so they bind into
  whatever trace is current; `jvp_jaxpr` runs them over a jaxpr inside a new trace.
- linearize: the jvp jaxpr's equations are split by whether they read a tangent. The primal
  ones make the forward jaxpr (primals -> outputs + residuals), the others the linear jaxpr
  (residuals + tangents -> output tangents).
- transpose: `transpose_rules[prim](ct, *args, **params) -> [ct per arg]`, where linear
  arguments are `UndefinedPrimal(aval)` and the others are values. `backward_pass` walks the
  linear equations in reverse, adding up cotangents (None is a symbolic zero).

Inside shard_map a cotangent may vary over more manual axes than its variable: it then stands
for the sum over those axes (the transpose of an implicit pvary is a psum), taken lazily by the
collectives' rules or when a body's input cotangents are returned. In a shard_map body with
check_vma=False nothing is typed: every cotangent is a per-device value (as in JAX), so none of
these implicit sums are taken (see `vma_checked`).

The public functions (jvp, vjp, grad, ...) live in ad/api.py; the rules live next to their
primitives (compiler/lax/*.py, parallel/collectives.py, ...), written with lax/ad_util.py.
"""

from __future__ import annotations

import itertools
from typing import Sequence

from meshjit.compiler.errors import (
    ReverseModeError,
    enter_source,
    leave_source,
)
from meshjit.compiler.ir.core import (
    TYPECHECKED_SCOPES,
    ClosedJaxpr,
    Jaxpr,
    Literal,
    ShapedArray,
    Var,
    dce_jaxpr,
)
from meshjit.compiler.ir.registry import jvp_rules, transpose_rules
from meshjit.compiler.lax.ad_util import UndefinedPrimal, aval_of, instantiate, is_undefined
from meshjit.compiler.lax.control_flow import loop_primitive_name
from meshjit.compiler.lax.elementwise import add_any
from meshjit.compiler.trace.jaxprs import read_atom, trace_to_jaxpr
from meshjit.compiler.trace.tracing import current_trace

# ---------------------------------------------------------------------------------------------
# jvp.


def jvp_eval(jaxpr: Jaxpr, consts: Sequence, primals: Sequence, tangents: Sequence):
    """Evaluates `jaxpr` on primals and tangents (None: zero); returns both outputs."""
    penv: dict[int, object] = {}
    tenv: dict[int, object] = {}
    for var, value in zip(jaxpr.constvars, consts):
        penv[id(var)] = value
    for var, value, t in zip(jaxpr.invars, primals, tangents):
        penv[id(var)], tenv[id(var)] = value, t
    for eqn in jaxpr.eqns:
        ps = [read_atom(penv, a) for a in eqn.invars]
        ts = [None if type(a) is Literal else tenv.get(id(a)) for a in eqn.invars]
        previous = enter_source(eqn.source, "jvp")
        try:
            if all(t is None for t in ts):
                outs, touts = eqn.primitive.bind(*ps, **eqn.params), None
            else:
                rule = jvp_rules.lookup(eqn.primitive, eqn.source)
                outs, touts = rule(ps, ts, **eqn.params)
        finally:
            leave_source(previous)
        if not eqn.primitive.multiple_results:
            outs, touts = [outs], [touts]
        elif touts is None:
            touts = [None] * len(outs)
        for var, value, t in zip(eqn.outvars, outs, touts):
            penv[id(var)], tenv[id(var)] = value, t
    outs = [read_atom(penv, a) for a in jaxpr.outvars]
    touts = [None if type(a) is Literal else tenv.get(id(a)) for a in jaxpr.outvars]
    return outs, touts


def jvp_nonzeros(closed: ClosedJaxpr, nonzeros: Sequence[bool], axis_env=None) -> list[bool]:
    """Which outputs of `closed` have a nonzero tangent, given which inputs do."""
    found = []

    def fun(*args):
        tangents = [a if nz else None for a, nz in zip(args, nonzeros)]
        outs, touts = jvp_eval(closed.jaxpr, closed.consts, args, tangents)
        found.extend(t is not None for t in touts)
        return outs

    trace_to_jaxpr(fun, closed.in_avals, axis_env)
    return found


def jvp_jaxpr(
    closed: ClosedJaxpr,
    nonzeros: Sequence[bool],
    tangent_avals=None,
    axis_env=None,
    known=None,
    nonzero_outs: list | None = None,
) -> ClosedJaxpr:
    """(primals, the nonzero tangents) -> (primal outs, tangent outs), zeros instantiated; or,
    given the list `nonzero_outs`, only the nonzero tangent outs, which it is filled to flag
    (symbolic zeros leave a call as JAX's do, so a later rule sees them as zeros)."""
    in_avals = closed.in_avals
    if tangent_avals is None:
        tangent_avals = [a for a, nz in zip(in_avals, nonzeros) if nz]
    n = len(in_avals)

    def fun(*args):
        it = iter(args[n:])
        tangents = [next(it) if nz else None for nz in nonzeros]
        outs, touts = jvp_eval(closed.jaxpr, closed.consts, args[:n], tangents)
        if nonzero_outs is None:
            return outs + [instantiate(t, aval_of(o)) for t, o in zip(touts, outs)]
        nonzero_outs.extend(t is not None for t in touts)
        return outs + [t for t in touts if t is not None]

    return trace_to_jaxpr(fun, list(in_avals) + list(tangent_avals), axis_env, known)


# ---------------------------------------------------------------------------------------------
# linearize: split a jvp jaxpr into its primal and linear parts.


class Linearized:
    """fwd: primals -> primal outs + residuals; lin: residuals + tangents -> tangent outs."""

    __slots__ = ("fwd", "lin", "num_res")

    def __init__(self, fwd: ClosedJaxpr, lin: ClosedJaxpr, num_res: int):
        self.fwd, self.lin, self.num_res = fwd, lin, num_res

    @property
    def res_avals(self) -> list[ShapedArray]:
        return self.lin.in_avals[: self.num_res]


_LINEARIZING = [0]  # how many linearizations' jvps are being traced around this point


def linearizing() -> bool:
    """Whether the jvp being traced is to be linearized (grad, vjp, linearize), rather than
    a jvp alone: rules that split their jvp for the linear side (a checkpoint's) ask."""
    return _LINEARIZING[0] > 0


def linearize_jaxpr(
    closed: ClosedJaxpr,
    nonzeros: Sequence[bool],
    tangent_avals=None,
    axis_env=None,
    known=None,
    **kw,
) -> Linearized:
    """`known`: the primals' concrete values (outside jit), for rules that branch on them;
    `nonzero_outs=` as jvp_jaxpr's (then `lin` returns only the nonzero tangents)."""
    _LINEARIZING[0] += 1
    try:
        jv_closed = jvp_jaxpr(closed, nonzeros, tangent_avals, axis_env, known, **kw)
    finally:
        _LINEARIZING[0] -= 1
    jv = jv_closed.jaxpr
    n_in, n_out = len(closed.in_avals), len(closed.out_avals)
    linear = {id(v) for v in jv.invars[n_in:]}
    touts = jv.outvars[n_out:]
    needed = _needed_by(touts, jv.eqns)
    zero_consts: list = []  # (Var, value): zeros standing for tangents no one reads
    fwd_eqns, lin_eqns = [], []
    for eqn in jv.eqns:
        if _unread_mixed_loop(eqn, linear, needed):
            eqn = _with_zero_tangents(eqn, linear, zero_consts)
        if any(type(a) is Var and id(a) in linear for a in eqn.invars):
            lin_eqns.append(eqn)
            linear.update(id(v) for v in eqn.outvars)
        else:
            fwd_eqns.append(eqn)
    _check_primal_outputs(jv.outvars[:n_out], lin_eqns)
    fwd_eqns, lin_eqns = _scan_carry_zeros_to_lin(fwd_eqns, lin_eqns, jv.outvars[:n_out], linear)
    res, seen = [], set()
    for atom in itertools.chain(*(e.invars for e in lin_eqns), touts):
        if type(atom) is Var and id(atom) not in linear and id(atom) not in seen:
            seen.add(id(atom))
            res.append(atom)
    constvars = list(jv.constvars) + [v for v, _ in zero_consts]
    fwd = Jaxpr(constvars, jv.invars[:n_in], jv.outvars[:n_out] + res, fwd_eqns)
    lin = Jaxpr([], res + jv.invars[n_in:], touts, lin_eqns)
    consts = list(jv_closed.consts) + [value for _, value in zero_consts]
    fwd = ClosedJaxpr(fwd, consts)
    return Linearized(fwd, ClosedJaxpr(lin, []), len(res))


def _scan_carry_zeros_to_lin(fwd_eqns, lin_eqns, primal_outs, linear: set):
    """Zero fills (a broadcast of a literal) read only by linear scans, the instantiated zero
    tangents of their carries, computed on the linear side as JAX's scan linearization does
    (not saved as residuals)."""
    others = [a for e in fwd_eqns for a in e.invars] + list(primal_outs)
    others += [a for e in lin_eqns if e.primitive.name != "scan" for a in e.invars]
    read_by_scans = {id(a) for e in lin_eqns if e.primitive.name == "scan" for a in e.invars}
    unmovable = {id(a) for a in others}
    moved = {
        id(e.outvars[0]): e
        for e in fwd_eqns
        if e.primitive.name == "broadcast_in_dim"
        and all(type(a) is not Var for a in e.invars)
        and id(e.outvars[0]) in read_by_scans
        and id(e.outvars[0]) not in unmovable
    }
    if not moved:
        return fwd_eqns, lin_eqns
    fwd_eqns = [e for e in fwd_eqns if not (e.outvars and id(e.outvars[0]) in moved)]
    out = []
    for eqn in lin_eqns:
        for a in eqn.invars:
            if id(a) in moved:
                out.append(moved.pop(id(a)))
                linear.add(id(a))
        out.append(eqn)
    return fwd_eqns, out


def _needed_by(outs, eqns) -> set:
    """The ids of the variables `outs` depend on."""
    needed = {id(v) for v in outs if type(v) is Var}
    for eqn in reversed(eqns):
        if any(id(v) in needed for v in eqn.outvars):
            needed.update(id(a) for a in eqn.invars if type(a) is Var)
    return needed


def _unread_mixed_loop(eqn, linear: set, needed: set) -> bool:
    """A while_loop whose jvp carries tangents that no output tangent reads (a later op's
    derivative is zero, e.g. floor_divide, or a stop_gradient of its result): its tangents can
    be zeros, leaving it primal (its primal carries may still be read, as residuals)."""
    if eqn.primitive.name != "while" or not any(
        type(a) is Var and id(a) in linear for a in eqn.invars
    ):
        return False
    tangent = _linear_carries(eqn, linear)
    return not any(id(v) in needed for v, t in zip(eqn.outvars, tangent) if t)


def _linear_carries(eqn, linear: set) -> list[bool]:
    """Per carry of a while_loop: whether it reads a linear input (a tangent) after any number
    of iterations. Conservative: an equation of the body reading one taints all its results."""
    ncond, nbody = eqn.params["cond_nconsts"], eqn.params["body_nconsts"]
    body = eqn.params["body_jaxpr"].jaxpr
    ins = [type(a) is Var and id(a) in linear for a in eqn.invars[ncond:]]
    consts, carry = ins[:nbody], ins[nbody:]
    while True:
        grown = [a or b for a, b in zip(carry, _depends_on(body, consts + carry))]
        if grown == carry:
            return carry
        carry = grown


def _depends_on(jaxpr: Jaxpr, flags: Sequence[bool]) -> list[bool]:
    """Per output of `jaxpr`: whether it depends on an input flagged in `flags`."""
    tainted = {id(v) for v, f in zip(jaxpr.invars, flags) if f}
    for eqn in jaxpr.eqns:
        if any(type(a) is Var and id(a) in tainted for a in eqn.invars):
            tainted.update(id(v) for v in eqn.outvars)
    return [type(v) is Var and id(v) in tainted for v in jaxpr.outvars]


def _with_zero_tangents(eqn, linear: set, zero_consts: list):
    import numpy as np

    from meshjit.compiler.ir.core import Eqn

    invars = []
    for a in eqn.invars:
        if type(a) is Var and id(a) in linear:
            zero = Var(a.aval)
            zero_consts.append((zero, np.zeros(a.aval.shape, a.aval.dtype)))
            a = zero
        invars.append(a)
    return Eqn(eqn.primitive, invars, eqn.outvars, eqn.params, eqn.source)


def _check_primal_outputs(outvars, lin_eqns):
    """The primal outputs must not depend on the tangents; names the equation that makes them
    (a while_loop, whose jvp carries primals and tangents together)."""
    needed = {id(v) for v in outvars if type(v) is Var}
    chain = []
    for eqn in reversed(lin_eqns):
        if any(id(v) in needed for v in eqn.outvars):
            chain.append(eqn)
            needed.update(id(a) for a in eqn.invars if type(a) is Var)
    if chain:
        # the equation that mixes them (a while_loop), not the tangent ops that feed it
        loops = [(e, name) for e in chain if (name := _loop_name(e)) is not None]
        if loops:
            culprit, name = loops[-1]
        else:
            culprit = ([e for e in chain if e.primitive.multiple_results] or chain)[-1]
            name = culprit.primitive.name
        err = ReverseModeError(_reverse_mode_message(name), culprit.source)
        err.add_note(  # which equation is the cause, with the traceback
            f"reverse-mode differentiation of '{name}' is not supported, as its primal outputs "
            "are computed together with its tangents"
        )
        raise err


def _loop_name(eqn) -> str | None:
    """For a while_loop, or a call (a checkpoint) with one inside, the name JAX's error gives
    it: "while", or the primitive the loop stands for (a pallas_call's interpreter); else
    None."""
    if eqn.primitive.name == "while":
        return loop_primitive_name(eqn.source) or "while"
    inner = [getattr(p, "jaxpr", p) for p in eqn.params.values()]
    for j in inner:
        if isinstance(j, Jaxpr):
            for e in j.eqns:
                name = _loop_name(e)
                if name is not None:
                    return name
    return None


def _reverse_mode_message(name: str) -> str:
    """JAX's message (a ValueError there)."""
    if name == "while":
        return (
            "Reverse-mode differentiation does not work for lax.while_loop or lax.fori_loop with "
            "dynamic start/stop values. Try using lax.scan, or using fori_loop with static "
            "start/stop."
        )
    return (
        "Linearization failed to produce known values for all output primals. This is "
        "typically caused by attempting to differentiate a function uses an operation that "
        "does not support reverse-mode autodiff."
    )


# ---------------------------------------------------------------------------------------------
# transpose.


def add_cotangents(a, b, aval: ShapedArray):
    """a + b as a cotangent of `aval`. Partial sums (see the module doc) are added as they
    are only when both are partial over the same axes; otherwise they are summed first."""
    if a is None or b is None:
        return b if a is None else a
    if aval_of(a).vma != aval_of(b).vma:
        a, b = match_vma(a, aval), match_vma(b, aval)
    return add_any(a, b)


def vma_checked() -> bool:
    """False inside a shard_map body with check_vma=False, where varying axes are not tracked."""
    trace = current_trace()
    env = trace.axis_env if trace is not None else None
    if TYPECHECKED_SCOPES:  # a typecheck of a shard_map body (after its trace)
        return bool(TYPECHECKED_SCOPES[-1]["check_vma"])
    return env is None or env.check_vma


def vary_as(ct, aval: ShapedArray):
    """A cotangent typed varying over the manual axes its primal `aval` varies over (a pvary
    of the missing ones): JAX's cotangents have their primals' types, and meshjit's zeros and
    seeds are invariant constants."""
    if ct is None or not vma_checked():
        return ct
    missing = aval.vma - aval_of(ct).vma
    if not missing:
        return ct
    from meshjit.compiler.parallel.collectives import pvary_p  # parallel/ sits above ad/

    return pvary_p.bind(ct, axes=tuple(sorted(missing)))


def match_vma(ct, aval: ShapedArray):
    """Sums a cotangent over the manual axes it varies over beyond its variable's."""
    if ct is None or not vma_checked():
        return ct
    extra = aval_of(ct).vma - aval.vma
    if not extra:
        return ct
    from meshjit.compiler.parallel.collectives import bind_psum  # parallel/ sits above ad/

    return bind_psum(ct, tuple(sorted(extra)))


def backward_pass(
    jaxpr: Jaxpr, consts: Sequence, args: Sequence, cts_out: Sequence, cts_in=None
) -> list:
    """Cotangents of the UndefinedPrimal `args` given those of the outputs (None: zero). Dead
    equations are dropped first: an input used only by them gets a zero cotangent. `cts_in`:
    per arg, a cotangent its own are added to (add_any) as they come (a scan's accumulators,
    as JAX's transposed scan body adds to them)."""
    jaxpr = dce_jaxpr(jaxpr)
    env: dict[int, object] = {}
    linear: set[int] = set()
    typed: dict[int, ShapedArray] = {}  # an input's type as its UndefinedPrimal gives it
    for var, value in itertools.chain(zip(jaxpr.constvars, consts), zip(jaxpr.invars, args)):
        if is_undefined(value):
            linear.add(id(var))
            typed[id(var)] = value.aval
        else:
            env[id(var)] = value
    lin_eqns = _eval_known(jaxpr, env, linear)
    ct_env: dict[int, object] = {}
    for var, ct in zip(jaxpr.invars, cts_in or ()):
        if ct is not None:
            ct_env[id(var)] = ct

    def write_ct(atom, ct):
        if ct is not None and type(atom) is Var and id(atom) in linear:
            if atom.aval.sharding is not None and aval_of(ct).sharding is None:
                ct = _typed_cotangent(ct, atom.aval)
            ct_env[id(atom)] = add_cotangents(ct_env.get(id(atom)), ct, atom.aval)

    for atom, ct in zip(jaxpr.outvars, cts_out):
        write_ct(atom, ct)
    for eqn in reversed(lin_eqns):
        cts = [ct_env.pop(id(v), None) for v in eqn.outvars]
        if all(ct is None for ct in cts):
            continue
        rule = transpose_rules.lookup(eqn.primitive, eqn.source)
        invals = [
            UndefinedPrimal(typed.get(id(a), a.aval))
            if type(a) is Var and id(a) in linear
            else read_atom(env, a)
            for a in eqn.invars
        ]
        previous = enter_source(eqn.source, "transpose")
        try:
            cts_in = rule(cts if eqn.primitive.multiple_results else cts[0], *invals, **eqn.params)
            for atom, ct in zip(eqn.invars, cts_in):  # (its add_any named as the eqn, as JAX's)
                write_ct(atom, ct)
        finally:
            leave_source(previous)
    return [
        match_vma(ct_env.get(id(v)), v.aval) if is_undefined(x) else None
        for v, x in zip(jaxpr.invars, args)
    ]


def _typed_cotangent(ct, aval):
    """An untyped cotangent of a typed primal (a transpose that made a fresh value: a sum's
    broadcast, zeros) takes the primal's type, as in JAX, where such values are made typed;
    this moves no data. Typed cotangents are left to their transposes' rules."""
    from meshjit.compiler.parallel.explicit import reshard_to_ct_type  # a later family

    return reshard_to_ct_type(ct, aval)


def _eval_known(jaxpr: Jaxpr, env: dict, linear: set) -> list:
    """Evaluates the equations that read no linear value; returns the others, in order."""
    lin_eqns = []
    for eqn in jaxpr.eqns:
        if any(type(a) is Var and id(a) in linear for a in eqn.invars):
            lin_eqns.append(eqn)
            linear.update(id(v) for v in eqn.outvars)
            continue
        outs = eqn.primitive.bind(*[read_atom(env, a) for a in eqn.invars], **eqn.params)
        outs = outs if eqn.primitive.multiple_results else [outs]
        for var, value in zip(eqn.outvars, outs):
            env[id(var)] = value
    return lin_eqns


def transpose_jaxpr(
    closed: ClosedJaxpr, linear: Sequence[bool], ct_avals=None, axis_env=None, in_avals=None
) -> ClosedJaxpr:
    """(the non-linear args, the output cotangents) -> cotangents of the linear args (zeros
    made). A None in `ct_avals` is a symbolic zero cotangent: it takes no argument.
    `in_avals`: the inputs' types, when the linear ones are to be typed otherwise than the
    jaxpr's (a scan's carry as its cotangent, weak type included, as JAX's)."""
    in_avals = closed.in_avals if in_avals is None else list(in_avals)
    ct_avals = list(closed.out_avals) if ct_avals is None else list(ct_avals)
    known_avals = [a for a, lin in zip(in_avals, linear) if not lin]
    n_known = len(known_avals)

    def fun(*args):
        it = iter(args[:n_known])
        ins = [UndefinedPrimal(a) if lin else next(it) for a, lin in zip(in_avals, linear)]
        given = iter(args[n_known:])
        cts_out = [None if a is None else next(given) for a in ct_avals]
        cts = backward_pass(closed.jaxpr, closed.consts, ins, cts_out)
        return [instantiate(ct, a) for ct, a, lin in zip(cts, in_avals, linear) if lin]

    return trace_to_jaxpr(fun, known_avals + [a for a in ct_avals if a is not None], axis_env)


def instantiate_cts(cts: Sequence, avals: Sequence[ShapedArray]) -> list:
    """The cotangents of the inputs, zeros for symbolic ones; in explicit mode each has its
    primal's type sharding (as JAX)."""
    out = [instantiate(ct, a) for ct, a in zip(cts, avals)]
    if any(a.sharding is not None for a in avals):
        from meshjit.compiler.parallel.explicit import reshard_to_ct_type  # a later family

        out = [reshard_to_ct_type(ct, a) for ct, a in zip(out, avals)]
    return out
