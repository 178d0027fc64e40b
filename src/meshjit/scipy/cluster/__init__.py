"""meshjit.scipy.cluster (as jax.scipy.cluster)."""

from meshjit.scipy.cluster import vq

__all__ = ["vq"]
