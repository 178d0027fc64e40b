"""Support for the test-only pass that prints the rule table: each op's rule attached as a
`meshjit.sharding_rule` attribute, so the rules can be FileChecked apart from propagation."""

from __future__ import annotations

from collections.abc import Callable

from jaxlib.mlir import ir

from meshjit.passes.rules.registry import rule_for
from meshjit.passes.rules.rule import RuleError

RULE_ATTR = "meshjit.sharding_rule"


def attach_rules(module_op: ir.Operation, on_error: Callable[[ir.Operation, str], None]) -> None:
    """Attaches every op's rule as `RULE_ATTR`; stops at the first op whose rule does not fit,
    after `on_error(op, message)`."""

    def annotate(op):
        try:
            rule = rule_for(op)
        except RuleError as e:
            on_error(op, f"{op.name}: sharding rule does not fit the op: {e}")
            return ir.WalkResult.INTERRUPT
        if rule is not None:
            op.attributes[RULE_ATTR] = ir.Attribute.parse(rule.text)
        return ir.WalkResult.ADVANCE

    module_op.walk(annotate)
