"""meshjit.scipy.special (implemented in meshjit.compiler.scipy.special and the family modules
beside it, whose __all__ lists name the functions)."""

from meshjit.compiler.api_util import removed_names as _removed_names
from meshjit.compiler.api_util import show_as_jitted as _show_as_jitted
from meshjit.compiler.scipy import (
    bessel,
    error_functions,
    expint,
    faddeeva,
    gamma_functions,
    hypergeometric,
    legendre,
    logarithmic,
    owens,
    special,
)
from meshjit.compiler.scipy.bessel import *  # noqa: F403
from meshjit.compiler.scipy.error_functions import *  # noqa: F403
from meshjit.compiler.scipy.expint import *  # noqa: F403
from meshjit.compiler.scipy.faddeeva import *  # noqa: F403
from meshjit.compiler.scipy.gamma_functions import *  # noqa: F403
from meshjit.compiler.scipy.hypergeometric import *  # noqa: F403
from meshjit.compiler.scipy.legendre import *  # noqa: F403
from meshjit.compiler.scipy.logarithmic import *  # noqa: F403
from meshjit.compiler.scipy.owens import *  # noqa: F403
from meshjit.compiler.scipy.special import *  # noqa: F403

_FAMILIES = (
    special, bessel, error_functions, expint, faddeeva, gamma_functions, hypergeometric, legendre,
    logarithmic, owens,
)  # fmt: skip
__all__ = [name for family in _FAMILIES for name in family.__all__]
del _FAMILIES


# Names JAX 0.10 removed: using them raises its AttributeError with its advice.
_REMOVED = {
    "sph_harm": (
        "jax.scipy.special.sph_harm was deprecated in v0.7.0 and removed in v0.10.0. Use "
        "jax.scipy.special.sph_harm_y instead."
    ),
}
__getattr__ = _removed_names(__name__, _REMOVED)

_show_as_jitted(globals(), "scipy.special")  # printed as JAX's PjitFunctions
