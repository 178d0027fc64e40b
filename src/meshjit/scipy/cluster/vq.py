"""meshjit.scipy.cluster.vq: vector quantization (as jax.scipy.cluster.vq)."""

from meshjit.compiler.scipy.cluster import vq

__all__ = ["vq"]
