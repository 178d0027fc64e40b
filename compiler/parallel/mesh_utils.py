"""`jax.experimental.mesh_utils`: device arrays for meshes. On CPU a mesh's devices are laid
out in order (JAX's rule for devices without a physical topology); the hybrid mesh puts each
granule's (process's or slice's) devices in one block of the outer (DCN) mesh."""

from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from meshjit.compiler.errors import MeshjitValueError

__all__ = ["create_device_mesh", "create_hybrid_device_mesh"]


def _devices(devices) -> list:
    if devices is not None:
        return list(devices)
    from meshjit.compiler.runtime import client as backend  # runtime sits above parallel

    return backend.devices()


def _sizes(mesh_shape, what: str) -> tuple[int, ...]:
    try:
        return tuple(int(s) for s in mesh_shape)
    except (TypeError, ValueError):
        raise MeshjitValueError(
            f"`mesh_shape` passed to `{what}` should be a sequence of ints. Got {mesh_shape}"
        ) from None


def create_device_mesh(
    mesh_shape: Sequence[int],
    devices: Sequence | None = None,
    *,
    contiguous_submeshes: bool = False,
    allow_split_physical_axes: bool = False,
) -> np.ndarray:
    """`devices` (all of them by default) as an array of shape `mesh_shape`."""
    devices = _devices(devices)
    shape = _sizes(mesh_shape, "create_device_mesh")
    if math.prod(shape) != len(devices):
        raise MeshjitValueError(
            f"Number of devices {len(devices)} must equal the product of mesh_shape {shape}"
        )
    return np.asarray(devices, dtype=object).reshape(shape)


def create_hybrid_device_mesh(
    mesh_shape: Sequence[int],
    dcn_mesh_shape: Sequence[int],
    devices: Sequence | None = None,
    *,
    process_is_granule: bool = False,
    should_sort_granules_by_key: bool = True,
    allow_split_physical_axes: bool = False,
) -> np.ndarray:
    """A mesh of shape mesh_shape * dcn_mesh_shape: granule i's devices (its process's with
    `process_is_granule`, else its slice's) form block i of the `dcn_mesh_shape` grid."""
    devices = _devices(devices)
    attr = "process_index" if process_is_granule else "slice_index"
    if not hasattr(devices[0], attr):
        raise MeshjitValueError(
            f"Device {devices[0]} does not have attribute {attr}. See `process_is_granule` option."
        )
    granules: dict = {}
    for device in devices:
        granules.setdefault(getattr(device, attr), []).append(device)
    keys = sorted(granules) if should_sort_granules_by_key else list(granules)
    dcn = _sizes(dcn_mesh_shape, "create_hybrid_device_mesh")
    if math.prod(dcn) != len(keys):
        raise MeshjitValueError(
            f"Number of slices {len(keys)} must equal the product of dcn_mesh_shape {dcn}"
        )
    blocks = [create_device_mesh(mesh_shape, granules[k]) for k in keys]
    grid = np.empty(dcn, dtype=object)
    for i, index in enumerate(np.ndindex(*dcn)):
        grid[index] = blocks[i]
    return np.block(grid.tolist())
