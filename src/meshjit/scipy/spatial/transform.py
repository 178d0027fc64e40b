"""meshjit.scipy.spatial.transform: Rotation and Slerp (as jax.scipy.spatial.transform)."""

from meshjit.compiler.scipy.spatial_transform import Rotation, Slerp

__all__ = ["Rotation", "Slerp"]
