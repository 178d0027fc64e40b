"""meshjit.numpy.linalg (implemented in meshjit.compiler.numpy.linalg, whose __all__ lists the
names)."""

from meshjit.compiler.numpy import linalg as _linalg
from meshjit.compiler.numpy.linalg import *  # noqa: F403

__all__ = list(_linalg.__all__)
