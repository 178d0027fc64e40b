"""meshjit.experimental: APIs under JAX's `jax.experimental` names."""

from meshjit.compiler.lax.callbacks import io_callback
from meshjit.experimental import (
    checkify,
    compilation_cache,
    custom_partitioning,
    jet,
    layout,
    mesh_utils,
    multihost_utils,
    ode,
    pallas,
    pjit,
    shard_map,
    sparse,
)

__all__ = [
    "checkify",
    "compilation_cache",
    "custom_partitioning",
    "io_callback",
    "jet",
    "layout",
    "mesh_utils",
    "multihost_utils",
    "ode",
    "pallas",
    "pjit",
    "shard_map",
    "sparse",
]
