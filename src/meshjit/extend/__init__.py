"""`jax.extend`: the jaxpr types for writing interpreters (`jax.extend.core`) and the backend
(`jax.extend.backend`)."""

from meshjit.extend import backend, core

__all__ = ["backend", "core"]
