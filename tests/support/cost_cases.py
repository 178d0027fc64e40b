"""Programs and helpers shared by the cost and auto tests: dot layouts where XLA's dot
partitioner has several ways, propagation with its estimate, and what XLA moves."""

from __future__ import annotations

import os

os.environ.setdefault("MESHJIT_NUM_CPU_DEVICES", "8")

from jaxlib.mlir import ir  # noqa: E402

from meshjit import passes  # noqa: E402
from meshjit.dialects import make_context  # noqa: E402
from meshjit.passes import cost, propagation  # noqa: E402
from meshjit.passes.graph import build_graph  # noqa: E402
from tests.support import harness  # noqa: E402

# Dot layouts where XLA's dot partitioner picks among several ways (operand all-to-all, shared
# contracting split + all-reduce, gathering both operands) and reuses one gather for two dots.
DOT_LAYOUTS = [
    (["dot", "dot", "add"], ((None, "model"), (("data", "model"), None), ("data", None))),
    (["dot", "dot"], ((None, None), (("model", "data"), None), (("model", "data"), None))),
    (["dot"], ((None, ("model", "data")), ("data", "model"), ("data", None))),
    (["dot", "add"], ((None, "data"), (("model", "data"), None), ("data", None))),
    (
        ["dot", "add"],
        ((("data", "model"), None), (("model", "data"), None), (("model", "data"), None)),
    ),
    (["dot", "add"], ((("model", "data"), None), ("data", "model"), (("data", "model"), None))),
    (["dot", "dot"], ((None, "data"), ("data", "model"), (("model", "data"), None))),
    (["dot", "dot"], (("model", None), (None, "model"), (("data", "model"), None))),
    (["dot", "tanh"], (("data", None), (None, None), ("model", None))),
    # Two dots read one FSDP weight: the later one gathers it anyway, so the earlier one reads
    # the gathered copy (found by re-choosing each plan against the others'); a plain reduce
    # all-reduces its partial results even where a gathered copy of its operand exists.
    (
        ["broadcast", "transpose", "dot", "dot", "broadcast", "mul"],
        ((None, "model"), (("data", "model"), None), (("data", "model"), None)),
    ),
    # A reshape whose operand would hold a strided shard (a minor factor sharded under an
    # unsharded major one): XLA gathers the operand.
    (
        ["reshape", "transpose", "tanh", "reshape", "dot", "transpose"],
        ((("model", "data"), None), (None, ("data", "model")), (("data", "model"), None)),
    ),
]


def xla_bytes(text: str, conflicts: str) -> int:
    """The bytes XLA moves for `text` propagated by meshjit with `conflicts`."""
    with make_context():
        module = ir.Module.parse(text)
        passes.propagate(module, conflicts=conflicts)
        passes.prepare_for_xla(module)
        return harness.compile_cost(str(module)).moved_bytes


def propagated_graph(text: str, conflicts: str):
    """(the propagated graph, its estimated (low, high) bytes)."""
    with make_context():
        module = ir.Module.parse(text)
        graph = build_graph(module.operation)
        propagation.propagate_graph(graph, propagation.Options(conflicts=conflicts))
        return graph, cost.graph_bytes(graph)
