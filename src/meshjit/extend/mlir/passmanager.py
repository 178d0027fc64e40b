"""`jax.extend.mlir.passmanager`: jaxlib's `jaxlib.mlir.passmanager` (a re-export shim)."""

from jaxlib.mlir.passmanager import *  # noqa: F403
