"""meshjit.passes: meshjit's own passes over StableHLO + sdy modules, and their registry.

Split as Shardy splits its stages: `rules/` (factor sharding rules per op), `graph/` (the
propagation graph and its import from MLIR), `propagation/` (the algorithm), `cost/` (what a
sharding costs in communication), `export/` (write-back, reshards, the hand-off to XLA). Here:
the pass registry (`registry.py`), pipeline parsing (`pipeline.py`), the registered passes
(`sharding_passes.py`, `op_stats.py`) and the Python API (`api.py`).

Importing this package registers every meshjit pass (each module registers its passes).
"""

from meshjit.passes import (
    op_stats,  # noqa: F401  (registers meshjit-print-op-stats)
    sharding_passes,  # noqa: F401  (meshjit-propagate, -export, ...)
)
from meshjit.passes.api import propagate, propagated, run_shardy
from meshjit.passes.export import has_guarded_ops, prepare_for_xla
from meshjit.passes.pipeline import (
    PipelineEntry,
    build_pass_manager,
    parse_pipeline,
    pass_manager_from_text,
)
from meshjit.passes.propagation import PropagationError
from meshjit.passes.registry import (
    PASSES,
    PassInfo,
    PassOption,
    PassRegistryError,
    add_pass,
    fail,
    get_pass,
    register_pass,
    registered_passes,
)
from meshjit.passes.rules import (
    Factor,
    RuleBuilder,
    RuleError,
    ShardingRule,
    register_custom_call_rule,
    unregister_custom_call_rule,
)

__all__ = [
    "PASSES",
    "Factor",
    "PassInfo",
    "PassOption",
    "PassRegistryError",
    "PipelineEntry",
    "PropagationError",
    "RuleBuilder",
    "RuleError",
    "ShardingRule",
    "add_pass",
    "build_pass_manager",
    "fail",
    "get_pass",
    "has_guarded_ops",
    "parse_pipeline",
    "pass_manager_from_text",
    "prepare_for_xla",
    "propagate",
    "propagated",
    "register_custom_call_rule",
    "register_pass",
    "registered_passes",
    "run_shardy",
    "unregister_custom_call_rule",
]
