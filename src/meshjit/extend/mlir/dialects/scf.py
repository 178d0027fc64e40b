"""`jax.extend.mlir.dialects.scf`: jaxlib's dialect (a re-export shim)."""

from jaxlib.mlir.dialects.scf import *  # noqa: F403
