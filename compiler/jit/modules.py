"""Embedding: a StableHLO + sdy module from any frontend (text, MLIR bytecode, or a VHLO portable
artifact) to a running sharded executable, with no meshjit tracing involved.

    module = meshjit.load_module(text_or_bytes)
    compiled = meshjit.compile_module(module, mesh=mesh, in_shardings=(P("x"), None))
    outs = compiled(x, w)  # meshjit.Arrays with NamedShardings

The module's `sdy.mesh` (its `device_ids` honoured) or the `mesh=` given decides the devices;
shardings given here are written onto a copy of `@main` (the module passed in is not mutated),
then the chosen propagation runs and XLA compiles the result for those devices.
"""

from __future__ import annotations

import math
from typing import Sequence

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import stablehlo

from meshjit.compiler.errors import MeshjitTypeError, MeshjitValueError
from meshjit.compiler.ir import dtypes
from meshjit.compiler.ir.core import ShapedArray
from meshjit.compiler.jit.propagation import check_propagation, propagated
from meshjit.compiler.jit.stages import ExecutableViews
from meshjit.compiler.lowering import donor_attrs
from meshjit.compiler.parallel.sharding import Mesh, NamedSharding, PartitionSpec
from meshjit.compiler.runtime import client
from meshjit.compiler.runtime.assignment import DeviceAssignment
from meshjit.compiler.runtime.dispatch import compile_executable
from meshjit.dialects.context import shared_context
from meshjit.dialects.sdy import SHARDING_ATTR, MeshShape, emit_mesh, tensor_sharding_attr

_BYTECODE_MAGIC = b"ML\xefR"
_VHLO_PRODUCER = b"StableHLO_v"


# ---------------------------------------------------------------------------------------------
# Loading.


def load_module(src) -> ir.Module:
    """A module in meshjit's MLIR context from StableHLO text, MLIR bytecode, a VHLO portable
    artifact (`stablehlo.serialize_portable_artifact`, as jax.export stores), or an
    `ir.Module` (copied)."""
    ctx = shared_context()
    if isinstance(src, ir.Module):
        src = src.operation.get_asm(enable_debug_info=True)
    if isinstance(src, (bytes, bytearray, memoryview)):
        data = bytes(src)
        if data.startswith(_BYTECODE_MAGIC) and _VHLO_PRODUCER in data[:64]:
            return _deserialize_vhlo(ctx, data)
        return _parse(ctx, data, "MLIR bytecode" if data.startswith(_BYTECODE_MAGIC) else "text")
    if isinstance(src, str):
        return _parse(ctx, src, "text")
    raise MeshjitTypeError(
        f"load_module takes StableHLO text (str), MLIR bytecode or a VHLO artifact (bytes), or "
        f"an ir.Module; got {type(src).__name__}"
    )


def _parse(ctx, src, what: str) -> ir.Module:
    with ctx:
        try:
            module = ir.Module.parse(src)
        except ir.MLIRError as e:
            raise MeshjitValueError(f"load_module: the {what} is not a valid module: {e}") from None
    if _has_vhlo_ops(module):
        raise MeshjitValueError(
            "load_module: the module is in VHLO (StableHLO's portable form) but not framed as a "
            "portable artifact; pass the bytes stablehlo.serialize_portable_artifact wrote"
        )
    return module


def _deserialize_vhlo(ctx, data: bytes) -> ir.Module:
    try:
        return stablehlo.deserialize_portable_artifact(ctx, data)
    except Exception as e:  # jaxlib raises a plain exception for a bad or too-new artifact
        raise MeshjitValueError(
            f"load_module: cannot read the VHLO artifact ({data[4:24]!r}...): {e}"
        ) from None


def _has_vhlo_ops(module: ir.Module) -> bool:
    return any(op.operation.name.startswith("vhlo.") for op in module.body.operations)


# ---------------------------------------------------------------------------------------------
# Compiling.


class CompiledModule(ExecutableViews):
    """An XLA executable made from a module: callable on NumPy arrays and meshjit.Arrays (placed
    as the executable wants them); returns a meshjit.Array, or a tuple for several results."""

    def __init__(self, executable, in_avals, out_avals, name: str, xla_module: ir.Module):
        self.executable, self.in_avals, self.out_avals = executable, in_avals, out_avals
        self.name, self._xla_module = name, xla_module

    def __call__(self, *args):
        self._check_args(args)
        outs = self.executable.execute(list(args))
        return outs[0] if len(outs) == 1 else tuple(outs)

    def _check_args(self, args) -> None:
        if len(args) != len(self.in_avals):
            raise MeshjitTypeError(
                f"{self.name} takes {len(self.in_avals)} argument(s) "
                f"({', '.join(a.str_short() for a in self.in_avals)}), got {len(args)}"
            )
        for i, (x, want) in enumerate(zip(args, self.in_avals)):
            shape, dtype = np.shape(x), np.dtype(getattr(x, "dtype", np.asarray(x).dtype))
            if tuple(shape) != want.shape or dtypes.canonicalize(dtype) != want.dtype:
                raise MeshjitTypeError(
                    f"{self.name} argument {i} must be {want.str_short()}, got "
                    f"{dtypes.short_name(dtypes.canonicalize(dtype))}{list(shape)}"
                )

    def as_text(self, stage: str = "hlo") -> str:
        """XLA's optimized HLO (`stage="hlo"`), or the module XLA received (`"module"`)."""
        if stage == "module":
            return self._xla_module.operation.get_asm()
        return self.hlo_text()

    def __repr__(self):
        return f"<CompiledModule {self.name} on {self.executable.devices.num_partitions} device(s)>"


