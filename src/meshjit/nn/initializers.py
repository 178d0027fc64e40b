"""meshjit.nn.initializers (implemented in meshjit.compiler.nn.initializers, whose __all__ lists
the names)."""

from meshjit.compiler.nn import initializers as _initializers
from meshjit.compiler.nn.initializers import *  # noqa: F403

__all__ = list(_initializers.__all__)
_RETURNS_FUNCTIONS = True  # the initializers these make are API boundaries too
