"""The Python API of meshjit's sharding passes: `propagate` (propagate, then export) and
`run_shardy` (Shardy's pipeline, the reference), on an `ir.Module` from any frontend; and
`propagate_module`, the propagation stage both `propagate` and `meshjit-propagate` run."""

from __future__ import annotations

import math
import sys

from jaxlib.mlir import ir, passmanager

from meshjit.dialects.util import gc_paused
from meshjit.passes.cost import clear_cache
from meshjit.passes.export import (
    export_data_flow,
    export_module,
    pin_dot_plans,
    prepare_for_xla,
    write_back,
)
from meshjit.passes.export.write_back import drop_generated_rules, keep_sharding_rules
from meshjit.passes.graph import (
    Graph,
    GraphError,
    ShardingReadError,
    build_graph,
    print_warnings,
    split_constants,
)
from meshjit.passes.graph.build import PER_VALUE_OPS
from meshjit.passes.graph.call_graph import check_calls, flatten_call_graph
from meshjit.passes.graph.callee_copies import copy_shared_callees, merge_alike_copies
from meshjit.passes.graph.checks import check_static_shapes
from meshjit.passes.graph.donation import pin_donated_updates
from meshjit.passes.graph.graph import STAGE_PASS_THROUGH
from meshjit.passes.graph.shardy_import import (
    apply_sharding_constraints,
    apply_unreduced_constraints,
    block_permutation_factors,
    drop_maximal_callee_shardings,
    dying_ops,
    erase_dead_ops,
    import_sharding_groups,
    lift_inlined_meshes,
    mark_deferred_results,
    reattached_slots,
    remove_size_one_axes,
    sort_manual_axes,
)
from meshjit.passes.graph.ties import TIES
from meshjit.passes.propagation import (
    Options,
    PropagationError,
    explain_table,
    make_options,
    propagate_graph,
)
from meshjit.passes.propagation.constant_copies import propagate_from_copies
from meshjit.passes.rules import RuleError


