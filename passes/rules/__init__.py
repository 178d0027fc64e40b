"""Factor-based sharding rules per op, kept apart from the propagation algorithm.

`rule.py` holds the rule and its builder, `registry.py` the table by op name and `rule_for`;
one module per op family registers its rules (imported below in a fixed order, so the table is
complete once this package is imported); custom calls take rules registered per target.
"""

from meshjit.passes.rules import (  # noqa: F401  (each registers its family's rules)
    collectives,
    contractions,
    custom_call,
    elementwise,
    gather_scatter,
    linalg,
    normalization,
    reshape,
    rng,
    shapes,
)
from meshjit.passes.rules.custom_call import (
    CUSTOM_CALL_RULES,
    HOST_OFFLOAD_TARGETS,
    custom_call_target,
    register_custom_call_rule,
    unregister_custom_call_rule,
)
from meshjit.passes.rules.elementwise import ELEMENTWISE_OPS, pointwise_rule
from meshjit.passes.rules.op_classes import (
    FORWARD_FIRST_OPS,
    NO_RULE_OPS,
    PASS_THROUGH_OPS,
    SHARDY_ELEMENTWISE_OPS,
    staged_operands,
)
from meshjit.passes.rules.print_rules import RULE_ATTR, attach_rules
from meshjit.passes.rules.registry import RULES, rule_cache_key, rule_for, sharding_rule
from meshjit.passes.rules.reshape import reshape_factors
from meshjit.passes.rules.rule import (
    NEED_REPLICATION,
    PASS_THROUGH,
    PERMUTATION,
    REDUCTION,
    Factor,
    RuleBuilder,
    RuleError,
    ShardingRule,
    TensorMapping,
    factor_names,
)
from meshjit.passes.rules.util import is_tensor, shape_of

__all__ = [
    "CUSTOM_CALL_RULES",
    "ELEMENTWISE_OPS",
    "NEED_REPLICATION",
    "NO_RULE_OPS",
    "PASS_THROUGH",
    "PASS_THROUGH_OPS",
    "FORWARD_FIRST_OPS",
    "PERMUTATION",
    "REDUCTION",
    "RULES",
    "RULE_ATTR",
    "SHARDY_ELEMENTWISE_OPS",
    "Factor",
    "RuleBuilder",
    "RuleError",
    "ShardingRule",
    "TensorMapping",
    "attach_rules",
    "HOST_OFFLOAD_TARGETS",
    "custom_call_target",
    "factor_names",
    "is_tensor",
    "pointwise_rule",
    "register_custom_call_rule",
    "reshape_factors",
    "rule_cache_key",
    "rule_for",
    "shape_of",
    "sharding_rule",
    "staged_operands",
    "unregister_custom_call_rule",
]
