"""meshjit.lax: JAX's lax names."""

from meshjit.compiler.ad.checkpoint import optimization_barrier  # noqa: F401
from meshjit.compiler.ad.custom_solvers import custom_linear_solve, custom_root  # noqa: F401
from meshjit.compiler.lax import *  # noqa: F401,F403
from meshjit.compiler.lax import __all__ as _lax_names
from meshjit.compiler.parallel.collectives import *  # noqa: F401,F403
from meshjit.compiler.parallel.collectives import __all__ as _collective_names
from meshjit.compiler.parallel.sharding_ops import with_sharding_constraint  # noqa: F401

__all__ = [
    *_lax_names,
    *_collective_names,
    "custom_linear_solve",
    "custom_root",
    "optimization_barrier",
    "with_sharding_constraint",
]
