"""Primitives and their rules: one table per interpretation, keyed by primitive.

A primitive is a name; what it means lives in the tables below, each filled by the primitive's
family file (`compiler/lax/*.py`, `compiler/parallel/collectives.py`, ...) right after the
primitive is defined, with one decorator style:

    @abstract_eval_rules.register(sin_p)
    def _sin_abstract_eval(x): ...

    lowering_rules.register(sin_p, OneOp("stablehlo.sine"))   # or as a call, for shared rules

The interpretations and their rule signatures:
- impl (only primitives defined outside meshjit, with `def_impl`): `rule(*args, **params)`,
  run by `bind` outside any trace instead of a one-op jit;
- abstract eval: `rule(*avals, **params) -> aval` (a list with `multiple_results`);
- lowering: `rule(ctx, *mlir_values, **params) -> value(s)` (see compiler/lowering.py);
- jvp: `rule(primals, tangents, **params) -> (primal_out, tangent_out)`, a tangent of None is a
  symbolic zero (see compiler/ad/transform.py);
- transpose: `rule(ct, *args, **params) -> [ct per arg]`, linear args are `UndefinedPrimal`s;
- batching (vmap): `rule(args, dims, **params) -> (outs, out_dims)`, a dim of None is an
  unmapped value (see compiler/lax/batching.py);
- sharding (explicit mode): `rule(out, *avals, **params) -> spec(s)`, the result's type
  sharding (see compiler/ir/sharding_rules.py);
- key data (JAX's physical rules of extended dtypes): `rule(eqn, words, keyed, *data) ->
  (outs, keyed outs)`, `eqn` of typed keys (`keyed`: which operands are) run on their uint32
  data, whose trailing dimension holds each key's `words` (see compiler/random/key_ops.py).

`vma_rules` lists the primitives whose abstract eval decides the varying manual axes of their
results itself (collectives, shard_map, control flow); every other primitive's results vary over
the union of its operands' axes (`join_vma`).

Importing `meshjit` imports every family in a fixed order, so the tables are complete then.
A lookup of a missing rule raises `MissingRuleError` naming the primitive, the interpretation
and the user's source line.
"""

from __future__ import annotations

import functools
import threading
from typing import Callable

from meshjit.compiler.errors import MissingRuleError, SourceInfo


class _TraceState(threading.local):
    def __init__(self):
        self.current = None  # the innermost trace.tracing.Trace, or None outside any trace


trace_state = _TraceState()


class Primitive:
    """A named operation; its meaning lives in the per-interpretation rule tables."""

    __slots__ = ("name", "multiple_results")

    def __init__(self, name: str, multiple_results: bool = False):
        self.name, self.multiple_results = name, multiple_results

    def bind(self, *args, **params):
        # Every traced op comes through here: the trace is looked up without a further call.
        trace = trace_state.current
        if trace is None:
            return (_bind_eagerly or _load_bind_eagerly())(self, args, params)
        return trace.process(self, args, params, 2)

    def bind_internal(self, *args, **params):
        """`bind`, for meshjit's own functions: the caller's frame is known not to be the user's,
        so the walk for the user's source line starts above it, without making a frame object
        for it (the hot paths of meshjit.numpy and meshjit.lax bind through here)."""
        trace = trace_state.current
        if trace is None:
            return (_bind_eagerly or _load_bind_eagerly())(self, args, params)
        return trace.process(self, args, params, 3)

    def def_impl(self, impl: Callable) -> Callable:
        """JAX's hook: `impl(*args, **params)` runs the primitive outside any trace."""
        impl_rules[self] = impl
        return impl

    def def_abstract_eval(self, rule: Callable) -> Callable:
        """JAX's hook: `rule(*avals, **params) -> aval(s)`, the abstract eval rule."""
        abstract_eval_rules[self] = rule
        return rule

    def impl(self, *args, **params):
        return impl_rules.lookup(self)(*args, **params)

    def __repr__(self):
        return self.name


_bind_eagerly = None  # trace.tracing.bind_eagerly, imported on first use (trace/ sits above ir/)


def _load_bind_eagerly():
    global _bind_eagerly
    from meshjit.compiler.trace.tracing import bind_eagerly

    _bind_eagerly = bind_eagerly
    return bind_eagerly


