"""Meshes, PartitionSpec and NamedSharding, with JAX's names and semantics."""

from __future__ import annotations

import collections
import dataclasses
import enum
import itertools
import math
import threading
import warnings
from typing import Sequence

import numpy as np

from meshjit.compiler.errors import (
    DuplicateSpecError,
    IndivisibleError,
    MeshjitIndexError,
    MeshjitTypeError,
    MeshjitValueError,
    NoContextMeshError,
    WrongKindError,
)
from meshjit.compiler.traceback_util import boundary_methods
from meshjit.compiler.tree_util import broadcast_prefix, prefix_error, tree_flatten, tree_leaves
from meshjit.dialects.sdy import DimSharding, MeshShape, TensorSharding


class AxisType(enum.Enum):
    """How a mesh axis shards values (JAX's `jax.sharding.AxisType`). Stored on meshes; what
    Explicit and Manual mean for tracing comes with the explicit-sharding mode."""

    Auto = enum.auto()
    Explicit = enum.auto()
    Manual = enum.auto()

    def __repr__(self):
        return self.name


def check_unique_axis_names(mesh, what: str) -> None:
    """A mesh naming an axis twice can be made (JAX 0.10.2 accepts it, and fails once an array
    is placed on it); meshjit refuses it where it is used: shardings, shard_map, set_mesh."""
    names = mesh.axis_names
    if len(set(names)) != len(names):
        raise MeshjitValueError(
            f"mesh axis names must be unique, got {names}: {what} cannot use a mesh that names "
            "an axis twice"
        )


def _normalize_axis_types(axis_names: tuple, axis_types, what: str) -> tuple:
    if axis_types is None:
        axis_types = (AxisType.Auto,) * len(axis_names)
    if not isinstance(axis_types, tuple):
        axis_types = (axis_types,)
    if not all(isinstance(a, AxisType) for a in axis_types):
        raise MeshjitTypeError(
            f"axis_types passed to {what} must be of type `jax.sharding.AxisType`. Got "
            f"{axis_types} of type {tuple(type(a) for a in axis_types)}"
        )
    if len(axis_names) != len(axis_types):
        raise MeshjitValueError(
            "Number of axis names should match the number of axis_types. Got "
            f"axis_names={axis_names} and axis_types={axis_types}"
        )
    return axis_types


def _axes_of_type(mesh, kind) -> tuple[str, ...]:
    return tuple(n for n, t in zip(mesh.axis_names, mesh.axis_types) if t is kind)


def _all_axes_are(mesh, kind) -> bool:
    """JAX's all_axis_types_match: False for a mesh without axes."""
    return not mesh.empty and all(t is kind for t in mesh.axis_types)


@boundary_methods("__init__")
class AbstractMesh:
    """Axis names and sizes, no devices. Usable inside jit and for cache keys."""

    __slots__ = ("axis_sizes", "axis_names", "axis_types", "_shape", "abstract_device")

    def __init__(
        self,
        axis_sizes: Sequence[int],
        axis_names: Sequence[str],
        axis_types=None,
        *,
        abstract_device: AbstractDevice | None = None,
    ):
        axis_sizes, axis_names = tuple(int(s) for s in axis_sizes), tuple(axis_names)
        if len(axis_sizes) != len(axis_names):
            raise MeshjitValueError(
                f"mesh axis_sizes {axis_sizes} and axis_names {axis_names} differ in length"
            )
        for name in axis_names:
            if not isinstance(name, str):
                raise MeshjitTypeError(f"mesh axis names must be strings, got {name!r}")
        self.axis_sizes, self.axis_names = axis_sizes, axis_names
        self.axis_types = _normalize_axis_types(axis_names, axis_types, "AbstractMesh")
        self._shape = MeshShape(tuple(zip(axis_names, axis_sizes)))
        # A concrete mesh's: its devices' kind (compared, as JAX's).
        self.abstract_device = abstract_device

    @property
    def shape(self) -> collections.OrderedDict[str, int]:
        return collections.OrderedDict(zip(self.axis_names, self.axis_sizes))  # JAX's type

    explicit_axes = property(lambda self: _axes_of_type(self, AxisType.Explicit))
    auto_axes = property(lambda self: _axes_of_type(self, AxisType.Auto))
    manual_axes = property(lambda self: _axes_of_type(self, AxisType.Manual))
    empty = property(lambda self: not self.axis_names)

    are_all_axes_explicit = property(lambda self: _all_axes_are(self, AxisType.Explicit))
    are_all_axes_auto = property(lambda self: _all_axes_are(self, AxisType.Auto))
    are_all_axes_manual = property(lambda self: _all_axes_are(self, AxisType.Manual))

    @property
    def size(self) -> int:
        return math.prod(self.axis_sizes)

    @property
    def mesh_shape(self) -> MeshShape:
        return self._shape

    @property
    def abstract_mesh(self) -> AbstractMesh:
        return self

    def update(self, axis_sizes=None, axis_names=None, axis_types=None, **kwargs) -> AbstractMesh:
        """This mesh with the given fields replaced (JAX's `AbstractMesh.update`)."""
        kwargs.setdefault("abstract_device", self.abstract_device)
        return AbstractMesh(
            self.axis_sizes if axis_sizes is None else axis_sizes,
            self.axis_names if axis_names is None else axis_names,
            self.axis_types if axis_types is None else axis_types,
            **kwargs,
        )

    def update_axis_types(self, name_to_type: dict) -> AbstractMesh:
        """This mesh with the named axes' types replaced."""
        types = tuple(name_to_type.get(n, t) for n, t in zip(self.axis_names, self.axis_types))
        return self.update(axis_types=types)

    @property
    def shape_tuple(self) -> tuple[tuple[str, int], ...]:
        return tuple(zip(self.axis_names, self.axis_sizes))

    # A concrete Mesh's device queries, refused in JAX's words (an AbstractMesh has no devices).
    devices = property(lambda self: _no_devices("devices"))
    device_ids = property(lambda self: _no_devices("device_ids"))
    is_multi_process = property(lambda self: _no_devices("is_multi_process"))
    local_devices = property(lambda self: _no_devices("local_devices"))
    local_mesh = property(lambda self: _no_devices("local_mesh"))

    def __eq__(self, other):
        """JAX's equality: axis names, sizes and types, and the devices' kind."""
        return type(other) is AbstractMesh and self._key == other._key

    def __hash__(self):
        return hash(self._key)

    @property
    def _key(self) -> tuple:
        return self._shape, self.axis_types, self.abstract_device

    def same_axes(self, other) -> bool:
        """Whether `other` (an AbstractMesh) has this mesh's axis names and sizes, whatever
        their types and devices (what a layout over one means over the other)."""
        return self._shape == other._shape

    def _axes_repr(self) -> str:
        axes = ", ".join(f"'{n}': {s}" for n, s in zip(self.axis_names, self.axis_sizes))
        types = ", ".join(t.name for t in self.axis_types)
        comma = "," if len(self.axis_types) == 1 else ""
        return f"{axes or '()'}, axis_types=({types}{comma})"

    def __enter__(self):
        raise MeshjitValueError(
            "AbstractMesh does not implement __enter__: use "
            "`with meshjit.sharding.use_abstract_mesh(abstract_mesh):`"
        )

    def __exit__(self, *exc):
        raise MeshjitValueError("AbstractMesh does not implement __exit__")

    def __repr__(self):
        device = "" if self.abstract_device is None else ", " + self.abstract_device.fields_text()
        return f"AbstractMesh({self._axes_repr()}{device})"


