"""`jax.extend.mlir.dialects.mpmd`: jaxlib's dialect (a re-export shim)."""

from jaxlib.mlir.dialects.mpmd import *  # noqa: F403
