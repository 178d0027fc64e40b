"""meshjit.experimental.compute_on (as `jax.experimental.compute_on`)."""

from meshjit.compiler.jit.compute_on import compute_on

__all__ = ["compute_on"]
