"""meshjit.experimental.shard_map: the pre-0.8 JAX spelling, `shard_map(f, mesh, in_specs,
out_specs, check_rep=True)`; use meshjit.shard_map."""

from meshjit.compiler.parallel.shard_map import shard_map as _shard_map


def shard_map(f, mesh, in_specs, out_specs, check_rep=True):
    return _shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs, check_vma=check_rep)


__all__ = ["shard_map"]
