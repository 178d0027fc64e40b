"""Slots from MLIR types and `sdy` shardings, and back: a new slot per value, an annotation
loaded into a slot, a slot's state as a TensorSharding."""

from __future__ import annotations

import contextlib

from jaxlib.mlir import ir

from meshjit.dialects.sdy import DimSharding, MeshShape, TensorSharding, axis_ref
from meshjit.passes.graph.axes import from_axis, merge_axes, to_axis
from meshjit.passes.graph.graph import GraphError, Slot, whole_axis_names


def _elem_bytes(t: ir.Type) -> int:
    if not isinstance(t, ir.RankedTensorType):
        return 0
    et = ir.RankedTensorType(t).element_type
    for cls in (ir.IntegerType, ir.FloatType):
        if isinstance(et, cls):
            width = et.width
            return max(1, width // 8)
    if isinstance(et, ir.ComplexType):
        return 8
    return 4


# ir.Type -> (shape, element bytes, total bytes) while `type_info_cached` is entered (types
# are uniqued per context, so the cache must not outlive a graph build).
_TYPE_INFO: dict | None = None


@contextlib.contextmanager
def type_info_cached():
    """Remembers each type's shape and sizes inside (one graph build)."""
    global _TYPE_INFO
    _TYPE_INFO = {}
    try:
        yield
    finally:
        _TYPE_INFO = None


def _type_info(value_type: ir.Type) -> tuple:
    cache = _TYPE_INFO
    info = cache.get(value_type) if cache is not None else None
    if info is None:
        is_ranked = isinstance(value_type, ir.RankedTensorType)
        shape = tuple(value_type.shape) if is_ranked else ()
        elem = _elem_bytes(value_type)
        total = elem
        for size in shape:
            total *= size
        info = (shape, elem, total)
        if cache is not None:
            cache[value_type] = info
    return info


def new_slot(label, value_type: ir.Type, value=None) -> Slot:
    shape, elem, total = _type_info(value_type)
    rank = len(shape)
    slot = Slot(label, shape, elem, value)
    slot.total_bytes = total
    slot.dims = [[] for _ in shape]
    slot.closed = [False] * rank
    slot.priority = [None] * rank
    slot.origin = [None] * rank
    return slot


def init_slot(slot: Slot, sharding: TensorSharding | None, meshes, location, hold=True) -> None:
    """Loads an annotation; dims with priority > 0 are held back until their round."""
    if sharding is None:
        return
    mesh = meshes.get(sharding.mesh_name)
    if mesh is None:
        raise GraphError(location, f"sharding refers to unknown mesh @{sharding.mesh_name}")
    if not mesh.names and not sharding.dims and (slot.rank or mesh.maximal):
        _load_maximal(slot)  # e.g. a host callback's results, on device 0 (a scalar too)
        return
    if len(sharding.dims) != slot.rank:
        raise GraphError(
            location,
            f"sharding {sharding.text} has {len(sharding.dims)} dims for a rank-{slot.rank} value",
        )
    # A sharding on a mesh without axes says nothing: another mesh's axes may replace it.
    slot.mesh, slot.annotated = (sharding.mesh_name if mesh.names else None), True
    for name in (axis_ref(a).name for a in (*sharding.replicated, *sharding.unreduced)):
        _check_axis(mesh, name, location)
    slot.forbidden |= whole_axis_names((*sharding.replicated, *sharding.unreduced))
    slot.replicated, slot.unreduced = sharding.replicated, sharding.unreduced
    for d, dim in enumerate(sharding.dims):
        for a in dim.axes:
            _check_axis(mesh, axis_ref(a).name, location)
        axes = [to_axis(a, mesh) for a in dim.axes]
        origin = (slot.label_source, ())
        if dim.priority and hold:  # closed (and empty) until its round
            slot.held[d] = (axes, dim.is_closed, dim.priority, origin)
            slot.closed[d] = True
        else:
            slot.dims[d], slot.closed[d], slot.priority[d] = axes, dim.is_closed, dim.priority
            slot.origin[d] = origin if axes else None


def _load_maximal(slot: Slot) -> None:
    """A maximal sharding (`<@maximal, []>`, one device holds it all): nothing propagates to
    or from the value, and its annotation stays as it is (the slot has no mesh to write)."""
    slot.annotated, slot.sink_only, slot.maximal = True, True, True
    slot.closed = [True] * slot.rank


def _check_axis(mesh: MeshShape, name: str, location) -> None:
    if name not in mesh.names:
        raise GraphError(location, f'unknown axis "{name}" (mesh axes: {", ".join(mesh.names)})')


def slot_sharding(slot: Slot, meshes, *, close: bool = False) -> TensorSharding:
    mesh = meshes[slot.mesh]
    dims = []
    for d, axes in enumerate(slot.dims):
        axes = tuple(from_axis(a, mesh) for a in merge_axes(axes))
        closed = close or slot.closed[d]
        dims.append(DimSharding(axes, closed, None if close else slot.priority[d]))
    return TensorSharding(slot.mesh, tuple(dims), slot.replicated, slot.unreduced)
