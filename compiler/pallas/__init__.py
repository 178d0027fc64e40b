"""Pallas kernels (JAX's `jax.experimental.pallas`), run as JAX's interpret mode runs them."""
