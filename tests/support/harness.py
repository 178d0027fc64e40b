"""The differential harness: Shardy's propagation against meshjit's on the same module.

For one StableHLO + sdy module, `differential` runs Shardy's `sdy-propagation-pipeline` and
meshjit's passes (`meshjit.passes.propagate`: propagate + export) on identical copies, compares
the per-value shardings, compiles both results with XLA (8 CPU devices) and measures what each
costs: the collectives in the partitioned HLO (count, result bytes, bytes moved per device) and
per-device memory (`get_compiled_memory_stats`). Used by the tests under tests/passes/ and by
bench/propagation.py.
"""

from __future__ import annotations

import dataclasses
import os
import time

os.environ.setdefault("MESHJIT_NUM_CPU_DEVICES", "8")

from jaxlib.mlir import ir  # noqa: E402

import meshjit  # noqa: E402
from meshjit import passes  # noqa: E402
from meshjit.compiler.runtime import client as backend  # noqa: E402
from meshjit.compiler.runtime.hlo_stats import collective_stats  # noqa: E402
from meshjit.dialects import make_context  # noqa: E402
from meshjit.passes.graph import sharding_io  # noqa: E402

# --------------------------------------------------------------------------- per-value shardings

_NOT_COMPARED = {
    "stablehlo.constant",
    "stablehlo.iota",
    "sdy.reshard",
    "sdy.return",
    "sdy.constant",
}


def value_shardings(module: ir.Module) -> dict[str, tuple]:
    """Axes per dim for func args/results and op results, keyed by position and location."""
    out, seen = {}, {}
    for op in module.body.operations:
        if op.operation.name != "func.func":
            continue
        func = op.operation
        name = ir.StringAttr(func.attributes["sym_name"]).value
        block = func.regions[0].blocks[0]
        for i, arg in enumerate(block.arguments):
            out[f"@{name} arg{i}"] = _axes(sharding_io.func_arg_sharding(func, i), arg.type)
        ftype = ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)
        for i, t in enumerate(ftype.results):
            out[f"@{name} res{i}"] = _axes(sharding_io.func_result_sharding(func, i), t)

        def visit(o):
            if o.name in _NOT_COMPARED or not o.results or o.name == "func.func":
                return ir.WalkResult.ADVANCE
            key = (o.name, str(o.location))
            seen[key] = seen.get(key, 0) + 1
            for i, s in enumerate(sharding_io.op_result_shardings(o)):
                out[f"{o.name}@{o.location}#{seen[key]}.{i}"] = _axes(s, o.results[i].type)
            return ir.WalkResult.ADVANCE

        func.walk(visit)
    return out


def _axes(sharding, value_type) -> tuple:
    rank = len(value_type.shape) if isinstance(value_type, ir.RankedTensorType) else 0
    if sharding is None:
        return ((),) * rank
    return tuple(tuple(str(a) for a in d.axes) for d in sharding.dims)


# --------------------------------------------------------------------------- collectives

def memory_bytes(executable) -> int:
    """Per-device bytes: arguments + outputs + temporaries (minus aliased outputs)."""
    m = executable.get_compiled_memory_stats()
    return (
        m.argument_size_in_bytes
        + m.output_size_in_bytes
        + m.temp_size_in_bytes
        - m.alias_size_in_bytes
    )


# --------------------------------------------------------------------------- one module


@dataclasses.dataclass
class Cost:
    collectives: int
    result_bytes: int
    moved_bytes: int
    memory: int

    def __getitem__(self, i):  # (count, result bytes, moved bytes), as the old tuples were
        return (self.collectives, self.result_bytes, self.moved_bytes, self.memory)[i]


@dataclasses.dataclass
class Row:
    name: str
    agree: int
    values: int
    shardy: Cost
    meshjit: Cost
    differing: list
    shardy_seconds: float = 0.0
    meshjit_seconds: float = 0.0


def compile_cost(text: str) -> Cost:
    exe = backend.compile_module(text, meshjit.devices()[:8])
    stats = collective_stats(exe.hlo_modules()[0].to_string())
    return Cost(*stats, memory_bytes(exe))


def _timed(fn, module) -> float:
    t0 = time.perf_counter()
    fn(module)
    return time.perf_counter() - t0


def propagate_both(text: str, **options):
    """(Shardy's module, meshjit's module, Shardy seconds, meshjit seconds), in a live context."""
    shardy, mine = ir.Module.parse(text), ir.Module.parse(text)
    t_shardy = _timed(passes.run_shardy, shardy)
    t_mine = _timed(lambda m: passes.propagate(m, **options), mine)
    return shardy, mine, t_shardy, t_mine


def differential(name: str, text: str, **options) -> Row:
    with make_context():
        shardy, mine, t_shardy, t_mine = propagate_both(text, **options)
        a, b = value_shardings(shardy), value_shardings(mine)
        keys = [k for k in a if k in b]
        differing = [(k, a[k], b[k]) for k in keys if a[k] != b[k]]
        for module in (shardy, mine):
            passes.prepare_for_xla(module)
        shardy_text, mine_text = str(shardy), str(mine)
    return Row(
        name,
        len(keys) - len(differing),
        len(keys),
        compile_cost(shardy_text),
        compile_cost(mine_text),
        differing,
        t_shardy,
        t_mine,
    )


# --------------------------------------------------------------------------- table


def _cost(c: Cost, memory: bool) -> str:
    text = f"{c.collectives:>3} {c.result_bytes:>8} {c.moved_bytes:>8}"
    return text + (f" {c.memory:>8}" if memory else "")


def format_table(rows: list[Row], *, memory: bool = False) -> str:
    cols = f"{'#':>3} {'result B':>8} {'moved B':>8}" + (f" {'memory B':>8}" if memory else "")
    width = len(cols)
    lines = [
        f"{'':<26}{'':>14}  {'shardy':^{width}}  {'meshjit':^{width}}",
        f"{'module':<26}{'agreement':>14}  {cols}  {cols}",
    ]
    for r in rows:
        lines.append(
            f"{r.name:<26}{r.agree:>4}/{r.values:<4} {100 * r.agree / max(r.values, 1):3.0f}%"
            f"  {_cost(r.shardy, memory)}  {_cost(r.meshjit, memory)}"
        )
    agree = sum(r.agree for r in rows)
    values = sum(r.values for r in rows)
    totals = [
        Cost(*(sum(getattr(r, side)[i] for r in rows) for i in range(4)))
        for side in ("shardy", "meshjit")
    ]
    lines.append(
        f"{'total':<26}{agree:>4}/{values:<4} {100 * agree / max(values, 1):3.0f}%"
        f"  {_cost(totals[0], memory)}  {_cost(totals[1], memory)}"
    )
    return "\n".join(lines)
