"""The serialized form of an Exported, as JAX 0.10.2's `jax.export` writes and reads it: a
flatbuffer (the `flatbuffers` package's Builder and Table) whose root table `Exported` holds the
function name, the in/out pytree structures, the avals (deduplicated, with index vectors), the
shardings as NamedShardings over abstract meshes, the platforms, effects, disabled checks, the
calling convention version and the module as a VHLO portable artifact.

The field ids and enum values follow JAX's schema (`jax/_src/export/serialization.fbs`); the
writer writes what JAX's writer writes (serialization version 3 in the header, as JAX does for
its older readers), so JAX reads meshjit's artifacts and meshjit reads JAX's.
"""

from __future__ import annotations

import collections
import json
import struct
from typing import Callable

import flatbuffers
import ml_dtypes
import numpy as np
from flatbuffers import number_types as N
from flatbuffers.table import Table

from meshjit.compiler import tree_util
from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.ir.core import ShapedArray
from meshjit.compiler.ir.shape_poly import SymbolicScope
from meshjit.compiler.ir.shape_specs import symbolic_shape
from meshjit.compiler.parallel.sharding import (
    AbstractDevice,
    AbstractMesh,
    AxisType,
    NamedSharding,
    PartitionSpec,
)
from meshjit.compiler.tree_util import PyTreeDef, tree_structure, tree_unflatten

# What JAX writes in the header, and the versions whose layout meshjit reads (JAX 0.10.2 reads
# 2..11; they differ only in fields added later, which are optional).
WRITTEN_SERIALIZATION_VERSION = 3
READABLE_SERIALIZATION_VERSIONS = range(2, 12)


# ---------------------------------------------------------------------------------------------
# The schema: field ids (slots) of each table and the enums.


class ExportedField:
    serialization_version = 0
    function_name = 1
    in_tree = 2
    in_avals = 3
    out_tree = 4
    out_avals = 5
    nr_devices_short = 6
    in_shardings = 7
    out_shardings = 8
    platforms = 9
    ordered_effects = 10
    unordered_effects = 11
    disabled_checks = 12
    mlir_module_serialized = 13
    calling_convention_version = 14
    module_kept_var_idx = 15
    uses_global_constants = 16
    vjp = 17
    nr_devices = 18
    unique_avals = 19
    unique_abstract_meshes = 20
    unique_named_shardings = 21
    in_avals_idxs = 22
    out_avals_idxs = 23
    in_shardings_idxs = 24
    out_shardings_idxs = 25
    count = 26


_TREE_LEAF, _TREE_NONE, _TREE_TUPLE, _TREE_LIST, _TREE_DICT, _TREE_CUSTOM = range(6)
_SHAPED_ARRAY = 0
_MEMORY_DEVICE = 1
_DISABLED_PLATFORM, _DISABLED_CUSTOM_CALL, _DISABLED_SHAPE_ASSERTIONS = range(3)

_DTYPE_CODES = {
    "bool": 0,
    "int8": 1,
    "int16": 2,
    "int32": 3,
    "int64": 4,
    "uint8": 5,
    "uint16": 6,
    "uint32": 7,
    "uint64": 8,
    "float16": 9,
    "float32": 10,
    "float64": 11,
    "complex64": 12,
    "complex128": 13,
    "bfloat16": 14,
    "int4": 15,
    "uint4": 16,
    "float8_e4m3b11fnuz": 17,
    "float8_e4m3fn": 18,
    "float8_e4m3fnuz": 19,
    "float8_e5m2": 20,
    "float8_e5m2fnuz": 21,
    "float8_e4m3": 23,
    "float8_e3m4": 24,
    "float8_e8m0fnu": 25,
    "float4_e2m1fn": 26,
}
_DTYPE_NAMES = {code: name for name, code in _DTYPE_CODES.items()}
_OTHER_DTYPES = {22: "float0", 27: "key<fry>", 28: "key<rbg>", 29: "key<unsafe_rbg>"}

_AXIS_TYPE_CODES = {AxisType.Auto: 1, AxisType.Explicit: 2, AxisType.Manual: 3}
_AXIS_TYPES = {code: t for t, code in _AXIS_TYPE_CODES.items()}

