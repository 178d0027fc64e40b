"""`jax.extend.mlir.dialects.chlo`: jaxlib's dialect (a re-export shim)."""

from jaxlib.mlir.dialects.chlo import *  # noqa: F403
