"""Export steps for Shardy's data-flow constructs: edges sunk into their owners' shardings and
named computations made calls of private functions (XLA rejects both), as Shardy's own export
does."""

from __future__ import annotations

from jaxlib.mlir import ir, passmanager

_DATA_FLOW_OPS = ("sdy.func_data_flow_edge", "sdy.data_flow_edge", "sdy.named_computation")


def _present(module_op: ir.Operation, names: tuple[str, ...]) -> set[str]:
    """Which of `names` name an op in the module (one walk)."""
    found: set[str] = set()
    wanted = set(names)

    def visit(op):
        name = op.name
        if name in wanted:
            found.add(name)
            wanted.discard(name)
            if not wanted:
                return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    module_op.walk(visit)
    return found


def _run(module_op: ir.Operation, pipeline: str) -> None:
    passmanager.PassManager.parse(f"builtin.module({pipeline})").run(module_op)


def sink_data_flow_edges(module_op: ir.Operation, present: set[str] | None = None) -> None:
    """Each `sdy.data_flow_edge` / `sdy.func_data_flow_edge` gives its sharding to its owner
    (the loop, branch or computation result, the region argument) and goes away."""
    if present is None:
        present = _present(module_op, _DATA_FLOW_OPS[:2])
    if "sdy.func_data_flow_edge" in present:
        _run(module_op, "func.func(sdy-sink-func-data-flow-edges)")
    if "sdy.data_flow_edge" in present:
        _run(module_op, "func.func(sdy-sink-data-flow-edges)")


def named_computations_as_calls(module_op: ir.Operation, present: set[str] | None = None) -> None:
    """`sdy.named_computation`s become calls of private functions (Shardy's own export), which
    XLA compiles (it rejects named computations)."""
    if present is None:
        present = _present(module_op, _DATA_FLOW_OPS[2:])
    if "sdy.named_computation" in present:
        _run(module_op, "sdy-export-named-computations")


def export_data_flow(module_op: ir.Operation) -> None:
    present = _present(module_op, _DATA_FLOW_OPS)  # (neither step makes the others' ops)
    sink_data_flow_edges(module_op, present)
    named_computations_as_calls(module_op, present)
