"""meshjit.scipy.integrate (implemented in meshjit.compiler.scipy.integrate, whose __all__ lists the names)."""

from meshjit.compiler.api_util import show_as_jitted as _show_as_jitted
from meshjit.compiler.scipy import integrate as _integrate
from meshjit.compiler.scipy.integrate import *  # noqa: F403

__all__ = list(_integrate.__all__)

_show_as_jitted(globals(), "scipy.integrate")  # printed as JAX's PjitFunctions
