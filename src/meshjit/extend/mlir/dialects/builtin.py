"""`jax.extend.mlir.dialects.builtin`: jaxlib's dialect (a re-export shim)."""

from jaxlib.mlir.dialects.builtin import *  # noqa: F403
