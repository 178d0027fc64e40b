"""meshjit.scipy.linalg (implemented in meshjit.compiler.scipy.linalg, whose __all__ lists the
names)."""

from meshjit.compiler.scipy import linalg as _linalg
from meshjit.compiler.scipy.linalg import *  # noqa: F403

__all__ = list(_linalg.__all__)
