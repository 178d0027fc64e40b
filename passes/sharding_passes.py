"""meshjit's sharding passes (registration, options, diagnostics) and their Python API.

- `meshjit-propagate`: splits constants per use (split_constants.py), then factor-based
  propagation (propagation.py); conflicts resolved by
  estimated communication (`conflicts=auto`: Shardy's preferences or the per-op cost model,
  whichever whole result moves fewer bytes), or only Shardy's way (`shardy-compatible=true`,
  `conflicts=shardy`) or only by the per-op cost model (`cost-model=true`, `conflicts=cost`).
- `meshjit-export`: close every decided sharding (values nothing reached stay unannotated); pin each dot / convolution to its cheapest way to
  compute with `sdy.reshard`s (`pin-dot-plans`, on by default); optionally insert `sdy.reshard`s
  for every remaining conflict (export.py).
- `meshjit-print-sharding-rules`: test-only, attaches each op's rule as `meshjit.sharding_rule`.
"""

from __future__ import annotations

import sys

from jaxlib.mlir import ir, passmanager

from meshjit.dialects.util import gc_paused
from meshjit.passes import propagation
from meshjit.passes import rules as rules_lib
from meshjit.passes.cost import clear_cache
from meshjit.passes.export import export_module, pin_dot_plans, prepare_for_xla, write_back
from meshjit.passes.graph import (
    Graph,
    GraphError,
    ShardingReadError,
    build_graph,
    print_warnings,
    slot_sharding,
    split_constants,
)
from meshjit.passes.registry import PassOption, fail, register_pass


class PropagationError(ValueError):
    """Raised by the Python API for modules the passes reject."""


def _options(
    strategy: str,
    shardy_compatible: bool,
    max_iterations: int,
    op_priority=True,
    cost_model=False,
    explain=False,
    conflicts="auto",
):
    if strategy not in propagation.STRATEGIES:
        raise PropagationError(
            f"unknown strategy '{strategy}' (expected {' or '.join(propagation.STRATEGIES)})"
        )
    if conflicts not in propagation.CONFLICTS:
        raise PropagationError(
            f"unknown conflicts '{conflicts}' (expected {', '.join(propagation.CONFLICTS)})"
        )
    return propagation.Options(
        strategy, shardy_compatible, max_iterations, op_priority, cost_model, explain, conflicts
    )


def propagate_module(
    module_op: ir.Operation, options: propagation.Options, *, close: bool = False
) -> Graph:
    """Propagates and writes the result back; `close=True` also exports (closes every dim)
    from the same graph, as `meshjit-export` would after rebuilding it."""
    with gc_paused():
        clear_cache()
        split_constants(module_op)
        graph = build_graph(module_op)
        print_warnings(graph)
        propagation.propagate_graph(graph, options)
        write_back(graph, close=close)
        if close:
            pin_dot_plans(graph)
    return graph


# --------------------------------------------------------------------------- explain


def _value_name(slot) -> str:
    if slot.value is None:
        return slot.label
    try:
        return slot.value.get_name()
    except Exception:  # noqa: BLE001 - names are cosmetic
        return "?"


def _origin_text(slot, d: int) -> str:
    origin = slot.origin[d]
    if origin is None:
        return "-"
    root, path = origin
    if not path:
        return f"annotation on {root}"
    ops = " -> ".join(p.split(" ")[0] for p in path)
    return f"from {root} via {ops}"


def explain_table(graph: Graph) -> str:
    """One row per sharded value: where each dimension's axes came from."""
    rows = []
    for slot in graph.all_slots():
        if slot.mesh is None or not slot.used():
            continue
        sharding = slot_sharding(slot, graph.meshes).text
        origins = "; ".join(
            f"d{d}: {_origin_text(slot, d)}" for d in range(slot.rank) if slot.dims[d]
        )
        rows.append((_value_name(slot), slot.label, sharding, origins))
    header = ("value", "defined by", "sharding", "origin")
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(3)]
    lines = ["meshjit-propagate: sharding origins"]
    for row in [header, *rows]:
        lines.append("  ".join(c.ljust(w) for c, w in zip(row[:3], widths)) + "  " + row[3])
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- passes


def _run_guarded(pass_, module_op, fn) -> None:
    try:
        fn()
    except (GraphError, ShardingReadError) as e:
        fail(pass_, e.location, str(e))
    except (PropagationError, rules_lib.RuleError) as e:
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
        PassOption("explain", bool, False, "print where each value's sharding came from"),
    ],
)
def propagate_pass(module_op, pass_, **opts) -> None:
    def run():
        options = _options(
            opts["strategy"],
            opts["shardy-compatible"],
            opts["max-iterations"],
            opts["op-priority"],
            opts["cost-model"],
            opts["explain"],
            opts["conflicts"],
        )
        graph = propagate_module(module_op, options)
        if opts["explain"]:
            sys.stderr.write(explain_table(graph))
            sys.stderr.flush()

    _run_guarded(pass_, module_op, run)


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
    ],
)
def export_pass(module_op, pass_, **opts) -> None:
    def run():
        with gc_paused():
            export_module(
                module_op,
                close=opts["close-shardings"],
                insert_reshards=opts["insert-reshards"],
                pin_plans=opts["pin-dot-plans"],
            )
        if opts["pin-op-shardings"]:
            prepare_for_xla(module_op)

    _run_guarded(pass_, module_op, run)


@register_pass(
    "meshjit-print-sharding-rules",
    "Test only: attach each op's factor sharding rule as a meshjit.sharding_rule attribute",
)
def print_rules_pass(module_op, pass_) -> None:
    rules_lib.attach_rules(module_op, lambda op, message: fail(pass_, op.location, message))


# --------------------------------------------------------------------------- Python API


def _module_op(module):
    return module.operation if hasattr(module, "operation") else module


def _run_pipeline(module, pipeline: str):
    module_op = _module_op(module)
    with module_op.context:
        pm = passmanager.PassManager.parse(pipeline)
        pm.run(module_op)
    return module


def propagate(
    module,
    *,
    strategy: str = "aggressive",
    shardy_compatible: bool = False,
    max_iterations: int = 64,
    op_priority: bool = True,
    cost_model: bool = False,
    export: bool = True,
    insert_reshards: bool = False,
    explain: bool = False,
    conflicts: str = "auto",
):
    """Runs meshjit's propagation (and export, unless `export=False`) on `module` in place.

    Conflicts are resolved by estimated communication (`conflicts="auto"`), Shardy's way
    (`"shardy"`, or `shardy_compatible=True`) or by the per-op cost model (`"cost"`, or
    `cost_model=True`). Works on an `ir.Module` or its operation from any frontend; returns
    `module`. Raises PropagationError (with the location) for modules it cannot handle.
    """
    module_op = _module_op(module)
    options = _options(
        strategy, shardy_compatible, max_iterations, op_priority, cost_model, explain, conflicts
    )
    with module_op.context, gc_paused():
        try:
            close_now = export and not insert_reshards
            graph = propagate_module(module_op, options, close=close_now)
            if explain:
                sys.stderr.write(explain_table(graph))
            del graph  # freed while the collector is paused (else its resumption scans it all)
            if export and not close_now:
                export_module(module_op, close=True, insert_reshards=insert_reshards)
        except (GraphError, ShardingReadError) as e:
            raise PropagationError(f"{e.location}: {e}") from None
        except rules_lib.RuleError as e:
            raise PropagationError(str(e)) from None
    return module


def run_shardy(module):
    """Runs Shardy's `sdy-propagation-pipeline` (import, propagate, export) on `module`."""
    return _run_pipeline(module, "builtin.module(sdy-propagation-pipeline)")
