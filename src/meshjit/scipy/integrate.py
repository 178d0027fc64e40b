"""meshjit.scipy.integrate (implemented in meshjit.compiler.scipy.integrate, whose __all__ lists the names)."""

from meshjit.compiler.scipy import integrate as _integrate
from meshjit.compiler.scipy.integrate import *  # noqa: F403

__all__ = list(_integrate.__all__)
