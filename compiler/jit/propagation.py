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

    if how == "xla" and not passes.has_guarded_ops(module):
        return module
    with module.context:
        copy = ir.Module.parse(module.operation.get_asm(enable_debug_info=True))
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
    return copy
