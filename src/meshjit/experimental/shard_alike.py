"""meshjit.experimental.shard_alike (as `jax.experimental.shard_alike`)."""

from meshjit.compiler.parallel.shard_alike import shard_alike

__all__ = ["shard_alike"]
