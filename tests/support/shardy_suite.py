"""The Shardy-fidelity suite: lit files under test/lit/passes/shardy/, each case run through
jaxlib's Shardy pass and through meshjit's Shardy-compatible equivalent, every value's sharding
compared (issue 19).

A suite file names its two pipelines in header comments:

    // SHARDY: sdy-aggressive-propagate
    // RUN: meshjit-opt %s -split-input-file \
    // RUN:   --pass-pipeline='builtin.module(meshjit-propagate{shardy-compatible=true ...})' ...

The meshjit pipeline is the one in the RUN line (so the FileCheck goldens check exactly what the
differential test compares). A case holding `// DIFFERS: why` is a known difference (xfail).

`python -m tests.support.shardy_suite [FILE...]` prints the agreement per file and the values that
differ.
"""

from __future__ import annotations

import dataclasses
import re
import sys
from pathlib import Path

from jaxlib.mlir import ir

from meshjit.dialects import make_context
from meshjit.passes import pass_manager_from_text
from meshjit.passes.graph.shardy_import import erase_dead_ops
from meshjit.passes.graph.split_constants import is_constant_like

SUITE_DIR = Path(__file__).resolve().parents[2] / "test" / "lit" / "passes" / "shardy"
_SHARDY = re.compile(r"^// SHARDY: (.+)$", re.M)
_RUN_PIPELINE = re.compile(r"--pass-pipeline='builtin\.module\((.+?)\)'")
_FUNC_NAME = re.compile(r"func\.func (?:private )?@([\w.]+)")
_DIFFERS = re.compile(r"^// DIFFERS: (.+)$", re.M)


@dataclasses.dataclass(frozen=True)
class Case:
    file: str
    name: str
    text: str  # the chunk, preceded by newlines so locations keep the file's line numbers
    shardy: str
    meshjit: str
    differs: str | None = None

    @property
    def id(self) -> str:
        return f"{self.file}::{self.name}"


def _run_lines(text: str) -> str:
    lines = [ln[len("// RUN:") :].strip() for ln in text.splitlines() if ln.startswith("// RUN:")]
    return " ".join(lines)


def load_cases(path: Path) -> list[Case]:
    text = path.read_text()
    shardy = _SHARDY.search(text).group(1).strip()
    meshjit = _RUN_PIPELINE.search(_run_lines(text)).group(1)
    cases, line = [], 0
    for chunk in text.split("\n// -----\n"):
        names = _FUNC_NAME.findall(chunk)
        if names:
            differs = _DIFFERS.search(chunk)
            cases.append(
                Case(
                    path.name,
                    names[-1],
                    "\n" * line + chunk,
                    shardy,
                    meshjit,
                    differs.group(1) if differs else None,
                )
            )
        line += chunk.count("\n") + 2
    return cases


def all_cases() -> list[Case]:
    return [c for p in sorted(SUITE_DIR.glob("*.mlir")) for c in load_cases(p)]


# --------------------------------------------------------------------------- running


class ShardyWouldCrash(Exception):
    """jaxlib's Shardy would take the whole process down on this module (not run)."""


# Ops whose results Shardy's data-flow edges hold (an `sdy.data_flow_edge` reads one of them).
_EDGE_SOURCES = frozenset(
    {
        "stablehlo.while",
        "stablehlo.case",
        "stablehlo.if",
        "stablehlo.optimization_barrier",
        "sdy.named_computation",
        "sdy.manual_computation",
    }
)
# Ops whose body arguments an `sdy.data_flow_edge` may read (a loop body's crashes Shardy).
_EDGE_BODIES = frozenset({"sdy.named_computation", "sdy.manual_computation"})


