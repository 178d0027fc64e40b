"""`jax.extend`: the jaxpr types for writing interpreters (`jax.extend.core`), the backend
(`jax.extend.backend`), jaxlib's MLIR bindings (`jax.extend.mlir`) and the PRNG
implementations (`jax.extend.random`)."""

from meshjit.extend import backend, core, linear_util, mlir, random

__all__ = ["backend", "core", "linear_util", "mlir", "random"]
