"""`jax.extend.mlir.dialects.vector`: jaxlib's dialect (a re-export shim)."""

from jaxlib.mlir.dialects.vector import *  # noqa: F403