def _no_devices(name: str):
    raise MeshjitValueError(f"AbstractMesh does not implement {name}")


class _MeshContext(threading.local):
    """JAX 0.10.2's three mesh contexts, per thread: `with mesh:` (the legacy resource mesh
    only `with_sharding_constraint` and `pjit` read), the abstract mesh of sharding in types
    (`set_mesh`, `use_abstract_mesh`) and the concrete mesh whose devices a call runs on
    (`set_mesh`)."""

    def __init__(self):
        self.resource = None  # `with mesh:`
        self.abstract = None  # set_mesh / use_abstract_mesh: an AbstractMesh
        self.concrete = None  # set_mesh: a Mesh
        self.saved: list = []  # the resource meshes nested `with mesh:` replaced
        # What the jit caches key on: all three, as JAX's jit key holds them.
        self.key = (None, None, None)

    def set(self, resource, abstract, concrete) -> None:
        self.resource, self.abstract, self.concrete = resource, abstract, concrete
        # Meshes compare with their axis types (which change what is traced), as JAX's.
        self.key = self.set_meshes()

    def set_meshes(self) -> tuple:
        return self.resource, self.abstract, self.concrete


_context = _MeshContext()
MESH_CONTEXT = _context  # its `.key` is read on every jit call (dispatch.fast_key)


def _is_local(device) -> bool:
    return device.process_index == device.client.process_index()


@boundary_methods("__init__")
class Mesh:
    """Devices laid out in an n-d array, one named axis per array dimension."""

    __slots__ = ("devices", "axis_names", "axis_types", "_abstract", "_ids")

    def __init__(self, devices, axis_names: Sequence[str] | str, axis_types=None):
        devices = np.asarray(devices, dtype=object)
        axis_names = (axis_names,) if isinstance(axis_names, str) else tuple(axis_names)
        if devices.ndim != len(axis_names):
            raise MeshjitValueError(
                f"Mesh requires the ndim of its first argument (`devices`) to equal the length of its second argument (`axis_names`): mesh devices have shape {devices.shape} (rank {devices.ndim}) but "
                f"{len(axis_names)} axis names {axis_names} were given"
            )
        empty = devices.shape == () and devices.item() is None  # JAX's empty Mesh()
        not_devices = [
            d for d in devices.flat if not empty and (not hasattr(d, "id") or isinstance(d, int))
        ]
        if not_devices:
            raise MeshjitTypeError(
                f"Mesh takes devices, got the {type(not_devices[0]).__name__} "
                f"{not_devices[0]!r}; use meshjit.make_mesh(shape, axis_names), or "
                "np.array(meshjit.devices()[:n]).reshape(shape) for the devices"
            )
        ids = [] if empty else [d.id for d in devices.flat]
        if len(set(ids)) != len(ids):
            raise MeshjitValueError(f"mesh devices must be distinct, got ids {ids}")
        self.devices, self.axis_names = devices, axis_names
        self.axis_types = _normalize_axis_types(axis_names, axis_types, "Mesh")
        first = devices.flat[0] if devices.size and not empty else None
        self._abstract = AbstractMesh(
            devices.shape, axis_names, self.axis_types, abstract_device=_device_repr(first)
        )
        self._ids = tuple(ids)  # hashed on every jit call made under `with mesh:`

    abstract_mesh = property(lambda self: self._abstract)
    explicit_axes = property(lambda self: self._abstract.explicit_axes)
    auto_axes = property(lambda self: self._abstract.auto_axes)
    manual_axes = property(lambda self: self._abstract.manual_axes)
    empty = property(lambda self: self._abstract.empty)
    are_all_axes_explicit = property(lambda self: self._abstract.are_all_axes_explicit)
    are_all_axes_auto = property(lambda self: self._abstract.are_all_axes_auto)
    are_all_axes_manual = property(lambda self: self._abstract.are_all_axes_manual)
    axis_sizes = property(lambda self: self._abstract.axis_sizes)
    shape = property(lambda self: self._abstract.shape)
    size = property(lambda self: self._abstract.size)
    mesh_shape = property(lambda self: self._abstract.mesh_shape)

    @property
    def shape_tuple(self) -> tuple[tuple[str, int], ...]:
        return tuple(zip(self.axis_names, self.axis_sizes))

    @property
    def device_ids(self) -> tuple[int, ...]:
        return self._ids

    @property
    def device_list(self) -> tuple:
        return tuple(self.devices.flat)

    @property
    def local_devices(self) -> list:
        """The mesh's devices that belong to this process."""
        return [d for d in self.devices.flat if _is_local(d)]

    @property
    def local_mesh(self) -> Mesh:
        """The sub-mesh of this process's devices (the mesh itself in one process)."""
        local = np.vectorize(_is_local, otypes=[bool])(self.devices)
        if local.all():
            return self
        box = tuple(slice(i.min(), i.max() + 1) for i in np.nonzero(local))
        return Mesh(self.devices[box], self.axis_names, axis_types=self.axis_types)

    @property
    def is_multi_process(self) -> bool:
        return self.devices.size != len(self.local_devices)

    @property
    def is_scalar(self) -> bool:
        return self.size == 1 and not self.axis_names

    def update(self, devices=None, axis_names=None, axis_types=None) -> Mesh:
        """This mesh with the given fields replaced (JAX's `Mesh.update`)."""
        return Mesh(
            self.devices if devices is None else devices,
            self.axis_names if axis_names is None else axis_names,
            self.axis_types if axis_types is None else axis_types,
        )

    def __eq__(self, other):
        """JAX's equality: the devices in their layout, the axis names and their types."""
        return (
            type(other) is Mesh
            and self.axis_names == other.axis_names
            and self.devices.shape == other.devices.shape
            and self._ids == other._ids
            and self.axis_types == other.axis_types
        )

    def __hash__(self):
        return hash((self.axis_names, self.devices.shape, self._ids, self.axis_types))

    def __enter__(self):
        """The legacy resource-mesh context (deprecated in JAX 0.10.2): it serves bare
        PartitionSpecs in `with_sharding_constraint` and `pjit`; jit, device_put, shard_map and
        sharding in types read `set_mesh`'s meshes instead."""
        check_unique_axis_names(self, "with mesh:")
        warnings.warn(
            "`with mesh:` context manager has been deprecated. Please use `with"
            " jax.set_mesh(mesh):` instead.",
            category=DeprecationWarning,
            stacklevel=2,
        )
        _context.saved.append(_context.resource)
        _context.set(self, _context.abstract, _context.concrete)
        return self

    def __exit__(self, *exc):
        _context.set(_context.saved.pop(), _context.abstract, _context.concrete)
        return False

    def __repr__(self):
        types = ", ".join(t.name for t in self.axis_types)
        return (
            f"Mesh(axis_sizes={self.axis_sizes!r}, axis_names={self.axis_names!r}, "
            f"axis_types=({types}{',' if len(self.axis_types) == 1 else ''}))"
        )

    def __str__(self):
        """As JAX: `Mesh('X': 4, 'Y': 2, axis_types=(Explicit, Explicit))`, `Mesh()` empty."""
        if not self.axis_names:
            return "Mesh()"
        return f"Mesh({self._abstract._axes_repr()})"


