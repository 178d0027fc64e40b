"""`jax.extend.mlir.dialects.memref`: jaxlib's dialect (a re-export shim)."""

from jaxlib.mlir.dialects.memref import *  # noqa: F403
