"""meshjit.experimental.checkify: functional runtime checks, as `jax.experimental.checkify`."""

from meshjit.compiler.jit import checkify as _checkify
from meshjit.compiler.jit.checkify import *  # noqa: F403

__all__ = list(_checkify.__all__)
