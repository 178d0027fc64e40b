"""`jax.experimental.serialize_executable`: a Compiled as bytes (PJRT's serialized executable
and the signature meshjit runs it with), and back, loaded on the CPU client's devices. As in
JAX, the pytree structures are returned apart (they do not pickle), and loading bytes runs
what they say: never load untrusted ones."""

from __future__ import annotations

import io
import pickle
from typing import Sequence

from jaxlib import xla_client

from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.jit.stages import Compiled, Traced
from meshjit.compiler.runtime import client
from meshjit.compiler.runtime.assignment import DeviceAssignment
from meshjit.compiler.runtime.dispatch import Executable


class _Signature:
    """What a deserialized Compiled knows of its jaxpr: the avals in and out (it has no
    equations: it runs the executable only)."""

    __slots__ = ("in_avals", "out_avals")

    def __init__(self, in_avals, out_avals):
        self.in_avals, self.out_avals = list(in_avals), list(out_avals)


def serialize(compiled: Compiled):
    """(bytes, in_tree, out_tree) of a compiled jit: `deserialize_and_load` takes them back."""
    ex, traced = compiled.executable, compiled.traced
    if ex.effects or traced.ref_runner is not None:  # JAX's words
        raise MeshjitValueError("Compilation does not support serialization")
    state = {
        "executable": ex.loaded.client.serialize_executable(ex.loaded),
        "in_avals": [aval for aval, _, _ in ex._ins],
        "in_shardings": ex._in_requested,
        "out_avals": [out[0] for out in ex._outs],
        "out_shardings": ex.output_shardings,
        "devices": ex.devices.device_list,
        "mesh": ex.devices.mesh,
        "kept": ex.kept,
        "donated": ex.donated,
        "signature": (traced.jaxpr.in_avals, traced.jaxpr.out_avals, traced.donated),
        "name": traced.name,
    }
    with io.BytesIO() as file:
        _Pickler(file).dump(state)
        return file.getvalue(), traced.in_tree, traced.out_tree


def deserialize_and_load(
    serialized: bytes,
    in_tree,
    out_tree,
    backend=None,
    execution_devices: Sequence | None = None,
) -> Compiled:
    """The Compiled `serialize` wrote, loaded on `execution_devices` (default: the devices it
    was compiled for, by id)."""
    client.check_backend(backend)
    state = _Unpickler(io.BytesIO(serialized), execution_devices).load()
    devices = DeviceAssignment(state["devices"], state["mesh"])
    loaded = client.get_client().deserialize_executable(
        state["executable"], executable_devices=xla_client.DeviceList(devices.device_list)
    )
    executable = Executable(
        loaded,
        state["in_avals"],
        state["out_avals"],
        devices,
        state["out_shardings"],
        False,
        state["in_shardings"],
        state["kept"],
        state["donated"],
    )
    in_avals, out_avals, donated = state["signature"]
    traced = Traced(_Signature(in_avals, out_avals), in_tree, out_tree, state["name"], donated)
    return Compiled(executable, traced)


class _Pickler(pickle.Pickler):
    def persistent_id(self, obj):
        if isinstance(obj, client.Device):
            return ("device", obj.id)
        return None


class _Unpickler(pickle.Unpickler):
    def __init__(self, file, execution_devices):
        super().__init__(file)
        devices = execution_devices or client.devices()
        self.devices_by_id = {d.id: d for d in devices}

    def persistent_load(self, pid):
        kind, value = pid
        if kind == "device":
            return self.devices_by_id[value]
        raise pickle.UnpicklingError(f"unknown persistent id {kind!r}")


__all__ = ["deserialize_and_load", "serialize"]