def compile_module(
    module,
    *,
    mesh: Mesh | None = None,
    devices: Sequence | None = None,
    in_shardings=None,
    out_shardings=None,
    propagation: str = "meshjit",
    donate_argnums=(),
) -> CompiledModule:
    """Compiles a StableHLO + sdy module (anything `load_module` reads) for CPU devices.

    `mesh=` (a meshjit Mesh) is written into a module without an `sdy.mesh`; `in_shardings` /
    `out_shardings` (a NamedSharding, a PartitionSpec over the mesh, or None per argument /
    result; or one for all) are written onto `@main`'s arguments / results, replacing theirs.
    `devices=` orders the devices of a module mesh without `device_ids` (default: the first N).
    """
    how = check_propagation(propagation)
    module = load_module(module)
    _refuse_host_callbacks(module)
    with module.context, ir.Location.unknown():
        from meshjit.passes.api import gspmd_sharding
        from meshjit.passes.export import named_computations_as_calls
        from meshjit.passes.export.xla import xla_refusal

        where = gspmd_sharding(module.operation)
        if where is not None:
            raise MeshjitValueError(
                f"compile_module: the module carries GSPMD shardings ({where}), which meshjit "
                "does not read (it reads Shardy's sdy.mesh / sdy.sharding): emit the module "
                "with Shardy (JAX's default), or strip them and pass mesh= and in_shardings="
            )
        refused = xla_refusal(module.operation)
        if refused is not None:
            raise MeshjitValueError(f"compile_module: {refused[1]} (at {refused[0]})")
        named_computations_as_calls(module.operation)
        main = _main_func(module)
        in_avals, out_avals = _avals(main)
        mesh_name, mesh = _mesh(module, mesh, devices)
        _write_shardings(main, "arg_attrs", in_shardings, in_avals, mesh_name, mesh, "in_shardings")
        _write_shardings(
            main, "res_attrs", out_shardings, out_avals, mesh_name, mesh, "out_shardings"
        )
        _write_donation(main, donate_argnums, len(in_avals))
        size = 1 if mesh is None else mesh.size
        i32 = ir.IntegerType.get_signless(32)
        module.operation.attributes["mhlo.num_partitions"] = ir.IntegerAttr.get(i32, size)
        module.operation.attributes["mhlo.num_replicas"] = ir.IntegerAttr.get(i32, 1)
        result_shardings = [
            _named(s, mesh) for s in _func_shardings(main, "res_attrs", len(out_avals))
        ]
    name = _module_name(module)
    ready = propagated(module, how, name)
    device_list = mesh.device_list if mesh is not None else [_single_device(devices)]
    assignment = DeviceAssignment(device_list, mesh)
    executable = compile_executable(
        _bytecode(ready), in_avals, out_avals, assignment, result_shardings
    )
    return CompiledModule(executable, in_avals, out_avals, name, ready)


# Host callbacks call back into a Python function registered in the process that emitted the
# module (by index): here there is none, and XLA would wait on it forever.
_HOST_CALLBACKS = frozenset(
    {
        "xla_python_cpu_callback",
        "xla_ffi_python_cpu_callback",
        "xla_ffi_partitioned_python_cpu_callback",
    }
)


def _refuse_host_callbacks(module: ir.Module) -> None:
    found = []

    def visit(op):
        if op.name == "stablehlo.custom_call":
            target = ir.StringAttr(op.attributes["call_target_name"]).value
            if target in _HOST_CALLBACKS:
                found.append((target, op.location))
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    if found:
        target, location = found[0]
        raise MeshjitValueError(
            f"compile_module: the module calls a Python host callback (custom_call @{target} at "
            f"{location}, from jax.debug.print / pure_callback / io_callback): its function lives "
            "in the process that emitted the module, so it cannot run here; emit the module "
            "without the callback"
        )


def _bytecode(module: ir.Module) -> bytes:
    import io

    buf = io.BytesIO()
    module.operation.write_bytecode(buf)
    return buf.getvalue()


