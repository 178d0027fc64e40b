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

from meshjit.passes.rules.elementwise import pointwise_rule
from meshjit.passes.rules.registry import sharding_rule
from meshjit.passes.rules.rule import (
    NEED_REPLICATION,
    PASS_THROUGH,
    ShardingRule,
    rule_from_attr,
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
    return rule_from_attr(ir.Attribute.parse(text))


# custom_partitioning's call: its partition callback gets the shardings Shardy propagates,
# which moves need_replication factors too (meshjit's own rules keep them replicated). Its
# name is meshjit_CustomSPMDPartitioning where JAX took the plain one in the same process.
_PARTITIONED = "CustomSPMDPartitioning"


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


def _mismatched_dims_rule(op, on_mismatch) -> ShardingRule:
    """Dims of the first operand whose size every ranked result keeps share one factor across
    the ranked operands and results; `on_mismatch(builder, dim, in_size, out_size)` maps the
    others (Shardy's pointwise-if-sizes-match rules of its top-k calls)."""
    builder = op_builder(op)
    shape = shape_of(op.operands[0])
    out_shape = shape_of(op.results[0])
    operands = [i for i, v in enumerate(op.operands) if len(shape_of(v)) == len(shape)]
    results = [i for i, v in enumerate(op.results) if len(shape_of(v)) == len(shape)]
    for d, size in enumerate(shape):
        if size == out_shape[d]:
            factor = builder.factor(size)
            in_factor = out_factor = factor
        else:
            in_factor, out_factor = on_mismatch(builder, size, out_shape[d])
        for i in operands:
            builder.operand(i, d, in_factor)
        for i in results:
            builder.result(i, d, out_factor)
    return builder.build()


def top_k_rule(op) -> ShardingRule:
    """mhlo.topk: pointwise over the operand's sizes; the reduced dim (the one whose size
    changes) is one factor, sized as the operand's, that needs replication and blocks."""

    def reduced(builder, in_size, out_size):
        factor = builder.factor(in_size, NEED_REPLICATION, blocked=True)
        return factor, factor

    return _mismatched_dims_rule(op, reduced)


def approx_top_k_rule(op) -> ShardingRule:
    """ApproxTopK and PartialReduce: pointwise; along the reduced dim (whose size changes) the
    operands' factor passes through and the results' own factor needs replication and
    blocks."""

    def reduced(builder, in_size, out_size):
        return builder.factor(in_size), builder.factor(out_size, NEED_REPLICATION, blocked=True)

    return _mismatched_dims_rule(op, reduced)


def _batched_matrix_rule(op, matrix_kind) -> ShardingRule:
    """Eigh and Qr: batch dims pass through; the operand's two matrix dims map to the first
    result's, of `matrix_kind`; the second result (eigenvalues, Householder scalars) keeps the
    batch dims and its last dim: the operand's last factor for Eigh, its own for Qr."""
    builder = op_builder(op)
    shape = shape_of(op.operands[0])
    batch = len(shape) - 2
    factors = []
    for d, size in enumerate(shape):
        factors.append(builder.factor(size, PASS_THROUGH if d < batch else matrix_kind))
        builder.operand(0, d, factors[d])
        builder.result(0, d, factors[d])
    if len(op.results) > 1:
        vector = shape_of(op.results[1])
        for d in range(batch):
            builder.result(1, d, factors[d])
        last = (
            factors[-1] if matrix_kind == PASS_THROUGH else builder.factor(vector[-1], matrix_kind)
        )
        builder.result(1, len(vector) - 1, last)
    return builder.build()


_MATRIX_TARGETS = {"Eigh": PASS_THROUGH, "Qr": NEED_REPLICATION}


def _matrix_rule(op) -> ShardingRule | None:
    shapes = [shape_of(v) for v in (*op.operands, *op.results)]
    if len(op.operands) != 1 or len(op.results) > 2 or len(shapes[0]) < 2:
        return None
    if len(shapes[1]) != len(shapes[0]) or (
        len(shapes) > 2 and len(shapes[2]) != len(shapes[0]) - 1
    ):
        return None
    target = ir.StringAttr(op.attributes["call_target_name"]).value
    return _batched_matrix_rule(op, _MATRIX_TARGETS[target])


_BUILT_IN_RULES = {
    "mhlo.topk": top_k_rule,
    "ApproxTopK": approx_top_k_rule,
    "PartialReduce": approx_top_k_rule,
    "Eigh": _matrix_rule,
    "Qr": _matrix_rule,
}


def _built_in_rule(op, target: str) -> ShardingRule | None:
    if not len(op.operands) or not len(op.results):
        return None
    if len(shape_of(op.results[0])) != len(shape_of(op.operands[0])):
        return None
    return _BUILT_IN_RULES[target](op)


@sharding_rule("stablehlo.custom_call")
def custom_call_rule(op):
    target = ir.StringAttr(op.attributes["call_target_name"]).value
    if target in _POINTWISE_TARGETS and target not in CUSTOM_CALL_RULES:
        return pointwise_rule(op)
    if target in _BUILT_IN_RULES and target not in CUSTOM_CALL_RULES:
        return _built_in_rule(op, target)
    rule = CUSTOM_CALL_RULES.get(target)
    if rule is None:
        if "sdy.sharding_rule" not in op.attributes:
            return None
        rule = rule_from_attr(op.attributes["sdy.sharding_rule"], target.endswith(_PARTITIONED))
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
