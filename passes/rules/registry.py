"""The table of sharding rules by op name, and the lookup propagation uses.

`RULES` maps an op name to `rule_fn(op) -> ShardingRule | None`; each family module registers
its rules with `@sharding_rule(...)` right after them, and `rule_for(op)` looks them up.
"""

from __future__ import annotations

from collections.abc import Callable

from jaxlib.mlir import ir

from meshjit.passes.rules.rule import ShardingRule, rule_from_attr
from meshjit.passes.rules.util import ranks, shape_of

RuleFn = Callable[[ir.Operation], "ShardingRule | None"]
RULES: dict[str, RuleFn] = {}

# Ops whose rule depends only on their name and shapes; their rules are kept by (name, shapes).
_SHAPE_ONLY_OPS: set[str] = set()
_SHAPE_ONLY_CACHE: dict[tuple, ShardingRule | None] = {}
# Op name -> (the rule function registered with `cache_attrs`, those attribute names): the
# op's rule depends only on its operand and result types and these attributes.
_CACHEABLE: dict[str, tuple[RuleFn, tuple[str, ...]]] = {}


def sharding_rule(*op_names: str, cache_attrs: tuple[str, ...] | None = None, shape_only=False):
    """Decorator registering `rule_fn(op)` for every op in `op_names`.

    `cache_attrs`: the attributes the rule reads besides the types, so that ops equal in both
    share one rule (`rule_cache_key`); `shape_only`: the rule reads only the name and shapes."""

    def decorate(fn: RuleFn) -> RuleFn:
        for name in op_names:
            RULES[name] = fn
            if cache_attrs is not None:
                _CACHEABLE[name] = (fn, cache_attrs)
            if shape_only:
                _SHAPE_ONLY_OPS.add(name)
        return fn

    return decorate


# An op's own rule, which Shardy takes before its registry's (a custom call reads its own in
# custom_call.py, after the rules registered for its target).
OWN_RULE = "sdy.sharding_rule"


def rule_for(op: ir.Operation) -> ShardingRule | None:
    """The op's rule, None for ops without one. Raises RuleError for ill-fitting rules."""
    op = op.operation
    name = op.name
    if OWN_RULE in op.attributes and name != "stablehlo.custom_call":
        rule = rule_from_attr(op.attributes[OWN_RULE])
        rule.check_ranks(ranks(op.operands), ranks(op.results))
        return rule
    fn = RULES.get(name)
    if fn is None:
        return None
    key = None
    if name in _SHAPE_ONLY_OPS:
        key = (name, tuple(map(shape_of, op.operands)), tuple(map(shape_of, op.results)))
        if key in _SHAPE_ONLY_CACHE:
            return _SHAPE_ONLY_CACHE[key]
    rule = fn(op)
    if rule is not None:
        rule.check_ranks(ranks(op.operands), ranks(op.results))
    if key is not None:
        _SHAPE_ONLY_CACHE[key] = rule
    return rule


def rule_cache_key(op: ir.Operation) -> tuple | None:
    """A key equal for ops that get the same rule (None: no key, ask `rule_for`).

    It holds MLIR types and attributes, so a cache using it must not outlive the context."""
    name = op.name
    cacheable = _CACHEABLE.get(name)
    if cacheable is None or RULES.get(name) is not cacheable[0]:
        return None  # no built-in rule of this kind, or one registered in its place
    attrs = op.attributes
    if OWN_RULE in attrs:
        return None
    return (
        name,
        tuple([v.type for v in op.operands]),
        tuple(op.results.types),
        tuple(attrs[a] if a in attrs else None for a in cacheable[1]),
    )
