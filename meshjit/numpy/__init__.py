"""meshjit.numpy: the JAX-numpy API (re-exported from meshjit.compiler.numpy_api)."""

from meshjit.compiler import numpy_api as _api
from meshjit.compiler.array import Array as ndarray
from meshjit.compiler.dtypes import (  # noqa: F401
    bfloat16,
    bool_,
    float16,
    float32,
    int8,
    int16,
    int32,
    uint8,
    uint16,
    uint32,
)
from meshjit.compiler.numpy_api import *  # noqa: F401,F403

float64, int64 = float32, int32  # x64 is off: 64-bit requests give 32-bit types
pi, e, inf, nan = 3.141592653589793, 2.718281828459045, float("inf"), float("nan")
newaxis = None
abs, round, max, min, sum, all, any = (
    _api.abs, _api.round, _api.max, _api.min, _api.sum, _api.all, _api.any
)
