"""meshjit.numpy.linalg (implemented in meshjit.compiler.numpy.linalg, whose __all__ lists the
names)."""

from meshjit.compiler.api_util import show_as_jitted as _show_as_jitted
from meshjit.compiler.numpy import linalg as _linalg
from meshjit.compiler.numpy.linalg import *  # noqa: F403

__all__ = list(_linalg.__all__)

_show_as_jitted(globals(), "numpy.linalg")  # printed as JAX's PjitFunctions
