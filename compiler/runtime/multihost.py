"""Global arrays: arrays over the devices of several processes, made from what each process
holds (`make_array_from_callback`, `make_array_from_single_device_arrays`,
`make_array_from_process_local_data`), the local part of a mesh, and resharding on devices."""

from __future__ import annotations

import numpy as np
from jaxlib import _jax

from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import ShapedArray
from meshjit.compiler.parallel import sharding as shd
from meshjit.compiler.runtime import placement as plc
from meshjit.compiler.runtime.array import Array
from meshjit.compiler.runtime.distributed import process_count, process_index
from meshjit.compiler.tree_util import tree_flatten, tree_unflatten


def _target(sharding, shape: tuple[int, ...], what: str):
    """(NamedSharding or None, placement) for a NamedSharding, a bare spec (context mesh) or a
    SingleDeviceSharding."""
    if isinstance(sharding, shd.SingleDeviceSharding):
        from meshjit.compiler.runtime.client import replicated_sharding

        return None, replicated_sharding([sharding.device])
    named = shd.resolve_spec(sharding, what)
    if not isinstance(named.mesh, shd.Mesh):
        raise MeshjitTypeError(f"{what} needs a sharding over a concrete Mesh, got {named}")
    named.check_rank(len(shape), what)
    return named, plc.placement_for(named, shape)


def _shape_of(index) -> tuple[int, ...]:
    return tuple(s.stop - s.start for s in index)


def _show(index) -> str:
    return "[" + ", ".join(f"{s.start}:{s.stop}" for s in index) + "]"


def _from_pieces(aval, named, placement, pieces) -> Array:
    """One host piece per addressable device (in placement order) -> the global Array."""
    block = plc.padded_shard_shape(placement, aval.shape)
    padded = [
        p if p.shape == block else np.pad(p, [(0, b - s) for b, s in zip(block, p.shape)])
        for p in pieces
    ]
    devices = plc.addressable_devices(placement)
    impl = _jax.batched_device_put(
        aval, placement, padded, devices, committed=True, enable_x64=dtypes.x64_enabled
    )
    return Array(aval, impl, placement, named, stated=True)


def make_array_from_callback(shape, sharding, data_callback, dtype=None) -> Array:
    """The array of `shape` laid out by `sharding`, each of this process's shards made by
    `data_callback(index)` (a tuple of slices into the global array)."""
    shape = tuple(int(d) for d in shape)
    named, placement = _target(sharding, tuple(shape), "make_array_from_callback")
    if named is not None:
        named.shard_shape(shape)  # as JAX: an uneven layout is an IndivisibleError
    indices = plc.shard_indices(placement, shape)
    devices = placement._devices
    pieces, first = [], None
    for position in plc.addressable_positions(placement):
        index = indices[position]
        data = np.asarray(data_callback(shd.public_index(index, shape)))  # whole dims: slice(None)
        where = f"index {_show(index)} (device {devices[position]})"
        if data.shape != _shape_of(index):
            raise MeshjitValueError(  # JAX's words first
                f"Expected shard shape {_shape_of(index)} doesn't match the single device array "
                f"shape {data.shape}. (make_array_from_callback: the callback returned shape "
                f"{data.shape} for {where}, but that shard of a {shape} array laid out by "
                f"{sharding} has shape {_shape_of(index)})"
            )
        if first is None:
            first = (data.dtype, where)
        elif data.dtype != first[0]:
            raise MeshjitTypeError(
                f"make_array_from_callback: the callback returned dtype {data.dtype} for {where} "
                f"but {first[0]} for {first[1]}; every shard must have one dtype"
            )
        pieces.append(data)
    want = np.dtype(dtype) if dtype is not None else first[0] if first else dtypes.default_float
    if first is not None and dtype is not None and first[0] != want:
        raise MeshjitTypeError(
            f"make_array_from_callback: dtype={want} was asked for but the callback returned "
            f"{first[0]} for {first[1]}"
        )
    aval = ShapedArray(shape, _checked(dtypes.canonicalize(want)))
    return _from_pieces(aval, named, placement, [p.astype(aval.dtype, copy=False) for p in pieces])


def _checked(dtype):
    from meshjit.compiler.trace.tracing import checked_dtype

    return checked_dtype(dtype)


