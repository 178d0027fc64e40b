"""Propagation options: the strategy, one conflict-resolution setting, and the limits.

`conflicts` is the one setting for how factor conflicts are resolved: "shardy" (Shardy's
preferences), "cost" (the per-op cost model), or "auto" (both, kept by estimated bytes; see
auto.py), plus "shardy-early", one of auto's candidates (Shardy's preferences with reduction
factors propagated in the middle op-priority stage). The pass options and Python flags
`shardy-compatible` / `shardy_compatible` and `cost-model` / `cost_model` map onto it
(`make_options`).
"""

from __future__ import annotations

import dataclasses

STRATEGIES = ("basic", "aggressive")
CONFLICTS = ("auto", "shardy", "cost")  # the settings a user may give


class PropagationError(ValueError):
    """Raised by the Python API for modules the passes reject (and for unknown options)."""


@dataclasses.dataclass(frozen=True)
class Options:
    strategy: str = "aggressive"
    conflicts: str = "auto"  # one of CONFLICTS, or "shardy-early" (an auto candidate)
    max_iterations: int = 64
    op_priority: bool = True
    track_origins: bool = False  # record where each dim's axes came from (explain mode)
    # Shardy-compatible mode: need_replication factors propagate too (Shardy's passes only
    # replicate them when inserting reshards); meshjit's own mode keeps them unsharded.
    need_replication_propagates: bool = False
    # Off: `pN` annotations order nothing (Shardy's op-priority pass alone, below its
    # user-priority pass, which the mapping stands in for with the same flags).
    user_priority: bool = True
    # Whether the pass stands in for one of Shardy's priority passes (op or user priority),
    # also with their stages off (`run-op-priority-propagation=false`); not for the basic or
    # aggressive pass.
    priority_pass: bool = True

    @property
    def shardy_preferences(self) -> bool:
        """Whether conflicts follow Shardy's preferences and visiting order (all but "cost").

        Per op, the cost model cannot see what a choice costs downstream, so it alone moved
        more bytes than Shardy's preferences on random programs about as often as fewer;
        "auto" runs both and compares whole results (auto.py)."""
        return self.conflicts != "cost"

    @property
    def user_priorities(self) -> bool:
        """Whether `pN` annotations order the sources. Shardy's basic and aggressive passes
        (below its priority passes) ignore them: every annotation is a source at once, and
        only the shardings propagation rewrites lose their priorities."""
        if self.conflicts != "shardy":
            return True
        return self.user_priority and self.priority_pass

    @property
    def reductions_wait(self) -> bool:
        """Whether non-pass-through factors wait for the last op-priority stage (as Shardy's
        do)."""
        return self.conflicts in ("auto", "shardy")


def make_options(
    *,
    strategy: str = "aggressive",
    conflicts: str = "auto",
    shardy_compatible: bool = False,
    cost_model: bool = False,
    max_iterations: int = 64,
    op_priority: bool = True,
    explain: bool = False,
    user_priority: bool = True,
    basic_under_priorities: bool = False,
    priority_pass: bool | None = None,
) -> Options:
    """Options from the pass options / Python flags: `shardy_compatible` means
    conflicts="shardy" and `cost_model` conflicts="cost" (in that order of precedence).
    `basic_under_priorities`: the basic strategy runs inside the op (and user) priority stages,
    as Shardy's priority passes run it with `propagation-strategy=basic`; without it, the basic
    strategy is Shardy's basic pass (no stages). `priority_pass`: the pass stands in for a
    Shardy priority pass (default: whenever `op_priority`; a priority pass given
    `run-op-priority-propagation=false` still orders user priorities).
    Raises PropagationError for an unknown strategy or conflicts setting."""
    if strategy not in STRATEGIES:
        raise PropagationError(
            f"unknown strategy '{strategy}' (expected {' or '.join(STRATEGIES)})"
        )
    if conflicts not in CONFLICTS:
        raise PropagationError(f"unknown conflicts '{conflicts}' (expected {', '.join(CONFLICTS)})")
    if shardy_compatible:
        conflicts = "shardy"
        # Shardy's basic pass sits below its op-priority pass: no stages, program order only.
        basic_pass = strategy == "basic" and not basic_under_priorities
        priority_pass = (op_priority if priority_pass is None else priority_pass) and not basic_pass
        op_priority = op_priority and not basic_pass
    elif cost_model:
        conflicts = "cost"
    return Options(
        strategy,
        conflicts,
        max_iterations,
        op_priority,
        explain,
        conflicts == "shardy",
        user_priority,
        op_priority if priority_pass is None else priority_pass,
    )
