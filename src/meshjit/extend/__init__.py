"""`jax.extend`: the jaxpr types for writing interpreters (`jax.extend.core`)."""

from meshjit.extend import core

__all__ = ["core"]
