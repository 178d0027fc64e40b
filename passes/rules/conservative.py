"""The rules of Shardy's registry under conservative propagation: a convolution's and a
concatenate's own (size-one factors where axes would move between devices), and every other
op's permutation factors blocked (sliced, padded, windowed dims; a select_and_scatter's source
window dims too, need_replication factors), but a reverse's (it keeps every dim's size) and an
op's own `sdy.sharding_rule` (taken as written)."""

from __future__ import annotations

import dataclasses

from meshjit.passes.rules.contractions import conservative_convolution_rule
from meshjit.passes.rules.rule import NEED_REPLICATION, PERMUTATION, ShardingRule
from meshjit.passes.rules.shapes import conservative_concatenate_rule

_OWN_RULES = {
    "stablehlo.convolution": conservative_convolution_rule,
    "stablehlo.concatenate": conservative_concatenate_rule,
}
_PERMUTING_KEPT = frozenset({"stablehlo.reverse", "stablehlo.custom_call"})
_BLOCKED_KINDS = {"stablehlo.select_and_scatter": (PERMUTATION, NEED_REPLICATION)}


def conservative_rule(name: str, op, rule: ShardingRule) -> ShardingRule:
    """`rule` (of `op`, named `name`; `op` may be None) as Shardy's conservative propagation
    has it; `rule` itself where it stays."""
    if op is not None and "sdy.sharding_rule" in op.attributes:
        return rule  # the op's own rule, as written
    own = _OWN_RULES.get(name)
    if own is not None and op is not None:
        return own(op)
    kinds = _BLOCKED_KINDS.get(name, (PERMUTATION,))
    if name in _PERMUTING_KEPT or not any(f.kind in kinds and not f.blocked for f in rule.factors):
        return rule
    blocked = tuple(
        dataclasses.replace(f, blocked=True) if f.kind in kinds else f for f in rule.factors
    )
    return dataclasses.replace(rule, factors=blocked)
