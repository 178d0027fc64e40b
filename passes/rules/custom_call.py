"""Rules of `stablehlo.custom_call`, registered per call target by the user.

`register_custom_call_rule(target, rule)` takes a ShardingRule, its `#sdy.op_sharding_rule`
text, or `fn(op) -> ShardingRule`. Without a registered rule, the op's own `sdy.sharding_rule`
attribute is honoured (JAX puts one on LAPACK and custom-partitioning calls), as Shardy does; a
custom call with neither stays replicated.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import sdy

from meshjit.passes.rules.elementwise import pointwise_rule
from meshjit.passes.rules.registry import sharding_rule
from meshjit.passes.rules.rule import (
    NEED_REPLICATION,
    PASS_THROUGH,
    PERMUTATION,
    REDUCTION,
    Factor,
    ShardingRule,
)
from meshjit.passes.rules.util import op_builder, shape_of

CUSTOM_CALL_RULES: dict[str, ShardingRule | str | Callable] = {}


def register_custom_call_rule(target_name: str, rule) -> None:
    """Registers the rule for `stablehlo.custom_call @target_name`.

    `rule` is a ShardingRule, its `#sdy.op_sharding_rule` text, or `fn(op) -> ShardingRule`.
    Its ranks are checked against each op when it is used (RuleError if they differ).
    """
    if not isinstance(rule, (ShardingRule, str)) and not callable(rule):
        raise TypeError(f"custom call rule for '{target_name}' must be a ShardingRule or callable")
    CUSTOM_CALL_RULES[target_name] = rule


def unregister_custom_call_rule(target_name: str) -> None:
    CUSTOM_CALL_RULES.pop(target_name, None)


def _parse_rule_text(text: str) -> ShardingRule:
    return _rule_from_attr(ir.Attribute.parse(text))


# custom_partitioning's call: its partition callback gets the shardings Shardy propagates,
# which moves need_replication factors too (meshjit's own rules keep them replicated). Its
# name is meshjit_CustomSPMDPartitioning where JAX took the plain one in the same process.
_PARTITIONED = "CustomSPMDPartitioning"


def _rule_from_attr(attribute: ir.Attribute, replication_propagates=False) -> ShardingRule:
    attr = sdy.OpShardingRuleAttr(attribute)
    sizes = list(attr.factor_sizes)
    kinds = {f: REDUCTION for f in attr.reduction_factors}
    if not replication_propagates:
        kinds.update({f: NEED_REPLICATION for f in attr.need_replication_factors})
    kinds.update({f: PERMUTATION for f in attr.permutation_factors})
    blocked = set(attr.blocked_propagation_factors)

    def mapping(m):
        dims = [sdy.DimMappingAttr(d) for d in sdy.TensorMappingAttr(m).dim_mappings]
        return tuple(tuple(d.factor_indices) for d in dims)

    return ShardingRule(
        tuple(mapping(m) for m in attr.operand_mappings),
        tuple(mapping(m) for m in attr.result_mappings),
        tuple(Factor(s, kinds.get(i, PASS_THROUGH), i in blocked) for i, s in enumerate(sizes)),
        True,
    )


# Host-offload custom calls move a tensor between memories, elementwise (Shardy gives them an
# elementwise rule and propagates them in its first, element-wise op-priority stage).
HOST_OFFLOAD_TARGETS = frozenset({"MoveToHost", "MoveToDevice"})
# jax.debug.inspect_array_sharding's call: XLA reports its operand's sharding; it must not
# change it (its result, the operand again, is unused).
_POINTWISE_TARGETS = HOST_OFFLOAD_TARGETS | {"InspectSharding"}


# Calls Shardy's registry gives an elementwise rule too (memory placement, layouts, 64-bit
# splitting and joining).
_POINTWISE_TARGETS |= {
    "annotate_device_placement",
    "LayoutConstraint",
    "X64SplitLow",
    "X64SplitHigh",
    "X64Combine",
    "Cholesky",
}


def _reduction_dim(op) -> int:
    """The dim a top-k call reduces: `reduction_dim` of ApproxTopK's and PartialReduce's
    backend config, the last dim for mhlo.topk."""
    if "mhlo.backend_config" in op.attributes:
        config = ir.DictAttr(op.attributes["mhlo.backend_config"])
        if "reduction_dim" in config:
            return ir.IntegerAttr(config["reduction_dim"]).value
    return len(shape_of(op.operands[0])) - 1


def top_k_rule(op) -> ShardingRule:
    """mhlo.topk, ApproxTopK and PartialReduce: the operands' other dims (and their ranked
    operands', alike) pass through to every result; the reduced dim is one factor of the
    operands and one of each result, so nothing moves along it between them."""
    dim = _reduction_dim(op)
    shape = shape_of(op.operands[0])
    builder = op_builder(op)
    for d, size in enumerate(shape):
        if d == dim:
            continue
        factor = builder.factor(size)
        for i, value in enumerate(op.operands):
            if len(shape_of(value)) == len(shape):
                builder.operand(i, d, factor)
        for i in range(len(op.results)):
            builder.result(i, d, factor)
    reduced = builder.factor(shape[dim])
    for i, value in enumerate(op.operands):
        if len(shape_of(value)) == len(shape):
            builder.operand(i, dim, reduced)
    for i, value in enumerate(op.results):
        builder.result(i, dim, builder.factor(shape_of(value)[dim]))
    return builder.build()


_TOP_K_TARGETS = frozenset({"mhlo.topk", "ApproxTopK", "PartialReduce"})


@sharding_rule("stablehlo.custom_call")
def custom_call_rule(op):
    target = ir.StringAttr(op.attributes["call_target_name"]).value
    if target in _POINTWISE_TARGETS and target not in CUSTOM_CALL_RULES:
        return pointwise_rule(op)
    if target in _TOP_K_TARGETS and target not in CUSTOM_CALL_RULES and len(op.operands):
        return top_k_rule(op)
    rule = CUSTOM_CALL_RULES.get(target)
    if rule is None:
        if "sdy.sharding_rule" not in op.attributes:
            return None
        rule = _rule_from_attr(op.attributes["sdy.sharding_rule"], target.endswith(_PARTITIONED))
    if isinstance(rule, str):
        rule = _parse_rule_text(rule)
    elif not isinstance(rule, ShardingRule):
        rule = rule(op)
    return dataclasses.replace(rule, is_custom=True) if rule is not None else None


def custom_call_target(op: ir.Operation) -> str | None:
    op = op.operation
    if op.name != "stablehlo.custom_call":
        return None
    return ir.StringAttr(op.attributes["call_target_name"]).value
