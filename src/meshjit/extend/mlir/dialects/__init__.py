"""`jax.extend.mlir.dialects`: jaxlib's MLIR dialects, one module each (import them by name:
`from meshjit.extend.mlir.dialects import stablehlo`)."""
