"""meshjit.experimental.jet: Taylor-mode derivatives, as `jax.experimental.jet`."""

from meshjit.compiler.ad.jet import jet, jet2

__all__ = ["jet", "jet2"]
