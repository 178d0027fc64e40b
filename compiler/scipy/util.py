"""What meshjit.scipy's modules share: JAX's promote_args_inexact, half precisions computed in
float32."""

from __future__ import annotations

import numpy as np

from meshjit.compiler import numpy as jnp
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.numpy.util import promote_inexact


def inexact(*xs):
    """`xs` as arrays of one inexact dtype (integers promote to the default float), as JAX promotes."""
    return promote_inexact(*[jnp.asarray(x) for x in xs])


def real_inexact(name: str, *xs):
    """`inexact(*xs)`, refusing complex inputs as JAX's real-only special functions do."""
    xs = inexact(*xs)
    if jnp.iscomplexobj(xs[0]):
        raise MeshjitValueError(f"{name} does not support complex-valued inputs.")
    return xs


def in_float32(fn, x):
    """fn(x), a tuple of arrays; for a float16 / bfloat16 `x`, fn of `x` in float32 with the
    results cast back, as JAX upcasts them (complex numbers have no half-precision parts)."""
    if x.dtype.itemsize >= 4:
        return fn(x)
    return tuple(r.astype(x.dtype) for r in fn(x.astype(np.float32)))