@dataclasses.dataclass(frozen=True)
class AbstractDevice:
    """The kind of a mesh's devices (`jax.sharding.AbstractDevice`; num_cores is TPU's and
    GPU's): an AbstractMesh of a concrete mesh has one."""

    device_kind: str
    num_cores: int | None
    platform: str

    def __repr__(self):
        return f"AbstractDevice({self.fields_text()})"

    def fields_text(self) -> str:
        return (
            f"device_kind={self.device_kind}, num_cores={self.num_cores}, platform={self.platform}"
        )


def _device_repr(device) -> AbstractDevice | None:
    if device is None:
        return None
    return AbstractDevice(device.device_kind, None, device.platform)


def get_context_mesh():
    """The mesh sharding in types and bare PartitionSpecs resolve against: set_mesh's Mesh,
    else use_abstract_mesh's AbstractMesh, else None (`with mesh:` is not one of them)."""
    return _context.concrete or _context.abstract


def shard_map_body_mesh():
    """Inside a shard_map body (being traced), JAX's abstract context mesh there: the
    shard_map's mesh with its manual axes typed Manual; else None."""
    from meshjit.compiler.trace.tracing import current_trace

    trace = current_trace()
    env = None if trace is None else trace.axis_env
    if env is None or env.mesh is None or not env.manual:
        return None
    mesh = env.mesh
    types = tuple(
        AxisType.Manual if n in env.manual else t for n, t in zip(mesh.axis_names, mesh.axis_types)
    )
    if types == tuple(mesh.axis_types):
        return mesh
    return AbstractMesh(
        mesh.axis_sizes, mesh.axis_names, types, abstract_device=mesh.abstract_device
    )


def get_abstract_context_mesh():
    """set_mesh's or use_abstract_mesh's AbstractMesh, or None."""
    return _context.abstract


def get_concrete_mesh():
    """set_mesh's Mesh, or None."""
    return _context.concrete


def get_mesh():
    """`jax.sharding.get_mesh()`: set_mesh's Mesh, else an empty Mesh; outside jit only."""
    if _in_trace():
        raise MeshjitValueError(
            "`get_mesh` can only be used outside of `jax.jit`. Maybe you want"
            " `jax.sharding.get_abstract_mesh()`?"
        )
    return _context.concrete or Mesh(np.empty((), dtype=object), ())


def get_resource_mesh():
    """The mesh of the innermost `with mesh:`, or None."""
    return _context.resource


def context_meshes_key() -> tuple:
    """The three contexts as a cache key (read on every jit call: an attribute)."""
    return _context.key


class scoped_mesh:
    """`with scoped_mesh(mesh):` makes `mesh` (a Mesh or AbstractMesh) the context mesh for
    meshjit's own scopes (auto_axes, explicit_axes), inside jit too; None clears it."""

    __slots__ = ("_saved",)

    def __init__(self, mesh):
        self._saved = (_context.abstract, _context.concrete)
        abstract = None if mesh is None else mesh.abstract_mesh
        concrete = mesh if type(mesh) is Mesh else _context.concrete
        _context.set(_context.resource, abstract, concrete)

    def __enter__(self):
        return None

    def __exit__(self, *exc):
        _context.set(_context.resource, *self._saved)


def _in_trace() -> bool:
    from meshjit.compiler.trace.tracing import current_trace

    return current_trace() is not None


@boundary_methods("__init__")
class set_mesh:
    """`meshjit.set_mesh(mesh)`: sets the abstract and the concrete context mesh; also usable
    as a context manager (which gives None, as JAX's)."""

    __slots__ = ("_saved",)

    def __init__(self, mesh):
        if mesh is not None and type(mesh) is not Mesh:
            raise MeshjitValueError(  # JAX's ValueError
                f"Expected mesh of type `jax.sharding.Mesh`. Got {type(mesh)}: set_mesh needs "
                "a concrete Mesh (use_abstract_mesh takes an AbstractMesh)"
            )
        if _in_trace():
            raise MeshjitValueError("`set_mesh` can only be used outside of `jax.jit`.")
        if mesh is not None:
            check_unique_axis_names(mesh, "set_mesh")
            if mesh.manual_axes:
                raise MeshjitValueError(
                    f"mesh {mesh} contains manual axes which is not allowed when using "
                    "`jax.set_mesh`. Please use `jax.shard_map` to enter into `Manual` mode "
                    "instead."
                )
        self._saved = (_context.abstract, _context.concrete)
        abstract = None if mesh is None else mesh.abstract_mesh
        _context.set(_context.resource, abstract, mesh)

    def __enter__(self):
        return None

    def __exit__(self, *exc):
        _context.set(_context.resource, *self._saved)


@boundary_methods("__init__")
class use_abstract_mesh:
    """`with use_abstract_mesh(abstract_mesh):` sets the abstract context mesh only (the
    concrete one set_mesh set stays); it cannot change the mesh's size."""

    __slots__ = ("mesh", "_saved")

    def __init__(self, mesh):
        if type(mesh) is not AbstractMesh:
            raise MeshjitValueError(
                f"Expected mesh of type `jax.sharding.AbstractMesh`. Got type: {type(mesh)}"
            )
        self.mesh = mesh

    def __enter__(self):
        prev = _context.abstract
        if prev is not None and not prev.empty and not self.mesh.empty:
            if prev.size != self.mesh.size:
                raise MeshjitValueError(
                    "use_abstract_mesh cannot change the size of the mesh. Got new mesh:"
                    f" {self.mesh} with size={self.mesh.size} and prev mesh:"
                    f" {prev} with size={prev.size}"
                )
        self._saved = prev
        _context.set(_context.resource, None if self.mesh.empty else self.mesh, _context.concrete)

    def __exit__(self, *exc):
        _context.set(_context.resource, self._saved, _context.concrete)


def make_mesh(
    axis_shapes: Sequence[int], axis_names: Sequence[str], axis_types=None, *, devices=None
) -> Mesh:
    """A mesh of the first prod(axis_shapes) devices. As in JAX 0.10.2, the axes default to
    AxisType.Explicit (only stored for now)."""
    from meshjit.compiler.runtime import client as backend

    axis_shapes = tuple(int(s) for s in axis_shapes)
    if 0 in axis_shapes:  # JAX indexes its (empty) device list: an IndexError
        raise MeshjitIndexError(
            f"make_mesh: mesh shape {axis_shapes} has an axis of size 0, but every axis needs at "
            "least one device (list index out of range)"
        )
    devices = list(backend.devices() if devices is None else devices)
    need = math.prod(axis_shapes)
    if need > len(devices):
        raise MeshjitValueError(
            f"Number of devices {len(devices)} must be >= the product of mesh_shape "
            f"{axis_shapes} (make_mesh needs {need} devices)"
        )
    if axis_types is None:
        axis_types = (AxisType.Explicit,) * len(axis_shapes)
    grid = np.array(devices[:need], dtype=object).reshape(axis_shapes)
    return Mesh(grid, axis_names, axis_types)


