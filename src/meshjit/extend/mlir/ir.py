"""`jax.extend.mlir.ir`: jaxlib's `jaxlib.mlir.ir` (a re-export shim)."""

from jaxlib.mlir.ir import *  # noqa: F403
