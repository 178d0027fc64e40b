"""debug_print: `meshjit.debug.print` / `debug.log` traced as JAX 0.10.2's `debug_print`
primitive (its params as JAX's, so `make_jaxpr` prints the same equation), with all its rules.

The params say everything the host function needs: the format, NumPy's print options at the
call, whether the format has fields, the logging record of `debug.log`, and the arguments'
tree with its non-array leaves (`static_args`, `(position, value)` pairs). The lowering builds
the host function from them and emits it as debug_callback's custom call.
"""

from __future__ import annotations

import copy
import logging
import sys
import threading

import numpy as np

from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    batching_rules,
    effectful,
    lowering_rules,
    sharding_rules,
    visible_effects,
)
from meshjit.compiler.ir.sharding_rules import keep
from meshjit.compiler.lax.ad_util import effects_only_ad
from meshjit.compiler.lax.callbacks import (
    DEBUG_EFFECT,
    ORDERED_DEBUG_EFFECT,
    debug_callback_lowering,
    debug_callback_p,
    per_example_callback,
)
from meshjit.compiler.trace.tracing import abstractify, current_trace
from meshjit.compiler.tree_util import tree_flatten, tree_unflatten

debug_print_p = Primitive("debug_print", multiple_results=True)
effectful.add(debug_print_p)
visible_effects[debug_print_p] = lambda p: ORDERED_DEBUG_EFFECT if p["ordered"] else DEBUG_EFFECT

_PRINT_LOCK = threading.Lock()


@abstract_eval_rules.register(debug_print_p)
def _debug_print_rule(*avals, **params):
    return []


sharding_rules.register(debug_print_p, keep)


def format_and_print(fmt, np_printoptions, has_placeholders, logging_record, *args, **kwargs):
    """JAX's `_format_print_callback`: the text printed (one whole line per call, devices call
    back from several threads), or handed to the logger of `logging_record`."""
    with np.printoptions(**dict(np_printoptions)):
        text = fmt.format(*args, **kwargs) if has_placeholders else " ".join((fmt, *map(str, args)))
    if logging_record is not None:
        message = copy.copy(logging_record)
        message.msg = text
        logging.getLogger(message.name).handle(message)
        return
    with _PRINT_LOCK:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()


def _host_callback(params):
    """The function of the arrays' values the program calls back: the arguments rebuilt
    (meshjit Arrays, as JAX's callbacks get jax.Arrays) and printed."""
    from meshjit.compiler.runtime.device_put import device_put  # a later family

    static = dict(params["static_args"])
    n = params["in_tree"].num_leaves

    def call(*values):
        it = iter(values)
        leaves = [static[i] if i in static else device_put(next(it)) for i in range(n)]
        args, kwargs = tree_unflatten(params["in_tree"], leaves)
        format_and_print(
            params["fmt"], params["np_printoptions"], params["has_placeholders"],
            params["logging_record"], *args, **kwargs,
        )  # fmt: skip

    return call


def _debug_print_lowering(ctx, *args, **params):
    effect = ORDERED_DEBUG_EFFECT if params["ordered"] else DEBUG_EFFECT
    callback = _host_callback(params)
    return debug_callback_lowering(
        ctx, *args, callback=callback, effect=effect, partitioned=params["partitioned"]
    )


lowering_rules.register(debug_print_p, _debug_print_lowering)


effects_only_ad(debug_print_p)


@batching_rules.register(debug_print_p)
def _debug_print_batcher(args, dims, **params):
    """Printed once per example, as JAX's."""
    effect = ORDERED_DEBUG_EFFECT if params["ordered"] else DEBUG_EFFECT
    callback = _host_callback(params)
    moved, per_example = per_example_callback(args, dims, callback)
    debug_callback_p.bind(*moved, callback=per_example, effect=effect, partitioned=False)
    return [], []


def debug_print(fmt, args, kwargs, *, ordered, partitioned, has_placeholders, logging_record):
    """Binds debug_print on the arguments' array leaves (as JAX's `_split_callback_args`);
    outside a trace prints at once."""
    leaves, in_tree = tree_flatten((args, kwargs))
    static, dynamic = [], []
    for i, leaf in enumerate(leaves):
        try:
            abstractify(leaf)
            dynamic.append(leaf)
        except TypeError:
            static.append((i, leaf))
    params = dict(
        fmt=fmt,
        has_placeholders=has_placeholders,
        in_tree=in_tree,
        logging_record=logging_record,
        np_printoptions=tuple(np.get_printoptions().items()),
        ordered=bool(ordered),
        partitioned=bool(partitioned),
        static_args=tuple(static),
    )
    if current_trace() is None:
        _host_callback(params)(*dynamic)
        return
    debug_print_p.bind(*dynamic, **params)
