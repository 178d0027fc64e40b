"""meshjit-opt: parse, verify, run passes over .mlir files, mlir-opt style.

    meshjit-opt in.mlir -split-input-file --pass-pipeline='builtin.module(canonicalize)'
    meshjit-opt in.mlir --canonicalize --meshjit-print-op-stats
    meshjit-opt bad.mlir -split-input-file -verify-diagnostics

Input is text or bytecode (a file, or stdin for `-` / nothing). Output chunks are joined by
`// -----` so they can be fed back in. Flags may be spelled with one dash or two.
Sources are parsed from strings (jaxlib's parser takes no file name): diagnostics name the input
file, but implicit locations printed by --mlir-print-debuginfo read `"-":line:col`.
"""

from __future__ import annotations

import argparse
import io
import re
import sys

from jaxlib.mlir import ir, passmanager

from meshjit.dialects import make_context
from meshjit.passes import (
    PassRegistryError,
    PipelineEntry,
    build_pass_manager,
    parse_pipeline,
    registered_passes,
)
from meshjit.passes.graph.shardy_import import drop_internal_marks
from meshjit.tools import diagnostics as diag_lib
from meshjit.tools.common import (
    ToolError,
    add_version,
    help_formatter,
    parse_bool,
    run_main,
    write_output,
)

PROG = "meshjit-opt"
SPLIT_MARKER = "// -----"
BYTECODE_MAGIC = b"ML\xefR"

# Upstream MLIR and Shardy passes with a convenience flag (`--cse`); any registered pass also
# works inside --pass-pipeline. Func-level passes there need `func.func(...)` nesting.
UPSTREAM_PASSES = (
    ("canonicalize", "Canonicalize operations"),
    ("cse", "Eliminate common sub-expressions"),
    ("inline", "Inline function calls"),
    ("symbol-dce", "Eliminate dead symbols"),
    ("sdy-propagation-pipeline", "Shardy: import, propagate and export shardings"),
    ("sdy-import-pipeline", "Shardy: prepare a module for propagation"),
    ("sdy-export-pipeline", "Shardy: close shardings and insert reshards after propagation"),
    ("sdy-basic-propagate", "Shardy: basic (conflict-free) sharding propagation"),
    ("sdy-aggressive-propagate", "Shardy: propagation resolving conflicts by preference"),
    ("sdy-op-priority-propagate", "Shardy: aggressive propagation in op-priority order"),
    ("sdy-user-priority-propagate", "Shardy: op-priority propagation in user-priority order"),
    ("sdy-lift-inlined-meshes", "Shardy: lift inlined meshes into sdy.mesh symbols"),
)


_STORE_TRUE = "store_true"
# (flag names, argparse keywords); single-dash spellings are normalized by normalize_argv.
OPTIONS = (
    (("input",), {"nargs": "?", "default": "-", "help": "input file (text or bytecode)"}),
    (("-o",), {"dest": "output", "default": "-", "help": "output file (default stdout)"}),
    (
        ("--split-input-file",),
        {"action": _STORE_TRUE, "help": f"split the input at '{SPLIT_MARKER}', run chunks apart"},
    ),
    (
        ("--verify-diagnostics",),
        {"action": _STORE_TRUE, "help": "check diagnostics against expected-* comments"},
    ),
    (
        ("--pass-pipeline",),
        {"metavar": "PIPELINE", "help": "e.g. 'builtin.module(func.func(cse),canonicalize)'"},
    ),
    (("--mlir-print-debuginfo",), {"action": _STORE_TRUE, "help": "print locations in the output"}),
    (("--emit-bytecode",), {"action": _STORE_TRUE, "help": "write MLIR bytecode"}),
    (
        ("--verify-each",),
        {"type": parse_bool, "default": True, "metavar": "BOOL", "help": "verify after each pass"},
    ),
)

# (flag, enable_ir_printing keyword, help)
IR_PRINTING_FLAGS = (
    ("mlir-print-ir-before-all", "print_before_all", "Print IR before each pass (to stderr)"),
    ("mlir-print-ir-after-all", "print_after_all", "Print IR after each pass (to stderr)"),
    ("mlir-print-ir-after-change", "print_after_change", "Print IR after a pass changed it"),
    ("mlir-print-ir-after-failure", "print_after_failure", "Print IR after a pass failed"),
    ("mlir-print-ir-module-scope", "print_module_scope", "Print the whole module when printing"),
)


