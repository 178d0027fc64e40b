"""meshjit.experimental: APIs under JAX's `jax.experimental` names."""

from meshjit.compiler.lax.callbacks import io_callback
from meshjit.experimental import multihost_utils, shard_map

__all__ = ["io_callback", "multihost_utils", "shard_map"]
