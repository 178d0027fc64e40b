"""meshjit's registered sharding passes: their names, summaries, options and diagnostics.

- `meshjit-propagate`: splits constants per use, then factor-based propagation (propagation/);
  conflicts resolved by estimated communication (`conflicts=auto`: Shardy's preferences or the
  per-op cost model, whichever whole result moves fewer bytes), or only Shardy's way
  (`conflicts=shardy`, or `shardy-compatible=true`) or only by the per-op cost model
  (`conflicts=cost`, or `cost-model=true`).
- `meshjit-export`: close every decided sharding (values nothing reached stay unannotated); pin
  each dot / convolution to its cheapest way to compute with `sdy.reshard`s (`pin-dot-plans`,
  on by default); optionally insert `sdy.reshard`s for every remaining conflict (export/).
- `meshjit-print-sharding-rules`: test-only, attaches each op's rule as `meshjit.sharding_rule`.
"""

from __future__ import annotations

import sys

from meshjit.dialects.util import gc_paused
from meshjit.passes.api import propagate_module
from meshjit.passes.export import (
    export_module,
    mark_propagated_shardings,
    prepare_for_xla,
    shardy_ops,
)
from meshjit.passes.graph import GraphError, ShardingReadError
from meshjit.passes.graph.shardy_import import drop_internal_marks
from meshjit.passes.propagation import PropagationError, explain_table, make_options
from meshjit.passes.registry import PassOption, fail, register_pass
from meshjit.passes.rules import RuleError, attach_rules


def _run_guarded(pass_, module_op, fn) -> None:
    """Runs `fn`, reporting the errors the passes raise as pass failures."""
    try:
        fn()
    except (GraphError, ShardingReadError) as e:
        fail(pass_, e.location, str(e))
    except (PropagationError, RuleError) as e:
        fail(pass_, module_op.location, str(e))


@register_pass(
    "meshjit-propagate",
    "Propagate shardings with meshjit's factor-based rules and cost model",
    options=[
        PassOption("strategy", str, "aggressive", "basic (no conflicts resolved) or aggressive"),
        PassOption(
            "conflicts",
            str,
            "auto",
            "auto (Shardy's preferences or the per-op cost model, whichever whole result is "
            "estimated to move fewer bytes), shardy, or cost",
        ),
        PassOption(
            "shardy-compatible", bool, False, "resolve conflicts by Shardy's preferences only"
        ),
        PassOption("cost-model", bool, False, "resolve conflicts by the per-op cost model only"),
        PassOption("max-iterations", int, 64, "sweeps per fixed point before giving up"),
        PassOption("op-priority", bool, True, "pass-through ops first, then broadcast, then all"),
        PassOption(
            "user-priority",
            bool,
            True,
            "with shardy-compatible=true: pN annotations order the sources (off: Shardy's "
            "sdy-op-priority-propagate alone, which ignores them)",
        ),
        PassOption("explain", bool, False, "print where each value's sharding came from"),
        PassOption(
            "conservative-propagation",
            bool,
            False,
            "never split an axis into sub-axes (as Shardy's option of that name)",
        ),
        PassOption(
            "keep-sharding-rules",
            bool,
            False,
            "attach each op's rule as sdy.sharding_rule (as Shardy's option of that name)",
        ),
        PassOption(
            "shardy-import",
            str,
            "auto",
            "Shardy's import steps (dead ops erased, a constraint that is a value's only user "
            "gives it its sharding): true, false, or auto (on with shardy-compatible=true, "
            "op-priority and meshjit-export after it: the stand-in for sdy-propagation-pipeline)",
        ),
        PassOption(
            "exported",
            bool,
            True,
            "whether meshjit-export follows in the pipeline (set by the pipeline parser)",
        ),
        # Shardy's own spellings, so its pass lines run unchanged under the mapping.
        PassOption(
            "propagation-strategy",
            str,
            "",
            "Shardy's name for strategy (basic or aggressive); overrides strategy when given",
        ),
        PassOption(
            "run-op-priority-propagation",
            str,
            "",
            "Shardy's name for op-priority (true or false); overrides op-priority when given",
        ),
        PassOption(
            "debug-sharding-origins",
            bool,
            False,
            "accepted as Shardy's option; origins are not written as sdy.sharding_origins "
            "(explain=true prints them)",
        ),
        PassOption(
            "debug-propagation-edge-sharding",
            bool,
            False,
            "accepted as Shardy's option; edges are not written as sdy.propagation_edges "
            "(explain=true prints where each sharding came from)",
        ),
        PassOption(
            "module-dump-directory", str, "", "accepted as Shardy's option; nothing is dumped"
        ),
        PassOption(
            "dedup-functions-fully",
            bool,
            False,
            "as Shardy's pipeline option: every call of a function shares one copy of it "
            "(calls whose operands disagree with it are resharded at export)",
        ),
    ],
)
def propagate_pass(module_op, pass_, **opts) -> None:
    opts["strategy"] = opts["propagation-strategy"] or opts["strategy"]
    run_op_priority = opts["run-op-priority-propagation"]
    if run_op_priority not in ("", "true", "false"):
        raise PropagationError(
            f"run-op-priority-propagation must be true or false, got '{run_op_priority}'"
        )
    if run_op_priority:
        opts["op-priority"] = run_op_priority == "true"

    def run():
        options = make_options(
            strategy=opts["strategy"],
            conflicts=opts["conflicts"],
            shardy_compatible=opts["shardy-compatible"],
            cost_model=opts["cost-model"],
            max_iterations=opts["max-iterations"],
            op_priority=opts["op-priority"],
            explain=opts["explain"],
            user_priority=opts["user-priority"],
            # Shardy's spelling on its priority passes: the basic strategy per priority stage
            basic_under_priorities=bool(opts["propagation-strategy"]),
            # Shardy's option on its priority passes: stages off, user priorities still on
            priority_pass=True if run_op_priority else None,
        )
        graph = propagate_module(
            module_op,
            options,
            shardy_import=_shardy_import(opts),
            bare=opts["shardy-compatible"] and not _shardy_import(opts),
            conservative=opts["conservative-propagation"],
            keep_rules=opts["keep-sharding-rules"],
            dedup_fully=opts["dedup-functions-fully"],
        )
        if opts["explain"]:
            sys.stderr.write(graph.explanation or explain_table(graph))
            sys.stderr.flush()

    _run_guarded(pass_, module_op, run)


