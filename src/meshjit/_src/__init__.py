"""The few private JAX paths JAX's own documentation imports (`jax._src.lib.mlir.dialects`)."""
