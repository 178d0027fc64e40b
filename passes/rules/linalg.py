"""Rules of the linear-algebra and FFT ops: batch dims pass through, the dims an op works
across (the FFT lengths, a matrix's rows and columns) are need_replication factors."""

from __future__ import annotations

from jaxlib.mlir import ir

from meshjit.passes.rules.elementwise import pointwise_rule
from meshjit.passes.rules.registry import sharding_rule
from meshjit.passes.rules.rule import NEED_REPLICATION
from meshjit.passes.rules.util import op_builder, shape_of


def _trailing_need_replication(op, count: int):
    rank = len(shape_of(op.results[0]))
    return pointwise_rule(op, lambda d: (NEED_REPLICATION, False) if d >= rank - count else None)


@sharding_rule("stablehlo.fft", cache_attrs=("fft_type", "fft_length"))
def fft_rule(op):
    count = len(ir.DenseI64ArrayAttr(op.attributes["fft_length"]))
    in_shape, out_shape = shape_of(op.operands[0]), shape_of(op.results[0])
    if in_shape == out_shape:
        return _trailing_need_replication(op, count)
    b = op_builder(op)  # RFFT / IRFFT: the last dim changes size, each side its own factor
    rank = len(out_shape)
    for d in range(rank - 1):
        kind = NEED_REPLICATION if d >= rank - count else None
        f = b.factor(out_shape[d], kind) if kind else b.factor(out_shape[d])
        b.operand(0, d, f)
        b.result(0, d, f)
    b.operand(0, rank - 1, b.factor(in_shape[-1], NEED_REPLICATION))
    b.result(0, rank - 1, b.factor(out_shape[-1], NEED_REPLICATION))
    return b.build()


@sharding_rule("stablehlo.cholesky", cache_attrs=("lower",))
def cholesky_rule(op):
    return _trailing_need_replication(op, 2)


@sharding_rule("stablehlo.triangular_solve", cache_attrs=("left_side",))
def triangular_solve_rule(op):
    """Left side, `a x = b` with a: [..., m, m], b and x: [..., m, n]: b's rows follow a's rows,
    x's rows a's columns (right side mirrored)."""
    a, rhs = shape_of(op.operands[0]), shape_of(op.operands[1])
    left = ir.BoolAttr(op.attributes["left_side"]).value
    b = op_builder(op)
    rank = len(a)
    for d in range(rank - 2):
        f = b.factor(a[d])
        for i in (0, 1):
            b.operand(i, d, f)
        b.result(0, d, f)
    rows, cols = b.factor(a[-2], NEED_REPLICATION), b.factor(a[-1], NEED_REPLICATION)
    b.operand(0, rank - 2, rows)
    b.operand(0, rank - 1, cols)
    other = b.factor(rhs[-1] if left else rhs[-2])
    solved, free = (rank - 2, rank - 1) if left else (rank - 1, rank - 2)
    b.operand(1, solved, rows)
    b.operand(1, free, other)
    b.result(0, solved, cols)
    b.result(0, free, other)
    return b.build()
