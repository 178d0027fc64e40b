"""`jax.interpreters.ad`: jvp and transpose rules written to JAX's conventions (symbolic zero
tangents and cotangents are `Zero(aval)` objects; meshjit's own rules use None)."""

from __future__ import annotations

from meshjit.compiler.ir.registry import jvp_rules, transpose_rules
from meshjit.compiler.lax.ad_util import UndefinedPrimal
from meshjit.compiler.trace.tracing import abstractify
from meshjit.interpreters._rule_view import RuleView


class Zero:
    """A symbolic zero tangent or cotangent of type `aval`."""

    __slots__ = ("aval",)

    def __init__(self, aval):
        self.aval = aval

    @staticmethod
    def from_primal_value(value) -> Zero:
        return Zero(abstractify(value))

    def __repr__(self):
        return f"Zero({self.aval.str_short()})"


def is_undefined_primal(x) -> bool:
    return isinstance(x, UndefinedPrimal)


def instantiate_zeros(tangent):
    """A `Zero` as an array of zeros; other tangents as they are."""
    if type(tangent) is Zero:
        from meshjit.compiler.numpy import creation

        return creation.zeros(tangent.aval.shape, tangent.aval.dtype)
    return tangent


def _to_none(t):
    return None if type(t) is Zero else t


def _adapt_jvp(prim, rule):
    def jvp(primals, tangents, **params):
        tangents = [Zero(abstractify(p)) if t is None else t for p, t in zip(primals, tangents)]
        out, tangent_out = rule(list(primals), tangents, **params)
        if prim.multiple_results:
            return out, [_to_none(t) for t in tangent_out]
        return out, _to_none(tangent_out)

    return jvp


def _adapt_transpose(prim, rule):
    def transpose(ct, *args, **params):
        cts = rule(ct, *args, **params)
        return [_to_none(c) for c in cts]

    return transpose


primitive_jvps = RuleView(jvp_rules, _adapt_jvp)
primitive_transposes = RuleView(transpose_rules, _adapt_transpose)


def defjvp(primitive, *jvprules) -> None:
    """A jvp rule summing `jvp_fn(tangent, *primals, **params)` over the nonzero tangents (a
    None function: that argument is not differentiable)."""

    def jvp(primals, tangents, **params):
        out = primitive.bind(*primals, **params)
        total = None
        for fn, t in zip(jvprules, tangents):
            if fn is None or type(t) is Zero:
                continue
            term = fn(t, *primals, **params)
            total = term if total is None else total + term
        return out, Zero(abstractify(out)) if total is None else total

    primitive_jvps[primitive] = jvp


def deflinear(primitive, transpose_rule) -> None:
    """`primitive` is linear in its arguments: its jvp applies it to the tangents, and its transpose
    is `transpose_rule(ct, **params) -> [ct per arg]`."""

    def jvp(primals, tangents, **params):
        out = primitive.bind(*primals, **params)
        tangents = [instantiate_zeros(t) for t in tangents]
        return out, primitive.bind(*tangents, **params)

    primitive_jvps[primitive] = jvp
    primitive_transposes[primitive] = lambda ct, *args, **params: transpose_rule(ct, **params)


def add_tangents(x, y):
    """The sum of two tangents, either of which may be a symbolic `Zero`."""
    if type(x) is Zero:
        return y
    return x if type(y) is Zero else add_jaxvals(x, y)


def add_jaxvals(x, y):
    """x + y, as autodiff sums tangents (the `add_any` primitive)."""
    from meshjit.compiler.lax.elementwise import add_any

    return add_any(x, y)


def defjvp2(primitive, *jvprules) -> None:
    """As `defjvp`, with each rule also given the primal output: `jvp_fn(tangent, out,
    *primals, **params)`."""

    def jvp(primals, tangents, **params):
        out = primitive.bind(*primals, **params)
        total = Zero(abstractify(out))
        for fn, t in zip(jvprules, tangents):
            if fn is not None and type(t) is not Zero:
                total = add_tangents(total, fn(t, out, *primals, **params))
        return out, total

    primitive_jvps[primitive] = jvp


def deflinear2(primitive, transpose_rule) -> None:
    """As `deflinear`, with the transpose given the primal arguments (undefined ones as
    `UndefinedPrimal`): `transpose_rule(ct, *args, **params) -> [ct per arg]`."""

    def jvp(primals, tangents, **params):
        out = primitive.bind(*primals, **params)
        tangents = [instantiate_zeros(t) for t in tangents]
        return out, primitive.bind(*tangents, **params)

    primitive_jvps[primitive] = jvp
    primitive_transposes[primitive] = transpose_rule


__all__ = [
    "UndefinedPrimal",
    "Zero",
    "add_jaxvals",
    "add_tangents",
    "defjvp",
    "defjvp2",
    "deflinear",
    "deflinear2",
    "instantiate_zeros",
    "is_undefined_primal",
    "primitive_jvps",
    "primitive_transposes",
]
