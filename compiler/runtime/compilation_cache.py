"""The persistent compilation cache's API (`jax.experimental.compilation_cache`).

meshjit keeps compiled programs in memory only (keyed by abstract signatures, see jit/), so
the directory is a config value that is recorded and read back, as the "Persistent compilation
cache" page's calls need, and nothing is written to it.
"""

from __future__ import annotations

from meshjit.compiler.config import config


def set_cache_dir(path) -> None:
    """Sets `jax_compilation_cache_dir` (JAX then saves compiled programs there)."""
    config.update("jax_compilation_cache_dir", path)


def reset_cache() -> None:
    """JAX's return to an uninitialized cache: meshjit holds no persistent cache to drop."""
