"""The vocabulary jvp and transpose rules are written in: symbolic zero tangents (None),
linear arguments being transposed (`UndefinedPrimal`), and the common rule shapes (`linear_jvp`,
`bilinear_jvp`, `zero_jvp`)."""

from __future__ import annotations

import numpy as np

from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import ClosedJaxpr, Jaxpr, ShapedArray
from meshjit.compiler.ir.registry import jvp_rules, transpose_rules, zero_jvp_primitives
from meshjit.compiler.lowering import LoweringRuleContext, const_values, jaxpr_subcomp
from meshjit.compiler.trace.jaxprs import trace_to_jaxpr
from meshjit.compiler.trace.tracing import abstractify, trace_flat
from meshjit.compiler.tree_util import tree_unflatten


class UndefinedPrimal:
    """A linear argument of an equation being transposed: only its type is known."""

    __slots__ = ("aval",)

    def __init__(self, aval: ShapedArray):
        self.aval = aval

    def __repr__(self):
        return f"UndefinedPrimal({self.aval.str_short()})"


def is_undefined(x) -> bool:
    return type(x) is UndefinedPrimal


# ---------------------------------------------------------------------------------------------
# Tangent values.

float0 = np.dtype([("float0", np.void, 0)])  # the tangent dtype of integer and bool values


class SymbolicZero:
    """A zero tangent or cotangent handed to a custom rule defined with `symbolic_zeros=True`
    (JAX's): only its type is known; shape, dtype and the rest are its aval's."""

    def __init__(self, aval: ShapedArray):
        self.aval = aval

    def __repr__(self):
        return "SymbolicZero"

    def __getattr__(self, name):
        if name == "aval":
            raise AttributeError(name)
        try:
            return getattr(self.aval, name)
        except AttributeError:
            raise AttributeError(f"SymbolicZero has no attribute {name}") from None

    @staticmethod
    def from_primal_value(value) -> SymbolicZero:
        return SymbolicZero(tangent_aval(abstractify(value)))


def tangent_aval(aval: ShapedArray) -> ShapedArray:
    """The type of `aval`'s tangents: itself, strongly typed; float0 for integers and bools."""
    if has_tangent(aval):
        return aval.update(weak_type=False)
    return ShapedArray(aval.shape, float0)


def zero_from_primal(val, symbolic_zeros: bool = False):
    """A zero tangent for each leaf of `val`: SymbolicZeros, or zeros (float0 for integers)."""
    from meshjit.compiler.tree_util import tree_map

    def zero(x):
        aval = tangent_aval(abstractify(x))
        if symbolic_zeros:
            return SymbolicZero(aval)
        return np.zeros(aval.shape, float0) if aval.dtype == float0 else zeros_like_aval(aval)

    return tree_map(zero, val)


def aval_of(x) -> ShapedArray:
    return x.aval if type(x) is UndefinedPrimal else abstractify(x)


def has_tangent(aval: ShapedArray) -> bool:
    """Only inexact (floating and complex) values have tangents; integers and bools are constant."""
    return dtypes.is_inexact(aval.dtype)


def zeros_like_aval(aval: ShapedArray):
    """Zeros of `aval`'s shape and dtype, typed as `aval` on an explicit mesh and varying as it
    in a shard_map (as JAX)."""
    from meshjit.compiler.lax import shapes  # a later family

    zero = np.zeros((), aval.dtype)
    if aval.weak_type:  # weak zeros of a weak aval, as JAX's zeros_like_shaped_array
        from meshjit.compiler.lax.elementwise import convert_element_type  # a later family
        from meshjit.compiler.trace.tracing import abstractify  # a later layer

        python = zero.item()
        if abstractify(python).dtype == aval.dtype:
            zero = python  # a weak literal
        else:
            zero = convert_element_type(zero, aval.dtype, weak_type=True)
    out = typed_like(shapes.full(aval.shape, zero), aval)
    # as JAX's zeros_like_shaped_array: inside a shard_map, varying over the aval's manual axes
    return shapes.varying_as(out, aval) if getattr(aval, "vma", None) else out