ORDERED_DICT_NAME = "collections.OrderedDict"

# ---------------------------------------------------------------------------------------------
# Custom pytree nodes in the trees (jax.export.register_pytree_node_serialization).

_SERIALIZERS: dict[type, tuple[str, Callable]] = {}  # node type -> (name, serialize_auxdata)
_DESERIALIZERS: dict[str, tuple[Callable, Callable]] = {}  # name -> (deserialize, from_children)


def register_pytree_node_serialization(
    nodetype, *, serialized_name: str, serialize_auxdata, deserialize_auxdata, from_children=None
):
    """Lets `nodetype` nodes of the Exported's trees serialize under `serialized_name` (JAX's)."""
    if nodetype in _SERIALIZERS:
        raise MeshjitValueError(
            f"Duplicate serialization registration for type `{nodetype}`. Previous registration "
            f"was with serialized_name `{_SERIALIZERS[nodetype][0]}`."
        )
    if serialized_name in _DESERIALIZERS:
        raise MeshjitValueError(
            f"Duplicate serialization registration for serialized_name `{serialized_name}`."
        )
    if from_children is None:
        if nodetype not in tree_util._registry:
            raise MeshjitValueError(
                "If `from_children` is not present, you must call first"
                f"`jax.tree_util.register_pytree_node` for `{nodetype}`"
            )
        from_children = tree_util._registry[nodetype].unflatten
    _SERIALIZERS[nodetype] = (serialized_name, serialize_auxdata)
    _DESERIALIZERS[serialized_name] = (deserialize_auxdata, from_children)
    return nodetype


def register_namedtuple_serialization(nodetype, *, serialized_name: str):
    """A namedtuple's nodes serialize with its field names (JAX's)."""
    if not (
        isinstance(nodetype, type) and issubclass(nodetype, tuple) and hasattr(nodetype, "_fields")
    ):
        raise MeshjitValueError(
            "Use `jax.export.register_pytree_node_serialization` for types other than "
            "`collections.namedtuple`."
        )
    return register_pytree_node_serialization(
        nodetype,
        serialized_name=serialized_name,
        serialize_auxdata=lambda _: json.dumps(nodetype._fields).encode("utf-8"),
        deserialize_auxdata=lambda data: json.loads(bytes(data).decode("utf-8")),
        from_children=lambda keys, children: nodetype(**dict(zip(keys, children))),
    )


def _ordered_dict_keys(keys) -> bytes:
    _check_str_keys(keys)
    return json.dumps(list(keys)).encode()


register_pytree_node_serialization(
    collections.OrderedDict,
    serialized_name=ORDERED_DICT_NAME,
    serialize_auxdata=_ordered_dict_keys,
    deserialize_auxdata=lambda data: json.loads(bytes(data).decode("utf-8")),
    from_children=lambda keys, children: collections.OrderedDict(zip(keys, children)),
)


def dtype_code(dtype) -> int:
    name = np.dtype(dtype).name
    if name not in _DTYPE_CODES:
        raise MeshjitValueError(f"export: dtype {name} has no serialized form")
    return _DTYPE_CODES[name]


def dtype_of(code: int):
    if code in _DTYPE_NAMES:
        name = _DTYPE_NAMES[code]
        return np.dtype(getattr(ml_dtypes, name, None) or name)
    what = _OTHER_DTYPES.get(code, f"unknown code {code}")
    raise MeshjitValueError(f"deserialize: an aval has dtype {what}, which meshjit does not run")


# ---------------------------------------------------------------------------------------------
# Writing.


