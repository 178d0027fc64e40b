"""The persistent compilation cache's API (`jax.experimental.compilation_cache`).

meshjit keeps compiled programs in memory only (keyed by abstract signatures, see jit/), so
the directory is a config value that is recorded and read back, as the "Persistent compilation
cache" page's calls need, and nothing is written to it.
"""

from __future__ import annotations

from meshjit.compiler.config import config
from meshjit.compiler.runtime import monitoring

_checked: list = []  # whether this process has reported its cache use (JAX's once per task)


def note_compile_request() -> None:
    """JAX's adoption events for a compile: once per process whether the cache is used, then
    one per compile request while jax_enable_compilation_cache is on."""
    enabled = config.jax_enable_compilation_cache
    if not _checked:
        _checked.append(True)
        used = "tasks_using_cache" if enabled else "task_disabled_cache"
        monitoring.record_event(f"/jax/compilation_cache/{used}")
    if enabled:
        monitoring.record_event("/jax/compilation_cache/compile_requests_use_cache")


def set_cache_dir(path) -> None:
    """Sets `jax_compilation_cache_dir` (JAX then saves compiled programs there)."""
    config.update("jax_compilation_cache_dir", path)


def reset_cache() -> None:
    """JAX's return to an uninitialized cache: meshjit holds no persistent cache to drop."""
    _checked.clear()
