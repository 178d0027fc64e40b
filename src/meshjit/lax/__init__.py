"""meshjit.lax: JAX's lax names."""

from importlib import import_module as _import_module

from meshjit.compiler.ad.checkpoint import optimization_barrier  # noqa: F401
from meshjit.compiler.ad.custom_solvers import custom_linear_solve, custom_root  # noqa: F401
from meshjit.compiler.errors import MeshjitTypeError as _MeshjitTypeError
from meshjit.compiler.ir import dtypes as _dtypes
from meshjit.compiler.lax import *  # noqa: F401,F403
from meshjit.compiler.lax import __all__ as _lax_names
from meshjit.compiler.lax.ad_util import aval_of as _aval_of
from meshjit.compiler.lax.elementwise import convert_element_type as _convert_element_type
from meshjit.compiler.numpy.util import materialize as _materialize
from meshjit.compiler.parallel.collectives import *  # noqa: F401,F403
from meshjit.compiler.parallel.collectives import __all__ as _collective_names
from meshjit.compiler.parallel.sharding_ops import with_sharding_constraint  # noqa: F401
from meshjit.compiler.random.gamma_grad import random_gamma_grad  # noqa: F401
from meshjit.compiler.scipy.incomplete import betainc as _betainc
from meshjit.compiler.scipy.incomplete import gammainc as _gammainc
from meshjit.compiler.scipy.incomplete import gammaincc as _gammaincc

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

def convert_element_type(operand, new_dtype, **kwargs):
    """lax.convert_element_type; a Python or NumPy operand gives an array, as JAX's (meshjit's
    internal one folds host values into host constants)."""
    return _materialize(_convert_element_type(operand, new_dtype, **kwargs))


def _floating(name, *xs) -> None:
    """lax's special functions take floats only (jax.scipy.special's promote integers)."""
    for i, x in enumerate(xs):
        dtype = _aval_of(x).dtype
        if not _dtypes.is_float(dtype):
            raise _MeshjitTypeError(
                f"{name} does not accept dtype {dtype} at position {i}. Accepted dtypes at "
                f"position {i} are subtypes of floating."
            )


def igamma(a, x):
    """The regularized lower incomplete gamma function P(a, x)."""
    _floating("igamma", a, x)
    return _gammainc(a, x)


def igammac(a, x):
    """The regularized upper incomplete gamma function Q(a, x)."""
    _floating("igammac", a, x)
    return _gammaincc(a, x)


def betainc(a, b, x):
    """The regularized incomplete beta function I_x(a, b)."""
    _floating("regularized_incomplete_beta", a, b, x)
    return _betainc(a, b, x)


# the public module (the star import above bound the compiler's), as JAX's jax.lax.linalg
linalg = _import_module(__name__ + ".linalg")


def _primitives_by_jax_name() -> dict:
    """`<name>_p` for each of meshjit's lax primitives, as JAX names its `jax.lax.*_p`
    (`exp_p`, `add_p`, `dot_general_p`, ...): what custom jaxpr interpreters key tables by."""
    import sys

    from meshjit.compiler.ir.registry import Primitive

    found = {}
    families = [
        module
        for name, module in sorted(sys.modules.items())
        if name.startswith(("meshjit.compiler.lax.", "meshjit.compiler.parallel.collectives"))
    ]
    for module in families:
        for value in vars(module).values():
            values = value.values() if isinstance(value, dict) else (value,)
            for prim in values:
                if isinstance(prim, Primitive) and prim.name.isidentifier():
                    found.setdefault(f"{prim.name}_p", prim)
    return found


for _name, _prim in _primitives_by_jax_name().items():
    if _name not in globals():
        globals()[_name] = _prim
        __all__.append(_name)
del _name, _prim