class Writer:
    """Builds the flatbuffer of one Exported bottom-up, as JAX's serializer does."""

    def __init__(self):
        self.b = flatbuffers.Builder(65536)

    def finish(self, root: int) -> bytes:
        self.b.Finish(root)
        return bytes(self.b.Output())

    def table(self, nfields: int, fields: list[tuple]) -> int:
        """`fields`: (slot, kind, value) with kind "offset", "u8"/"i8", "u16", "u32", "bool"."""
        self.b.StartObject(nfields)
        for slot, kind, value in fields:
            if kind == "offset":
                if value:
                    self.b.PrependUOffsetTRelativeSlot(slot, value, 0)
            elif kind == "i8":
                self.b.PrependInt8Slot(slot, value, 0)
            elif kind == "u8":
                self.b.PrependUint8Slot(slot, value, 0)
            elif kind == "u16":
                self.b.PrependUint16Slot(slot, value, 0)
            elif kind == "u32":
                self.b.PrependUint32Slot(slot, value, 0)
            elif kind == "u32?":  # written even when 0 (JAX's `num_cores` has no default)
                self.b.PrependUint32Slot(slot, value, None)
            else:
                assert kind == "bool", kind
                self.b.PrependBoolSlot(slot, value, 0)
        return self.b.EndObject()

    def offsets(self, offsets: list[int]) -> int:
        self.b.StartVector(4, len(offsets), 4)
        for off in reversed(offsets):
            self.b.PrependUOffsetTRelative(off)
        return self.b.EndVector()

    def strings(self, values) -> int:
        return self.offsets([self.b.CreateString(v) for v in values])

    def numbers(self, values, dtype) -> int:
        return self.b.CreateNumpyVector(np.asarray(list(values), dtype=dtype))

    def u8s(self, values) -> int:
        values = list(values)
        self.b.StartVector(1, len(values), 1)
        for v in reversed(values):
            self.b.PrependUint8(v)
        return self.b.EndVector()

    def byte_vector(self, data: bytes) -> int:
        return self.b.CreateByteVector(data)

    # -- the tables ------------------------------------------------------------------------

    def tree(self, td: PyTreeDef) -> int:
        kids = self.offsets([self.tree(k) for k in td.kids]) if td.kids else 0
        kind, names, custom_name, auxdata = _tree_kind(td)
        names_off = self.strings(names) if names is not None else 0
        custom_off = self.b.CreateString(custom_name) if custom_name is not None else 0
        aux_off = self.byte_vector(auxdata) if auxdata is not None else 0
        return self.table(
            5,
            [(0, "i8", kind), (1, "offset", kids), (2, "offset", names_off),
             (3, "offset", custom_off), (4, "offset", aux_off)],
        )  # fmt: skip

    def aval(self, aval: ShapedArray) -> int:
        shape = self.strings([str(d) for d in aval.shape])
        return self.table(
            4,
            [(0, "i8", _SHAPED_ARRAY), (1, "offset", shape), (2, "i8", dtype_code(aval.dtype)),
             (3, "i8", _MEMORY_DEVICE)],
        )  # fmt: skip

    def abstract_mesh(self, mesh: AbstractMesh) -> int:
        sizes = self.numbers(mesh.axis_sizes, np.uint32)
        names = self.strings(mesh.axis_names)
        types = self.u8s(_AXIS_TYPE_CODES[t] for t in mesh.axis_types)
        device = self.abstract_device(mesh.abstract_device)
        return self.table(
            4,
            [(0, "offset", sizes), (1, "offset", names), (2, "offset", types),
             (3, "offset", device)],
        )  # fmt: skip

    def abstract_device(self, device: AbstractDevice | None) -> int:
        """The mesh's devices' kind (none for a mesh made without devices), as JAX writes it."""
        if device is None:
            return 0
        kind, platform = (
            self.b.CreateString(device.device_kind),
            self.b.CreateString(device.platform),
        )
        cores = [] if device.num_cores is None else [(1, "u32", device.num_cores)]
        return self.table(3, [(0, "offset", kind), *cores, (2, "offset", platform)])

    def partition_spec(self, spec: PartitionSpec) -> int:
        parts = self.offsets([self._one_axis(p) for p in spec])
        reduced = self.strings(sorted(spec.reduced))
        unreduced = self.strings(sorted(spec.unreduced))
        return self.table(
            3, [(0, "offset", parts), (1, "offset", reduced), (2, "offset", unreduced)]
        )

    def _one_axis(self, p) -> int:
        axes = () if p is None else (p,) if isinstance(p, str) else tuple(p)
        return self.table(1, [(0, "offset", self.strings(axes))])

    def named_sharding(self, s: NamedSharding, mesh_idx: int) -> int:
        mesh = self.abstract_mesh(s.mesh)
        spec = self.partition_spec(s.spec)
        memory_kind = self.b.CreateString("device")
        return self.table(
            4,
            [(0, "offset", mesh), (1, "offset", spec), (2, "offset", memory_kind),
             (3, "u32", mesh_idx)],
        )  # fmt: skip

    def sharding(self, s: NamedSharding | None, mesh_idx: int) -> int:
        named = self.named_sharding(s, mesh_idx) if s is not None else 0
        return self.table(3, [(2, "offset", named)])

    def disabled_check(self, check: str) -> int:
        if check == "platform":
            return self.table(2, [(0, "i8", _DISABLED_PLATFORM)])
        target = self.b.CreateString(check.removeprefix("custom_call:"))
        return self.table(2, [(0, "i8", _DISABLED_CUSTOM_CALL), (1, "offset", target)])

    def effect(self, name: str) -> int:
        return self.table(1, [(0, "offset", self.b.CreateString(name))])


