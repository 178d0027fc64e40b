"""meshjit.experimental.compilation_cache.compilation_cache (implemented in
meshjit.compiler.runtime.compilation_cache)."""

from meshjit.compiler.runtime.compilation_cache import reset_cache, set_cache_dir

__all__ = ["reset_cache", "set_cache_dir"]
