"""meshjit.lax.linalg: lax's matrix decompositions (as `jax.lax.linalg`)."""

from meshjit.compiler.api_util import show_as_jitted as _show_as_jitted
from meshjit.compiler.lax import condensed as _condensed
from meshjit.compiler.lax import linalg as _linalg
from meshjit.compiler.lax import linalg_options as _options
from meshjit.compiler.lax import linalg_products as _products
from meshjit.compiler.lax.condensed import *  # noqa: F403
from meshjit.compiler.lax.linalg import *  # noqa: F403
from meshjit.compiler.lax.linalg_options import *  # noqa: F403
from meshjit.compiler.lax.linalg_products import *  # noqa: F403
from meshjit.compiler.scipy.qdwh import qdwh

# JAX's names of the decompositions' primitives (their parameters are meshjit's)
_PRIMITIVES = [
    "cholesky_p", "eig_p", "eigh_p", "hessenberg_p", "householder_product_p", "lu_p",
    "lu_pivots_to_permutation_p", "ormqr_p", "qr_p", "schur_p", "svd_p", "triangular_solve_p",
    "tridiagonal_p", "tridiagonal_solve_p",
]  # fmt: skip
for _name in _PRIMITIVES:
    globals()[_name] = getattr(_linalg, _name, None) or getattr(_condensed, _name)

__all__ = [
    *_linalg.__all__,
    *_condensed.__all__,
    *_products.__all__,
    *_options.__all__,
    *_PRIMITIVES,
    "qdwh",
]

_show_as_jitted(globals(), "lax.linalg")  # printed as JAX's PjitFunctions
