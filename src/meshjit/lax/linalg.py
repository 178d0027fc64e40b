"""meshjit.lax.linalg: lax's matrix decompositions (as `jax.lax.linalg`)."""

from meshjit.compiler.lax import condensed as _condensed
from meshjit.compiler.lax import linalg as _linalg
from meshjit.compiler.lax import linalg_options as _options
from meshjit.compiler.lax import linalg_products as _products
from meshjit.compiler.lax.condensed import *  # noqa: F403
from meshjit.compiler.lax.linalg import *  # noqa: F403
from meshjit.compiler.lax.linalg_options import *  # noqa: F403
from meshjit.compiler.lax.linalg_products import *  # noqa: F403
from meshjit.compiler.scipy.qdwh import qdwh

__all__ = [*_linalg.__all__, *_condensed.__all__, *_products.__all__, *_options.__all__, "qdwh"]
