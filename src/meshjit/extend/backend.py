"""`jax.extend.backend`: the PJRT client meshjit runs on (the CPU client), for libraries built
over meshjit, with JAX's names."""

from meshjit.compiler.jit.api import clear_caches as clear_in_memory_compilation_cache
from meshjit.compiler.runtime.client import check_backend, default_device, get_client


def get_backend(platform=None):
    """The PJRT client of `platform` (None or "cpu": meshjit's CPU client)."""
    check_backend(platform)
    return get_client()


def backends() -> dict:
    """The initialized clients by platform name."""
    return {"cpu": get_client()}


def get_default_device():
    """The device uncommitted values go to."""
    return default_device()


def backend_xla_version(platform=None):
    """The XLA version number of the backend's compiler (None on the CPU client, as JAX's)."""
    return getattr(get_backend(platform), "xla_version", None)


def clear_backends() -> None:
    """Forgets compiled programs (meshjit keeps one CPU client for the process's life)."""
    clear_in_memory_compilation_cache()


__all__ = [
    "backend_xla_version",
    "backends",
    "clear_backends",
    "clear_in_memory_compilation_cache",
    "get_backend",
    "get_default_device",
]
