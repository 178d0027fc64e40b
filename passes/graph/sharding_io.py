"""Reading and writing `sdy` shardings between MLIR attributes and the dialects/sdy.py values.

Where a value's sharding lives:
- a func argument / result: the `sdy.sharding` entry of the func's `arg_attrs` / `res_attrs`;
- an op result: entry i of the op's `sdy.sharding = #sdy.sharding_per_value<[...]>`;
- `sdy.sharding_constraint` / `sdy.reshard`: their `sharding` attribute (the result's sharding);
- `sdy.manual_computation`: `in_shardings` / `out_shardings` (per operand / result).
Block arguments of other regions (while bodies, ...) carry none: their owner op's results do.
"""

from __future__ import annotations

import dataclasses
import re

from jaxlib.mlir import ir
from jaxlib.mlir.dialects import sdy

from meshjit.dialects.sdy import (
    SHARDING_ATTR,
    AxisRef,
    DimSharding,
    MeshShape,
    TensorSharding,
    axis_ref,
    sharding_per_value_attr,
    tensor_sharding_attr,
)


class ShardingReadError(ValueError):
    """A sharding attribute meshjit cannot read (carries the location to report it at)."""

    def __init__(self, location: ir.Location, message: str):
        super().__init__(message)
        self.location = location


# --------------------------------------------------------------------------- meshes


@dataclasses.dataclass(frozen=True)
class MaximalMesh(MeshShape):
    """A mesh of one device (`<[], device_ids=[k]>`): a value on it stays there, a rank-0 one
    too (an empty mesh, `<[]>`, says nothing of where a rank-0 value is)."""


def read_mesh(mesh_attr: ir.Attribute) -> MeshShape:
    mesh = sdy.MeshAttr(mesh_attr)
    axes = tuple((a.name, a.size) for a in map(sdy.MeshAxisAttr, mesh.axes))
    if not axes and list(mesh.device_ids):
        return MaximalMesh(axes)
    return MeshShape(axes)


def read_meshes(module_op: ir.Operation) -> dict[str, MeshShape]:
    """`{symbol: MeshShape}` for every top-level `sdy.mesh` op."""
    meshes = {}
    for op in module_op.regions[0].blocks[0].operations:
        if op.operation.name == "sdy.mesh":
            name = ir.StringAttr(op.operation.attributes["sym_name"]).value
            meshes[name] = read_mesh(op.operation.attributes["mesh"])
    return meshes


def read_mesh_keys(module_op: ir.Operation) -> dict[str, str]:
    """`{symbol: its definition's text}`: Shardy takes meshes of equal definitions (axes and
    device ids), whatever their names, as one mesh."""
    return {
        ir.StringAttr(op.operation.attributes["sym_name"]).value: str(
            op.operation.attributes["mesh"]
        )
        for op in module_op.regions[0].blocks[0].operations
        if op.operation.name == "sdy.mesh"
    }


# --------------------------------------------------------------------------- attributes


def _read_axis(attr: ir.Attribute) -> str | AxisRef:
    ref = sdy.AxisRefAttr(attr)
    info = ref.sub_axis_info
    if info is None:
        return ref.name
    info = sdy.SubAxisInfoAttr(info)
    return AxisRef(ref.name, info.pre_size, info.size)


def read_dim_sharding(attr: ir.Attribute) -> DimSharding:
    dim = sdy.DimensionShardingAttr(attr)
    return DimSharding(tuple(_read_axis(a) for a in dim.axes), dim.is_closed, dim.priority)


def read_sharding(attr: ir.Attribute, location: ir.Location | None = None) -> TensorSharding:
    """A `#sdy.sharding<@mesh, ...>` attribute as a TensorSharding."""
    sharding = sdy.TensorShardingAttr(attr)
    mesh = sharding.mesh_or_ref
    if not isinstance(mesh, ir.FlatSymbolRefAttr):
        raise ShardingReadError(
            location or ir.Location.unknown(),
            f"inline meshes are not supported (run sdy-lift-inlined-meshes first): {attr}",
        )
    return TensorSharding(
        ir.FlatSymbolRefAttr(mesh).value,
        tuple(read_dim_sharding(d) for d in sharding.dimension_shardings),
        tuple(_read_axis(a) for a in sharding.replicated_axes),
        tuple(_read_axis(a) for a in sharding.unreduced_axes),
    )


def read_sharding_per_value(attr: ir.Attribute, location=None) -> list[TensorSharding]:
    per_value = sdy.TensorShardingPerValueAttr(attr)
    return [read_sharding(s, location) for s in per_value.shardings]


# --------------------------------------------------------------------------- func attrs


def _dict_entries(attr: ir.Attribute | None) -> dict[str, ir.Attribute]:
    if attr is None:
        return {}
    d = ir.DictAttr(attr)
    return {d[i].name: d[i].attr for i in range(len(d))}


def _func_attr_list(func_op, key: str, count: int) -> list[dict[str, ir.Attribute]]:
    attrs = func_op.attributes
    if key not in attrs:
        return [{} for _ in range(count)]
    array = ir.ArrayAttr(attrs[key])
    return [_dict_entries(array[i]) for i in range(len(array))]


def func_counts(func_op) -> tuple[int, int]:
    ftype = ir.FunctionType(ir.TypeAttr(func_op.attributes["function_type"]).value)
    return len(ftype.inputs), len(ftype.results)


def func_arg_sharding(func_op, index: int) -> TensorSharding | None:
    return _func_sharding(func_op, "arg_attrs", index, func_counts(func_op)[0])


def func_result_sharding(func_op, index: int) -> TensorSharding | None:
    return _func_sharding(func_op, "res_attrs", index, func_counts(func_op)[1])


