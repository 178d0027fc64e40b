"""meshjit.experimental.shard_map: the pre-0.8 JAX spelling, `shard_map(f, mesh, in_specs,
out_specs, check_rep=True)`; use meshjit.shard_map. As in JAX 0.10.2, getting the name (`from
meshjit.experimental.shard_map import shard_map`) warns with a DeprecationWarning."""

from meshjit.compiler.api_util import deprecation_getattr as _deprecation_getattr
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

__getattr__ = _deprecation_getattr(__name__, _DEPRECATED)