def propagate_module(
    module_op: ir.Operation,
    options: Options,
    *,
    close: bool = False,
    shardy_import: bool = False,
    conservative: bool = False,
    keep_rules: bool = False,
    bare: bool = False,
    dedup_fully: bool = False,
) -> Graph:
    """Splits constants per use, propagates and writes the result back; `close=True` also
    exports (closes every dim, pins dot plans) from the same graph, as `meshjit-export` would
    after rebuilding it. `bare` stands for Shardy's propagation passes run alone (on a module
    its import already prepared): constants stay shared, and only data-flow edge ops tie a
    loop's, branch's, barrier's or named computation's values. `dedup_fully` (Shardy's
    pipeline option `dedup-functions-fully`) keeps one copy of each function, which every call
    site then shares, instead of one per call."""
    with gc_paused():
        clear_cache()
        check_calls(module_op)
        if options.conflicts == "shardy":
            check_static_shapes(module_op)
        # (Shardy's own passes take GSPMD's custom calls as calls without a rule; so does
        # the Shardy-compatible mode.)
        where = gspmd_sharding(module_op) if options.conflicts != "shardy" else None
        if where is not None:
            raise PropagationError(
                f"the module carries GSPMD shardings ({where}); meshjit propagates Shardy (sdy) "
                "shardings only: emit the module with Shardy (JAX's default)"
            )
        lazy_dead = options.conflicts == "shardy" and (bare or shardy_import)
        if not shardy_import:  # (Shardy's pipeline: after its constraints applied)
            # Shardy's way with groups whose members disagree (before the dead-op positions
            # below: an op whose operands it rewires hashes anew, campaign 72561; meshjit's own
            # mode reads a call result as the graph starts it: with its callee's result sharding)
            import_sharding_groups(module_op, callee_results=options.conflicts != "shardy")
        if options.conflicts == "shardy" and not shardy_import:
            # Shardy's passes erase a dead op when their greedy driver visits it: an op used
            # only by a later dead op propagates before it goes (erased below, after
            # write-back). (Its pipeline: on the module its import left, below.)
            if lazy_dead:
                op_index, dying, shared, revisits = dying_ops(module_op)
            erase_dead_ops(module_op, transitive=not lazy_dead)
        # (every mode: `mesh<[...]>` in a sharding names no symbol)
        lift_inlined_meshes(module_op, dedup=not bare)
        if shardy_import:
            sort_manual_axes(module_op)
            remove_size_one_axes(module_op)
            # (Shardy's import splits constants before it applies constraints and manual
            # computations' in_shardings: a copy takes the sharding, not the constant's users)
            split_constants(module_op, mark=True)
            flatten_call_graph(module_op, share=dedup_fully)
            drop_maximal_callee_shardings(module_op)
            apply_sharding_constraints(module_op)
            mark_deferred_results(module_op)
            import_sharding_groups(module_op, pipeline=True)
            if lazy_dead:  # (the import erases no dead op: its steps see their uses)
                op_index, dying, shared, revisits = dying_ops(module_op, pipeline=True)
                erase_dead_ops(module_op, transitive=False, pipeline=True)
        copies = 0
        if options.conflicts != "shardy":
            apply_unreduced_constraints(module_op)
            # (each call site its own callee, as Shardy's import and XLA's inlining: merged back
            # below where they come out alike; `dedup_fully`: every call shares one)
            copies = 0 if dedup_fully else copy_shared_callees(module_op)
            pin_donated_updates(module_op)
        copied: list | None = None  # meshjit's own mode: each split constant with its copies
        if not bare and not shardy_import:  # (Shardy-compatible: the export merges copies)
            copied = [] if options.conflicts != "shardy" else None
            split_constants(module_op, mark=options.conflicts == "shardy", copied=copied)
        graph = build_graph(
            module_op,
            edges_only=bare,
            hold_priorities=options.user_priorities,
            untied_ifs=shardy_import,
            static_only=options.conflicts == "shardy",
            open_members_move=options.conflicts != "shardy" and not bare,
        )
        if lazy_dead:
            _mark_dying(graph, op_index, dying, shared, revisits)
        # As Shardy's passes, propagation puts sub-axes on func boundaries too (export cuts
        # them off open dims); conservatively, nowhere.
        if shardy_import:
            graph.reattached = reattached_slots(module_op, graph)
        shardy = options.conflicts == "shardy"
        for slot in graph.all_slots():
            slot.no_sub_axes = conservative
            if shardy:  # Shardy leaves a rule-less op's results as nothing reached them
                slot.opaque = False
        if conservative:
            graph.conservative = True
            block_permutation_factors(graph)
        print_warnings(graph)
        propagate_graph(graph, options)
        if copied:  # (meshjit's own mode: a copy nothing reached shards as its siblings)
            propagate_from_copies(graph, copied, options)
        write_back(graph, close=close)
        if keep_rules:
            keep_sharding_rules(module_op, conservative)
        elif options.conflicts == "shardy":  # meshjit's own mode hands XLA the user's rules
            drop_generated_rules(module_op)
        if lazy_dead:
            if options.track_origins:
                graph.explanation = explain_table(graph)
            erase_dead_ops(module_op, pipeline=shardy_import)
        if close:
            pin_dot_plans(graph)
            export_data_flow(module_op)
        if copies:
            if options.track_origins:  # (read from the graph before the copies go)
                graph.explanation = explain_table(graph)
            merge_alike_copies(module_op)
    return graph


def _mark_dying(graph: Graph, op_index: dict, dying: dict, shared: dict, revisits: dict) -> None:
    pairs: dict = {}  # an op whose values each have an edge -> its edges seen so far
    at_position: dict = {}  # an op's program position -> its edges
    for edge in graph.edges:
        if edge.op is None:
            tied = graph.tie_ops.get(edge)
            if tied is not None and tied.operation in op_index:
                graph.edge_index[edge] = op_index[tied.operation]
            continue
        op = edge.op.operation
        # (the operand positions the edge reads: its own value's, or all)
        if op.name in PER_VALUE_OPS:
            k = pairs[op] = pairs.get(op, -1) + 1
            reads = (k,)
        else:
            reads = range(len(edge.operands))
        at = op_index.get(op)
        if at is not None:
            graph.edge_index[edge] = at
            at_position.setdefault(at, []).append(edge)
            if op in dying:
                graph.dying[edge] = dying[op]
            # (Shardy's pass-through stage asks whether an operand has another use as its
            # driver reaches the op: a user dead by then does not count, a dead one after
            # does until the driver erases it)
            if _staged(edge, op):
                until = max((shared.get(op, {}).get(k, -1) for k in reads), default=-1)
                edge.shared_operand = until == math.inf
                edge.shared_until = until if 0 <= until < math.inf else None
    graph.releases = sorted(
        (at, [e for k in ops for e in at_position.get(k, ())]) for at, ops in revisits.items()
    )


