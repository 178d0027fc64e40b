"""meshjit.scipy.spatial (as jax.scipy.spatial)."""

from meshjit.scipy.spatial import transform

__all__ = ["transform"]