def _module_name(module: ir.Module) -> str:
    attrs = module.operation.attributes
    return ir.StringAttr(attrs["sym_name"]).value if "sym_name" in attrs else "module"


def _main_func(module: ir.Module):
    funcs = [op for op in module.body.operations if op.operation.name == "func.func"]
    named = {ir.StringAttr(f.attributes["sym_name"]).value: f for f in funcs}
    if "main" in named:
        return named["main"]
    public = [
        f
        for f in funcs
        if "sym_visibility" not in f.attributes
        or ir.StringAttr(f.attributes["sym_visibility"]).value == "public"
    ]
    if len(public) == 1:  # the entry point, under another name: XLA wants @main
        public[0].attributes["sym_name"] = ir.StringAttr.get("main")
        return public[0]
    raise MeshjitValueError(
        f"compile_module: the module has no @main function (its functions: {sorted(named)})"
    )


# ---------------------------------------------------------------------------------------------
# Types.

_ELEMENT_TYPES = {
    "i1": dtypes.bool_,
    "i8": dtypes.int8,
    "i16": dtypes.int16,
    "i32": dtypes.int32,
    "ui8": dtypes.uint8,
    "ui16": dtypes.uint16,
    "ui32": dtypes.uint32,
    "bf16": dtypes.bfloat16,
    "f16": dtypes.float16,
    "f32": dtypes.float32,
    "complex<f32>": dtypes.complex64,
}
_ELEMENT_TYPES_X64 = {
    **_ELEMENT_TYPES,
    "i64": dtypes.int64,
    "ui64": dtypes.uint64,
    "f64": dtypes.float64,
    "complex<f64>": dtypes.complex128,
}


def _avals(main) -> tuple[list[ShapedArray], list[ShapedArray]]:
    ftype = ir.FunctionType(ir.TypeAttr(main.attributes["function_type"]).value)
    return [_aval(t, "argument", i) for i, t in enumerate(ftype.inputs)], [
        _aval(t, "result", i) for i, t in enumerate(ftype.results)
    ]


def _aval(t: ir.Type, what: str, i: int) -> ShapedArray:
    if not isinstance(t, ir.RankedTensorType):
        raise MeshjitValueError(f"compile_module: @main {what} {i} has type {t}, not a tensor")
    tensor = ir.RankedTensorType(t)
    if not tensor.has_static_shape:
        raise MeshjitValueError(
            f"compile_module: @main {what} {i} has a dynamic shape ({t}); meshjit (like Shardy) "
            "compiles static shapes only"
        )
    element = str(tensor.element_type)
    known = _ELEMENT_TYPES_X64 if dtypes.x64_enabled else _ELEMENT_TYPES
    if element not in known:
        mode = "on" if dtypes.x64_enabled else "off (jax_enable_x64 turns 64-bit types on)"
        raise MeshjitValueError(
            f"compile_module: @main {what} {i} has element type {element}; with x64 {mode} "
            f"meshjit supports {', '.join(known)}"
        )
    return ShapedArray(tuple(tensor.shape), known[element])


# ---------------------------------------------------------------------------------------------
# Meshes and shardings.


def _mesh(module: ir.Module, mesh: Mesh | None, devices) -> tuple[str | None, Mesh | None]:
    """The mesh symbol the shardings refer to and the concrete Mesh the program runs on."""
    from meshjit.passes.graph.sharding_io import read_meshes

    found = read_meshes(module.operation)
    if mesh is not None:
        if not isinstance(mesh, Mesh):
            raise MeshjitTypeError(f"compile_module mesh= takes a meshjit Mesh, got {mesh!r}")
        shape = MeshShape(tuple(zip(mesh.axis_names, mesh.axis_sizes)))
        same = [n for n, m in found.items() if m == shape]
        if same:
            return same[0], mesh
        if found:
            raise MeshjitValueError(
                f"compile_module: mesh= {dict(zip(mesh.axis_names, mesh.axis_sizes))} differs "
                f"from the module's meshes {', '.join(f'@{n} = {m.text}' for n, m in found.items())}"
            )
        with ir.InsertionPoint.at_block_begin(module.body):
            emit_mesh("mesh", shape)
        return "mesh", mesh
    sized = {n: m for n, m in found.items() if math.prod(m.sizes) > 1}
    if not sized:
        return (next(iter(found)) if found else None), None
    sizes = {math.prod(m.sizes) for m in sized.values()}
    if len(sizes) > 1:
        raise MeshjitValueError(f"compile_module: the module's meshes differ in size: {sizes}")
    name, shape = next(iter(sized.items()))
    return name, _concrete_mesh(module, name, shape, devices)


