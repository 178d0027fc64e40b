"""multihost_utils, as `jax.experimental.multihost_utils`: host values moved between the
processes of a run through their devices (jitted gathers over a mesh of every process's
devices), host-local <-> global arrays, and resharding an array that spans processes."""

from __future__ import annotations

import contextlib
import zlib

import numpy as np

from meshjit.compiler.errors import (
    DistributedError,
    MeshjitRuntimeError,
    MeshjitTypeError,
    MeshjitValueError,
)
from meshjit.compiler.jit.api import jit
from meshjit.compiler.parallel.sharding import Mesh, NamedSharding, PartitionSpec, spec_from_hlo
from meshjit.compiler.runtime import client as backend
from meshjit.compiler.runtime import distributed, multihost
from meshjit.compiler.runtime import placement as plc
from meshjit.compiler.runtime.array import Array
from meshjit.compiler.runtime.distributed import process_count, process_index
from meshjit.compiler.tree_util import tree_flatten, tree_map, tree_unflatten

P = PartitionSpec


class MultihostAssertionError(DistributedError, AssertionError):
    """The processes hold different values where they must agree."""


class ProcessFailureError(Exception):
    """JAX's error for a process of the run that failed (its `live_devices` raises it);
    `failed_devices` holds the devices of the processes that failed."""

    def __init__(self, failed_devices: set):
        self.failed_devices = failed_devices
        super().__init__(f"Devices failed: {failed_devices}")


def _live(client, devices) -> dict:
    """{device: its process's incarnation} for the `devices` whose process is alive."""
    processes = {d.process_index for d in devices}
    if process_index() not in processes:  # JAX's words
        raise MeshjitValueError("Provided devices do not have any local devices.")
    alive = client.get_live_nodes(sorted(processes))
    return {d: alive[d.process_index] for d in devices if d.process_index in alive}


class _LiveDevices:
    """`with live_devices(devices) as alive:` runs the block on the `devices` whose processes
    are alive (a barrier over them), as JAX's; a process that dies or restarts meanwhile makes
    the block raise ProcessFailureError in every process. Needs `distributed.initialize()`."""

    def __init__(self):
        self.devices = None

    @contextlib.contextmanager
    def __call__(self, devices):
        client = distributed.state.client
        if client is None:  # JAX's words
            raise MeshjitRuntimeError("Distributed JAX not initialized.")
        if not devices:
            raise MeshjitValueError("No devices provided.")
        if self.devices is None:
            self.devices = _live(client, devices)
        error = None
        try:
            yield sorted(self.devices, key=lambda d: d.id)
        except Exception as e:
            error = e
        finally:
            before, self.devices = self.devices, _live(client, devices)
            failed = {d for d in before if self.devices.get(d, None) != before[d]}
            if failed:
                raise ProcessFailureError(failed) from error
            if error is not None:
                raise error


live_devices = _LiveDevices()


def reached_preemption_sync_point(step_id: int) -> bool:
    """Whether every process reached the step to checkpoint at after a preemption notice: False
    in one process, as JAX's; a run of several has no preemption service here (JAX's error)."""
    if distributed.state.client is None:
        return False
    raise MeshjitRuntimeError(
        "Preemption sync manager has not been initialized. Make sure the "
        "'jax_enable_preemption_service' config is enabled."
    )


# ---------------------------------------------------------------------------------------------
# Resharding on devices


_RESHARDERS: dict = {}


def _identity(x):
    return x


def reshard(x: Array, sharding: NamedSharding) -> Array:
    """`x` laid out by `sharding`, moved between devices by XLA (no host round trip)."""
    fn = _RESHARDERS.get(sharding)
    if fn is None:
        fn = _RESHARDERS[sharding] = jit(_identity, out_shardings=sharding)
    return fn(x)


def reshard_to_placement(x: Array, placement) -> Array:
    """`x` laid out as the jaxlib `placement` an executable wants."""
    mesh = getattr(x._sharding, "mesh", None)
    target = None
    if isinstance(mesh, Mesh) and mesh.device_list == tuple(placement._devices):
        target = spec_from_hlo(placement._hlo_sharding, mesh, x.aval.shape)
    if not isinstance(target, NamedSharding):
        raise DistributedError(
            f"an argument of type {x.aval.str_short()} spans processes laid out as {x.sharding}, "
            "and the computation wants it on other devices or in a layout no PartitionSpec "
            "describes; device_put it to the computation's sharding first"
        )
    return reshard(x, target)


