"""Mutable array references (JAX's `jax.Ref`): the Ref type, its primitives, and running
programs that mutate refs as functional ones (discharge)."""