def _staged(edge, op) -> bool:
    """Whether the edge's op waits in the first op-priority stage while an operand has
    another use (a barrier's data-flow edges read its results instead: see build.py)."""
    return (edge.stage == STAGE_PASS_THROUGH or edge.forward_first) and not (
        op.name in TIES or op.name in PER_VALUE_OPS
    )


_GSPMD_CALLS = frozenset({"Sharding", "SPMDFullToShardShape", "SPMDShardToFullShape"})


def gspmd_sharding(module_op: ir.Operation) -> str | None:
    """Where the module carries GSPMD-style shardings (`mhlo.sharding` attributes, or the
    `@Sharding` / `@SPMDFullToShardShape` custom calls), which meshjit does not read; None if
    it carries none."""
    found = []

    def visit(op):
        attrs = op.attributes
        if not len(attrs):
            return ir.WalkResult.ADVANCE
        target = attrs["call_target_name"] if "call_target_name" in attrs else None
        if target is not None and ir.StringAttr(target).value in _GSPMD_CALLS:
            found.append(f"custom_call @{ir.StringAttr(target).value} at {op.location}")
        elif "mhlo.sharding" in attrs or (
            "arg_attrs" in attrs and "mhlo.sharding" in str(attrs["arg_attrs"])
        ):
            found.append(f"mhlo.sharding on {op.name} at {op.location}")
        return ir.WalkResult.INTERRUPT if found else ir.WalkResult.ADVANCE

    module_op.walk(visit)
    return found[0] if found else None


def module_operation(module) -> ir.Operation:
    """The operation of an `ir.Module` (or the operation itself)."""
    return module.operation if hasattr(module, "operation") else module


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
    module_op = module_operation(module)
    options = make_options(
        strategy=strategy,
        conflicts=conflicts,
        shardy_compatible=shardy_compatible,
        cost_model=cost_model,
        max_iterations=max_iterations,
        op_priority=op_priority,
        explain=explain,
    )
    with module_op.context, gc_paused():
        try:
            close_now = export and not insert_reshards
            graph = propagate_module(module_op, options, close=close_now)
            if explain:
                sys.stderr.write(graph.explanation or explain_table(graph))
            del graph  # freed while the collector is paused (else its resumption scans it all)
            if export and not close_now:
                export_module(module_op, close=True, insert_reshards=insert_reshards)
        except (GraphError, ShardingReadError) as e:
            raise PropagationError(f"{e.location}: {e}") from None
        except RuleError as e:
            raise PropagationError(str(e)) from None
    return module


def propagated(module, *, propagation: str = "meshjit", **options):
    """A new module, propagated and ready for XLA (what `jit` compiles): `module` (an
    `ir.Module` or its text; not changed) through meshjit's propagation and export
    (`propagation="meshjit"`, `options` as `propagate` takes them) or Shardy's pipeline
    (`"shardy"`), then `prepare_for_xla`. Returns text for text, else an `ir.Module`.

    (`propagate` itself works in place and returns the exported module, which may still hold
    `sdy.reshard`s that XLA rejects: run `prepare_for_xla` on it, or use this.)"""
    from meshjit.dialects.context import shared_context

    as_text = isinstance(module, str)
    source = module if as_text else module_operation(module).get_asm(enable_debug_info=True)
    context = shared_context() if as_text else module_operation(module).context
    with context:
        copy = ir.Module.parse(source)
    if propagation == "meshjit":
        propagate(copy, **options)
    elif propagation == "shardy" and not options:
        run_shardy(copy)
    else:
        raise ValueError(
            f"propagated: propagation must be 'meshjit' or 'shardy' (options only "
            f"with 'meshjit'), got {propagation!r} with {sorted(options)}"
        )
    with copy.context:
        prepare_for_xla(copy)
    return copy.operation.get_asm() if as_text else copy


def run_shardy(module):
    """Runs Shardy's `sdy-propagation-pipeline` (import, propagate, export) on `module`."""
    module_op = module_operation(module)
    with module_op.context:
        pm = passmanager.PassManager.parse("builtin.module(sdy-propagation-pipeline)")
        pm.run(module_op)
    return module
