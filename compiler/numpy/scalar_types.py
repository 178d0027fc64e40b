"""meshjit.numpy's dtype names (`jnp.float32`, ...) and constants (pi, e, inf, nan, newaxis)."""

from __future__ import annotations

from meshjit.compiler.ir import dtypes
from meshjit.compiler.numpy.creation import asarray

__all__ = [
    "bfloat16",
    "bool_",
    "e",
    "float16",
    "float32",
    "float64",
    "inf",
    "int8",
    "int16",
    "int32",
    "int64",
    "nan",
    "newaxis",
    "pi",
    "uint8",
    "uint16",
    "uint32",
]


class ScalarType:
    """`jnp.float32` as in JAX: usable as a dtype, and callable to make an array."""

    def __init__(self, dtype):
        self.dtype = dtypes.canonicalize(dtype)
        self.__name__ = self.dtype.name

    def __call__(self, x):
        return asarray(x, self.dtype)

    def __eq__(self, other):
        return self.dtype == getattr(other, "dtype", other)

    def __hash__(self):
        return hash(self.dtype)

    def __repr__(self):
        return f"meshjit.numpy.{self.__name__}"


bool_ = ScalarType(dtypes.bool_)
int8, int16, int32 = (ScalarType(d) for d in (dtypes.int8, dtypes.int16, dtypes.int32))
uint8, uint16, uint32 = (ScalarType(d) for d in (dtypes.uint8, dtypes.uint16, dtypes.uint32))
bfloat16, float16, float32 = (
    ScalarType(d) for d in (dtypes.bfloat16, dtypes.float16, dtypes.float32)
)
float64, int64 = float32, int32  # x64 is off: 64-bit requests give 32-bit types
pi, e, inf, nan = 3.141592653589793, 2.718281828459045, float("inf"), float("nan")
newaxis = None