def _option_help(option) -> str:
    default = str(option.default).lower() if option.type is bool else option.default
    return f" [{option.name}=<{option.type.__name__}>, default {default}: {option.help}]"


def _meshjit_pass_help(info) -> str:
    return info.summary + "".join(_option_help(o) for o in info.options)


def _add_pass_group(parser, title: str, passes) -> None:
    group = parser.add_argument_group(title)
    for name, summary in passes:
        group.add_argument(
            f"--{name}", dest="pass_flags", action="append_const", const=name, help=summary
        )


def _add_pass_flags(parser: argparse.ArgumentParser) -> None:
    """One flag per pass; flags run in the order given (or use --pass-pipeline)."""
    meshjit = [(info.name, _meshjit_pass_help(info)) for info in registered_passes()]
    _add_pass_group(
        parser,
        "meshjit passes (options: --pass-pipeline='builtin.module(meshjit-x{opt=value})')",
        meshjit,
    )
    _add_pass_group(parser, "MLIR and Shardy passes", UPSTREAM_PASSES)


def make_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG,
        usage="%(prog)s [options] [input]",
        description="Parse, verify and transform StableHLO + sdy modules (mlir-opt style).",
        epilog="Any pass registered with MLIR (upstream or sdy-*) may appear in --pass-pipeline; "
        "func-level passes need nesting: 'builtin.module(func.func(canonicalize))'.",
        allow_abbrev=False,
        formatter_class=help_formatter,
    )
    for names, options in OPTIONS:
        parser.add_argument(*names, **options)
    for flag, _, help_text in IR_PRINTING_FLAGS:
        parser.add_argument(f"--{flag}", action="store_true", help=help_text)
    _add_pass_flags(parser)
    add_version(parser, PROG)
    return parser


_SINGLE_DASH_LONG = re.compile(r"^-[A-Za-z][\w-]+(=.*)?$")


def normalize_argv(argv: list[str]) -> list[str]:
    """mlir-opt accepts `-flag` and `--flag`; argparse wants `--flag` for long names."""
    out, takes_value = [], False
    for arg in argv:
        if not takes_value and _SINGLE_DASH_LONG.match(arg):
            arg = "-" + arg
        takes_value = arg == "-o"
        out.append(arg)
    return out


def _pipeline_entries(args) -> list[PipelineEntry]:
    if args.pass_pipeline and args.pass_flags:
        raise ToolError("'--pass-pipeline' can't be used with individual pass options")
    text = args.pass_pipeline
    if text is None:
        text = "builtin.module(" + ",".join(args.pass_flags or ()) + ")"
    try:
        return parse_pipeline(text)
    except PassRegistryError as e:
        raise ToolError(str(e)) from None


def _make_pass_manager(entries, args) -> passmanager.PassManager | None:
    if not entries:
        return None
    try:
        pm = build_pass_manager(entries)
    except ValueError as e:
        raise ToolError(str(e).strip()) from None
    pm.enable_verifier(args.verify_each)
    printing = {kw: getattr(args, flag.replace("-", "_")) for flag, kw, _ in IR_PRINTING_FLAGS}
    printing["print_after_all"] |= printing["print_after_change"]
    if any(v for kw, v in printing.items() if kw != "print_module_scope"):
        pm.enable_ir_printing(**printing, enable_debug_info=args.mlir_print_debuginfo)
    return pm


def _read_input(path: str) -> tuple[bytes, str]:
    if path == "-":
        return sys.stdin.buffer.read(), "<stdin>"
    try:
        with open(path, "rb") as f:
            return f.read(), path
    except OSError as e:
        raise ToolError(f"could not open input file '{path}': {e.strerror}") from None


def split_chunks(text: str, split: bool) -> list[tuple[int, str]]:
    """(first line number, text) per chunk; one chunk unless `split`."""
    if not split:
        return [(1, text)]
    chunks, current, first = [], [], 1
    for number, line in enumerate(text.splitlines(keepends=True), start=1):
        if line.strip() == SPLIT_MARKER:
            chunks.append((first, "".join(current)))
            current, first = [], number + 1
        else:
            current.append(line)
    chunks.append((first, "".join(current)))
    return chunks