def _tree_kind(td: PyTreeDef):
    """(kind, child names, custom name, custom auxdata) of a node, as JAX serializes it."""
    if td.kind is None:
        return _TREE_LEAF, None, None, None
    if td.kind is type(None):
        return _TREE_NONE, None, None, None
    if td.kind is tuple:
        return _TREE_TUPLE, None, None, None
    if td.kind is list:
        return _TREE_LIST, None, None, None
    if td.kind is dict:
        _check_str_keys(td.aux)
        return _TREE_DICT, list(td.aux), None, None
    if td.kind in _SERIALIZERS:
        name, serialize_auxdata = _SERIALIZERS[td.kind]
        data = serialize_auxdata(td.aux)
        if not isinstance(data, (bytes, bytearray)):
            raise MeshjitValueError(
                "The custom serialization function for `node_type` must return a `bytes` object. "
                f"It returned a {type(data)}."
            )
        return _TREE_CUSTOM, None, name, bytes(data)
    raise MeshjitValueError(
        f"export: cannot serialize a pytree with a node of type {getattr(td.kind, '__name__', td.kind)}"
        ", an unregistered type: use `export.register_pytree_node_serialization` or "
        "`export.register_namedtuple_serialization` (tuples, lists, dicts, None and "
        "collections.OrderedDict are built in)"
    )


def _check_str_keys(keys) -> None:
    bad = [k for k in keys if not isinstance(k, str)]
    if bad:
        raise MeshjitValueError(
            f"export: serialization supports only dictionaries with string keys, found key "
            f"{bad[0]!r} of type {type(bad[0]).__name__}"
        )


# ---------------------------------------------------------------------------------------------
# Reading.


class BadArtifact(MeshjitValueError):
    """A serialized Exported that cannot be read (truncated, not a flatbuffer, unknown version)."""


