"""The hand-off that makes XLA keep the decided shardings (passes/export/xla.py): XLA ignores
`sdy.sharding` on ordinary ops; pinned as sharding constraints, the decisions stay (a forced
sharding changes what XLA compiles)."""

from __future__ import annotations

import os

os.environ.setdefault("MESHJIT_NUM_CPU_DEVICES", "8")

from jaxlib.mlir import ir  # noqa: E402

from meshjit import passes  # noqa: E402
from meshjit.dialects import make_context  # noqa: E402
from meshjit.passes.export import pin_op_shardings  # noqa: E402
from tests.support import harness, programs  # noqa: E402


def test_pinned_shardings_reach_xla():
    """XLA re-propagates from the func boundaries and ignores op shardings; pinned ones stay."""
    text = programs.lower_chain(["mul"], (("data", None), ("data", None), (None, None)))
    with make_context():
        module = ir.Module.parse(text)
        passes.propagate(module)
        forced = ir.Attribute.parse("#sdy.sharding_per_value<[<@mesh, [{}, {}]>]>")
        for op in module.body.operations[1].regions[0].blocks[0].operations:
            if op.operation.name == "stablehlo.multiply":
                op.operation.attributes["sdy.sharding"] = forced
        unpinned = ir.Module.parse(str(module))
        passes.prepare_for_xla(module)
        passes.prepare_for_xla(unpinned, pin=False)
        pinned_text, unpinned_text = str(module), str(unpinned)
    assert "sdy.sharding_constraint" in pinned_text
    # Replicating the product means gathering both operands (and slicing the result back).
    assert harness.compile_cost(unpinned_text).moved_bytes == 0
    assert harness.compile_cost(pinned_text).moved_bytes > 0


def test_pin_count():
    text = programs.lower_chain(["tanh", "add"], (("data", None), ("data", None), (None, None)))
    with make_context():
        module = ir.Module.parse(text)
        passes.propagate(module)
        assert pin_op_shardings(module.operation) == 2  # tanh and add (not the constants)
