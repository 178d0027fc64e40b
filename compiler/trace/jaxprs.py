"""Jaxpr utilities every transform uses: evaluating a jaxpr in the current trace, tracing a
function into a closed jaxpr. (Dead-code elimination, `dce_jaxpr`, lives with the IR in
ir/core.py: lowering runs it too.)"""

from __future__ import annotations

import itertools
from typing import Callable, Sequence

from meshjit.compiler.errors import enter_source, leave_source
from meshjit.compiler.ir.core import ClosedJaxpr, Jaxpr, Literal, ShapedArray
from meshjit.compiler.trace.tracing import new_trace


def read_atom(env: dict, atom):
    return atom.value() if type(atom) is Literal else env[id(atom)]


def eval_jaxpr(jaxpr: Jaxpr, consts: Sequence, args: Sequence) -> list:
    """Binds every equation of `jaxpr` in the current trace (or eagerly outside one)."""
    env: dict[int, object] = {}
    for var, value in itertools.chain(zip(jaxpr.constvars, consts), zip(jaxpr.invars, args)):
        env[id(var)] = value
    for eqn in jaxpr.eqns:
        previous = enter_source(eqn.source)
        try:
            outs = eqn.primitive.bind(*[read_atom(env, a) for a in eqn.invars], **eqn.params)
        finally:
            leave_source(previous)
        outs = outs if eqn.primitive.multiple_results else [outs]
        for var, value in zip(eqn.outvars, outs):
            env[id(var)] = value
    return [read_atom(env, a) for a in jaxpr.outvars]


def eval_closed(closed: ClosedJaxpr, args: Sequence) -> list:
    return eval_jaxpr(closed.jaxpr, closed.consts, args)


def trace_to_jaxpr(
    fun: Callable, avals: Sequence[ShapedArray], axis_env=None, known_values=None
) -> ClosedJaxpr:
    """Traces `fun(*tracers) -> list` into a closed jaxpr (with the manual axes of a body).
    `known_values`: concrete values of the leading inputs (autodiff outside jit)."""
    with new_trace() as trace:
        if axis_env is not None:
            trace.axis_env = axis_env
        tracers = [trace.new_arg(a) for a in avals]
        if known_values is not None:
            trace.known = {id(t._var): v for t, v in zip(tracers, known_values)}
        return trace.finish(list(fun(*tracers)))
