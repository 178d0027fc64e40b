"""Reading ops for their rules: value shapes, integer attributes, a builder sized for an op."""

from __future__ import annotations

from jaxlib.mlir import ir

from meshjit.passes.rules.rule import RuleBuilder


def shape_of(value: ir.Value) -> tuple[int, ...]:
    t = value.type
    if not isinstance(t, ir.RankedTensorType):
        return ()
    return tuple(ir.RankedTensorType(t).shape)


def is_tensor(value: ir.Value) -> bool:
    return isinstance(value.type, ir.RankedTensorType)


def ranks(values) -> list[int]:
    return [len(shape_of(v)) for v in values]


def ints(op: ir.Operation, name: str) -> list[int]:
    """An integer list attribute (dense array, dense elements, integer or array of integers);
    [] if the op has none."""
    if name not in op.attributes:
        return []
    attr = op.attributes[name]
    if isinstance(attr, ir.DenseI64ArrayAttr):
        return list(ir.DenseI64ArrayAttr(attr))
    if isinstance(attr, ir.DenseIntElementsAttr):
        return [int(x) for x in ir.DenseIntElementsAttr(attr)]
    if isinstance(attr, ir.IntegerAttr):
        return [ir.IntegerAttr(attr).value]
    return [ir.IntegerAttr(a).value for a in ir.ArrayAttr(attr)]


def int_attr(op: ir.Operation, name: str, default: int = 0) -> int:
    values = ints(op, name)
    return values[0] if values else default


def op_builder(op: ir.Operation) -> RuleBuilder:
    """A RuleBuilder with one mapping per operand and result dimension of `op`."""
    return RuleBuilder(ranks(op.operands), ranks(op.results))
