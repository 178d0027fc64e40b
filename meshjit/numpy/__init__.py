"""meshjit.numpy: the JAX-numpy API (re-exported from meshjit.compiler.numpy.api)."""

from meshjit.compiler.ir import dtypes as _dtypes
from meshjit.compiler.numpy import api as _api
from meshjit.compiler.numpy.api import *  # noqa: F401,F403
from meshjit.compiler.runtime.array import Array as ndarray


class _ScalarType:
    """`jnp.float32` as in JAX: usable as a dtype, and callable to make an array."""

    def __init__(self, dtype):
        self.dtype = _dtypes.canonicalize(dtype)
        self.__name__ = self.dtype.name

    def __call__(self, x):
        return _api.asarray(x, self.dtype)

    def __eq__(self, other):
        return self.dtype == getattr(other, "dtype", other)

    def __hash__(self):
        return hash(self.dtype)

    def __repr__(self):
        return f"meshjit.numpy.{self.__name__}"


bool_ = _ScalarType(_dtypes.bool_)
int8, int16, int32 = (_ScalarType(d) for d in (_dtypes.int8, _dtypes.int16, _dtypes.int32))
uint8, uint16, uint32 = (_ScalarType(d) for d in (_dtypes.uint8, _dtypes.uint16, _dtypes.uint32))
bfloat16, float16, float32 = (
    _ScalarType(d) for d in (_dtypes.bfloat16, _dtypes.float16, _dtypes.float32)
)
float64, int64 = float32, int32  # x64 is off: 64-bit requests give 32-bit types
pi, e, inf, nan = 3.141592653589793, 2.718281828459045, float("inf"), float("nan")
newaxis = None
abs, round, max, min, sum, all, any = (
    _api.abs,
    _api.round,
    _api.max,
    _api.min,
    _api.sum,
    _api.all,
    _api.any,
)
