"""meshjit.scipy.special (implemented in meshjit.compiler.scipy.special, whose __all__ lists the
names)."""

from meshjit.compiler.scipy import special as _special
from meshjit.compiler.scipy.special import *  # noqa: F403

__all__ = list(_special.__all__)
