"""Rules of the batch-norm ops Shardy has rules for: `batch_norm_inference` is pointwise, its
scale, offset, mean and variance follow the feature dimension."""

from __future__ import annotations

from meshjit.passes.rules.registry import sharding_rule
from meshjit.passes.rules.util import int_attr, op_builder, shape_of


@sharding_rule("stablehlo.batch_norm_inference", cache_attrs=("feature_index",))
def batch_norm_inference_rule(op):
    feature = int_attr(op, "feature_index")
    b = op_builder(op)
    for d, size in enumerate(shape_of(op.operands[0])):
        f = b.factor(size)
        b.operand(0, d, f), b.result(0, d, f)
        if d == feature:
            for i in range(1, len(op.operands)):
                b.operand(i, 0, f)
    return b.build()
