"""meshjit.scipy.interpolate (as jax.scipy.interpolate)."""

from meshjit.compiler.scipy.interpolate import RegularGridInterpolator

__all__ = ["RegularGridInterpolator"]
