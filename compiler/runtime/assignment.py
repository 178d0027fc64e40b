"""Which devices a computation runs on: its DeviceAssignment, chosen at compile and dispatch
time from the shardings it names (in/out shardings, constraints) and from its arguments.

Caches above this are keyed by abstract signatures; concrete devices enter only here.
"""

from __future__ import annotations

import numpy as np

from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.parallel.sharding import (
    AbstractMesh,
    Mesh,
    get_abstract_context_mesh,
    get_concrete_mesh,
)
from meshjit.compiler.runtime import client
from meshjit.compiler.runtime.array import Array


class DeviceAssignment:
    """The devices a call runs on, in mesh order, and the mesh outputs are described over
    (None on one device)."""

    __slots__ = ("device_list", "mesh", "num_partitions", "from_abstract")

    def __init__(self, device_list, mesh, from_abstract: bool = False):
        self.device_list, self.mesh = tuple(device_list), mesh
        self.num_partitions = len(self.device_list)
        self.from_abstract = from_abstract  # an abstract mesh's first devices

    @property
    def key(self):
        return tuple(d.id for d in self.device_list)


def assign_call(
    arg_shardings,
    static_shardings: list,
    leaves,
    describe=None,
    num_out: int = 0,
    use_context: bool = True,
    num_declared: int | None = None,
) -> DeviceAssignment:
    """The devices of one call: from its arguments' shardings (None where an argument has none),
    the devices committed arguments are on, and the shardings fixed by the computation itself
    (its first `num_out` the out_shardings, its first `num_declared` those that decide the
    devices: the others are constraints; None: all); `use_context`: else the context mesh's
    (pjit ignores it). `describe(i)` names argument i in errors."""
    check_compatible_devices(arg_shardings, static_shardings, leaves, describe, num_out)
    if not static_shardings and not any(arg_shardings):
        return assign_devices((), leaves, use_context)
    given = [s for s in arg_shardings if s is not None]
    declared = None if num_declared is None else given + static_shardings[:num_declared]
    in_out = num_declared is not None and bool(given or static_shardings[:num_out])
    return assign_devices(given + static_shardings, leaves, use_context, declared, in_out)


def assign_devices(
    shardings, leaves, use_context: bool = True, declared=None, in_out: bool = False
) -> DeviceAssignment:
    """All concrete meshes must agree on devices; abstract ones only on size. Without any
    sharding: the device of the first single-device array argument, else the default one.
    `declared`: the in/out shardings among `shardings` (the others are the body's constraints:
    as JAX, a call whose only meshes are abstract ones of its constraints runs on one device);
    None: all. `in_out`: a jit call given in/out shardings, which must name devices if nothing
    else does (JAX's error; a shard_map's abstract mesh runs on its first devices)."""
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
    context = _context_devices(shardings, leaves) if use_context else None
    if context is not None:
        return context
    if shardings and (declared is None or declared):
        if in_out and get_abstract_context_mesh() is None and not _any_committed(leaves):
            raise no_devices_error("Mesh()")  # JAX's: its in/out shardings name no devices
        return _first_devices(shardings[0].mesh)
    return DeviceAssignment([_single_device(leaves)], None)


def _any_committed(leaves) -> bool:
    return any(type(x) is Array and x._committed for x in leaves)


def _context_devices(shardings, leaves) -> DeviceAssignment | None:
    """As JAX 0.10.2: a call that names no devices runs on set_mesh's mesh (its uncommitted
    arguments replicated there); under only an abstract mesh with Explicit axes it has none."""
    if _any_committed(leaves):
        return None
    mesh = get_concrete_mesh()
    if mesh is not None:
        if not shardings or shardings[0].mesh == mesh.abstract_mesh:
            return DeviceAssignment(mesh.device_list, mesh)
        return None
    abstract = get_abstract_context_mesh()
    if abstract is not None and abstract.explicit_axes:
        raise no_devices_error(abstract)
    return None