class _Unconstrained:
    __slots__ = ()

    def __repr__(self):
        return "UNCONSTRAINED"


UNCONSTRAINED = _Unconstrained()


@boundary_methods("__new__")
class PartitionSpec(tuple):
    """Per-dimension mesh axes: None, an axis name, a tuple of names, or UNCONSTRAINED."""

    UNCONSTRAINED = UNCONSTRAINED
    # JAX's slots, read on the class too (`hasattr(P, "unreduced")`)
    unreduced: frozenset = frozenset()
    reduced: frozenset = frozenset()

    def __init_subclass__(cls, *args, **kwargs):
        raise MeshjitTypeError("Subclassing `jax.P` is prohibited.")

    def __new__(cls, *partitions, unreduced=frozenset(), reduced=frozenset()):
        for p in partitions:
            _check_partition(p)
        self = super().__new__(cls, tuple(_canonical_partition(p) for p in partitions))
        # Axes over which the value is a partial sum still to be taken (JAX's unreduced), or
        # has been taken (reduced); both empty for an ordinary spec.
        self.unreduced = _axis_set(unreduced, "unreduced")
        self.reduced = _axis_set(reduced, "reduced")
        _check_unreduced(self, self.unreduced, self.reduced)
        return self

    def __repr__(self):
        """As JAX 0.10.2: `P('X', None)`, `P('X',)`, `P()`, `P('X', unreduced={'Y'})`."""
        if not self.unreduced and not self.reduced:
            return "P" + tuple.__repr__(self)
        parts = [repr(p) for p in self]
        for name in ("unreduced", "reduced"):
            axes = getattr(self, name)
            if axes:
                names = sorted(axes, key=repr)
                parts.append(f"{name}={{{', '.join(repr(a) for a in names)}}}")
        return "P(" + ", ".join(parts) + ")"

    def __eq__(self, other):
        if not tuple.__eq__(self, other):
            return False
        mine = (self.unreduced, self.reduced)
        return mine == (
            getattr(other, "unreduced", frozenset()),
            getattr(other, "reduced", frozenset()),
        )

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        if not self.unreduced and not self.reduced:
            return tuple.__hash__(self)
        return hash((tuple(self), self.unreduced, self.reduced))

    @property
    def partitions(self) -> tuple:
        return tuple(self)

    def update(self, partitions=None, unreduced=None, reduced=None):
        """This spec with its partitions, unreduced or reduced axes replaced (JAX's)."""
        return PartitionSpec(
            *(self if partitions is None else partitions),
            unreduced=self.unreduced if unreduced is None else unreduced,
            reduced=self.reduced if reduced is None else reduced,
        )

    def index(self, value, *args):
        return tuple.index(self, _canonical_partition(value), *args)

    def count(self, value):
        return tuple.count(self, _canonical_partition(value))

    def __add__(self, other):
        """`P + P` joins partitions and axis sets; `P + tuple` a P, refused (JAX's TypeError)
        when this spec has unreduced / reduced axes."""
        if isinstance(other, PartitionSpec):
            return PartitionSpec(
                *self,
                *other,
                unreduced={*self.unreduced, *other.unreduced},
                reduced={*self.reduced, *other.reduced},
            )
        if not isinstance(other, tuple):
            return NotImplemented
        _refuse_tuple_join(self, other, "__add__")
        return PartitionSpec(*self, *other)

    def __radd__(self, other):
        if not isinstance(other, tuple):
            return NotImplemented
        _refuse_tuple_join(self, other, "__radd__")
        return PartitionSpec(*other, *self)

    def to_lo(self):
        return [self]

    def to_tangent_spec(self):
        return self

    def to_ct_spec(self):
        return self.update(unreduced=self.reduced, reduced=self.unreduced)

    def axes_of(self, dim: int) -> tuple[str, ...]:
        p = self[dim] if dim < len(self) else None
        if p is None or p is UNCONSTRAINED:
            return ()
        return tuple(p) if isinstance(p, tuple) else (p,)

    def __reduce__(self):
        return (_rebuild_spec, (tuple(self), self.unreduced, self.reduced))


def _refuse_tuple_join(spec, other, method: str) -> None:
    for name in ("unreduced", "reduced"):
        if getattr(spec, name):
            raise MeshjitTypeError(
                f"other {other} cannot be of instance `tuple` when self {spec} has {name} in "
                f"`{method}` of PartitionSpec."
            )


def _rebuild_spec(partitions, unreduced, reduced):
    return PartitionSpec(*partitions, unreduced=unreduced, reduced=reduced)


def _axis_set(axes, name: str) -> frozenset:
    if not isinstance(axes, (set, frozenset, tuple, list)):  # JAX's check and words
        raise MeshjitTypeError(
            f"{name} argument of PartitionSpec should of type `frozenset` or `set`. Got type {axes}"
        )
    return frozenset(axes)  # any hashable names, as JAX's (a mesh's are strings)


def _check_unreduced(spec, unreduced: frozenset, reduced: frozenset) -> None:
    """JAX's checks: unreduced / reduced axes overlap neither each other nor the partitions."""
    if unreduced & reduced:
        raise MeshjitValueError(
            "`unreduced` and `reduced` argument to PartitionSpec cannot overlap. Got unreduced: "
            f"{unreduced} and reduced: {reduced}"
        )
    for name, axes in (("unreduced", unreduced), ("reduced", reduced)):
        if axes & {a for i in range(len(spec)) for a in spec.axes_of(i)}:
            raise MeshjitValueError(
                f"partitions cannot overlap with {name} axes passed to PartitionSpec. Got "
                f"partitions: {tuple(spec)} and {name} axes: {axes}"
            )


def _check_partition(p):
    """As JAX's, an entry may name its axes by any hashable value (a mesh made by meshjit names
    them by strings, so NamedSharding then finds no such axis, in JAX's words); a tuple of
    names may not nest."""
    sequence = isinstance(p, (tuple, list))
    nested = [a for a in p if isinstance(a, (tuple, list))] if sequence else []
    if nested:  # JAX's words (its NamedSharding's)
        raise MeshjitValueError(
            f"A tuple inside PartitionSpec cannot contain a nested tuple. Got partition: {p} "
            f"and the nested tuple: {nested[0]}"
        )
    try:
        hash(tuple(p) if sequence else p)
    except TypeError as e:  # Python's words, as JAX's
        error = MeshjitTypeError(str(e))
        error.add_note(
            f"meshjit: a PartitionSpec entry must be None, an axis name, a tuple of axis names "
            f"or P.UNCONSTRAINED, got {p!r}"
        )
        raise error from None


def _canonical_partition(p):
    """As JAX: `('x',)` is `'x'`, `()` (or another false entry: `0`) is None, a list is a
    tuple."""
    if isinstance(p, (tuple, list)):
        return None if not p else p[0] if len(p) == 1 else tuple(p)
    return p if p or p is UNCONSTRAINED else None