def make_array_from_single_device_arrays(shape, sharding, arrays, *, dtype=None) -> Array:
    """The array of `shape` laid out by `sharding` whose pieces on this process's devices are
    `arrays` (one single-device meshjit Array per local device of the sharding). `dtype`: the
    pieces' (JAX's, for when there are none here); given, it must be theirs."""
    if dtype is not None:
        want = _checked(dtype)
        if arrays and np.dtype(arrays[0].dtype) != want:  # JAX's check and words
            raise MeshjitValueError(
                "If `dtype` is provided to `jax.make_array_from_single_device_arrays`, it must "
                f"match the dtype of the addressable shards. Got dtype={want} and shard "
                f"dtype={arrays[0].dtype}`."
            )
    shape = tuple(int(d) for d in shape)
    named, placement = _target(sharding, tuple(shape), "make_array_from_single_device_arrays")
    indices = plc.shard_indices(placement, shape)
    positions = plc.addressable_positions(placement)
    devices = placement._devices
    by_device = {}
    for i, a in enumerate(arrays):
        if type(a) is not Array or len(a._placement._devices) != 1:
            raise MeshjitTypeError(
                f"make_array_from_single_device_arrays: arrays[{i}] must be a meshjit Array on "
                f"one device, got {type(a).__name__}"
            )
        by_device[a._placement._devices[0]] = a
    local = [devices[p] for p in positions]
    if len(arrays) != len(local):  # JAX's words
        raise MeshjitValueError(
            f"Expected {len(local)} per-device arrays (this is how many devices are addressable "
            f"by the sharding), but got {len(arrays)}"
        )
    if set(by_device) != set(local):
        raise MeshjitValueError(
            "make_array_from_single_device_arrays: expected one array on each of this "
            f"process's devices of the sharding {[d.id for d in local]}, got arrays on "
            f"{[a._placement._devices[0].id for a in arrays]}"
        )
    block = plc.padded_shard_shape(placement, shape)
    ordered = [by_device[d] for d in local]
    dtype = ordered[0].aval.dtype if ordered else dtypes.default_float
    for position, a in zip(positions, ordered):
        want = _shape_of(indices[position])
        if a.aval.shape != want or a.aval.dtype != dtype or want != block:
            jax_words = (  # JAX's (a shard of another shape; meshjit's words say which)
                f"Expected shard shape {want} doesn't match the single device array shape "
                f"{a.aval.shape}. "
                if a.aval.shape != want
                else ""
            )
            raise MeshjitValueError(
                f"{jax_words}make_array_from_single_device_arrays: the array on "
                f"{devices[position]} is "
                f"{a.aval.str_short()}, but its shard {_show(indices[position])} of a {shape} "
                f"array needs {ShapedArray(want, dtype).str_short()}"
                + ("" if want == block else " (uneven shards: use make_array_from_callback)")
            )
    aval = ShapedArray(shape, dtype)
    impl = _jax.ArrayImpl(
        aval, placement, [a._impl for a in ordered], committed=True, _skip_checks=True
    )
    return Array(aval, impl, placement, named, stated=True)


# ---------------------------------------------------------------------------------------------
# make_array_from_process_local_data


def make_array_from_process_local_data(sharding, local_data, global_shape=None):
    """The global array whose part on this process's devices comes from `local_data`, this
    process's slice (or a pytree of them, with one sharding or a matching pytree).

    Along each dimension `local_data` holds either the whole global extent or exactly the
    blocks this process's devices hold, in order. `global_shape` defaults to what that implies
    when every process holds the same number of blocks (e.g. a batch split over processes)."""
    leaves, tree = tree_flatten(local_data)
    if len(leaves) != 1 or tree.kind is not None:
        if global_shape is not None:
            raise MeshjitValueError(
                "make_array_from_process_local_data: global_shape is only supported for one array"
            )
        targets = _per_leaf(sharding, tree, len(leaves))
        return tree_unflatten(
            tree, [_from_local(s, np.asarray(x), None) for s, x in zip(targets, leaves)]
        )
    return _from_local(sharding, np.asarray(leaves[0]), global_shape)


def _per_leaf(sharding, tree, count: int) -> list:
    """One sharding for every leaf, or a pytree of them with the data's structure."""
    single = (shd.NamedSharding, shd.PartitionSpec, shd.SingleDeviceSharding)
    if isinstance(sharding, single):
        return [sharding] * count
    leaves, sharding_tree = tree_flatten(sharding, is_leaf=lambda x: isinstance(x, single))
    if sharding_tree != tree:
        raise MeshjitValueError(
            "make_array_from_process_local_data: the shardings are structured as "
            f"{sharding_tree} but local_data as {tree}; give one sharding or a matching pytree"
        )
    return leaves


