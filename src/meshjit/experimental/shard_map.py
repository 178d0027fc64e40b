"""meshjit.experimental.shard_map: the pre-0.8 JAX spelling, `shard_map(f, mesh, in_specs,
out_specs, check_rep=True)`; use meshjit.shard_map. As in JAX 0.10.2, getting the name (`from
meshjit.experimental.shard_map import shard_map`) warns with a DeprecationWarning."""

import warnings as _warnings

from meshjit.compiler.parallel.shard_map import shard_map as _shard_map


def _legacy_shard_map(f, mesh, in_specs, out_specs, check_rep=True):
    return _shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs, check_vma=check_rep)


_legacy_shard_map.__name__ = _legacy_shard_map.__qualname__ = "shard_map"

_DEPRECATED = {
    "shard_map": (
        "jax.experimental.shard_map is deprecated in v0.8.0. Used jax.shard_map instead.",
        _legacy_shard_map,
    )
}

__all__ = ["shard_map"]  # noqa: F822  (provided by the module __getattr__ below)


def __getattr__(name: str):
    if name in _DEPRECATED:
        message, value = _DEPRECATED[name]
        _warnings.warn(message, DeprecationWarning, stacklevel=2)
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