P = PartitionSpec
# JAX's class is jax.P: type errors and reprs of the class name it so ('P' object has no ...)
PartitionSpec.__name__ = PartitionSpec.__qualname__ = "P"
PartitionSpec.__module__ = "meshjit"


class Sharding:
    """jax.sharding.Sharding: the base of every sharding (isinstance checks), answering what
    any sharding answers from its `device_set`."""

    __slots__ = ()
    memory_kind = "device"

    @property
    def num_devices(self) -> int:
        return len(self.device_set)

    @property
    def addressable_devices(self) -> set:
        from meshjit.compiler.runtime.distributed import process_index  # runtime comes later

        here = process_index()
        return {d for d in self.device_set if getattr(d, "process_index", 0) == here}

    @property
    def is_fully_addressable(self) -> bool:
        return self.addressable_devices == self.device_set

    @property
    def has_addressable_devices(self) -> bool:
        return bool(self.addressable_devices)

    def check_compatible_aval(self, aval_shape) -> None:
        """Raises JAX's ValueError when this sharding cannot lay out a value of `aval_shape`."""

    def is_equivalent_to(self, other: Sharding, ndim: int) -> bool:
        """Whether the two place the same shards of an `ndim`-dimensional array on the same
        devices (JAX compares HLO shardings: the same placements)."""
        shape = (max(self.num_devices, other.num_devices, 1),) * ndim
        return (
            self.memory_kind == other.memory_kind
            and self.device_set == other.device_set
            and self.devices_indices_map(shape) == other.devices_indices_map(shape)
        )

    def with_memory_kind(self, kind: str):
        if kind not in ("device", None):
            raise MeshjitValueError(
                f"meshjit arrays live in device memory, got memory_kind={kind!r}"
            )
        return self


# The CPU's memories, as JAX names them: its host memories are the same RAM as its device
# memory, so an array in one of them is its device buffers labelled with the kind.
_MEMORY_KINDS = ("device", "pinned_host", "unpinned_host")


class MemorySpace(enum.Enum):
    """`jax.memory.Space`: where device_put puts a value (meshjit's arrays: Device only)."""

    Device = 1
    Host = 2
    Any = 3


def memory_space_kind(space: MemorySpace):
    """The memory kind device_put to `space` means: Device's or pinned host memory; Any names
    no memory (JAX fails with an AssertionError)."""
    if space is MemorySpace.Any:
        raise MeshjitValueError("device_put to jax.memory.Space.Any: Any names no memory")
    return "device" if space is MemorySpace.Device else "pinned_host"


def check_memory_kind(kind) -> None:
    """JAX's ValueError for a memory kind no CPU device has."""
    if kind is None or kind in _MEMORY_KINDS:
        return
    raise MeshjitValueError(
        "Could not find memory addressable by device cpu. Device cpu can address the following "
        f"memory kinds: {', '.join(_MEMORY_KINDS)}. Got memory kind: {kind}"
    )


