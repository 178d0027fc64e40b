"""meshjit.experimental.compilation_cache, as `jax.experimental.compilation_cache`."""

from meshjit.experimental.compilation_cache import compilation_cache

__all__ = ["compilation_cache"]
