"""`insert-reshards`: remaining conflicts made explicit. An operand whose sharding disagrees
with what its op's results imply gets an `sdy.reshard` in front of the op; a returned value that
disagrees with its func result's sharding gets one in front of the return."""

from __future__ import annotations

from meshjit.passes.export.reshard import reshard_operand
from meshjit.passes.graph.axes import disjoint
from meshjit.passes.graph.graph import Edge, Graph
from meshjit.passes.graph.projection import project

_SHARDING_OPS = ("sdy.reshard", "sdy.sharding_constraint")


def insert_reshards(graph: Graph) -> None:
    for edge in list(graph.edges):
        if edge.op is None:
            continue
        if edge.op_name == "func.return":
            _reshard_return(graph, edge)
            continue
        if not edge.results or edge.op_name in _SHARDING_OPS:
            continue
        proj = [project(v, m, edge.rule.factors) for v, m in zip(edge.views(), edge.rule.tensors())]
        decided = _result_decisions(edge, proj)
        for t, view in enumerate(edge.operands):
            slot = view.slot
            if slot.mesh is None or slot.value is None:
                continue
            dims = _desired_operand(edge, t, decided, proj)
            if dims is not None and dims != slot.dims:
                reshard_operand(graph, edge.op, t, slot, dims)


def _result_decisions(edge: Edge, proj) -> dict:
    """factor -> axes, for the factors the results hold (the first result holding it)."""
    decided = {}
    n = len(edge.operands)
    for r, mapping in enumerate(edge.rule.results):
        if proj[n + r] is None:
            continue
        for fs in mapping:
            for f in fs:
                decided.setdefault(f, list(proj[n + r][f]))
    return decided


def _desired_operand(edge: Edge, t: int, decided: dict, proj) -> list[list] | None:
    """The operand's dims if every factor the results fix took the results' axes."""
    mapping = edge.rule.operands[t]
    own = proj[t]
    if own is None:
        return None
    dims = [[a for f in fs for a in (decided[f] if f in decided else own[f])] for fs in mapping]
    return dims if disjoint([a for dim in dims for a in dim]) else None


def _reshard_return(graph: Graph, edge: Edge) -> None:
    value_slot, result_slot = (v.slot for v in edge.operands)
    if value_slot.value is None or result_slot.mesh is None:
        return
    if value_slot.dims != result_slot.dims:
        index = next(i for i, v in enumerate(edge.op.operands) if v == value_slot.value)
        reshard_operand(graph, edge.op, index, value_slot, result_slot.dims)
