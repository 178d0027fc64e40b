"""meshjit.profiler: `jax.profiler`'s API on jaxlib's profiler (meshjit.compiler.runtime.profiler)."""

from meshjit.compiler.runtime import profiler as _profiler
from meshjit.compiler.runtime.profiler import *  # noqa: F403

__all__ = list(_profiler.__all__)
