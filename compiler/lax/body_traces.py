"""Loop bodies' traces reused as JAX reuses them: the same function traced for the same
argument types in the same context gives the jaxpr traced before, so a print in a scan or
while_loop body shows once per types, even across eager calls (JAX caches its loops' body
jaxprs by function and types). A trace that captured another trace's values (tracer
constants) is not kept, nor is anything while key-reuse checking is on; a function's traces
go with it (held weakly, as JAX's cache holds them)."""

from __future__ import annotations

import weakref
from collections.abc import Callable

from meshjit.compiler.config import config
from meshjit.compiler.errors import NAME_STACK
from meshjit.compiler.trace.tracing import Tracer, current_trace
from meshjit.dialects.util import BoundedCache

__all__ = ["reused_trace"]

_TRACES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # fun -> its traces


def reused_trace(trace_fn: Callable, fun, *parts) -> Callable:
    """`trace_fn(avals) -> (ClosedJaxpr, ...)`, its results kept per user function `fun`,
    `parts` (what else decides the trace: the trees around it), the avals and the tracing
    context."""

    def traced(avals):
        key = _key(parts, avals)
        traces = _traces_of(fun) if key is not None else None
        if traces is None:
            return trace_fn(avals)
        out = traces.get(key)
        if out is None:
            out = trace_fn(avals)
            if not any(isinstance(c, Tracer) for c in out[0].consts):
                traces.put(key, out)
        return out

    return traced


def _traces_of(fun) -> BoundedCache | None:
    try:
        traces = _TRACES.get(fun)
        if traces is None:
            traces = _TRACES[fun] = BoundedCache(64)
    except TypeError:  # not weakly referable, or unhashable: traced each time
        return None
    return traces


def _key(parts, avals):
    if config.key_reuse:
        return None
    from meshjit.compiler.runtime.dispatch import context_key  # a later room

    trace = current_trace()
    env = None  # what a body's trace inherits from the one it is made in (none: as eagerly)
    if trace is not None:
        vmap_axes = tuple(trace.vmap_axes.items())
        env = (trace.axis_env, vmap_axes, trace.spmd_axes, trace.differentiated)
        env = None if env == (None, (), frozenset(), False) else env
    avals = tuple(avals)
    key = (
        parts,
        avals,
        tuple(a.key for a in avals),  # (typed keys' data: equal avals, other values)
        env,
        context_key(),
        config.generation,
        tuple(NAME_STACK),
    )
    try:
        hash(key)
    except TypeError:  # an unhashable function or context: traced each time
        return None
    return key
