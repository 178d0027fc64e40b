"""Export after propagation: the decided shardings written back into the module (closed, so XLA
keeps them), dot plans pinned with reshards, remaining conflicts optionally made explicit, and
the module prepared for XLA's import.

`write_back.py` stores slot shardings; `close.py` the export stage (`export_module`);
`pin_plans.py`, `insert_reshards.py` and `reshard.py` the reshards; `xla.py` the XLA hand-off, with
`uneven_updates.py`, `conv_guard.py`, `pad_guard.py`, `fft_guard.py`, `slice_guard.py`, `window_guard.py`,
`reduce_guard.py` and `zero_size_calls.py` keeping ops XLA partitions wrongly (or crashes on)
away from it (shared helpers: `guard_util.py`).
"""

from meshjit.passes.export.close import export_module
from meshjit.passes.export.data_flow import (
    export_data_flow,
    named_computations_as_calls,
    sink_data_flow_edges,
)
from meshjit.passes.export.insert_reshards import insert_reshards
from meshjit.passes.export.pin_plans import pin_dot_plans
from meshjit.passes.export.shardy_ops import mark_propagated_shardings, shardy_ops
from meshjit.passes.export.write_back import write_back
from meshjit.passes.export.xla import (
    has_guarded_ops,
    pin_op_shardings,
    prepare_for_xla,
    reshards_as_constraints,
)

__all__ = [
    "export_data_flow",
    "named_computations_as_calls",
    "sink_data_flow_edges",
    "export_module",
    "has_guarded_ops",
    "insert_reshards",
    "pin_dot_plans",
    "pin_op_shardings",
    "prepare_for_xla",
    "reshards_as_constraints",
    "mark_propagated_shardings",
    "shardy_ops",
    "write_back",
]
