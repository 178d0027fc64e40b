"""meshjit's factor-based sharding propagation over a propagation graph.

Per edge (op): project every tensor's sharding onto the rule's factors, decide one axis list per
factor, then project back, only ever appending axes (`edge_step.py`, `decisions.py`,
`apply.py`). Around that: user and op priorities (`priorities.py`), the visiting order and
fixed points (`driver.py`), the `auto` choice between resolutions of the conflicts (`auto.py`),
all set by `options.py`; `constant_copies.py` seeds a split constant's copies nothing
reached from their siblings; `explain.py` prints where each sharding came from.
"""

from meshjit.passes.propagation.auto import AUTO_CANDIDATES, propagate_graph
from meshjit.passes.propagation.driver import propagate_rounds, run_to_fixed_point
from meshjit.passes.propagation.edge_step import EdgeStep
from meshjit.passes.propagation.explain import explain_table
from meshjit.passes.propagation.options import (
    CONFLICTS,
    STRATEGIES,
    Options,
    PropagationError,
    make_options,
)
from meshjit.passes.propagation.priorities import release_priority, user_priorities

__all__ = [
    "AUTO_CANDIDATES",
    "CONFLICTS",
    "STRATEGIES",
    "EdgeStep",
    "Options",
    "PropagationError",
    "explain_table",
    "make_options",
    "propagate_graph",
    "propagate_rounds",
    "release_priority",
    "run_to_fixed_point",
    "user_priorities",
]