def typed_like(x, aval: ShapedArray):
    """`x` (of `aval`'s shape) with `aval`'s type sharding on an explicit mesh."""
    if aval.sharding is None:
        return x
    from meshjit.compiler.parallel.explicit import reshard_to_type  # a later family

    return reshard_to_type(x, aval)


def instantiate(t, aval: ShapedArray):
    return zeros_like_aval(aval) if t is None else t


def add_tangents(a, b):
    from meshjit.compiler.lax import elementwise  # a later family

    if a is None:
        return b
    if b is None:
        return a
    return elementwise.add_any(a, b)


def zero_jvp(prim):
    """The outputs do not change with the inputs (comparisons, rounding, arg reductions)."""

    def rule(primals, tangents, **params):
        out = prim.bind(*primals, **params)
        return out, [None] * len(out) if prim.multiple_results else None

    jvp_rules[prim] = rule
    zero_jvp_primitives.add(prim)


def effects_only_ad(prim):
    """A primitive run for its effects (a callback, a print, a check): its jvp runs it on the
    primals and has no tangent outputs, and it has nothing to transpose."""

    def jvp(primals, tangents, **params):
        return prim.bind(*primals, **params), []

    def transpose(cts, *args, **params):
        return [None] * len(args)

    jvp_rules[prim] = jvp
    transpose_rules[prim] = transpose


def linear_jvp(prim, linear_args=None):
    """`prim` is linear in the arguments `linear_args` (all by default): its jvp applies it to
    their tangents, with the other (index) arguments as they are."""

    def rule(primals, tangents, **params):
        out = prim.bind(*primals, **params)
        lin = range(len(primals)) if linear_args is None else linear_args
        if all(tangents[i] is None for i in lin):
            return out, [None] * len(out) if prim.multiple_results else None
        args = [
            instantiate(t, aval_of(p)) if i in lin else p
            for i, (p, t) in enumerate(zip(primals, tangents))
        ]
        return out, prim.bind(*args, **params)

    jvp_rules[prim] = rule


def bilinear_jvp(prim):
    """`prim(x, y)` is linear in each operand (dot_general, convolution): its tangent is
    prim(tx, y) + prim(x, ty)."""

    def rule(primals, tangents, **params):
        (x, y), (tx, ty) = primals, tangents
        out = prim.bind(x, y, **params)
        t1 = None if tx is None else prim.bind(tx, y, **params)
        t2 = None if ty is None else prim.bind(x, ty, **params)
        return out, add_tangents(t1, t2)

    jvp_rules[prim] = rule


# ---------------------------------------------------------------------------------------------
# Jaxprs.


def closure_convert(closed: ClosedJaxpr) -> tuple[list, ClosedJaxpr]:
    """(consts, the jaxpr taking them as leading arguments); a jaxpr without consts is kept."""
    j = closed.jaxpr
    if not j.constvars:
        return list(closed.consts), closed
    converted = Jaxpr([], j.constvars + j.invars, j.outvars, j.eqns)
    return list(closed.consts), ClosedJaxpr(converted, [])


def trace_tree_fun(fun, in_tree, avals) -> tuple[list, ClosedJaxpr, object]:
    """Traces `fun(*unflattened leaves) -> pytree` at `avals`; returns (consts, the jaxpr taking
    them as leading arguments, the output tree): how custom functions bind their bodies."""
    closed, out_tree = trace_flat(lambda *xs: fun(*tree_unflatten(in_tree, xs)), avals)
    consts, jaxpr = closure_convert(closed)
    return consts, jaxpr, out_tree


def inline(ctx: LoweringRuleContext, fun, values, avals) -> list:
    """Traces `fun(*avals) -> list` and emits its ops on `values` (JAX's `mlir.lower_fun`): a
    lowering rule written with lax functions."""
    closed = trace_to_jaxpr(lambda *xs: list(fun(*xs)), [a.strip_weak_type() for a in avals])
    return jaxpr_subcomp(ctx.module_ctx, closed.jaxpr, const_values(ctx.module_ctx, closed), values)
