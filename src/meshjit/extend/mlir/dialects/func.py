"""`jax.extend.mlir.dialects.func`: jaxlib's dialect (a re-export shim)."""

from jaxlib.mlir.dialects.func import *  # noqa: F403
