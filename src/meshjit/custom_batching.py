"""meshjit.custom_batching: functions with user-given vmap rules (JAX's jax.custom_batching)."""

from meshjit.compiler.batching.custom_batching import custom_vmap, sequential_vmap

__all__ = ["custom_vmap", "sequential_vmap"]
