"""`jax.interpreters.partial_eval`: tracing a (wrapped) function into a jaxpr on abstract
values, and dead-code elimination of a jaxpr's unused outputs and inputs, as JAX's."""

from __future__ import annotations

from typing import Sequence

from meshjit.compiler.ir.core import Jaxpr
from meshjit.compiler.ir.core import dce_jaxpr as _drop_dead_equations
from meshjit.compiler.trace.jaxprs import trace_to_jaxpr


def trace_to_jaxpr_dynamic(fun, in_avals: Sequence, *, keep_inputs=None, lower=False,
                           auto_dce=False) -> tuple:  # fmt: skip
    """(jaxpr, out_avals, consts): `fun` (a linear_util.WrappedFun, or a function of the
    arguments returning a sequence of arrays) traced on `in_avals`; the inputs where
    `keep_inputs` is False are left out of the jaxpr's inputs (the function still gets them)."""
    call = getattr(fun, "call_wrapped", fun)
    closed = trace_to_jaxpr(lambda *xs: list(call(*xs)), list(in_avals))
    jaxpr = closed.jaxpr
    if keep_inputs is not None:
        invars = [v for v, keep in zip(jaxpr.invars, keep_inputs) if keep]
        jaxpr = Jaxpr(jaxpr.constvars, invars, jaxpr.outvars, jaxpr.eqns)
    if auto_dce:
        jaxpr = _drop_dead_equations(jaxpr)
    return jaxpr, [v.aval for v in jaxpr.outvars], list(closed.consts)


def dce_jaxpr(jaxpr: Jaxpr, used_outputs, instantiate=False) -> tuple[Jaxpr, list[bool]]:
    """(the jaxpr computing only its used outputs, from only the inputs they need; which inputs
    are used). `instantiate`: inputs kept though unused (a bool, or one per input)."""
    if type(used_outputs) is bool:
        used_outputs = [used_outputs] * len(jaxpr.outvars)
    if type(instantiate) is bool:
        instantiate = [instantiate] * len(jaxpr.invars)
    outvars = [v for v, used in zip(jaxpr.outvars, used_outputs) if used]
    live = _drop_dead_equations(Jaxpr(jaxpr.constvars, jaxpr.invars, outvars, jaxpr.eqns))
    read = {id(v) for eqn in live.eqns for v in eqn.invars} | {id(v) for v in outvars}
    used_inputs = [id(v) in read or keep for v, keep in zip(jaxpr.invars, instantiate)]
    invars = [v for v, used in zip(jaxpr.invars, used_inputs) if used]
    return Jaxpr(live.constvars, invars, outvars, live.eqns), used_inputs


__all__ = ["dce_jaxpr", "trace_to_jaxpr_dynamic"]