def shardy_crash(module: ir.Module, *, imported: bool = False) -> str | None:
    """Why jaxlib's Shardy passes would abort or crash the process on `module`, for the crashes
    known (checked on jaxlib 0.10.2), else None: an `sdy.data_flow_edge` on a value no
    data-flow op defines, or on a loop body's or func's argument, or without a sharding on a
    manual computation's result or body argument (segfaults), a function declaration
    (segfaults), a module without a `main` whose funcs are not exactly one (LLVM ERROR: Failed
    to lookup function: main), and, in a pass that runs no import (`imported` False), a value
    in two sharding groups (LLVM ERROR: Value can only map to one sharding group id)."""
    funcs = [op for op in module.body.operations if op.operation.name == "func.func"]
    names = {ir.StringAttr(f.operation.attributes["sym_name"]).value for f in funcs}
    if len(funcs) != 1 and "main" not in names:
        return f"a module of {len(funcs)} funcs without @main aborts Shardy"
    if any(not f.operation.regions[0].blocks for f in funcs):
        return "a function declaration crashes Shardy"
    found: list[str] = []
    grouped: dict = {}  # value -> its first group id

    def visit(op):
        if op.name == "sdy.sharding_group" and not imported:
            group = ir.IntegerAttr(op.attributes["group_id"]).value
            if grouped.setdefault(op.operands[0], group) != group:
                found.append(f"a value in sharding groups {grouped[op.operands[0]]} and {group}")
                return ir.WalkResult.INTERRUPT
        if op.name == "sdy.data_flow_edge":
            value = op.operands[0]
            if isinstance(value, ir.BlockArgument):
                readable = value.owner.owner.operation.name in _EDGE_BODIES
            else:
                readable = value.owner.operation.name in _EDGE_SOURCES
            if not readable:
                found.append(f"sdy.data_flow_edge at {op.location} reads no data-flow op's result")
                return ir.WalkResult.INTERRUPT
            if "sharding" not in op.attributes and _of_manual_computation(value):
                found.append(
                    f"sdy.data_flow_edge at {op.location} without a sharding reads a manual "
                    "computation's result or body argument"
                )
                return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return f"{found[0]}: it crashes Shardy" if found else None


def _of_manual_computation(value) -> bool:
    """Whether `value` is a manual computation's result or body argument."""
    if isinstance(value, ir.BlockArgument):
        return value.owner.owner.operation.name == "sdy.manual_computation"
    return value.owner.operation.name == "sdy.manual_computation"


def run(text: str, pipeline: str, *, erase_dead: bool = False) -> ir.Module:
    """`text` parsed and run through `builtin.module(pipeline)` (in the current context);
    `erase_dead` first erases dead ops (as Shardy's passes do). A Shardy pipeline is not run
    on a module it is known to crash on (ShardyWouldCrash says why)."""
    module = ir.Module.parse(text)
    if pipeline.startswith("sdy-"):
        crash = shardy_crash(module, imported=pipeline.startswith("sdy-propagation-pipeline"))
        if crash is not None:
            raise ShardyWouldCrash(crash)
    if erase_dead:
        erase_dead_ops(module.operation)
    pass_manager_from_text(f"builtin.module({pipeline})").run(module.operation)
    return module


def _attr_text(op, name: str) -> str | None:
    return str(op.attributes[name]) if name in op.attributes else None


def _per_value(op, name: str) -> list[str]:
    text = _attr_text(op, name)
    if text is None:
        return []
    return [str(a) for a in _per_value_attrs(op.attributes[name])]


def _per_value_attrs(attr) -> list:
    from jaxlib.mlir.dialects import sdy

    return list(sdy.TensorShardingPerValueAttr(attr).shardings)


def _open_unsharded(value_type) -> str:
    rank = len(value_type.shape) if isinstance(value_type, ir.RankedTensorType) else 0
    return "open" + "x" * rank


_RESULT_SHARDING_ATTR = {
    "sdy.data_flow_edge": "sharding",
    "sdy.sharding_constraint": "sharding",
    "sdy.reshard": "sharding",
}


def _normal(text: str | None, value_type) -> str:
    """Absent and fully open unsharded are the same sharding."""
    if text is None or re.fullmatch(r"#sdy\.sharding<@\w+, \[(\{\?\}(, )?)*\]>", text):
        return _open_unsharded(value_type)
    return text


def _op_shardings(op) -> list[tuple[str, str]]:
    name = op.name
    if name in _RESULT_SHARDING_ATTR:
        text = _attr_text(op, _RESULT_SHARDING_ATTR[name])
        if text is not None and not text.startswith("#sdy"):
            text = "#sdy.sharding" + text
        return [("0", _normal(text, op.results[0].type))]
    if name == "sdy.manual_computation":
        ins = [(f"in{i}", s) for i, s in enumerate(_per_value(op, "in_shardings"))]
        return ins + [(f"out{i}", s) for i, s in enumerate(_per_value(op, "out_shardings"))]
    shardings = _per_value(op, "sdy.sharding")
    out = []
    for i, r in enumerate(op.results):
        out.append((str(i), _normal(shardings[i] if i < len(shardings) else None, r.type)))
    return out


