"""What meshjit.scipy's modules share: JAX's promote_args_inexact, half precisions computed in
float32."""

from __future__ import annotations

import sys

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.numpy.util import aval_of, check_arraylike, promote_inexact


def inexact(*xs, name: str | None = None):
    """`xs` as arrays of one inexact dtype (integers promote to the default float), as JAX's
    promote_args_inexact: lists, tuples, ... refused with its TypeError naming the function
    (`name`, else the calling function's: `erf`, or `norm.logpdf` in a distribution's module)."""
    if any(isinstance(x, _CONTAINERS) for x in xs):
        check_arraylike(name or _caller_name(), *xs, promoted=True)
    return promote_inexact(*[jnp.asarray(x) for x in xs])


_CONTAINERS = (list, tuple, str, bytes, dict, set, frozenset)
_HELPERS = ("inexact", "real_inexact")


def _caller_name() -> str:
    """The name JAX's check gives the function that promotes its arguments: the function's
    own, prefixed by its distribution's for meshjit.compiler.scipy.stats's modules."""
    frame = sys._getframe(1)
    while _helper(frame.f_code.co_name, frame.f_globals.get("__name__", "")):
        frame = frame.f_back
    module = frame.f_globals.get("__name__", "").rpartition(".")
    name = frame.f_code.co_name
    distribution = module[0].endswith(".scipy.stats") and module[2] != "core"
    return f"{module[2]}.{name}" if distribution else name


def _helper(function: str, module: str) -> bool:
    """A private function, or one of the modules the public functions share."""
    return (
        function.startswith("_")
        or function in _HELPERS
        or module.rpartition(".")[2] in _SHARED_MODULES
    )


_SHARED_MODULES = ("util", "gumbel")


def real_inexact(name: str, *xs):
    """`inexact(*xs)`, refusing complex inputs as JAX's real-only special functions do."""
    xs = inexact(*xs, name=name)
    if jnp.iscomplexobj(xs[0]):
        raise MeshjitValueError(f"{name} does not support complex-valued inputs.")
    return xs


def lax_const(example, value):
    """`value` as a constant like `example`, as JAX's `lax._const` makes it: a Python scalar
    for a weak scalar example (an expression of it stays weak, as under JAX), otherwise a strong
    NumPy constant of the example's dtype."""
    aval = aval_of(example)
    if not (aval.weak_type and aval.shape == ()):
        return np.array(value, aval.dtype)
    if dtypes.is_complex(aval.dtype):
        value = complex(value)
    elif dtypes.is_inexact(aval.dtype):
        value = float(value)
    else:
        value = bool(value) if aval.dtype == np.bool_ else int(value)
    return value if dtypes.python_scalar_dtype(value) == aval.dtype else np.array(value, aval.dtype)


def in_float32(fn, x):
    """fn(x), a tuple of arrays; for a float16 / bfloat16 `x`, fn of `x` in float32 with the
    results cast back, as JAX upcasts them (complex numbers have no half-precision parts)."""
    if x.dtype.itemsize >= 4:
        return fn(x)
    return tuple(r.astype(x.dtype) for r in fn(x.astype(np.float32)))
