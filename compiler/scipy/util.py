"""What meshjit.scipy's modules share: JAX's promote_args_inexact, half precisions computed in
float32."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.numpy.util import aval_of, promote_inexact


def inexact(*xs):
    """`xs` as arrays of one inexact dtype (integers promote to the default float), as JAX promotes."""
    return promote_inexact(*[jnp.asarray(x) for x in xs])


def real_inexact(name: str, *xs):
    """`inexact(*xs)`, refusing complex inputs as JAX's real-only special functions do."""
    xs = inexact(*xs)
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