def _func_attr_shardings(func, key: str, types) -> list[str]:
    out = []
    attrs = func.attributes[key] if key in func.attributes else None
    for i, t in enumerate(types):
        text = None
        if attrs is not None:
            d = ir.DictAttr(ir.ArrayAttr(attrs)[i])
            text = str(d["sdy.sharding"]) if "sdy.sharding" in d else None
        out.append(_normal(text, t))
    return out


_CONSTANTS = frozenset({"stablehlo.constant", "sdy.constant"})


def value_shardings(
    module: ir.Module, *, skip_constants: bool = False, skip_reshards: bool = False
) -> dict[str, str]:
    """Every value's sharding text, keyed by func, op position and op name (so an extra or a
    missing op, e.g. a reshard, is a difference too), and the order of the functions.
    `skip_constants` leaves constants, iotas and what is computed from them alone out (and out
    of the positions): such a value split per use (meshjit's own mode splits them, Shardy's
    bare passes do not) then shifts nothing. `skip_reshards` leaves `sdy.reshard`s out the
    same way (meshjit's own mode places its reshards by its cost model)."""
    out = {"func order": " ".join(_FUNC_NAME.findall(str(module)))}
    for top in module.body.operations:
        op = top.operation
        if op.name != "func.func":
            out[f"{op.name} {_attr_text(op, 'sym_name')}"] = _attr_text(op, "mesh") or ""
            continue
        fname = ir.StringAttr(op.attributes["sym_name"]).value
        ftype = ir.FunctionType(ir.TypeAttr(op.attributes["function_type"]).value)
        for i, s in enumerate(_func_attr_shardings(op, "arg_attrs", ftype.inputs)):
            out[f"@{fname} arg{i}"] = s
        for i, s in enumerate(_func_attr_shardings(op, "res_attrs", ftype.results)):
            out[f"@{fname} res{i}"] = s
        position = [0]
        constant_like: set = set()

        def visit(o, fname=fname, position=position, constant_like=constant_like):
            if o.name == "func.func":
                return ir.WalkResult.ADVANCE
            if skip_constants and (o.name in _CONSTANTS or is_constant_like(o, constant_like)):
                constant_like.add(o)
                return ir.WalkResult.ADVANCE
            if skip_reshards and o.name == "sdy.reshard":
                return ir.WalkResult.ADVANCE
            position[0] += 1
            for k, s in _op_shardings(o):
                out[f"@{fname} #{position[0]} {o.name} {k}"] = s
            if "sdy.sharding_rule" in o.attributes:
                out[f"@{fname} #{position[0]} {o.name} rule"] = str(
                    o.attributes["sdy.sharding_rule"]
                )
            if not o.results:
                out[f"@{fname} #{position[0]} {o.name}"] = ""
            return ir.WalkResult.ADVANCE

        op.walk(visit)
    return out


# --------------------------------------------------------------------------- comparing


@dataclasses.dataclass
class Outcome:
    case: Case
    differing: list  # (key, shardy's, meshjit's)
    error: str | None = None

    @property
    def agrees(self) -> bool:
        return self.error is None and not self.differing


def compare(case: Case, meshjit: str | None = None) -> Outcome:
    with make_context():
        try:
            reference = value_shardings(run(case.text, case.shardy))
        except Exception as e:  # noqa: BLE001  (the reference rejected the case: report it)
            return Outcome(case, [], f"shardy: {e}")
        try:
            mine = value_shardings(run(case.text, meshjit or case.meshjit))
        except Exception as e:  # noqa: BLE001
            return Outcome(case, [], f"meshjit: {e}")
    keys = list(dict.fromkeys([*reference, *mine]))
    differing = [
        (k, reference.get(k), mine.get(k)) for k in keys if reference.get(k) != mine.get(k)
    ]
    return Outcome(case, differing)


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or sorted(SUITE_DIR.glob("*.mlir"))
    total = agree = 0
    for path in paths:
        outcomes = [compare(c) for c in load_cases(path)]
        n = sum(o.agrees for o in outcomes)
        total, agree = total + len(outcomes), agree + n
        print(f"{path.name}: {n}/{len(outcomes)}")
        for o in outcomes:
            if not o.agrees:
                mark = " (known)" if o.case.differs else ""
                print(f"  {o.case.name}{mark}: {o.error or ''}")
                for k, s, m in o.differing:
                    print(f"    {k}\n      shardy  {s}\n      meshjit {m}")
    print(f"total: {agree}/{total}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
