"""`jax.extend.mlir.dialects.sdy`: jaxlib's dialect (a re-export shim)."""

from jaxlib.mlir.dialects.sdy import *  # noqa: F403
