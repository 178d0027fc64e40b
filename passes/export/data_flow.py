"""Export steps for Shardy's data-flow constructs: edges sunk into their owners' shardings and
named computations made calls of private functions (XLA rejects both), as Shardy's own export
does."""

from __future__ import annotations

from jaxlib.mlir import ir, passmanager


def _contains(module_op: ir.Operation, names: tuple[str, ...]) -> bool:
    found = []

    def visit(op):
        if op.name in names:
            found.append(op)
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    module_op.walk(visit)
    return bool(found)


def _run(module_op: ir.Operation, pipeline: str) -> None:
    passmanager.PassManager.parse(f"builtin.module({pipeline})").run(module_op)


def sink_data_flow_edges(module_op: ir.Operation) -> None:
    """Each `sdy.data_flow_edge` / `sdy.func_data_flow_edge` gives its sharding to its owner
    (the loop, branch or computation result, the region argument) and goes away."""
    if _contains(module_op, ("sdy.func_data_flow_edge",)):
        _run(module_op, "func.func(sdy-sink-func-data-flow-edges)")
    if _contains(module_op, ("sdy.data_flow_edge",)):
        _run(module_op, "func.func(sdy-sink-data-flow-edges)")


def named_computations_as_calls(module_op: ir.Operation) -> None:
    """`sdy.named_computation`s become calls of private functions (Shardy's own export), which
    XLA compiles (it rejects named computations)."""
    if _contains(module_op, ("sdy.named_computation",)):
        _run(module_op, "sdy-export-named-computations")


def export_data_flow(module_op: ir.Operation) -> None:
    sink_data_flow_edges(module_op)
    named_computations_as_calls(module_op)
