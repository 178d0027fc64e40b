"""meshjit.experimental: APIs under JAX's `jax.experimental` names."""

from meshjit.compiler.lax.callbacks import io_callback
from meshjit.experimental import checkify, mesh_utils, multihost_utils, ode, pjit, shard_map

__all__ = [
    "checkify",
    "io_callback",
    "mesh_utils",
    "multihost_utils",
    "ode",
    "pjit",
    "shard_map",
]