def _shardy_import(opts) -> bool:
    value = opts["shardy-import"]
    if value not in ("auto", "true", "false"):
        raise PropagationError(f"shardy-import must be true, false or auto, got '{value}'")
    if value == "auto":
        return (
            opts["shardy-compatible"]
            and opts["op-priority"]
            and opts["strategy"] != "basic"
            and opts["exported"]
        )
    return value == "true"


@register_pass(
    "meshjit-export",
    "Close every sharding after propagation so XLA keeps it; optionally insert sdy.reshard",
    options=[
        PassOption("close-shardings", bool, True, "close every dimension ({?} -> {})"),
        PassOption("insert-reshards", bool, False, "make remaining conflicts explicit reshards"),
        PassOption(
            "pin-dot-plans",
            bool,
            True,
            "reshard dot/convolution operands and results into their cheapest way to compute",
        ),
        PassOption(
            "pin-op-shardings",
            bool,
            False,
            "restate op result shardings as sdy.sharding_constraint (what XLA keeps)",
        ),
        PassOption(
            "shardy-ops",
            bool,
            True,
            "as Shardy's export: sharding constraints become sdy.reshard, constants "
            "sdy.constant (not with pin-op-shardings, which prepares the module for XLA)",
        ),
    ],
)
def export_pass(module_op, pass_, **opts) -> None:
    def run():
        if opts["shardy-ops"] and not opts["pin-op-shardings"]:
            mark_propagated_shardings(module_op)
        with gc_paused():
            export_module(
                module_op,
                close=opts["close-shardings"],
                insert_reshards=opts["insert-reshards"],
                pin_plans=opts["pin-dot-plans"],
                close_unreached=opts["pin-op-shardings"] or not opts["shardy-ops"],
                even_boundaries=opts["shardy-ops"] and not opts["pin-op-shardings"],
            )
        if opts["pin-op-shardings"]:
            prepare_for_xla(module_op)
        elif opts["shardy-ops"]:
            shardy_ops(module_op)
        drop_internal_marks(module_op)

    _run_guarded(pass_, module_op, run)


@register_pass(
    "meshjit-prepare-for-xla",
    "Make a propagated module (meshjit's or Shardy's) exactly what XLA compiles: sdy.reshard "
    "as constraints, every op's sharding pinned by a constraint",
)
def prepare_for_xla_pass(module_op, pass_) -> None:
    _run_guarded(pass_, module_op, lambda: prepare_for_xla(module_op))


@register_pass(
    "meshjit-print-sharding-rules",
    "Test only: attach each op's factor sharding rule as a meshjit.sharding_rule attribute",
)
def print_rules_pass(module_op, pass_) -> None:
    attach_rules(module_op, lambda op, message: fail(pass_, op.location, message))
