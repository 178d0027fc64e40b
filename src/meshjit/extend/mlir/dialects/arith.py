"""`jax.extend.mlir.dialects.arith`: jaxlib's dialect (a re-export shim)."""

from jaxlib.mlir.dialects.arith import *  # noqa: F403
