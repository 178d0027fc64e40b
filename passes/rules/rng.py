"""Rule of `stablehlo.rng_bit_generator`: the output state follows the input state (need
replication, blocked); the generated values' dims are factors of their own."""

from __future__ import annotations

from meshjit.passes.rules.registry import sharding_rule
from meshjit.passes.rules.rule import NEED_REPLICATION
from meshjit.passes.rules.util import op_builder, shape_of


@sharding_rule("stablehlo.rng_bit_generator", cache_attrs=())
def rng_bit_generator_rule(op):
    b = op_builder(op)
    for d, size in enumerate(shape_of(op.operands[0])):
        f = b.factor(size, NEED_REPLICATION, blocked=True)
        b.operand(0, d, f), b.result(0, d, f)
    for d, size in enumerate(shape_of(op.results[1])):
        b.result(1, d, b.factor(size))
    return b.build()
