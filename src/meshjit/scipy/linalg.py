"""meshjit.scipy.linalg (implemented in meshjit.compiler.scipy: linalg, schur_forms,
special_matrices and tridiagonal_eigen, whose __all__ lists name the functions)."""

from meshjit.compiler.api_util import show_as_jitted as _show_as_jitted
from meshjit.compiler.scipy import linalg as _linalg
from meshjit.compiler.scipy import schur_forms as _schur_forms
from meshjit.compiler.scipy import special_matrices as _special_matrices
from meshjit.compiler.scipy import tridiagonal_eigen as _tridiagonal_eigen
from meshjit.compiler.scipy.linalg import *  # noqa: F403
from meshjit.compiler.scipy.schur_forms import *  # noqa: F403
from meshjit.compiler.scipy.special_matrices import *  # noqa: F403
from meshjit.compiler.scipy.tridiagonal_eigen import *  # noqa: F403

__all__ = [
    *_linalg.__all__,
    *_schur_forms.__all__,
    *_special_matrices.__all__,
    *_tridiagonal_eigen.__all__,
]

_show_as_jitted(globals(), "scipy.linalg")  # printed as JAX's PjitFunctions