@boundary_methods("__init__", "shard_shape")
class NamedSharding(Sharding):
    """A PartitionSpec over a mesh (concrete `Mesh` or `AbstractMesh`); immutable, as JAX's."""

    __slots__ = ("_mesh", "_spec", "_hash", "_norm", "_memory_kind")

    def __init__(self, mesh, spec: PartitionSpec = PartitionSpec(), *, memory_kind=None):
        if mesh is None or spec is None:  # JAX's (nanobind's) words: its C++ takes no None
            raise MeshjitTypeError(
                "__init__(): incompatible function arguments. The following argument types are "
                "supported:\n    1. __init__(self, mesh: object, spec: object, memory_kind: "
                "object | None = None, _logical_device_ids: object | None = None) -> None\n\n"
                f"Invoked with types: NamedSharding, {type(mesh).__name__}, "
                f"{type(spec).__name__} (NamedSharding needs a Mesh and a PartitionSpec)"
            )
        if not isinstance(mesh, (Mesh, AbstractMesh)):  # JAX reads mesh.size
            raise _noted(
                WrongKindError(f"'{type(mesh).__name__}' object has no attribute 'size'"),
                f"NamedSharding needs a Mesh or AbstractMesh, got {mesh!r}",
            )
        check_memory_kind(memory_kind)
        check_unique_axis_names(mesh, "NamedSharding")
        if isinstance(spec, list):  # JAX hashes the spec, so a list fails there
            raise _noted(
                MeshjitTypeError("unhashable type: 'list'"),
                f"NamedSharding needs a PartitionSpec, got {spec!r}: write P(*{spec!r})",
            )
        if not isinstance(spec, PartitionSpec):  # JAX reads spec.partitions: a tuple fails
            raise _noted(
                WrongKindError(f"'{type(spec).__name__}' object has no attribute 'partitions'"),
                f"NamedSharding needs a PartitionSpec, got {spec!r}: write P(*{spec!r})"
                if isinstance(spec, tuple)
                else f"NamedSharding needs a PartitionSpec, got {spec!r}: write P({spec!r})",
            )
        _check_spec_axes(spec, mesh)
        self._mesh, self._spec = mesh, spec
        self._hash = self._norm = None
        self._memory_kind = memory_kind or "device"

    @property
    def memory_kind(self) -> str:
        return self._memory_kind

    def with_memory_kind(self, kind: str) -> NamedSharding:
        return NamedSharding(self._mesh, self._spec, memory_kind=kind)

    def update(self, **kwargs) -> NamedSharding:
        """This sharding with `mesh`, `spec` (a PartitionSpec or a tuple) or `memory_kind`
        replaced (JAX's `NamedSharding.update`)."""
        spec = kwargs.pop("spec", self._spec)
        spec = spec if isinstance(spec, PartitionSpec) else PartitionSpec(*spec)
        mesh, kind = kwargs.pop("mesh", self._mesh), kwargs.pop("memory_kind", self._memory_kind)
        if kwargs:
            raise MeshjitTypeError(
                f"NamedSharding.update() got unexpected keyword arguments {sorted(kwargs)}"
            )
        return NamedSharding(mesh, spec, memory_kind=kind)

    @property
    def replicated_axes(self) -> frozenset:
        """The mesh axes the spec neither shards a dimension over nor holds unreduced or
        reduced (JAX's `NamedSharding.replicated_axes`)."""
        spec = self._spec
        used = {a for i in range(len(spec)) for a in spec.axes_of(i)}
        return frozenset(self._mesh.axis_names) - used - set(spec.unreduced) - set(spec.reduced)

    @property
    def mesh(self):
        return self._mesh

    @property
    def spec(self) -> PartitionSpec:
        return self._spec

    def check_compatible_aval(self, aval_shape) -> None:
        if len(self._spec) > len(aval_shape):
            raise MeshjitValueError(
                f"Sharding {self} is only valid for values of rank at least {len(self._spec)}, "
                f"but was applied to a value of rank {len(aval_shape)}"
            )

    @property
    def abstract(self) -> NamedSharding:
        """The same sharding over the mesh's AbstractMesh (for cache keys)."""
        return (
            self
            if isinstance(self.mesh, AbstractMesh)
            else NamedSharding(self.mesh.abstract_mesh, self.spec)
        )

    @property
    def device_set(self) -> set:
        return set(self.mesh.devices.flat) if isinstance(self.mesh, Mesh) else set()

    def devices_indices_map(self, global_shape) -> dict:
        """{device: the tuple of slices of a `global_shape` array it holds} (even shardings)."""
        block = self.shard_shape(global_shape)
        sizes = dict(zip(self.mesh.axis_names, self.mesh.devices.shape))
        out = {}
        for coords in np.ndindex(self.mesh.devices.shape):
            at = dict(zip(self.mesh.axis_names, coords))
            index = []
            for dim, size in enumerate(block):
                shard = 0
                for axis in self.spec.axes_of(dim) if dim < len(self.spec) else ():
                    shard = shard * sizes[axis] + at[axis]
                index.append(slice(shard * size, (shard + 1) * size))
            out[self.mesh.devices[coords]] = public_index(index, global_shape)
        return out

    def addressable_devices_indices_map(self, global_shape) -> dict:
        """`devices_indices_map` for this process's devices."""
        return {d: i for d, i in self.devices_indices_map(global_shape).items() if _is_local(d)}

    def check_rank(self, ndim: int, what: str, given: str = "the sharding") -> None:
        """JAX's words for a spec longer than the rank (`what`: the value, `given`: the
        argument that gave the sharding)."""
        if len(self.spec) > ndim:
            scalar = " For scalars the PartitionSpec should be P()" if ndim == 0 else ""
            raise MeshjitValueError(  # JAX's words (jit's, with_sharding_constraint's)
                f"{what} is incompatible with its sharding annotation {self}: Sharding {self} "
                f"is only valid for values of rank at least {len(self.spec)}, but was applied to "
                f"a value of rank {ndim}.{scalar} (the PartitionSpec of {given} has "
                f"{len(self.spec)} entries but the array has rank {ndim})"
            )

    def tensor_sharding(self, mesh_name: str, ndim: int) -> TensorSharding:
        dims = []
        for i in range(ndim):
            entry = self.spec[i] if i < len(self.spec) else None
            if entry is UNCONSTRAINED:
                dims.append(DimSharding((), is_closed=False))
            else:
                dims.append(DimSharding(self.spec.axes_of(i)))
        return TensorSharding(mesh_name, tuple(dims))

    @property
    def is_fully_replicated(self) -> bool:
        return not any(self.spec.axes_of(i) for i in range(len(self.spec)))

    def shard_shape(self, global_shape) -> tuple[int, ...]:
        """The shape of each device's block; every dimension must divide evenly (as in JAX)."""
        if len(self.spec) > len(global_shape):
            raise MeshjitIndexError(
                f"shard_shape: {self.spec} has {len(self.spec)} entries but the shape "
                f"{tuple(global_shape)} has rank {len(global_shape)} (list index out of range)"
            )
        out = []
        for dim, size in enumerate(global_shape):
            parts = math.prod(self.mesh.shape[a] for a in self.spec.axes_of(dim))
            if size % parts:
                tiles = [
                    math.prod(self.mesh.shape[a] for a in self.spec.axes_of(d))
                    for d in range(len(global_shape))
                ]
                raise IndivisibleError(
                    f"Sharding {self} implies that array axis {dim} is partitioned {parts} times, "
                    f"but the dimension size is {size} (full shape: {tuple(global_shape)}, "
                    f"per-dimension tiling factors: {tiles} should evenly divide the shape)"
                )
            out.append(size // parts)
        return tuple(out)

    def __eq__(self, other):
        # As JAX's: the specs compared as given (P() is not P(None)); `is_equivalent_to` and
        # `normalized_spec` compare what the shardings place where.
        return self is other or (
            type(other) is NamedSharding
            and self.spec == other.spec
            and self.mesh == other.mesh
            and self._memory_kind == other._memory_kind
        )

    def __hash__(self):
        if self._hash is None:
            self._hash = hash((self.mesh, self.spec, self._memory_kind))
        return self._hash

    @property
    def normalized_spec(self) -> tuple:
        """The spec's axes per dimension without trailing unsharded ones (for equality)."""
        if self._norm is None:
            self._norm = _normalized(self.spec)
        return self._norm

    def __repr__(self):
        memory = f", memory_kind={self._memory_kind}" if isinstance(self.mesh, Mesh) else ""
        return f"NamedSharding(mesh={self.mesh}, spec={self.spec!r}{memory})"


def _normalized(spec: PartitionSpec) -> tuple:
    entries = [spec.axes_of(i) if spec[i] is not UNCONSTRAINED else "?" for i in range(len(spec))]
    while entries and entries[-1] == ():
        entries.pop()
    if spec.unreduced or spec.reduced:
        entries.append((spec.unreduced, spec.reduced))
    return tuple(entries)


def _noted(error: Exception, note: str) -> Exception:
    """`error` (JAX's words) with meshjit's explanation as a note."""
    error.add_note(f"meshjit: {note}")
    return error


def _check_spec_axes(spec: PartitionSpec, mesh) -> None:
    seen: set[str] = set()
    for i in range(len(spec)):
        for axis in spec.axes_of(i):
            if axis not in mesh.axis_names:  # JAX's words; what to do, a note
                error = MeshjitValueError(
                    f"Resource axis: {axis} of {spec} is not found in mesh: {mesh.axis_names}."
                )
                error.add_note(
                    f"meshjit: PartitionSpec {spec} names axis {axis!r}, which is not in the mesh; "
                    f"name one of its axes {mesh.axis_names} (or None to replicate)"
                )
                raise error
            if axis in seen:
                err = DuplicateSpecError(  # JAX's words
                    "A single NamedSharding spec specification can map every mesh axis to at "
                    f"most one positional dimension, but {spec} has duplicate entries for "
                    f"`{axis}`",
                    mesh,
                    spec,
                )
                err.add_note(f"mesh axis {axis!r} is used more than once")
                raise err
            seen.add(axis)
    for axis in spec.unreduced | spec.reduced:
        if axis not in mesh.axis_names:  # JAX's words
            kind = "Unreduced" if axis in spec.unreduced else "Reduced"
            raise MeshjitValueError(
                f"{kind} axes {axis} is not found in mesh.axis_names={mesh.axis_names}. Got "
                f"pspec={spec}"
            )
        if axis in seen:
            raise MeshjitValueError(
                f"PartitionSpec {spec}: unreduced / reduced axis {axis!r} must be a mesh axis "
                "the partitions do not use"
            )


class SingleDeviceSharding(Sharding):
    """An array that lives whole on one device."""

    __slots__ = ("device", "memory_kind")
    is_fully_replicated = True

    def __init__(self, device, *, memory_kind: str | None = None):
        check_memory_kind(memory_kind)
        self.device = device
        self.memory_kind = memory_kind or "device"

    def with_memory_kind(self, kind: str) -> SingleDeviceSharding:
        return SingleDeviceSharding(self.device, memory_kind=kind)

    @property
    def device_set(self) -> set:
        return {self.device}

    def devices_indices_map(self, global_shape) -> dict:
        return {self.device: (slice(None),) * len(global_shape)}

    addressable_devices_indices_map = devices_indices_map

    def shard_shape(self, global_shape) -> tuple[int, ...]:
        return tuple(global_shape)

    def __eq__(self, other):
        return (
            type(other) is SingleDeviceSharding
            and self.device == other.device
            and self.memory_kind == other.memory_kind
        )

    def __hash__(self):
        return hash((self.device, self.memory_kind))

    def __repr__(self):
        return f"SingleDeviceSharding(device={self.device!r}, memory_kind={self.memory_kind})"


def make_single_device_sharding(device, *, memory_kind=None) -> SingleDeviceSharding:
    """The sharding putting a whole array on `device` (`jax.sharding.make_single_device_sharding`)."""
    return SingleDeviceSharding(device, memory_kind=memory_kind)


class OpaqueSharding(Sharding):
    """A layout XLA chose that no PartitionSpec on the mesh describes; shown as HLO text."""

    __slots__ = ("mesh", "hlo_text")

    def __init__(self, mesh, hlo_text: str):
        self.mesh, self.hlo_text = mesh, hlo_text

    @property
    def device_set(self) -> set:
        return set(self.mesh.devices.flat) if isinstance(self.mesh, Mesh) else set()

    def __repr__(self):
        return f"OpaqueSharding({self.hlo_text})"


def resolve_spec(sharding_or_spec, what: str) -> NamedSharding:
    """A NamedSharding, or a bare PartitionSpec resolved against the context mesh `what` reads
    (as JAX 0.10.2: `_spec_mesh`)."""
    if isinstance(sharding_or_spec, NamedSharding):
        return sharding_or_spec
    if isinstance(sharding_or_spec, PartitionSpec):
        mesh = _spec_mesh(what)
        if mesh is None:
            raise _no_mesh_error(sharding_or_spec, what)
        return NamedSharding(mesh, sharding_or_spec)
    raise MeshjitTypeError(_not_a_spec(sharding_or_spec, what))


def _spec_mesh(what: str):
    """jit reads set_mesh's mesh (or an abstract one with Explicit axes, which then cannot
    run), pjit only `with mesh:`, with_sharding_constraint any of the three, device_put only
    set_mesh's, the rest (reshard, out_sharding=) the abstract mesh."""
    c = _context
    if what.startswith("jit "):
        abstract = c.abstract if c.abstract is not None and c.abstract.explicit_axes else None
        return c.concrete or abstract
    if what.startswith("pjit "):
        return c.resource
    if what == "with_sharding_constraint":  # the abstract mesh, on devices if known
        body = shard_map_body_mesh()  # as JAX's: a shard_map body's mesh, manual axes Manual
        if body is not None:
            return body
        if c.abstract is None:
            return None if c.concrete is not None else c.resource  # (pjit clears it)
        same = [
            m for m in (c.concrete, c.resource) if m is not None and m.abstract_mesh == c.abstract
        ]
        return same[0] if same else c.abstract
    if what == "device_put":
        return c.concrete
    return c.concrete or c.abstract


def _no_mesh_error(spec, what: str) -> Exception:
    if what == "device_put":
        return MeshjitValueError(
            "Please set a mesh via `jax.set_mesh` if a PartitionSpec is passed to device_put: "
            f"a bare {spec} needs set_mesh's context mesh (`with mesh:` is not one); call "
            f"meshjit.set_mesh(mesh), or pass NamedSharding(mesh, {spec})"
        )
    if what.startswith(("jit ", "pjit ", "with_sharding_constraint")):
        api, _, arg = what.partition(" ")
        arg = arg or "shardings"
        return NoContextMeshError(
            f"{api} requires a non-empty mesh in context if you are passing `PartitionSpec`s to "
            f"{arg}. You can define a context mesh via `jax.set_mesh(mesh)`"
            f"{' or `with mesh:`' if api == 'pjit' else ''}. Alternatively, provide "
            f"`Sharding`s to {arg} and then the mesh context manager is not required: a bare "
            f"PartitionSpec {spec} needs a context mesh, or pass NamedSharding(mesh, spec)"
        )
    err = MeshjitValueError(  # JAX's words
        "Using PartitionSpec when you are not under a mesh context is not allowed. Please pass "
        "a NamedSharding instance or enter into a mesh context via `jax.set_mesh`. Got "
        f"{spec}"
    )
    err.add_note(f"the spec given to {what}")
    return err


def _not_a_spec(value, what: str) -> str:
    # JAX's words: reshard names its `out_sharding` argument, the others their leaves.
    if what == "reshard":
        return (
            "`out_sharding` argument of reshard only supports instances of `NamedSharding` or "
            f"`PartitionSpec`. Got {value} of type: {type(value)}"
        )
    leaves = what.rsplit(" ", 1)[-1] if " " in what else "shardings"
    return (
        f"{what}: {leaves} leaf specifications are expected to be PartitionSpec instances or "
        f"None, but got {value} (a NamedSharding or PartitionSpec)"
    )


# ---------------------------------------------------------------------------------------------
# HLO shardings: tile assignments over the positions 0..N-1 of the mesh's devices.


def tile_assignment(
    sharding: NamedSharding, ndim: int, shape=None
) -> tuple[list[int], list[int], bool]:
    """(tile dims, device positions in tile order, whether the last tile dim replicates).

    With `shape`, the layout XLA gives a program's arguments and results: a dimension its axes
    do not divide is cut by the longest leading part of them that divides it (a whole axis, or
    an axis's major part), and replicated over the rest (`boundary_parts`)."""
    mesh = sharding.mesh
    sizes = list(mesh.axis_sizes)
    per_dim = [_dim_parts(sharding, i, None if shape is None else shape[i]) for i in range(ndim)]
    split = {j: k for parts in per_dim for j, k in parts if k < sizes[j]}
    grid = [(j, part) for j in range(len(sizes)) for part in ((0, 1) if j in split else (0,))]
    grid_sizes = [_part_size(sizes[j], split.get(j), part) for j, part in grid]
    order = [grid.index((j, 0)) for parts in per_dim for j, _ in parts]
    rest = [g for g in range(len(grid)) if g not in order]
    tile_dims = [math.prod(k for _, k in parts) for parts in per_dim]
    replicas = math.prod(grid_sizes[g] for g in rest)
    positions = np.arange(mesh.size).reshape(grid_sizes)
    devices = positions.transpose(order + rest).reshape(-1).tolist()
    if replicas > 1:
        tile_dims.append(replicas)
    return tile_dims, devices, replicas > 1


def _part_size(size: int, major, part: int) -> int:
    if major is None:
        return size
    return major if part == 0 else size // major


def _dim_parts(sharding: NamedSharding, i: int, n) -> list[tuple[int, int]]:
    """(mesh axis index, how many blocks it cuts dim i into) for the axes of dim i; with the
    dimension's size `n`, only the longest leading part of the axes that divides it."""
    mesh = sharding.mesh
    return [(mesh.axis_names.index(a), k) for a, k in _cut(mesh, sharding.spec.axes_of(i), n)]


def _cut(mesh, axes, n) -> list[tuple[str, int]]:
    parts, total = [], 1
    for a in axes:
        size = mesh.shape[a]
        k = size if n is None else math.gcd(size, n // total)
        if k > 1:
            parts.append((a, k))
        if k < size:
            break
        total *= k
    return parts


def hlo_sharding_text(sharding: NamedSharding, ndim: int, shape=None) -> str:
    tile_dims, devices, replicated_last = tile_assignment(sharding, ndim, shape)
    if math.prod(tile_dims[:ndim]) == 1:
        return "{replicated}"
    dims = ",".join(map(str, tile_dims))
    suffix = " last_tile_dim_replicate" if replicated_last else ""
    return f"{{devices=[{dims}]{','.join(map(str, devices))}{suffix}}}"


def block_map(tile_dims, devices, ndim: int) -> dict[int, tuple[int, ...]]:
    """Device position -> the block coordinates it holds (first ndim tile dims)."""
    grid = np.asarray(devices).reshape(tile_dims)
    result = {}
    for coords in itertools.product(*[range(t) for t in tile_dims]):
        result[int(grid[coords])] = tuple(coords[:ndim])
    return result


def hlo_block_map(hlo, ndim: int, num_devices: int) -> dict[int, tuple[int, ...]]:
    if hlo.is_replicated() or not hlo.is_tiled():
        return {p: (0,) * ndim for p in range(num_devices)}
    tile_dims = list(hlo.tile_assignment_dimensions())
    return block_map(tile_dims, list(hlo.tile_assignment_devices()), ndim)


def shard_slices(shape, tiles, coords) -> tuple[slice, ...]:
    """The global index a device's block covers (blocks are ceil-sized; the last may be short)."""
    out = []
    for n, t, c in zip(shape, tiles, coords):
        step = -(-n // t) if t else n
        out.append(slice(min(c * step, n), min((c + 1) * step, n)))
    return tuple(out)


def public_index(index, shape) -> tuple:
    """A shard's index as JAX shows it: `slice(None)` along a dimension it holds whole."""
    return tuple(
        slice(None) if (s.start or 0) == 0 and s.stop == n else s for s, n in zip(index, shape)
    )


def shard_shape(shape, tiles) -> tuple[int, ...]:
    return tuple(-(-n // t) for n, t in zip(shape, tiles))


def spec_from_hlo(hlo, mesh, shape):
    """The NamedSharding on `mesh` that lays out a value of `shape` as an HLO sharding does (as
    `tile_assignment` reads it for that shape), or an OpaqueSharding."""
    ndim = len(shape)
    if hlo.is_replicated():
        return NamedSharding(mesh, PartitionSpec())
    target = hlo_block_map(hlo, ndim, mesh.size)
    tiles = list(hlo.tile_assignment_dimensions())[:ndim]
    for spec in _candidate_specs(mesh, tiles, shape):
        candidate = NamedSharding(mesh, spec)
        t_dims, devs, _ = tile_assignment(candidate, ndim, shape)
        if block_map(t_dims, devs, ndim) == target:
            return candidate
    return OpaqueSharding(mesh, str(hlo))


def _candidate_specs(mesh, tiles, shape):
    names = mesh.axis_names
    per_dim = []
    for t, n in zip(tiles, shape):
        options = []
        for r in range(len(names) + 1):
            for combo in itertools.permutations(names, r):
                if math.prod(k for _, k in _cut(mesh, combo, n)) == t:
                    options.append(combo)
        per_dim.append(options)
    for choice in itertools.product(*per_dim):
        used = [a for axes in choice for a in axes]
        if len(used) == len(set(used)):
            entries = [None if not axes else axes[0] if len(axes) == 1 else axes for axes in choice]
            while entries and entries[-1] is None:
                entries.pop()
            yield PartitionSpec(*entries)


# ---------------------------------------------------------------------------------------------
# Pytrees of shardings.


def is_sharding_leaf(x) -> bool:
    """PartitionSpecs (tuples) and None (an empty pytree) are leaves of a sharding pytree."""
    return isinstance(x, PartitionSpec) or x is None


def flatten_shardings(shardings, tree, what: str, *, resolve: bool = True) -> list:
    """One resolved NamedSharding (or None) per leaf of `tree`, from one sharding or a pytree
    prefix of them; with `resolve=False` the leaves are left as given (device_put's targets may
    be devices or any sharding)."""
    if shardings is None:
        return [None] * len(tree_leaves(tree))
    given = tree_leaves(shardings, is_leaf=is_sharding_leaf)
    if resolve:  # as JAX: each leaf is checked before the tree (a list of devices is no prefix)
        for s in given:
            if s is not None and not isinstance(s, (NamedSharding, PartitionSpec)):
                raise MeshjitTypeError(_not_a_spec(s, what))
    try:
        per_leaf = broadcast_prefix(shardings, tree, is_leaf=is_sharding_leaf)
    except Exception:
        detail = prefix_error(shardings, tree, is_leaf=is_sharding_leaf)
        noun = f"{what}{_SPEC_NOUN.get(what, '')}"
        detail = f"\n  Mismatch details (1 found):\n  {detail(noun)}\n" if detail else " "
        raise MeshjitValueError(  # JAX's words, then which trees
            _tupled_words(shardings, tree, what)
            + f"{noun} specification must be a tree prefix of the corresponding value;"
            + detail
            + f"({what} {_describe(shardings)} does not match the structure of the values it "
            f"applies to ({_describe(tree)}); give one sharding, or a pytree prefix of them)"
        ) from None
    if not resolve:
        return per_leaf
    resolved = {id(s): resolve_spec(s, what) for s in given if s is not None}
    return [None if s is None else resolved[id(s)] for s in per_leaf]


# The argument JAX's prefix error names after the API's (device_put's `device`).
_SPEC_NOUN = {"device_put": " device", "reshard": " out_shardings"}


def _tupled_words(shardings, tree, what: str) -> str:
    """JAX's first words when reshard's or jit's shardings, which it matches against its values
    as a tuple of arguments, are no tuple of their number."""
    name = _TUPLED.get(what)
    if name is None:
        return ""
    args = len(tree_flatten(tree)[1].children())
    if type(shardings) is tuple and len(shardings) == args:
        return ""
    words = (
        f"{name} specification must be a tree prefix of the positional arguments tuple. In "
        f"particular, {name} must either be a Sharding, a PartitionSpec, or a tuple of length "
        "equal to the number of positional arguments. "
    )
    if isinstance(shardings, (tuple, list)):
        words += (
            f"But {name} is the wrong length: got a tuple or list of length {len(shardings)} "
            f"for an args tuple of length {args}. "
        )
    return words


# The APIs matching their shardings against the arguments' tuple, and JAX's name for them.
_TUPLED = {
    "reshard": "reshard out_shardings",
    "jit in_shardings": "pjit in_shardings",
    "pjit in_shardings": "pjit in_shardings",
}


def _describe(tree) -> str:
    return str(tree_flatten(tree, is_leaf=is_sharding_leaf)[1])
