"""What the distributions share: JAX's promote_args_inexact."""

from __future__ import annotations

from meshjit.compiler import numpy as jnp
from meshjit.compiler.numpy.util import promote_inexact


def inexact(*xs):
    """`xs` as arrays of one inexact dtype (integers promote to float32), as JAX promotes."""
    return promote_inexact(*[jnp.asarray(x) for x in xs])
