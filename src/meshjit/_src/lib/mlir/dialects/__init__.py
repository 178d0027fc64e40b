"""`jax._src.lib.mlir.dialects`: `hlo` is jaxlib's StableHLO dialect, as in "How JAX
primitives work"."""

from jaxlib.mlir.dialects import func
from jaxlib.mlir.dialects import stablehlo as hlo

__all__ = ["func", "hlo"]
