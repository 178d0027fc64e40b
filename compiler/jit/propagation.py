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
    from meshjit.dialects.sdy import DimSharding, TensorSharding
    from meshjit.passes.graph import sharding_io as io

    meshes = io.read_meshes(module.operation)
    one_device = {name for name, mesh in meshes.items() if mesh.maximal}
    spread = [name for name, mesh in meshes.items() if not mesh.maximal]
    if not one_device or not spread:
        return False
    funcs = {
        ir.StringAttr(op.operation.attributes["sym_name"]).value: op.operation
        for op in module.body.operations
        if op.operation.name == "func.func"
    }
    main = funcs.get("main")
    if main is None:
        return False
    changed = False
    for i, value in enumerate(_returned(main)):
        decided = _decided_sharding(io, value, funcs)
        if io.func_result_sharding(main, i) is None and (
            decided is not None and decided.mesh_name in one_device
        ):
            rank = len(ir.RankedTensorType(value.type).shape)
            replicated = TensorSharding(spread[0], (DimSharding((), True),) * rank)
            io.set_func_result_sharding(main, i, replicated)
            changed = True
    return changed


def _returned(func: ir.Operation):
    block = func.regions[0].blocks[0]
    return block.operations[len(block.operations) - 1].operands


def _decided_sharding(io, value: ir.Value, funcs: dict, depth: int = 0):
    """The sharding `value` is decided with (`io`: passes' sharding_io): its own, else, for a
    result of a call (a nested jit), the callee's result's (fuzzer seed 3300053: a callback's
    result returned through a nested jit came back as zeros)."""
    decided = io.value_sharding(value)
    if decided is not None or isinstance(value, ir.BlockArgument) or depth > 16:
        return decided
    op = value.owner.operation if hasattr(value.owner, "operation") else value.owner
    callee = (
        funcs.get(ir.FlatSymbolRefAttr(op.attributes["callee"]).value)
        if (op.name == "func.call")
        else None
    )
    if callee is None:
        return None
    n = value.result_number
    own = io.func_result_sharding(callee, n)
    return own if own is not None else _decided_sharding(io, _returned(callee)[n], funcs, depth + 1)
