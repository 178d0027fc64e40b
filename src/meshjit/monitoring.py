"""meshjit.monitoring: event listeners (as `jax.monitoring`)."""

from meshjit.compiler.runtime import monitoring as _monitoring
from meshjit.compiler.runtime.monitoring import *  # noqa: F403

__all__ = list(_monitoring.__all__)
