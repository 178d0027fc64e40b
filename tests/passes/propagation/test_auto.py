"""`conflicts="auto"` (passes/propagation/auto.py): Shardy's preferences are kept unless another
candidate's result is cheaper however the partitioner computes each op (by the estimate of
passes/cost/), checked against what XLA moves."""

from __future__ import annotations

import os

os.environ.setdefault("MESHJIT_NUM_CPU_DEVICES", "8")

from meshjit.passes import cost  # noqa: E402
from tests.support import harness, programs  # noqa: E402
from tests.support.cost_cases import DOT_LAYOUTS, propagated_graph  # noqa: E402

# x: ("model", None), y: (("data", "model"), None): Shardy's preference (the more sharded
# operand) forces x through a full rematerialization; the cost model keeps x's sharding.
CONFLICT = (["add"], (("model", None), (("data", "model"), None), ("data", None)))


def test_auto_keeps_no_dearer_result_on_dot_layouts():
    for ops, specs in DOT_LAYOUTS:
        row = harness.differential("dot", programs.lower_chain(ops, specs))
        assert row.meshjit.moved_bytes <= row.shardy.moved_bytes, (ops, specs, row)


def test_auto_keeps_the_cost_models_result_where_it_is_cheaper():
    text = programs.lower_chain(*CONFLICT)
    graph, estimate = propagated_graph(text, "auto")
    assert graph.chosen.startswith("cost"), graph.chosen
    _, shardy_estimate = propagated_graph(text, "shardy")
    assert cost.cheaper(estimate, shardy_estimate)
    row = harness.differential("add", text)
    assert row.meshjit.moved_bytes < row.shardy.moved_bytes, harness.format_table([row])


def test_auto_compares_candidates_where_the_visiting_order_decided():
    """No conflict, but a tensor refused an axis another of its dims held (which source reached
    it first decided): the cost model's visiting order is tried too, and is cheaper here."""
    text = programs.lower_chain(
        ["reshape", "transpose"], (("model", None), ("data", "model"), ("data", None))
    )
    graph, estimate = propagated_graph(text, "auto")
    assert graph.conflicts == 0 and graph.blocked > 0
    assert graph.chosen == "cost"
    _, shardy_estimate = propagated_graph(text, "shardy")
    assert cost.cheaper(estimate, shardy_estimate)
    row = harness.differential("reshape-transpose", text)
    assert row.meshjit.moved_bytes < row.shardy.moved_bytes, harness.format_table([row])


def test_auto_keeps_shardys_preferences_without_conflicts():
    text = programs.lower_chain(["tanh", "dot"], (("data", None), (None, None), (None, "model")))
    graph, _ = propagated_graph(text, "auto")
    assert graph.conflicts == 0 and graph.blocked == 0 and graph.chosen == "shardy"