def _concrete_mesh(module, name: str, shape: MeshShape, devices) -> Mesh:
    """The Mesh of `@name` on the first N devices (or `devices`). A mesh's `device_ids` say which
    logical device (partition) holds each mesh position: the Mesh takes them in that order and
    the module's mesh drops them, so partition i is mesh position i on the Mesh's device i."""
    n = math.prod(shape.sizes)
    available = list(devices) if devices is not None else client.devices()
    if len(available) < n:
        raise MeshjitValueError(
            f"compile_module: mesh @{name} {shape.text} needs {n} devices, {len(available)} given"
        )
    ids = _take_device_ids(module, name) or list(range(n))
    if sorted(ids) != list(range(n)):
        raise MeshjitValueError(
            f"compile_module: mesh @{name} has device_ids {ids}, not a permutation of 0..{n - 1}"
        )
    chosen = [available[i] for i in ids]
    return Mesh(np.array(chosen, dtype=object).reshape(shape.sizes), shape.names)


def _take_device_ids(module, name: str) -> list[int]:
    """The `device_ids` of mesh `@name`, removed from it."""
    from jaxlib.mlir.dialects import sdy

    for op in module.body.operations:
        if op.operation.name != "sdy.mesh":
            continue
        if ir.StringAttr(op.attributes["sym_name"]).value == name:
            mesh = sdy.MeshAttr(op.attributes["mesh"])
            ids = list(mesh.device_ids)
            if ids:
                op.attributes["mesh"] = sdy.MeshAttr.get(list(mesh.axes))
            return ids
    return []


def _write_shardings(func, key: str, given, avals, mesh_name, mesh, what: str) -> None:
    if given is None:
        return
    one = isinstance(given, (NamedSharding, PartitionSpec)) or not isinstance(given, (list, tuple))
    per_value = [given] * len(avals) if one else list(given)
    if len(per_value) != len(avals):
        raise MeshjitValueError(
            f"compile_module {what} has {len(per_value)} entries for {len(avals)} values"
        )
    if mesh is None and any(s is not None for s in per_value):
        raise MeshjitValueError(f"compile_module {what} need a mesh: pass mesh=")
    entries = _attr_dicts(func, key, len(avals))
    for entry, s, aval in zip(entries, per_value, avals):
        if s is None:
            entry.pop(SHARDING_ATTR, None)
            continue
        named = s if isinstance(s, NamedSharding) else NamedSharding(mesh, _spec(s, what))
        named.check_rank(aval.ndim, f"compile_module {what}")
        entry[SHARDING_ATTR] = tensor_sharding_attr(named.tensor_sharding(mesh_name, aval.ndim))
    func.attributes[key] = ir.ArrayAttr.get([ir.DictAttr.get(e) for e in entries])


def _spec(s, what: str) -> PartitionSpec:
    if not isinstance(s, PartitionSpec):
        raise MeshjitTypeError(
            f"compile_module {what} entries are NamedShardings, PartitionSpecs or None, got {s!r}"
        )
    return s


def _attr_dicts(func, key: str, count: int) -> list[dict]:
    if key not in func.attributes:
        return [{} for _ in range(count)]
    array = ir.ArrayAttr(func.attributes[key])
    out = []
    for i in range(count):
        d = ir.DictAttr(array[i])
        out.append({d[j].name: d[j].attr for j in range(len(d))})
    return out


def _write_donation(func, donate_argnums, count: int) -> None:
    nums = {donate_argnums} if isinstance(donate_argnums, int) else set(donate_argnums or ())
    bad = sorted(n for n in nums if not -count <= n < count)
    if bad:
        raise MeshjitValueError(
            f"compile_module donate_argnums {bad} are out of range for {count} argument(s)"
        )
    if not nums:
        return
    donated = [i in nums or i - count in nums for i in range(count)]
    entries = donor_attrs(_attr_dicts(func, "arg_attrs", count), donated)
    func.attributes["arg_attrs"] = ir.ArrayAttr.get([ir.DictAttr.get(e) for e in entries])


def _func_shardings(func, key: str, count: int) -> list:
    from meshjit.passes.graph.sharding_io import read_sharding

    entries = _attr_dicts(func, key, count)
    return [read_sharding(e[SHARDING_ATTR]) if SHARDING_ATTR in e else None for e in entries]


def _named(sharding, mesh: Mesh | None):
    """A module's result sharding as a NamedSharding over `mesh` (None if it uses sub-axes)."""
    if sharding is None or mesh is None:
        return None
    entries = []
    for dim in sharding.dims:
        if any(not isinstance(a, str) for a in dim.axes):
            return None
        entries.append(None if not dim.axes else dim.axes[0] if len(dim.axes) == 1 else dim.axes)
    while entries and entries[-1] is None:
        entries.pop()
    return NamedSharding(mesh, PartitionSpec(*entries))


def _single_device(devices):
    return list(devices)[0] if devices else client.default_device()
