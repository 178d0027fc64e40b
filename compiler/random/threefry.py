"""The threefry2x32 hash (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3"): 20
rounds over pairs of uint32 counters under a pair of uint32 key words, as one primitive.

`threefry2x32_p(k1, k2, x1, x2) -> (y1, y2)` is elementwise over operands that are rank 0 or
of one common shape. Its lowering unrolls the rounds into StableHLO integer ops, which XLA
fuses into one loop; every op is elementwise, so any sharding of the counters partitions it.
"""

from __future__ import annotations

import numpy as np
from jaxlib.mlir.dialects import stablehlo as hlo

from meshjit.compiler.errors import MeshjitTypeError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import ShapedArray
from meshjit.compiler.ir.registry import (
    Primitive,
    abstract_eval_rules,
    lowering_rules,
    sharding_rules,
)
from meshjit.compiler.ir.sharding_rules import broadcasting
from meshjit.compiler.lax.batching import elementwise_rule
from meshjit.compiler.lowering import LoweringRuleContext, broadcast_operand

threefry2x32_p = Primitive("threefry2x32", multiple_results=True)

# The rotation distances of the even and odd groups of four rounds, and the key-schedule parity.
_ROTATIONS = ((13, 15, 26, 6), (17, 29, 16, 24))
_PARITY = 0x1BD11BDA


@abstract_eval_rules.register(threefry2x32_p)
def _threefry2x32_rule(k1, k2, x1, x2):
    operands = (k1, k2, x1, x2)
    if any(a.dtype != dtypes.uint32 for a in operands):
        got = ", ".join(a.str_short() for a in operands)
        raise MeshjitTypeError(f"threefry2x32 takes uint32 operands, got {got}")
    shapes = {a.shape for a in operands if a.shape}
    if len(shapes) > 1:
        got = ", ".join(a.str_short() for a in operands)
        raise MeshjitTypeError(f"threefry2x32 operands must be scalars or of one shape, got {got}")
    out = ShapedArray(shapes.pop() if shapes else (), dtypes.uint32)
    return [out, out]


def _threefry2x32_lowering(ctx: LoweringRuleContext, k1, k2, x1, x2):
    shape = ctx.avals_out[0].shape
    mctx = ctx.module_ctx
    values = [
        v if a.shape == shape else broadcast_operand(mctx, v, a, shape)
        for v, a in zip((k1, k2, x1, x2), ctx.avals_in)
    ]
    splats: dict[int, object] = {}

    def const(value: int):
        if value not in splats:
            scalar = ctx.block_scalar(np.uint32(value))
            aval = ShapedArray((), dtypes.uint32)
            splats[value] = scalar if not shape else broadcast_operand(mctx, scalar, aval, shape)
        return splats[value]

    return _hash(values, const)


def _hash(values, const):
    """The 20 rounds: 5 groups of 4, each group followed by a key injection."""
    k1, k2, x1, x2 = values
    schedule = [k1, k2, hlo.XorOp(hlo.XorOp(k1, k2).result, const(_PARITY)).result]
    x1, x2 = hlo.AddOp(x1, schedule[0]).result, hlo.AddOp(x2, schedule[1]).result
    for group in range(5):
        for distance in _ROTATIONS[group % 2]:
            x1 = hlo.AddOp(x1, x2).result
            x2 = hlo.XorOp(x1, _rotate_left(x2, distance, const)).result
        injected = hlo.AddOp(schedule[(group + 2) % 3], const(group + 1)).result
        x1 = hlo.AddOp(x1, schedule[(group + 1) % 3]).result
        x2 = hlo.AddOp(x2, injected).result
    return [x1, x2]


def _rotate_left(x, distance: int, const):
    left = hlo.ShiftLeftOp(x, const(distance)).result
    right = hlo.ShiftRightLogicalOp(x, const(32 - distance)).result
    return hlo.OrOp(left, right).result


lowering_rules.register(threefry2x32_p, _threefry2x32_lowering)


def threefry2x32(k1, k2, x1, x2):
    """The hashes of the counter pairs (x1, x2) under the key (k1, k2): two uint32 arrays."""
    return threefry2x32_p.bind_internal(k1, k2, x1, x2)


# Batching: per element over the four operands.
elementwise_rule(threefry2x32_p)


# ---------------------------------------------------------------------------------------------
# Sharding (explicit mode).


def _threefry_sharding(out, *avals):
    spec = broadcasting("threefry2x32")(out[0], *avals)
    return [spec, spec]


sharding_rules.register(threefry2x32_p, _threefry_sharding)
