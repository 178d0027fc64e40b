"""Where values live: the NamedSharding of each leaf of a pytree, the jaxlib placement
(device list + HLO sharding, a GSPMDSharding) a NamedSharding stands for, the block each device
holds, and copying values between the host and their shards."""

from __future__ import annotations

import sys

import numpy as np
from jaxlib import _jax, xla_client

from meshjit.compiler.errors import DistributedError
from meshjit.compiler.parallel import sharding as shd
from meshjit.compiler.runtime import client


def hlo_sharding(named: shd.NamedSharding, shape: tuple[int, ...]):
    return xla_client.HloSharding.from_string(shd.hlo_sharding_text(named, len(shape), shape))


def placement_for(named: shd.NamedSharding, shape: tuple[int, ...]) -> _jax.GSPMDSharding:
    """The layout of a value of `shape` laid out by `named`, as XLA lays out a program's
    arguments and results (uneven dimensions as `sharding.tile_assignment` says; a size of
    None is taken as divided by its axes)."""
    device_list = xla_client.DeviceList(named.mesh.device_list)
    return _jax.GSPMDSharding(device_list, hlo_sharding(named, tuple(shape)))


def placement_from_hlo(hlo, device_list) -> _jax.GSPMDSharding:
    return _jax.GSPMDSharding(xla_client.DeviceList(tuple(device_list)), hlo)


def shard_indices(placement, shape) -> list[tuple[slice, ...]]:
    """The global index held by each device of the placement, in device-list order."""
    hlo = placement._hlo_sharding
    devices = placement._devices
    ndim = len(shape)
    blocks = shd.hlo_block_map(hlo, ndim, len(devices))
    tiles = _tiles(hlo, ndim)
    return [shd.shard_slices(shape, tiles, blocks[p]) for p in range(len(devices))]


def padded_shard_shape(placement, shape) -> tuple[int, ...]:
    """The shape every device's buffer has: uneven blocks are stored padded to it."""
    return shd.shard_shape(shape, _tiles(placement._hlo_sharding, len(shape)))


def tile_counts(placement, ndim: int) -> list[int]:
    """How many blocks each dimension is cut into."""
    return _tiles(placement._hlo_sharding, ndim)


def _tiles(hlo, ndim):
    if hlo.is_replicated() or not hlo.is_tiled():
        return [1] * ndim
    return list(hlo.tile_assignment_dimensions())[:ndim]


def addressable_positions(placement) -> list[int]:
    """Positions in the placement's device list of this process's devices (all of them in a
    single-process run)."""
    devices = placement._devices
    if placement._internal_device_list.is_fully_addressable:
        return list(range(len(devices)))
    from meshjit.compiler.runtime.distributed import process_index

    me = process_index()
    return [i for i, d in enumerate(devices) if d.process_index == me]


def addressable_devices(placement) -> list:
    if placement._internal_device_list.is_fully_addressable:
        return list(placement._devices)
    return list(placement._internal_device_list.addressable_device_list)


def put(value: np.ndarray, aval, placement):
    """Copies a host array to this process's devices of `placement`, one (padded) shard each."""
    devices = addressable_devices(placement)
    if placement._hlo_sharding.is_replicated():
        return client.put_replicated(value, aval, placement, devices)
    shape = aval.shape
    block = padded_shard_shape(placement, shape)
    indices = shard_indices(placement, shape)
    shards = []
    for position in addressable_positions(placement):
        piece = value[indices[position]]
        if piece.shape != block:
            piece = np.pad(piece, [(0, b - s) for b, s in zip(block, piece.shape)])
        shards.append(piece)
    return client.put_shards(aval, placement, shards, devices)


def assemble(impl, aval, placement) -> np.ndarray:
    """The global value of a device array, gathered to the host."""
    singles = device_buffers(impl)
    if placement._hlo_sharding.is_replicated() and singles:
        return host_value(singles[0])
    if len(singles) == 1 and len(placement._devices) == 1:
        return host_value(singles[0])
    indices = shard_indices(placement, aval.shape)
    local = [indices[p] for p in addressable_positions(placement)]
    if len(local) != len(indices) and not _covers_all(local, indices):
        _raise_not_addressable(aval, placement)
    out = np.empty(aval.shape, aval.dtype)
    for index, single in zip(local, singles):
        piece = host_value(single)
        out[index] = piece[tuple(slice(0, s.stop - s.start) for s in index)]
    return out


def host_readable(aval, placement) -> bool:
    """Whether `assemble` can read the whole value in this process."""
    indices = shard_indices(placement, aval.shape)
    local = [indices[p] for p in addressable_positions(placement)]
    return len(local) == len(indices) or _covers_all(local, indices)


def _covers_all(local, indices) -> bool:
    """Whether this process's blocks include every distinct block (replicas elsewhere)."""
    key = lambda index: tuple((s.start, s.stop) for s in index)  # noqa: E731
    return {key(i) for i in indices} <= {key(i) for i in local}


def _raise_not_addressable(aval, placement):
    from meshjit.compiler.errors import DistributedError
    from meshjit.compiler.runtime.distributed import process_index

    owners = sorted({d.process_index for d in placement._devices})
    raise DistributedError(
        f"cannot read an array of type {aval.str_short()} on the host of process "
        f"{process_index()}: it spans devices of processes {owners} and only part of it is "
        "here. Use meshjit.experimental.multihost_utils.process_allgather(x, tiled=True) for "
        "the whole value, or x.addressable_shards for this process's pieces"
    )


def host_value(single) -> np.ndarray:
    """One device's buffer as a NumPy array (bfloat16 too, which the buffer protocol lacks)."""
    with without_jax_import():
        try:
            if not single.is_ready():
                from meshjit.compiler.runtime.distributed_checks import wait_until_ready

                wait_until_ready(single, "reading an array to the host")
            return single._single_device_array_to_np_array_did_copy()[0]
        except DistributedError:
            raise
        except Exception as e:  # a collective that produced it may have lost a peer
            from meshjit.compiler.runtime.distributed_checks import raise_if_peer_failed

            raise_if_peer_failed(e, "reading an array to the host")
            raise


def same_placement(a, b) -> bool:
    """By content: jaxlib's own GSPMDSharding equality is identity unless jax is imported."""
    return a is b or (a._hlo_sharding == b._hlo_sharding and list(a._devices) == list(b._devices))


class _RefuseJax:
    """A meta-path finder that makes `import jax` fail (used only around jaxlib calls)."""

    def find_spec(self, name, path=None, target=None):
        if name == "jax" or name.startswith("jax."):
            raise ImportError("meshjit does not import jax")
        return None


class without_jax_import:
    """Some jaxlib runtime methods try to import `jax` and work without it. When the user has
    not imported jax, refuse that import for the call so meshjit never brings jax in; a jax the
    user imported is left alone."""

    __slots__ = ("finder",)

    def __enter__(self):
        self.finder = None if "jax" in sys.modules else _RefuseJax()
        if self.finder is not None:
            sys.meta_path.insert(0, self.finder)

    def __exit__(self, *exc):
        if self.finder is not None:
            sys.meta_path.remove(self.finder)


def device_buffers(impl) -> list:
    """The per-device arrays of a runtime array, in device-list order."""
    with without_jax_import():
        return impl._arrays
