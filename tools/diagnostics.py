"""MLIR diagnostics for the command-line tools: capture, print, and -verify-diagnostics.

Diagnostics are printed as `file:line:col: error: message`, like mlir-opt. Sources are parsed
from strings, so MLIR names the file "-"; it is replaced by the input's display name.
"""

from __future__ import annotations

import dataclasses
import re

from jaxlib.mlir import ir

_FILE_LOC = re.compile(r'"([^"]*)":(\d+):(\d+)')
_SEVERITY_NAMES = {
    ir.DiagnosticSeverity.ERROR: "error",
    ir.DiagnosticSeverity.WARNING: "warning",
    ir.DiagnosticSeverity.NOTE: "note",
    ir.DiagnosticSeverity.REMARK: "remark",
}
_EXPECTED = re.compile(
    r"expected-(error|warning|note|remark)\s*(?:@([+-]\d+|above|below))?\s*\{\{(.*?)\}\}"
)


@dataclasses.dataclass(frozen=True)
class Diagnostic:
    """One diagnostic with a plain file position (line 0 when MLIR gave none)."""

    severity: str
    message: str
    file: str | None = None
    line: int = 0
    col: int = 0

    def format(self, display_name: str) -> str:
        if self.file is None:
            return f"{display_name}: {self.severity}: {self.message}"
        file = display_name if self.file == "-" else self.file
        return f"{file}:{self.line}:{self.col}: {self.severity}: {self.message}"


def _position(location: ir.Location) -> tuple[str | None, int, int]:
    match = _FILE_LOC.search(str(location))
    if match is None:
        return None, 0, 0
    return match.group(1), int(match.group(2)), int(match.group(3))


def from_mlir(diag) -> list[Diagnostic]:
    """A diagnostic (ir.Diagnostic or ir.DiagnosticInfo) followed by its notes."""
    file, line, col = _position(diag.location)
    severity = _SEVERITY_NAMES.get(diag.severity, "error")
    out = [Diagnostic(severity, str(diag.message), file, line, col)]
    for note in diag.notes:
        out.extend(from_mlir(note))
    return out


def from_error(error: ir.MLIRError) -> list[Diagnostic]:
    """The diagnostics an MLIRError carries; its message alone if it carries none."""
    diags = [d for info in error.error_diagnostics for d in from_mlir(info)]
    return diags or [Diagnostic("error", error.message)]


class Collector:
    """Collects the warnings and remarks a context reports while it is attached."""

    def __init__(self, context: ir.Context):
        self.diagnostics: list[Diagnostic] = []
        self._handle = context.attach_diagnostic_handler(self._handle_diagnostic)

    def _handle_diagnostic(self, diag) -> bool:
        self.diagnostics.extend(from_mlir(diag))
        return True

    def take(self) -> list[Diagnostic]:
        taken, self.diagnostics = self.diagnostics, []
        return taken

    def detach(self) -> None:
        self._handle.detach()


@dataclasses.dataclass
class Expected:
    """An `// expected-<severity> @<offset> {{message}}` directive."""

    severity: str
    message: str
    line: int
    directive_line: int
    col: int


def _target_line(offset: str | None, line: int) -> int:
    if offset is None:
        return line
    if offset in ("above", "below"):
        return line - 1 if offset == "above" else line + 1
    return line + int(offset)


def expected_diagnostics(source: str, first_line: int = 1) -> list[Expected]:
    """The directives in `source`, whose first line is file line `first_line`."""
    found = []
    for index, text in enumerate(source.splitlines()):
        line = first_line + index
        for m in _EXPECTED.finditer(text):
            target = _target_line(m.group(2), line)
            found.append(Expected(m.group(1), m.group(3), target, line, m.start() + 1))
    return found


def _match(diag: Diagnostic, pending: list[Expected]) -> bool:
    for i, exp in enumerate(pending):
        same_place = diag.file in ("-", None) and diag.line == exp.line
        if same_place and diag.severity == exp.severity and exp.message in diag.message:
            del pending[i]
            return True
    return False


# mlir-opt turns off the op dump on diagnostics under -verify-diagnostics; the bindings can't.
_OP_DUMP_NOTE = "see current operation:"


def is_op_dump(diag: Diagnostic) -> bool:
    """Whether `diag` is MLIR's note dumping the op a verifier error is about."""
    return diag.severity == "note" and diag.message.startswith(_OP_DUMP_NOTE)


def verify(produced: list[Diagnostic], expected: list[Expected]) -> list[Diagnostic]:
    """The errors -verify-diagnostics reports; empty when everything matched."""
    pending = list(expected)
    problems = [
        Diagnostic("error", f"unexpected {d.severity}: {d.message}", d.file, d.line, d.col)
        for d in produced
        if not is_op_dump(d) and not _match(d, pending)
    ]
    problems += [
        Diagnostic(
            "error",
            f'expected {e.severity} "{e.message}" was not produced',
            "-",
            e.directive_line,
            e.col,
        )
        for e in pending
    ]
    return problems