class _Chunk:
    """One module's worth of input and what processing it produced."""

    __slots__ = ("diagnostics", "first_line", "module", "source")

    def __init__(self, first_line: int, source):
        self.first_line, self.source = first_line, source
        self.module, self.diagnostics = None, []

    def padded_source(self):
        if isinstance(self.source, bytes):
            return self.source
        return "\n" * (self.first_line - 1) + self.source


def _process(chunk: _Chunk, pm, collector: diag_lib.Collector) -> None:
    try:
        chunk.module = ir.Module.parse(chunk.padded_source())
        if pm is not None:
            sys.stdout.flush()
            pm.run(chunk.module.operation)
            drop_internal_marks(chunk.module.operation)
    except ir.MLIRError as e:
        chunk.module = None
        chunk.diagnostics += diag_lib.from_error(e)
    chunk.diagnostics = collector.take() + chunk.diagnostics


def _report(chunk: _Chunk, args, display: str) -> bool:
    """Prints the chunk's diagnostics (or -verify-diagnostics problems); True if it passed."""
    if args.verify_diagnostics:
        source = chunk.source if isinstance(chunk.source, str) else ""
        expected = diag_lib.expected_diagnostics(source, chunk.first_line)
        problems = diag_lib.verify(chunk.diagnostics, expected)
    else:  # (without MLIR's dump of the failing op: the error names it and its line)
        problems = [d for d in chunk.diagnostics if not diag_lib.is_op_dump(d)]
    for d in problems:
        print(d.format(display), file=sys.stderr)
    if args.verify_diagnostics:
        return not problems
    return chunk.module is not None and not any(d.severity == "error" for d in problems)


def _render(chunks: list[_Chunk], args) -> bytes:
    modules = [c.module for c in chunks if c.module is not None]
    if args.emit_bytecode and modules:
        if len(modules) != 1:
            raise ToolError("--emit-bytecode needs exactly one module in the output")
        buffer = io.BytesIO()
        modules[0].operation.write_bytecode(buffer)
        return buffer.getvalue()
    texts = [m.operation.get_asm(enable_debug_info=args.mlir_print_debuginfo) for m in modules]
    return (SPLIT_MARKER + "\n").join(texts).encode()


# MLIR's parser recurses once per nesting level and overflows the C stack (a crash, not an
# error) a few thousand levels deep; real modules nest a few dozen.
MAX_NESTING = 1000
_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')
_BRACKET = re.compile(r"[\[\](){}<>]")


def check_nesting(text: str, limit: int = MAX_NESTING) -> None:
    """Refuses text whose brackets nest deeper than `limit` (strings and `->` aside)."""
    if sum(text.count(c) for c in "[({<") <= limit:
        return
    blank = _STRING.sub(lambda m: " " * len(m.group()), text).replace("->", "  ")
    depth = deepest = 0
    first = None
    for match in _BRACKET.finditer(blank):
        if match.group() in "[({<":
            depth += 1
            deepest = max(deepest, depth)
            if depth > limit and first is None:
                first = match.start()
        elif depth:
            depth -= 1
    if first is not None:
        line = text.count("\n", 0, first) + 1
        raise ToolError(
            f"input nests brackets {deepest} levels deep (line {line}); meshjit-opt refuses "
            f"more than {limit}, as MLIR's parser would overflow its stack"
        )


def _load_chunks(data: bytes, args) -> list[_Chunk]:
    if data.startswith(BYTECODE_MAGIC):
        return [_Chunk(1, data)]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ToolError(f"input is neither UTF-8 text nor MLIR bytecode: {e}") from None
    check_nesting(text)
    return [_Chunk(first, src) for first, src in split_chunks(text, args.split_input_file)]


def run(args) -> int:
    entries = _pipeline_entries(args)
    data, display = _read_input(args.input)
    context = make_context()
    with context:
        pm = _make_pass_manager(entries, args)
        collector = diag_lib.Collector(context)
        chunks = _load_chunks(data, args)
        try:
            for chunk in chunks:
                _process(chunk, pm, collector)
        finally:
            collector.detach()
        passed = [_report(chunk, args, display) for chunk in chunks]
        write_output(_render(chunks, args), args.output)
    return 0 if all(passed) else 1


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    return run_main(PROG, make_parser(), run, normalize_argv(argv))


if __name__ == "__main__":
    sys.exit(main())
