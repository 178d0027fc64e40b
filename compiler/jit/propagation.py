"""The propagation stage of jit: which sharding propagation runs before XLA compiles.

- "meshjit": meshjit's own passes (meshjit.passes.propagate: propagate, then export closed).
- "shardy": jaxlib's Shardy pipeline (sdy-propagation-pipeline), the reference.
- "xla": XLA's own Shardy run during compilation decides. Where the module has an op XLA's
  partitioner gets wrong under some shardings (passes/export/xla.py's guards: pads,
  convolutions, FFTs, scatters, some reduces), Shardy's propagation runs here first only to
  place the guards, and XLA gets that module without the decided shardings pinned (it
  propagates again, from the guards' constraints too).
Numbers are the same for all three; layouts and collectives may differ.
"""

from __future__ import annotations

from jaxlib.mlir import ir

from meshjit.compiler.errors import MeshjitValueError

PROPAGATIONS = ("meshjit", "shardy", "xla")


def check_propagation(name: str) -> str:
    if name not in PROPAGATIONS:
        raise MeshjitValueError(
            f"jit propagation={name!r} is not one of {', '.join(map(repr, PROPAGATIONS))}"
        )
    return name


def has_shardings(module: ir.Module) -> bool:
    return any(op.operation.name == "sdy.mesh" for op in module.body.operations)


def propagated(module: ir.Module, how: str, name: str) -> ir.Module:
    """A propagated copy of `module` (the module itself when there is nothing to do)."""
    if not has_shardings(module):
        return module
    from meshjit import passes

    with module.context:
        copy = ir.Module.parse(module.operation.get_asm(enable_debug_info=True))
    if how == "xla" and not passes.has_guarded_ops(module):
        with copy.context:
            return copy if replicate_one_device_results(copy) else module
    try:
        if how == "meshjit":
            passes.propagate(copy)
        else:
            passes.run_shardy(copy)
    except (passes.PropagationError, ir.MLIRError) as e:
        if how == "xla":  # XLA propagates the module as it is, unguarded
            return module
        raise MeshjitValueError(
            f"{how} sharding propagation failed on jit({name}): {e}. Try "
            "jit(..., propagation='shardy') or propagation='xla'"
        ) from None
    with copy.context:
        passes.prepare_for_xla(copy, pin=how != "xla")
        replicate_one_device_results(copy)
    return copy


def replicate_one_device_results(module: ir.Module) -> bool:
    """A result left without a sharding whose value was decided on one device (a host
    callback's, on `maximal_mesh_0`) is stated replicated on the program's mesh: XLA would
    otherwise return it on that device only, and the other devices' buffers, which the
    result's replicated layout reads, hold zeros (fuzzer seeds 3900254, 3950038)."""
    meshes = [op for op in module.body.operations if op.operation.name == "sdy.mesh"]
    one_device = {_symbol(op) for op in meshes if _is_one_device(op)}
    spread = [_symbol(op) for op in meshes if not _is_one_device(op)]
    if not one_device or not spread:
        return False
    return any(
        _replicate_results(func, one_device, spread[0])
        for func in module.body.operations
        if func.operation.name == "func.func" and _symbol(func) == "main"
    )


def _symbol(op) -> str:
    return ir.StringAttr(op.operation.attributes["sym_name"]).value


def _is_one_device(mesh_op) -> bool:
    return str(mesh_op.operation.attributes["mesh"]).startswith("#sdy.mesh<[], device_ids=")


def _replicate_results(func, one_device: set, mesh_name: str) -> bool:
    block = func.operation.regions[0].blocks[0]
    returned = list(block.operations[len(block.operations) - 1].operands)
    key = "res_attrs"
    attrs = (
        ir.ArrayAttr(func.operation.attributes[key]) if key in func.operation.attributes else None
    )
    entries = []
    changed = False
    for i, value in enumerate(returned):
        d = ir.DictAttr(attrs[i]) if attrs is not None else ir.DictAttr.get({})
        entry = {d[j].name: d[j].attr for j in range(len(d))}
        if "sdy.sharding" not in entry and _decided_on(value) in one_device:
            rank = len(ir.RankedTensorType(value.type).shape)
            dims = ", ".join(["{}"] * rank)
            entry["sdy.sharding"] = ir.Attribute.parse(f"#sdy.sharding<@{mesh_name}, [{dims}]>")
            changed = True
        entries.append(ir.DictAttr.get(entry))
    if changed:
        func.operation.attributes[key] = ir.ArrayAttr.get(entries)
    return changed


def _decided_on(value) -> str | None:
    """The mesh symbol of the sharding the op defining `value` gives it, if it states one."""
    owner = value.owner
    if isinstance(owner, ir.Block):
        return None
    op = owner.operation if hasattr(owner, "operation") else owner
    if op.name == "sdy.sharding_constraint":
        text = str(op.attributes["sharding"])
    elif "sdy.sharding" in op.attributes:
        text = str(op.attributes["sdy.sharding"])
    else:
        return None
    start = text.find("@")
    if start < 0:
        return None
    end = start + 1
    while end < len(text) and (text[end].isalnum() or text[end] in "_.$-"):
        end += 1
    return text[start + 1 : end]
