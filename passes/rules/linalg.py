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
    """The FFT dims need replication, sized as the operand's; the last is also blocked where
    RFFT / IRFFT change its size."""
    count = len(ir.DenseI64ArrayAttr(op.attributes["fft_length"]))
    in_shape, out_shape = shape_of(op.operands[0]), shape_of(op.results[0])
    rank = len(in_shape)

    def special(d):
        if d < rank - count:
            return None
        return NEED_REPLICATION, d == rank - 1 and in_shape[d] != out_shape[d]

    return pointwise_rule(op, special, in_shape)


@sharding_rule("stablehlo.cholesky", cache_attrs=("lower",))
def cholesky_rule(op):
    return _trailing_need_replication(op, 2)


@sharding_rule("stablehlo.triangular_solve", cache_attrs=("left_side", "transpose_a"))
def triangular_solve_rule(op):
    """Left side, `a x = b` with a: [..., m, m], b and x: [..., m, n]: b's rows follow a's rows,
    x's rows a's columns (right side mirrored); all but the batch dims need replication.
    With a transposed (or adjoint), a's last two dims swap roles. Factors are made in b's dim
    order, then a's other dim (as Shardy makes them)."""
    a, rhs = shape_of(op.operands[0]), shape_of(op.operands[1])
    left = ir.BoolAttr(op.attributes["left_side"]).value
    transposed = "NO_TRANSPOSE" not in str(op.attributes["transpose_a"])
    b = op_builder(op)
    rank = len(a)

    def a_dim(d):
        return (2 * rank - 3 - d) if transposed and d >= rank - 2 else d

    for d in range(rank - 2):
        f = b.factor(a[d])
        b.operand(0, d, f), b.operand(1, d, f), b.result(0, d, f)
    tied = rank - 2 if left else rank - 1  # b's dim that follows a's same dim
    for d in (rank - 2, rank - 1):
        f = b.factor(rhs[d], NEED_REPLICATION)
        b.operand(1, d, f)
        if d == tied:
            b.operand(0, a_dim(d), f)
        else:
            b.result(0, d, f)
    other = rank - 1 if left else rank - 2
    f = b.factor(a[other], NEED_REPLICATION)
    b.operand(0, a_dim(other), f), b.result(0, tied, f)
    return b.build()
