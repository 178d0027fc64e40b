"""meshjit.lax: JAX's lax names."""

from meshjit.compiler.ad.checkpoint import optimization_barrier  # noqa: F401
from meshjit.compiler.ad.custom_solvers import custom_linear_solve, custom_root  # noqa: F401
from meshjit.compiler.lax import *  # noqa: F401,F403
from meshjit.compiler.lax import __all__ as _lax_names
from meshjit.compiler.parallel.collectives import *  # noqa: F401,F403
from meshjit.compiler.parallel.collectives import __all__ as _collective_names
from meshjit.compiler.parallel.sharding_ops import with_sharding_constraint  # noqa: F401
from meshjit.compiler.random.gamma_grad import random_gamma_grad  # noqa: F401
from meshjit.compiler.scipy.incomplete import betainc  # noqa: F401
from meshjit.compiler.scipy.incomplete import gammainc as igamma  # noqa: F401
from meshjit.compiler.scipy.incomplete import gammaincc as igammac  # noqa: F401

__all__ = [
    *_lax_names,
    *_collective_names,
    "betainc",
    "custom_linear_solve",
    "custom_root",
    "igamma",
    "igammac",
    "optimization_barrier",
    "random_gamma_grad",
    "with_sharding_constraint",
]

from meshjit.lax import linalg  # noqa: E402,F401
