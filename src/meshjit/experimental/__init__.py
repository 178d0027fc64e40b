"""meshjit.experimental: APIs under JAX's `jax.experimental` names."""

from meshjit.experimental import multihost_utils, shard_map

__all__ = ["multihost_utils", "shard_map"]