# ---------------------------------------------------------------------------------------------
# Host values across processes


_PROCESS_MESH: list = []


def _process_mesh() -> Mesh:
    """All devices as ("processes", "local_devices"): row i is process i's devices."""
    if not _PROCESS_MESH:
        devices = sorted(backend.devices(), key=lambda d: (d.process_index, d.id))
        grid = np.array(devices, dtype=object).reshape(process_count(), -1)
        _PROCESS_MESH.append(Mesh(grid, ("processes", "local_devices")))
    return _PROCESS_MESH[0]


def _stacked(host: np.ndarray) -> Array:
    """This process's `host[None]` as row process_index() of a (processes, ...) array."""
    return multihost.make_array_from_process_local_data(
        NamedSharding(_process_mesh(), P("processes")), host[None]
    )


def _replicated(x: Array) -> np.ndarray:
    return np.asarray(reshard(x, NamedSharding(x.sharding.mesh, P())))


def _allgather_leaf(x, tiled: bool) -> np.ndarray:
    if type(x) is Array and not x.is_fully_addressable:
        if not tiled:
            raise MeshjitValueError(
                "process_allgather of an array that spans processes needs tiled=True: it "
                "returns that array's global value"
            )
        if not isinstance(x.sharding, NamedSharding):
            raise MeshjitTypeError(f"process_allgather: unsupported sharding {x.sharding}")
        return _replicated(x)
    host = np.asarray(x)
    if process_count() == 1:  # as JAX: a scalar stays a scalar when tiled
        return host if tiled else host[None]
    if tiled and host.ndim == 0:
        host = host[None]
    gathered = _replicated(_stacked(host))  # (processes, *host.shape)
    return gathered.reshape((-1, *host.shape[1:])) if tiled else gathered


def process_allgather(in_tree, tiled: bool = False):
    """Every process's values, as NumPy: stacked on a new leading axis (tiled=False) or
    concatenated along axis 0 (tiled=True). An array spanning processes gives its global
    value (tiled=True)."""
    return tree_map(lambda x: _allgather_leaf(x, tiled), in_tree)


def _pick_source(rows, flags):
    from meshjit.compiler import numpy as jnp

    return rows[jnp.argmax(flags)]


def broadcast_one_to_all(in_tree, is_source: bool | None = None):
    """The source process's values (process 0's by default) in every process, as NumPy.
    Each leaf must have the same shape and dtype in every process."""
    if process_count() == 1:
        return tree_map(np.asarray, in_tree)
    if is_source is None:
        is_source = process_index() == 0
    flag = _stacked(np.asarray(bool(is_source)))
    mesh = _process_mesh()
    pick = jit(_pick_source, out_shardings=NamedSharding(mesh, P()))

    def one(x):
        host = np.asarray(x)
        return np.asarray(pick(_stacked(host), flag))

    return tree_map(one, in_tree)


def assert_equal(in_tree, fail_message: str = "") -> None:
    """Raises (in every process) unless all processes hold equal values."""
    leaves, _ = tree_flatten(in_tree)
    for x in leaves:
        gathered = process_allgather(x)
        if not all(np.array_equal(gathered[0], g, equal_nan=_has_nan(g)) for g in gathered[1:]):
            raise MultihostAssertionError(
                f"{fail_message or 'assert_equal'}: the processes hold different values: "
                + "; ".join(f"process {i}: {g!r}" for i, g in enumerate(gathered))
            )


def _has_nan(x) -> bool:
    return np.issubdtype(np.asarray(x).dtype, np.inexact)


def sync_global_devices(name: str) -> None:
    """A barrier through every device of every process; all must pass the same name."""
    digest = np.uint32(zlib.crc32(name.encode()))
    assert_equal(digest, f"sync_global_devices name mismatch ({name!r})")


# ---------------------------------------------------------------------------------------------
# Host-local <-> global arrays


