"""meshjit.numpy: NumPy's functions with JAX's semantics (re-exported from
meshjit.compiler.numpy), and `ndarray`, the type of arrays on devices."""

from meshjit.compiler import numpy as _numpy
from meshjit.compiler.api_util import show_as_jitted as _show_as_jitted
from meshjit.compiler.batching.vectorize import vectorize
from meshjit.compiler.numpy import *  # noqa: F403 (its __all__ lists the names)
from meshjit.compiler.runtime.array import PublicArray as ndarray
from meshjit.numpy import fft, linalg

__all__ = ["fft", "linalg", "ndarray", "vectorize"]
__all__ += _numpy.__all__

_show_as_jitted(globals(), "numpy")  # printed as JAX's PjitFunctions