class Reader:
    """A table of the flatbuffer, read with bounds checks: a truncated or foreign buffer gives a
    BadArtifact instead of garbage."""

    __slots__ = ("t",)

    def __init__(self, buf: bytes, pos: int):
        _check_range(buf, pos, 4, "a table")
        vtable = pos - Table(buf, pos).Get(N.SOffsetTFlags, pos)
        _check_range(buf, vtable, 4, "a table's vtable")
        _check_range(buf, vtable, Table(buf, pos).Get(N.VOffsetTFlags, vtable), "a vtable")
        self.t = Table(buf, pos)

    @classmethod
    def root(cls, buf: bytes) -> Reader:
        _check_range(buf, 0, 8, "the root offset")
        return cls(buf, Table(buf, 0).Get(N.UOffsetTFlags, 0))

    def _slot(self, field: int) -> int:
        return self.t.Offset(4 + 2 * field)

    def has(self, field: int) -> bool:
        return self._slot(field) != 0

    def scalar(self, field: int, flags, default=0):
        o = self._slot(field)
        if not o:
            return default
        _check_range(self.t.Bytes, self.t.Pos + o, flags.bytewidth, "a field")
        return self.t.Get(flags, self.t.Pos + o)

    def table(self, field: int) -> Reader | None:
        o = self._slot(field)
        if not o:
            return None
        _check_range(self.t.Bytes, self.t.Pos + o, 4, "a table offset")
        return Reader(self.t.Bytes, self.t.Indirect(self.t.Pos + o))

    def _vector(self, field: int, width: int) -> tuple[int, int]:
        o = self._slot(field)
        if not o:
            return 0, 0
        _check_range(self.t.Bytes, self.t.Pos + o, 4, "a vector offset")
        n_at = self.t.Pos + o + self.t.Get(N.UOffsetTFlags, self.t.Pos + o)
        _check_range(self.t.Bytes, n_at, 4, "a vector length")
        start, n = self.t.Vector(o), self.t.VectorLen(o)
        _check_range(self.t.Bytes, start, n * width, "a vector")
        return start, n

    def tables(self, field: int) -> list[Reader]:
        start, n = self._vector(field, 4)
        return [Reader(self.t.Bytes, self.t.Indirect(start + 4 * i)) for i in range(n)]

    def string(self, field: int) -> str | None:
        o = self._slot(field)
        if not o:
            return None
        _check_range(self.t.Bytes, self.t.Pos + o, 4, "a string offset")
        return _string_at(self.t.Bytes, self.t.Indirect(self.t.Pos + o))

    def strings(self, field: int) -> list[str]:
        start, n = self._vector(field, 4)
        return [_string_at(self.t.Bytes, self.t.Indirect(start + 4 * i)) for i in range(n)]

    def numbers(self, field: int, dtype) -> list[int]:
        start, n = self._vector(field, np.dtype(dtype).itemsize)
        data = np.frombuffer(self.t.Bytes, dtype=np.dtype(dtype).newbyteorder("<"), count=n,
                             offset=start)  # fmt: skip
        return [int(v) for v in data]

    def byte_vector(self, field: int) -> bytes:
        start, n = self._vector(field, 1)
        return bytes(self.t.Bytes[start : start + n])


def _check_range(buf, start: int, size: int, what: str) -> None:
    if start < 0 or size < 0 or start + size > len(buf):
        raise BadArtifact(
            f"deserialize: the serialized Exported is truncated or corrupt ({what} at byte "
            f"{start}, size {size}, lies outside the {len(buf)} bytes given)"
        )


def _string_at(buf, pos: int) -> str:
    _check_range(buf, pos, 4, "a string length")
    n = struct.unpack_from("<I", buf, pos)[0]
    _check_range(buf, pos + 4, n + 1, "a string")  # flatbuffers end every string with a 0
    if buf[pos + 4 + n] != 0:
        raise BadArtifact("deserialize: a string of the serialized Exported is not terminated")
    try:
        return bytes(buf[pos + 4 : pos + 4 + n]).decode("utf-8")
    except UnicodeDecodeError:
        raise BadArtifact("deserialize: a string of the serialized Exported is not UTF-8") from None


def read_tree(r: Reader) -> PyTreeDef:
    kind = r.scalar(0, N.Int8Flags)
    kids = tuple(read_tree(k) for k in r.tables(1))
    if kind == _TREE_LEAF:
        return PyTreeDef(None, None, ())
    if kind == _TREE_NONE:
        return PyTreeDef(type(None), None, ())
    if kind == _TREE_TUPLE:
        return PyTreeDef(tuple, None, kids)
    if kind == _TREE_LIST:
        return PyTreeDef(list, None, kids)
    if kind == _TREE_DICT:
        names = r.strings(2)
        if len(names) != len(kids):
            raise BadArtifact("deserialize: a dict node has as many names as children")
        # meshjit keeps a dict's children in sorted key order, as JAX writes them.
        order = sorted(range(len(names)), key=names.__getitem__)
        return PyTreeDef(dict, tuple(names[i] for i in order), tuple(kids[i] for i in order))
    if kind == _TREE_CUSTOM:
        return _custom_tree(r, kids)
    raise BadArtifact(f"deserialize: a pytree node has unknown kind {kind}")


