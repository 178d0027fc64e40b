"""lax.composite: a named operation whose meaning is its decomposition (JAX's composite_p).

The call binds `composite`, holding the decomposition's jaxpr, its name, version and attributes;
it appears so in jaxprs. It lowers to the decomposition inline: the value is the same, and
every propagation (meshjit's, Shardy's, XLA's) sees ordinary ops. As in JAX, it has no jvp or
transpose (wrap it in custom_jvp / custom_vjp); under vmap the decomposition is batched.
"""

from __future__ import annotations

import functools
from typing import Callable

import numpy as np

from meshjit.compiler.errors import MeshjitValueError, UnexpectedTracerError
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
from meshjit.compiler.lax.ad_util import trace_tree_fun
from meshjit.compiler.lax.batching import batch_jaxpr
from meshjit.compiler.lowering import jaxpr_subcomp
from meshjit.compiler.trace.tracing import Tracer, abstractify
from meshjit.compiler.tree_util import tree_flatten, tree_unflatten

__all__ = ["composite"]

composite_p = Primitive("composite", multiple_results=True)
vma_rules.add(composite_p)


def composite(decomposition: Callable, name: str, version: int = 0):
    """`decomposition` as the composite operation `name`: keyword arguments are its static
    attributes (NumPy arrays, not traced values)."""

    @functools.wraps(decomposition)
    def call(*args, **kwargs):
        if any(isinstance(v, Tracer) for v in tree_flatten(kwargs)[0]):
            raise UnexpectedTracerError(
                "Found a JAX Tracer as an attribute in the decomposition for the composite op "
                f"'{name}'. This means that the decomposition function closes over a value that "
                "is involved in a JAX transformation. Any values that aren't explicitly known at "
                "compile time must be explicitly passed as arguments to the composite.\n\nNote: "
                "If you are passing jax arrays as attributes, use numpy arrays instead."
            )
        leaves, in_tree = tree_flatten(args)
        fun = functools.partial(decomposition, **kwargs)
        consts, jaxpr, out_tree = trace_tree_fun(fun, in_tree, [abstractify(x) for x in leaves])
        attributes = tuple((k, _hashable(v)) for k, v in kwargs.items())
        outs = composite_p.bind(
            *consts, *leaves, name=name, attributes=attributes, version=version, jaxpr=jaxpr
        )
        return tree_unflatten(out_tree, outs)

    return call


class _Attribute:
    """An attribute value, hashable (NumPy arrays by their bytes)."""

    __slots__ = ("value", "_key")

    def __init__(self, value):
        self.value = value
        array = np.asarray(value) if isinstance(value, np.ndarray) else None
        self._key = (array.dtype.str, array.shape, array.tobytes()) if array is not None else value

    def __hash__(self):
        return hash(self._key)

    def __eq__(self, other):
        return isinstance(other, _Attribute) and self._key == other._key

    def __repr__(self):
        return repr(self.value)


def _hashable(value):
    leaves, tree = tree_flatten(value)
    return tree, tuple(_Attribute(leaf) for leaf in leaves)


@abstract_eval_rules.register(composite_p)
def _abstract_eval(*avals, name, attributes, version, jaxpr):
    return jaxpr.out_avals


@lowering_rules.register(composite_p)
def _lowering(ctx, *args, name, attributes, version, jaxpr):
    return jaxpr_subcomp(ctx.module_ctx, jaxpr.jaxpr, [], list(args))


sharding_rules.register(composite_p, keep)


@jvp_rules.register(composite_p)
def _jvp(primals, tangents, **params):
    raise MeshjitValueError(
        "JVP rule for composite not implemented. You can use `jax.custom_jvp` to add support. "
        "See https://docs.jax.dev/en/latest/_autosummary/jax.custom_jvp.html"
    )


@transpose_rules.register(composite_p)
def _transpose(cts, *args, **params):
    raise MeshjitValueError(
        "Transpose rule for composite not implemented. You can use `jax.custom_jvp` or "
        "`jax.custom_vjp` to add support. See "
        "https://docs.jax.dev/en/latest/_autosummary/jax.custom_jvp.html"
    )


@batching_rules.register(composite_p)
def _batch(args, dims, *, name, attributes, version, jaxpr):
    from meshjit.compiler.lax.batching import current_axis, move_to_front

    size = current_axis().size
    fronted = [x if d is None else move_to_front(x, d, size) for x, d in zip(args, dims)]
    batched, out_batched = batch_jaxpr(jaxpr, [d is not None for d in dims])
    outs = composite_p.bind(
        *fronted, name=name, attributes=attributes, version=version, jaxpr=batched
    )
    return outs, [0 if b else None for b in out_batched]
