"""meshjit.distributed: join several processes into one run, as `jax.distributed`."""

from meshjit.compiler.runtime.distributed import (
    DistributedError,
    initialize,
    is_initialized,
    shutdown,
)

__all__ = ["DistributedError", "initialize", "is_initialized", "shutdown"]
