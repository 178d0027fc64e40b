"""The sharding vocabulary shared by lowering and the passes, and its sdy attributes.

Plain frozen values; MLIR attributes are built only by the `*_attr` functions below.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import sdy

from meshjit.dialects.util import BoundedCache


@dataclass(frozen=True)
class MeshShape:
    """Axis names and sizes, major to minor (an `sdy.mesh` without device order)."""

    axes: tuple[tuple[str, int], ...]
    # `<[], device_ids=[i]>`: one device holds everything (not an empty mesh `<[]>`)
    maximal: bool = field(default=False, compare=False)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(n for n, _ in self.axes)

    @property
    def sizes(self) -> tuple[int, ...]:
        return tuple(s for _, s in self.axes)

    def size_of(self, name: str) -> int:
        return dict(self.axes)[name]

    @property
    def text(self) -> str:
        inner = ", ".join(f'"{n}"={s}' for n, s in self.axes)
        return f"<[{inner}]>"


@dataclass(frozen=True)
class AxisRef:
    """A mesh axis, or the sub-axis `"name":(pre_size)size` of it (propagation makes these).

    `DimSharding.axes` entries are plain axis names or AxisRefs; `axis_ref(entry)` normalizes.
    """

    name: str
    pre_size: int | None = None
    size: int | None = None

    @property
    def is_sub_axis(self) -> bool:
        return self.size is not None

    @property
    def text(self) -> str:
        sub = f":({self.pre_size}){self.size}" if self.is_sub_axis else ""
        return f'"{self.name}"{sub}'


def axis_ref(entry: str | AxisRef) -> AxisRef:
    return entry if isinstance(entry, AxisRef) else AxisRef(entry)


def _axis_text(entry: str | AxisRef) -> str:
    return axis_ref(entry).text


@dataclass(frozen=True)
class DimSharding:
    """The axes splitting one dimension, major to minor; open dims may gain more axes."""

    axes: tuple[str | AxisRef, ...] = ()
    is_closed: bool = True
    priority: int | None = None

    @property
    def text(self) -> str:
        items = [_axis_text(a) for a in self.axes] + ([] if self.is_closed else ["?"])
        prio = "" if self.priority is None else f"p{self.priority}"
        return "{" + ", ".join(items) + "}" + prio


@dataclass(frozen=True)
class TensorSharding:
    mesh_name: str
    dims: tuple[DimSharding, ...]
    replicated: tuple[str | AxisRef, ...] = field(default=())
    unreduced: tuple[str | AxisRef, ...] = field(default=())

    @property
    def text(self) -> str:
        dims = ", ".join(d.text for d in self.dims)
        extra = ""
        if self.replicated:
            extra += ", replicated={" + ", ".join(map(_axis_text, self.replicated)) + "}"
        if self.unreduced:
            extra += ", unreduced={" + ", ".join(map(_axis_text, self.unreduced)) + "}"
        return f"<@{self.mesh_name}, [{dims}]{extra}>"


def mesh_attr(mesh: MeshShape) -> ir.Attribute:
    axes = [sdy.MeshAxisAttr.get(name, size) for name, size in mesh.axes]
    return sdy.MeshAttr.get(axes)


def axis_ref_attr(entry: str | AxisRef) -> ir.Attribute:
    ref = axis_ref(entry)
    if not ref.is_sub_axis:
        return sdy.AxisRefAttr.get(ref.name)
    return sdy.AxisRefAttr.get(ref.name, sdy.SubAxisInfoAttr.get(ref.pre_size, ref.size))


def _axis_refs(names) -> list:
    return [axis_ref_attr(n) for n in names]


def dim_sharding_attr(dim: DimSharding) -> ir.Attribute:
    return sdy.DimensionShardingAttr.get(_axis_refs(dim.axes), dim.is_closed, dim.priority)


_TENSOR_ATTRS = BoundedCache()  # (context, TensorSharding) -> its attribute, built once per context


def tensor_sharding_attr(sharding: TensorSharding) -> ir.Attribute:
    key = (ir.Context.current, sharding)
    attr = _TENSOR_ATTRS.get(key)
    if attr is None:
        attr = _TENSOR_ATTRS.put(key, _build_tensor_sharding_attr(sharding))
    return attr


def _build_tensor_sharding_attr(sharding: TensorSharding) -> ir.Attribute:
    return sdy.TensorShardingAttr.get(
        sharding.mesh_name,
        [dim_sharding_attr(d) for d in sharding.dims],
        _axis_refs(sharding.replicated),
        _axis_refs(sharding.unreduced),
    )


def sharding_per_value_attr(shardings) -> ir.Attribute:
    return sdy.TensorShardingPerValueAttr.get([tensor_sharding_attr(s) for s in shardings])


def emit_mesh(name: str, mesh: MeshShape) -> None:
    """Emits `sdy.mesh @name = <[...]>` at the current insertion point, with the
    `stablehlo.mesh` attribute JAX's modules carry (Shardy's sdy-lift-inlined-meshes adds it)."""
    op = sdy.MeshOp(name, mesh_attr(mesh))
    op.operation.attributes["stablehlo.mesh"] = _stablehlo_mesh_attr(mesh)


def _stablehlo_mesh_attr(mesh: MeshShape) -> ir.Attribute:
    axes = ", ".join(f'{{name = "{n}", size = {s} : i64}}' for n, s in mesh.axes)
    return ir.Attribute.parse(f"{{axes = [{axes}]}}")


def sharding_constraint(value: ir.Value, sharding: TensorSharding) -> ir.Value:
    return constrain(value, tensor_sharding_attr(sharding))


def constrain(value: ir.Value, attr: ir.Attribute) -> ir.Value:
    """`sdy.sharding_constraint` of `value` to the sharding attribute `attr` (built directly:
    the generated op class costs twice as much, and lowering emits one per typed op)."""
    return ir.Operation.create(
        "sdy.sharding_constraint", results=[value.type], operands=[value],
        attributes={"sharding": attr},
    ).result  # fmt: skip


SHARDING_ATTR = "sdy.sharding"
