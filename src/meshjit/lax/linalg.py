"""meshjit.lax.linalg: lax's matrix decompositions (as `jax.lax.linalg`)."""

from meshjit.compiler.lax import linalg as _linalg
from meshjit.compiler.lax.linalg import *  # noqa: F403

__all__ = list(_linalg.__all__)
