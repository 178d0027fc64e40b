"""NumPy dtypes and shapes as MLIR types and dense attributes."""

from __future__ import annotations

import operator

import ml_dtypes
import numpy as np
from jaxlib.mlir import ir

_ELEMENT_TYPE_BUILDERS = {
    np.dtype(np.bool_): lambda: ir.IntegerType.get_signless(1),
    np.dtype(np.int8): lambda: ir.IntegerType.get_signless(8),
    np.dtype(np.int16): lambda: ir.IntegerType.get_signless(16),
    np.dtype(np.int32): lambda: ir.IntegerType.get_signless(32),
    np.dtype(np.int64): lambda: ir.IntegerType.get_signless(64),
    np.dtype(np.uint8): lambda: ir.IntegerType.get_unsigned(8),
    np.dtype(np.uint16): lambda: ir.IntegerType.get_unsigned(16),
    np.dtype(np.uint32): lambda: ir.IntegerType.get_unsigned(32),
    np.dtype(np.uint64): lambda: ir.IntegerType.get_unsigned(64),
    np.dtype(ml_dtypes.int4): lambda: ir.IntegerType.get_signless(4),
    np.dtype(ml_dtypes.uint4): lambda: ir.IntegerType.get_unsigned(4),
    np.dtype(ml_dtypes.int2): lambda: ir.IntegerType.get_signless(2),
    np.dtype(ml_dtypes.uint2): lambda: ir.IntegerType.get_unsigned(2),
    np.dtype(ml_dtypes.float4_e2m1fn): ir.Float4E2M1FNType.get,
    np.dtype(ml_dtypes.float8_e3m4): ir.Float8E3M4Type.get,
    np.dtype(ml_dtypes.float8_e4m3): ir.Float8E4M3Type.get,
    np.dtype(ml_dtypes.float8_e8m0fnu): ir.Float8E8M0FNUType.get,
    np.dtype(ml_dtypes.float8_e4m3b11fnuz): ir.Float8E4M3B11FNUZType.get,
    np.dtype(ml_dtypes.float8_e4m3fn): ir.Float8E4M3FNType.get,
    np.dtype(ml_dtypes.float8_e4m3fnuz): ir.Float8E4M3FNUZType.get,
    np.dtype(ml_dtypes.float8_e5m2): ir.Float8E5M2Type.get,
    np.dtype(ml_dtypes.float8_e5m2fnuz): ir.Float8E5M2FNUZType.get,
    np.dtype(ml_dtypes.bfloat16): ir.BF16Type.get,
    np.dtype(np.float16): ir.F16Type.get,
    np.dtype(np.float32): ir.F32Type.get,
    np.dtype(np.float64): ir.F64Type.get,
    np.dtype(np.complex64): lambda: ir.ComplexType.get(ir.F32Type.get()),
    np.dtype(np.complex128): lambda: ir.ComplexType.get(ir.F64Type.get()),
}

# The dtype of an abstract token's aval (compiler/ir/tokens.py): no array has it, and a
# "tensor" of it is `!stablehlo.token`.
TOKEN_DTYPE = np.dtype([("token", np.void, 0)])


class TypeCache:
    """Interned MLIR types for one context (building a type costs a binding call)."""

    __slots__ = ("elements", "tensors")

    def __init__(self):
        self.elements: dict[np.dtype, ir.Type] = {}
        self.tensors: dict[tuple, ir.RankedTensorType] = {}

    def element(self, dtype) -> ir.Type:
        dtype = np.dtype(dtype)
        t = self.elements.get(dtype)
        if t is None:
            t = self.elements[dtype] = _ELEMENT_TYPE_BUILDERS[dtype]()
        return t

    def tensor(self, shape, dtype) -> ir.RankedTensorType:
        key = (tuple(shape), dtype)
        t = self.tensors.get(key)
        if t is None:
            if dtype == TOKEN_DTYPE:
                t = self.tensors[key] = ir.Type.parse("!stablehlo.token")
                return t
            dims = [d if type(d) is int else _dim(d) for d in shape]
            t = self.tensors[key] = ir.RankedTensorType.get(dims, self.element(dtype))
        return t


def _dim(d) -> int:
    """A dimension of a tensor type: a symbolic one (shape polymorphism) is dynamic (`?`)."""
    try:
        return operator.index(d)
    except TypeError:
        return ir.ShapedType.get_dynamic_size()


def dense_elements(value: np.ndarray, element_type: ir.Type) -> ir.DenseElementsAttr:
    """A dense attribute holding `value`; bool and bfloat16 go through byte views, complex
    values (which have no scalar attribute) through their buffer at every rank."""
    value = np.asarray(value, order="C")
    if value.dtype == np.bool_:
        buffer = value.astype(np.uint8)
    elif value.dtype == ml_dtypes.bfloat16:
        buffer = value.view(np.uint16)
    else:
        buffer = value
    if not value.shape and value.dtype.kind != "c":
        return ir.DenseElementsAttr.get_splat(
            ir.RankedTensorType.get([], element_type), scalar_attr(value, element_type)
        )
    return ir.DenseElementsAttr.get(buffer, type=element_type, shape=list(value.shape))


def scalar_attr(value, element_type: ir.Type) -> ir.Attribute:
    value = np.asarray(value)
    if isinstance(element_type, ir.FloatType):  # bfloat16 and the small floats too
        return ir.FloatAttr.get(element_type, float(value))
    if value.dtype.kind == "u" and value.dtype.itemsize == 8:
        # the attribute takes an int64: a uint64 past its range goes as its bit pattern
        return ir.IntegerAttr.get(element_type, int(value.astype(np.uint64).view(np.int64)))
    return ir.IntegerAttr.get(element_type, int(value))
