"""`jax.extend.mlir.dialects.sparse_tensor`: jaxlib's dialect (a re-export shim)."""

from jaxlib.mlir.dialects.sparse_tensor import *  # noqa: F403