class RuleTable(dict):
    """primitive -> rule for one interpretation (a dict: the hot paths use `.get`)."""

    def __init__(self, interpretation: str):
        super().__init__()
        self.interpretation = interpretation

    def register(self, prim: Primitive, rule: Callable | None = None):
        """`table.register(prim, rule)`, or `@table.register(prim)` above the rule."""
        if rule is not None:
            self[prim] = rule
            return rule

        def decorate(rule):
            self[prim] = rule
            return rule

        return decorate

    def lookup(self, prim: Primitive, source: SourceInfo | None = None) -> Callable:
        rule = self.get(prim)
        if rule is None:
            raise MissingRuleError(prim, self.interpretation, source)
        return rule

    def __repr__(self):
        return f"RuleTable({self.interpretation!r}, {len(self)} rules)"


impl_rules = RuleTable("evaluation")  # a Python implementation run outside any trace (def_impl)
abstract_eval_rules = RuleTable("abstract evaluation")
lowering_rules = RuleTable("lowering")
jvp_rules = RuleTable("jvp")
transpose_rules = RuleTable("transpose")
batching_rules = RuleTable("batching")
sharding_rules = RuleTable("sharding")
key_data_rules = RuleTable("typed key data")
# Primitives whose outputs never carry a tangent (comparisons, rounding, stop_gradient): JAX's
# jvp rules return a symbolic zero, so the result is the enclosing trace's value, no JVPTracer.
zero_jvp_primitives: set[Primitive] = set()

# Array types whose elements are several numbers (typed PRNG keys: JAX's extended dtypes):
# type -> `run(fun, *args, **kwargs)`, which runs a structural array function on them.
extended_arrays: dict[type, Callable] = {}


def takes_extended(fun: Callable) -> Callable:
    """`fun(x, ...)`, a structural array function (reshape, slicing, indexing, broadcasting),
    run on an array of an extended type `x` too: on its elements as JAX's physical rules do."""

    @functools.wraps(fun)
    def run(*args, **kwargs):  # (the array may come by keyword: `lax.slice(operand=x, ...)`)
        extended = extended_arrays.get(type(args[0])) if args else None
        if extended is None:
            return fun(*args, **kwargs)
        return extended(fun, *args, **kwargs)

    return run


# Primitives whose rules decide the varying manual axes themselves (collectives, shard_map).
vma_rules: set[Primitive] = set()

# Primitives with side effects (host callbacks): dead-code elimination keeps them.
effectful: set[Primitive] = set()

# The effect a primitive shows in `jaxpr.effects` (JAX's effect class name, "IOEffect", an
# instance of one of core's Effect classes, or a function of the equation's params giving one);
# the other effectful primitives (state, dce sinks) are kept by dead-code elimination only.
visible_effects: dict[Primitive, object] = {}

# Primitives whose batching rule runs even when no operand is mapped (the mutable refs': as
# JAX, a new ref is batched defensively and any write to an unbatched ref is an error).
batch_always: set[Primitive] = set()


def abstract_eval(prim: Primitive, avals, params, source: SourceInfo | None = None) -> list:
    """The result avals of `prim` on `avals` (a list, also for a single result)."""
    out = abstract_eval_rules.lookup(prim, source)(*avals, **params)
    from meshjit.compiler.ir import sharding_rules  # it builds on this module

    if sharding_rules.state.active:
        out = sharding_rules.apply(prim, avals, out, params)
    out = join_vma(prim, avals, out)
    return list(out) if prim.multiple_results else [out]


def join_vma(prim: Primitive, avals, out):
    """Any other result varies over every manual axis an operand varies over (implicit pvary)."""
    if prim in vma_rules:
        return out
    vma = frozenset().union(*[a.vma for a in avals])
    if not vma:
        return out
    if prim.multiple_results:
        return [o.update(vma=vma) for o in out]
    return out.update(vma=vma)


__all__ = [
    "MissingRuleError",
    "Primitive",
    "RuleTable",
    "abstract_eval",
    "abstract_eval_rules",
    "batch_always",
    "batching_rules",
    "effectful",
    "impl_rules",
    "join_vma",
    "jvp_rules",
    "extended_arrays",
    "key_data_rules",
    "takes_extended",
    "lowering_rules",
    "sharding_rules",
    "transpose_rules",
    "trace_state",
    "vma_rules",
    "zero_jvp_primitives",
]