def _from_local(sharding, local: np.ndarray, global_shape) -> Array:
    what = "make_array_from_process_local_data"
    local = local.astype(_checked(local.dtype), copy=False)
    named, placement = _target(sharding, (None,) * local.ndim, what)  # sizes not known yet
    if process_count() == 1:
        if global_shape is not None and tuple(global_shape) != local.shape:
            raise MeshjitValueError(
                f"{what}: in a single-process run global_shape must be None or local_data's shape "
                f"{local.shape}, got {tuple(global_shape)}"
            )
        global_shape = local.shape
    elif global_shape is None:
        global_shape = _inferred_global_shape(placement, local.shape, sharding)
    global_shape = tuple(int(d) for d in global_shape)
    if len(global_shape) != local.ndim:
        raise MeshjitValueError(
            f"{what}: global_shape {global_shape} and local_data of shape {local.shape} differ "
            "in rank"
        )
    if named is not None:
        placement = plc.placement_for(named, global_shape)
    indices = plc.shard_indices(placement, global_shape)
    positions = plc.addressable_positions(placement)
    starts = _local_starts(indices, positions, local.ndim)
    block = plc.padded_shard_shape(placement, global_shape)
    for i, (n, g) in enumerate(zip(local.shape, global_shape)):
        held = len(starts[i]) * block[i] if g % max(block[i], 1) == 0 else None
        if n != g and n != held:
            raise MeshjitValueError(
                f"{what}: local_data has shape {local.shape}; along dimension {i} it holds {n} "
                f"elements, but this process's shards of a {global_shape} array laid out by "
                f"{sharding} cover {held} there (or pass the whole extent, {g})"
            )
    full = [n == g for n, g in zip(local.shape, global_shape)]
    pieces = [local[_local_index(indices[p], starts, block, full)] for p in positions]
    aval = ShapedArray(global_shape, local.dtype)
    return _from_pieces(aval, named, placement, pieces)


def _local_index(index, starts, block, full) -> tuple[slice, ...]:
    """Where a device's global block sits in local_data: the same place along dimensions held
    whole, else after the process's earlier blocks along that dimension."""
    out = []
    for i, s in enumerate(index):
        if full[i]:
            out.append(s)
        else:
            begin = starts[i].index(s.start) * block[i]
            out.append(slice(begin, begin + s.stop - s.start))
    return tuple(out)


def _local_starts(indices, positions, ndim) -> list[list[int]]:
    """Per dimension: the distinct block starts this process's devices hold, in order."""
    return [sorted({indices[p][i].start for p in positions}) for i in range(ndim)]


def _inferred_global_shape(placement, local_shape, sharding) -> tuple[int, ...]:
    """Each dimension's local extent times how many process-sized parts the global one has."""
    ndim = len(local_shape)
    hlo = placement._hlo_sharding
    devices = placement._devices
    blocks = shd.hlo_block_map(hlo, ndim, len(devices))
    tiles = plc.tile_counts(placement, ndim)
    shape = []
    for i in range(ndim):
        per_process: dict[int, set] = {}
        for position, coords in blocks.items():
            per_process.setdefault(devices[position].process_index, set()).add(coords[i])
        counts = {len(c) for c in per_process.values()}
        if len(counts) != 1 or local_shape[i] % next(iter(counts)):
            raise MeshjitValueError(
                f"make_array_from_process_local_data: cannot infer the global shape from "
                f"local_data of shape {tuple(local_shape)} laid out by {sharding}: processes "
                f"hold different numbers of blocks along dimension {i}; pass global_shape"
            )
        shape.append(local_shape[i] * tiles[i] // counts.pop())
    return tuple(shape)


# ---------------------------------------------------------------------------------------------
# Meshes and resharding


def local_mesh(mesh: shd.Mesh) -> shd.Mesh:
    """The sub-mesh of this process's devices (they must form a sub-block of the mesh)."""
    me = process_index()
    mine = np.vectorize(lambda d: d.process_index == me, otypes=[bool])(mesh.devices)
    ranges = [sorted(set(np.nonzero(mine)[k].tolist())) for k in range(mesh.devices.ndim)]
    sub = mesh.devices[np.ix_(*ranges)] if mine.any() else mesh.devices[(slice(0, 0),) * mine.ndim]
    if sub.size != int(mine.sum()) or not all(d.process_index == me for d in sub.flat):
        raise MeshjitValueError(
            f"process {me}'s devices do not form a block of the mesh {mesh}; host-local arrays "
            "need a mesh whose every process owns a contiguous block"
        )
    return shd.Mesh(sub, mesh.axis_names)