def _func_sharding(func_op, key: str, index: int, count: int) -> TensorSharding | None:
    attr = _func_attr_list(func_op, key, count)[index].get(SHARDING_ATTR)
    return None if attr is None else read_sharding(attr, func_op.location)


def _set_func_sharding(func_op, key: str, index: int, count: int, sharding) -> None:
    entries = _func_attr_list(func_op, key, count)
    entries[index][SHARDING_ATTR] = tensor_sharding_attr(sharding)
    func_op.attributes[key] = ir.ArrayAttr.get([ir.DictAttr.get(e) for e in entries])


def drop_func_result_sharding(func_op, index: int) -> None:
    """Func result `index` loses its sharding attribute (its other attributes stay)."""
    _drop_func_sharding(func_op, "res_attrs", index, func_counts(func_op)[1])


def drop_func_arg_sharding(func_op, index: int) -> None:
    """Func argument `index` loses its sharding attribute (its other attributes stay)."""
    _drop_func_sharding(func_op, "arg_attrs", index, func_counts(func_op)[0])


def _drop_func_sharding(func_op, key: str, index: int, count: int) -> None:
    entries = _func_attr_list(func_op, key, count)
    if entries[index].pop(SHARDING_ATTR, None) is not None:
        func_op.attributes[key] = ir.ArrayAttr.get([ir.DictAttr.get(e) for e in entries])


def set_func_arg_sharding(func_op, index: int, sharding: TensorSharding) -> None:
    _set_func_sharding(func_op, "arg_attrs", index, func_counts(func_op)[0], sharding)


def set_func_result_sharding(func_op, index: int, sharding: TensorSharding) -> None:
    _set_func_sharding(func_op, "res_attrs", index, func_counts(func_op)[1], sharding)


# --------------------------------------------------------------------------- op results

# Ops whose result sharding is an attribute of the op itself, by the attribute's name (Shardy's
# explicit collectives fix their result's sharding with `out_sharding`).
_OWN_SHARDING_OPS = {
    "sdy.sharding_constraint": "sharding",
    "sdy.reshard": "sharding",
    **{
        f"sdy.{name}": "out_sharding"
        for name in (
            "all_gather",
            "all_reduce",
            "all_slice",
            "all_to_all",
            "collective_permute",
            "reduce_scatter",
            "replicated_to_unreduced",
            "sharded_to_unreduced",
        )
    },
}


def has_own_sharding(op_name: str) -> bool:
    """Whether the op holds its result's sharding in an attribute of its own (not
    `sdy.sharding`)."""
    return op_name in _OWN_SHARDING_OPS


def op_result_shardings(op: ir.Operation) -> list[TensorSharding | None]:
    """The sharding of each of `op`'s results (None where there is none)."""
    op = op.operation
    own = _OWN_SHARDING_OPS.get(op.name)
    if own is not None:
        return [read_sharding(op.attributes[own], op.location)]
    if op.name == "sdy.data_flow_edge":  # its sharding is optional
        attr = op.attributes["sharding"] if "sharding" in op.attributes else None
        return [None if attr is None else read_sharding(attr, op.location)]
    if op.name == "sdy.manual_computation":
        return read_sharding_per_value(op.attributes["out_shardings"], op.location)
    if SHARDING_ATTR not in op.attributes:
        return [None] * len(op.results)
    return read_sharding_per_value(op.attributes[SHARDING_ATTR], op.location)


def value_sharding(value: ir.Value) -> TensorSharding | None:
    """The sharding of a func argument, a loop body's argument (its result's), a manual
    computation's body argument (its in_sharding without the manual axes: Shardy's edge owner)
    or an op result (None elsewhere, or where none)."""
    if isinstance(value, ir.BlockArgument):
        owner = value.owner.owner
        name = None if owner is None else owner.operation.name
        if name == "stablehlo.while":
            return value_sharding(owner.operation.results[value.arg_number])
        if name == "sdy.manual_computation":
            return _local_in_sharding(owner.operation, value.arg_number)
        if name != "func.func":
            return None
        return func_arg_sharding(owner.operation, value.arg_number)
    shardings = op_result_shardings(value.owner)
    return shardings[value.result_number] if value.result_number < len(shardings) else None


def manual_axes(op: ir.Operation) -> set:
    """The names of a manual computation's manual axes."""
    return set(re.findall(r'"([^"]+)"', str(op.attributes["manual_axes"])))


def _local_in_sharding(op: ir.Operation, number: int) -> TensorSharding:
    sharding = read_sharding_per_value(op.attributes["in_shardings"], op.location)[number]
    manual = manual_axes(op)
    dims = tuple(
        dataclasses.replace(d, axes=tuple(a for a in d.axes if axis_ref(a).name not in manual))
        for d in sharding.dims
    )
    return dataclasses.replace(sharding, dims=dims)


def set_op_result_shardings(op: ir.Operation, shardings: list[TensorSharding]) -> None:
    op = op.operation
    own = _OWN_SHARDING_OPS.get(op.name)
    if own is not None:
        op.attributes[own] = tensor_sharding_attr(shardings[0])
    elif op.name == "sdy.data_flow_edge":
        op.attributes["sharding"] = tensor_sharding_attr(shardings[0])
    elif op.name == "sdy.manual_computation":
        op.attributes["out_shardings"] = sharding_per_value_attr(shardings)
    else:
        op.attributes[SHARDING_ATTR] = sharding_per_value_attr(shardings)


def open_sharding(mesh_name: str, rank: int) -> TensorSharding:
    """`<@mesh, [{?}, ...]>`: no axes yet, every dimension open."""
    return TensorSharding(mesh_name, tuple(DimSharding((), False) for _ in range(rank)))
