"""What meshjit.scipy's modules share: JAX's promote_args_inexact."""

from __future__ import annotations

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