def _specs(pspecs, tree, what: str) -> list:
    if pspecs is None:
        raise MeshjitValueError(
            f"{what}: None is not a valid pspecs; use PartitionSpec() for replicated values"
        )
    if isinstance(pspecs, PartitionSpec):
        return [pspecs] * tree.num_leaves
    leaves, spec_tree = tree_flatten(
        pspecs, is_leaf=lambda x: isinstance(x, PartitionSpec) or x is None
    )
    if spec_tree != tree:
        raise MeshjitValueError(
            f"{what}: pspecs are structured as {spec_tree} but the values as {tree}"
        )
    for s in leaves:
        if not isinstance(s, PartitionSpec):
            raise MeshjitValueError(f"{what}: every pspec must be a PartitionSpec, got {s!r}")
    return leaves


def host_local_array_to_global_array(local_inputs, global_mesh: Mesh, pspecs):
    """Each process's host-local values (its block of the mesh) -> global arrays."""
    leaves, tree = tree_flatten(local_inputs)
    specs = _specs(pspecs, tree, "host_local_array_to_global_array")
    out = []
    for x, spec in zip(leaves, specs):
        if type(x) is Array and not x.is_fully_addressable:
            out.append(x)
            continue
        out.append(
            multihost.make_array_from_process_local_data(
                NamedSharding(global_mesh, spec), np.asarray(x)
            )
        )
    return tree_unflatten(tree, out)


def global_array_to_host_local_array(global_inputs, global_mesh: Mesh, pspecs):
    """Global arrays -> this process's part, as arrays over its block of the mesh."""
    leaves, tree = tree_flatten(global_inputs)
    specs = _specs(pspecs, tree, "global_array_to_host_local_array")
    local = multihost.local_mesh(global_mesh)
    return tree_unflatten(
        tree, [_to_local(x, global_mesh, local, s) for x, s in zip(leaves, specs)]
    )


def _to_local(x, global_mesh: Mesh, local: Mesh, spec: PartitionSpec):
    if type(x) is Array and x.is_fully_addressable:
        return x
    target = NamedSharding(global_mesh, spec)
    if type(x) is not Array:
        from meshjit.compiler.runtime.device_put import device_put

        x = device_put(np.asarray(x), target)
    placement = plc.placement_for(target, x.aval.shape)
    if not plc.same_placement(x._placement, placement):
        x = reshard(x, target)
    local_sharding = NamedSharding(local, spec)
    shape = []
    for i, n in enumerate(x.aval.shape):
        axes = spec.axes_of(i)
        parts = int(np.prod([global_mesh.shape[a] for a in axes]))
        mine = int(np.prod([local.shape[a] for a in axes]))
        shape.append(n // parts * mine)
    aval = x.aval.update(shape=tuple(shape))
    local_placement = plc.placement_for(local_sharding, aval.shape)
    buffers = dict(
        zip(
            [x._placement._devices[p] for p in plc.addressable_positions(x._placement)],
            plc.device_buffers(x._impl),
        )
    )
    from jaxlib import _jax

    impl = _jax.ArrayImpl(
        aval,
        local_placement,
        [buffers[d] for d in local_placement._devices],
        committed=True,
        _skip_checks=True,
    )
    return Array(aval, impl, local_placement, local_sharding)


# ---------------------------------------------------------------------------------------------
# pmap across processes


def global_pmap_size(size: int) -> int:
    """The whole mapped size of a multi-process pmap whose local mapped size is `size`."""
    from meshjit.compiler.runtime.distributed import local_device_count

    local = local_device_count()
    if size != local:
        raise MeshjitValueError(
            f"pmap in a run of {process_count()} processes maps over each process's own "
            f"devices: the mapped axis must have this process's local_device_count() = {local} "
            f"entries, got {size}"
        )
    return size * process_count()


def pmap_across_processes(run, name: str, axes: list, out_axes, args):
    """Calls the pmap `run` (compiled over every process's devices) on this process's local
    slices; returns this process's slices of the results, as JAX's multi-process pmap."""
    mesh = Mesh(np.array(backend.devices(), dtype=object), (name,))
    leaves, tree = tree_flatten(args)
    placed = [
        x
        if axis is None
        else multihost.make_array_from_process_local_data(
            NamedSharding(mesh, P(*([None] * axis + [name]))), np.asarray(x)
        )
        for x, axis in zip(leaves, axes)
    ]
    out = run(*tree_unflatten(tree, placed))
    if out_axes is None:
        return out

    def local(y):
        axis = out_axes % y.ndim
        return global_array_to_host_local_array(y, mesh, P(*([None] * axis + [name])))

    return tree_map(local, out)
