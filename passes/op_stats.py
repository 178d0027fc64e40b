"""meshjit-print-op-stats: counts operations by name, like mlir-opt's -print-op-stats."""

from __future__ import annotations

import collections
import json as json_lib
import sys

from jaxlib.mlir import ir

from meshjit.passes.registry import PassOption, register_pass


def count_ops(root: ir.Operation) -> collections.Counter:
    """How many operations of each name `root` holds, `root` included."""
    counts: collections.Counter = collections.Counter()

    def visit(op):
        counts[op.name] += 1
        return ir.WalkResult.ADVANCE

    root.walk(visit)
    return counts


def format_op_stats(counts: collections.Counter) -> str:
    width = max((len(name) for name in counts), default=0)
    rows = [f"  {name:<{width}} , {counts[name]}" for name in sorted(counts)]
    return "\n".join(["Operations encountered:", "-----------------------", *rows]) + "\n"


@register_pass(
    "meshjit-print-op-stats",
    "Print a count of operations by name to stderr",
    options=[PassOption("json", bool, False, "print the counts as a JSON object")],
)
def print_op_stats(module_op: ir.Operation, pass_, *, json: bool) -> None:
    counts = count_ops(module_op)
    if json:
        text = json_lib.dumps(dict(sorted(counts.items())), indent=2) + "\n"
    else:
        text = format_op_stats(counts)
    sys.stderr.write(text)
    sys.stderr.flush()
