"""meshjit.scipy.sparse.linalg (implemented in meshjit.compiler.scipy.sparse.linalg, whose __all__ lists the names)."""

from meshjit.compiler.scipy.sparse import linalg as _linalg
from meshjit.compiler.scipy.sparse.linalg import *  # noqa: F403

__all__ = list(_linalg.__all__)
