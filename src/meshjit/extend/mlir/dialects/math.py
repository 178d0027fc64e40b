"""`jax.extend.mlir.dialects.math`: jaxlib's dialect (a re-export shim)."""

from jaxlib.mlir.dialects.math import *  # noqa: F403
