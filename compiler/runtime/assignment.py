"""Which devices a computation runs on: its DeviceAssignment, chosen at compile and dispatch
time from the shardings it names (in/out shardings, constraints) and from its arguments.

Caches above this are keyed by abstract signatures; concrete devices enter only here.
"""

from __future__ import annotations

import numpy as np

from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.parallel.sharding import AbstractMesh, Mesh
from meshjit.compiler.runtime import client
from meshjit.compiler.runtime.array import Array


class DeviceAssignment:
    """The devices a call runs on, in mesh order, and the mesh outputs are described over
    (None on one device)."""

    __slots__ = ("device_list", "mesh", "num_partitions")

    def __init__(self, device_list, mesh):
        self.device_list, self.mesh = tuple(device_list), mesh
        self.num_partitions = len(self.device_list)

    @property
    def key(self):
        return tuple(d.id for d in self.device_list)


def assign_call(arg_shardings, static_shardings: list, leaves) -> DeviceAssignment:
    """The devices of one call: from its arguments' shardings (None where an argument has none)
    and the shardings fixed by the computation itself."""
    if not static_shardings and not any(arg_shardings):
        return assign_devices((), leaves)
    known = [s for s in arg_shardings if s is not None] + static_shardings
    return assign_devices(known, leaves)


def assign_devices(shardings, leaves) -> DeviceAssignment:
    """All concrete meshes must agree on devices; abstract ones only on size. Without any
    sharding: the device of the first single-device array argument, else the default one."""
    concrete = [s.mesh for s in shardings if isinstance(s.mesh, Mesh)]
    for mesh in concrete[1:]:
        if mesh.device_ids != concrete[0].device_ids:
            raise MeshjitValueError(
                "shardings in one call refer to different devices: "
                f"{list(concrete[0].device_ids)} (mesh {concrete[0].axis_names}) and "
                f"{list(mesh.device_ids)} (mesh {mesh.axis_names}); put every argument and "
                "sharding on the same devices"
            )
    sizes = {s.mesh.size for s in shardings}
    if len(sizes) > 1:
        raise MeshjitValueError(f"meshes of different sizes {sorted(sizes)} in one computation")
    if concrete:
        return DeviceAssignment(concrete[0].device_list, concrete[0])
    if shardings:
        return _first_devices(shardings[0].mesh)
    return DeviceAssignment([_single_device(leaves)], None)


def _first_devices(abstract: AbstractMesh) -> DeviceAssignment:
    devices = client.devices()[: abstract.size]
    if len(devices) < abstract.size:
        raise MeshjitValueError(f"mesh {abstract} needs {abstract.size} devices")
    grid = np.array(devices, dtype=object).reshape(abstract.axis_sizes)
    return DeviceAssignment(devices, Mesh(grid, abstract.axis_names))


def _single_device(leaves):
    for leaf in leaves:
        if type(leaf) is Array and len(leaf._placement._devices) == 1:
            return leaf._placement._devices[0]
    return client.default_device()
