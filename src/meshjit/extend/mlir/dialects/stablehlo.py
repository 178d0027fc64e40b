"""`jax.extend.mlir.dialects.stablehlo`: jaxlib's dialect (a re-export shim)."""

from jaxlib.mlir.dialects.stablehlo import *  # noqa: F403
