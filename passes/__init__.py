"""meshjit.passes: meshjit's own passes over StableHLO + sdy modules, and their registry.

Importing this package registers every meshjit pass (each module registers its passes).
"""

from meshjit.passes import op_stats  # noqa: F401  (registers meshjit-print-op-stats)
from meshjit.passes.pipeline import (
    PipelineEntry,
    build_pass_manager,
    parse_pipeline,
    pass_manager_from_text,
)
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

__all__ = [
    "PASSES",
    "PassInfo",
    "PassOption",
    "PassRegistryError",
    "PipelineEntry",
    "add_pass",
    "build_pass_manager",
    "fail",
    "get_pass",
    "parse_pipeline",
    "pass_manager_from_text",
    "register_pass",
    "registered_passes",
]