def no_devices_error(abstract: AbstractMesh | str) -> MeshjitValueError:
    return MeshjitValueError(
        "Passing lowering_platforms via jax.export or"
        " jit(f).trace(*args).lower(lowering_platforms=...) is required when"
        f" only AbstractMesh exists in a jitted computation. Got context mesh: {abstract}"
        " (meshjit runs a call on set_mesh's devices: use meshjit.set_mesh(mesh))"
    )


def _first_devices(abstract: AbstractMesh) -> DeviceAssignment:
    devices = client.devices()[: abstract.size]
    if len(devices) < abstract.size:
        raise MeshjitValueError(f"mesh {abstract} needs {abstract.size} devices")
    grid = np.array(devices, dtype=object).reshape(abstract.axis_sizes)
    return DeviceAssignment(devices, Mesh(grid, abstract.axis_names), from_abstract=True)


def check_typed_outputs(out_avals, devices: DeviceAssignment) -> None:
    """JAX 0.10.2's check of outputs typed on a mesh of Explicit axes (use_abstract_mesh inside
    the function): the call's devices must be as many as that mesh's. A call on an abstract
    mesh's first devices is not checked (JAX's has no device assignment there: export)."""
    if devices.from_abstract:
        return
    count = devices.num_partitions
    for aval in out_avals:
        mesh = getattr(getattr(aval, "sharding", None), "mesh", None)
        if mesh is None or not mesh.axis_names or mesh.size == count:
            continue
        if all(t.name == "Explicit" for t in mesh.axis_types):
            error = MeshjitValueError(
                f"Length of device assignment {count} is not equal to the size of the mesh "
                f"{mesh.size} of aval {aval.str_short()}({{Explicit: {tuple(mesh.axis_names)}}})."
                " Please enter your `jit` into a mesh context via `jax.set_mesh`."
            )
            error.add_note(
                "An output is typed on a mesh known only abstractly (use_abstract_mesh inside "
                "the jitted function) and no argument, sharding or set_mesh names its "
                f"{mesh.size} devices: call the jit under meshjit.set_mesh(mesh), or give it "
                "in_shardings / out_shardings on a concrete mesh."
            )
            raise error


def _single_device(leaves):
    single = [x for x in leaves if type(x) is Array and len(x._placement._devices) == 1]
    for leaf in sorted(single, key=lambda x: not x._committed):  # committed ones first
        return leaf._placement._devices[0]
    return client.default_device()


def check_compatible_devices(arg_shardings, static_shardings, leaves, describe, num_out) -> None:
    """As JAX's device assignment check: the arguments' shardings, the devices of committed
    one-device arguments and the computation's shardings name one device tuple, else JAX's
    ValueError "Received incompatible devices for jitted computation"."""
    first = None
    for i, (s, leaf) in enumerate(zip(arg_shardings, leaves)):
        ids = _arg_device_ids(s, leaf)
        if ids is not None:
            entry = (ids, _argument_label(describe, i))
            first = first or entry
            if ids != first[0]:
                raise _incompatible(first, entry)
    for j, s in enumerate(static_shardings):
        if isinstance(s.mesh, Mesh):
            what = "explicit output sharding" if j < num_out else "sharding_constraint inside jit"
            entry = (tuple(s.mesh.device_ids), f" {what}")
            first = first or entry
            if entry[0] != first[0]:
                raise _incompatible(first, entry)


def _arg_device_ids(sharding, leaf):
    if sharding is not None:
        return tuple(sharding.mesh.device_ids) if isinstance(sharding.mesh, Mesh) else None
    if type(leaf) is Array and leaf._committed and len(leaf._placement._devices) == 1:
        return (leaf._placement._devices[0].id,)
    return None


def _argument_label(describe, i: int) -> str:
    return f" argument {describe(i) if describe is not None else i} and"


def _incompatible(first, second) -> MeshjitValueError:
    # JAX's words: " argument a of f with shape float32[3] and with device ids [0] on platform
    # CPU", " explicit output sharding with device ids [0, 1] on platform CPU".
    a, b = (
        f"{label} with device ids {list(ids)} on platform CPU" for ids, label in (first, second)
    )
    return MeshjitValueError(f"Received incompatible devices for jitted computation. Got{a} and{b}")