def _custom_tree(r: Reader, kids) -> PyTreeDef:
    """A registered node (as JAX's: the node its `from_children` builds of placeholder
    children)."""
    name = r.string(3)
    if name not in _DESERIALIZERS:
        raise MeshjitValueError(
            f"deserialize: Cannot deserialize a PyTreeDef containing an unregistered type `{name}`"
            ". Use `export.register_pytree_node_serialization` or "
            "`export.register_namedtuple_serialization`."
        )
    deserialize_auxdata, from_children = _DESERIALIZERS[name]
    children = [tree_unflatten(k, [0] * k.num_leaves) for k in kids]
    return tree_structure(from_children(deserialize_auxdata(r.byte_vector(4)), children))


def read_aval(r: Reader, scope: SymbolicScope) -> ShapedArray:
    """An aval; its symbolic dimensions (shape polymorphism) parsed in `scope`, one for all
    the artifact's avals (as JAX's, which does not serialize constraints)."""
    if r.scalar(0, N.Int8Flags) != _SHAPED_ARRAY:
        raise MeshjitValueError(
            "deserialize: an aval is an abstract token, which meshjit does not run"
        )
    dims = r.strings(1)
    if all(d.lstrip("-").isdigit() for d in dims):
        shape = tuple(int(d) for d in dims)
    else:
        shape = symbolic_shape(",".join(dims), scope=scope)
    return ShapedArray(shape, dtype_of(r.scalar(2, N.Int8Flags)))


def read_abstract_mesh(r: Reader) -> AbstractMesh:
    sizes, names = r.numbers(0, np.uint32), r.strings(1)
    codes = r.numbers(2, np.uint8)
    types = tuple(_AXIS_TYPES.get(c, AxisType.Auto) for c in codes) if codes else None
    return AbstractMesh(sizes, names, types, abstract_device=read_abstract_device(r.table(3)))


def read_abstract_device(r: Reader | None) -> AbstractDevice | None:
    """The devices' kind an abstract mesh was written with (JAX writes it from version 8)."""
    if r is None:
        return None
    cores = r.scalar(1, N.Uint32Flags, None)
    kind = r.string(0) or ""
    return AbstractDevice(kind, cores, r.string(2) or _platform_of_kind(kind))


def _platform_of_kind(kind: str) -> str:
    """JAX's platform for a device kind written without one."""
    kind = kind.lower()
    for platform, words in (
        ("cpu", ("cpu",)),
        ("tpu", ("tpu",)),
        ("gpu", ("nvidia", "tesla", "amd")),
    ):
        if any(w in kind for w in words):
            return platform
    raise MeshjitValueError(f"Got unexpected device_kind='{kind}'")


def read_partition_spec(r: Reader) -> PartitionSpec:
    parts = []
    for one in r.tables(0):
        axes = one.strings(0)
        parts.append(None if not axes else axes[0] if len(axes) == 1 else tuple(axes))
    return PartitionSpec(*parts, reduced=frozenset(r.strings(1)), unreduced=frozenset(r.strings(2)))


def read_named_sharding(r: Reader, meshes: list[AbstractMesh]) -> NamedSharding:
    if meshes:
        idx = r.scalar(3, N.Uint32Flags)
        if idx >= len(meshes):
            raise BadArtifact(f"deserialize: a sharding names abstract mesh {idx} of {len(meshes)}")
        mesh = meshes[idx]
    else:
        mesh = read_abstract_mesh(r.table(0))
    return NamedSharding(mesh, read_partition_spec(r.table(1)))


def read_sharding(r: Reader, meshes) -> NamedSharding | None:
    named = r.table(2)
    if named is not None:
        return read_named_sharding(named, meshes)
    if r.has(1):
        raise MeshjitValueError(
            "deserialize: the artifact carries HloSharding protos (an export from before "
            "2026-01-15, made without named shardings), which meshjit does not read; re-export it"
        )
    return None


def read_disabled_check(r: Reader) -> str:
    kind = r.scalar(0, N.Int8Flags)
    if kind == _DISABLED_PLATFORM:
        return "platform"
    if kind == _DISABLED_CUSTOM_CALL:
        return "custom_call:" + (r.string(1) or "")
    if kind == _DISABLED_SHAPE_ASSERTIONS:
        return "shape_assertions"
    raise BadArtifact(f"deserialize: a disabled safety check has unknown kind {kind}")
