"""meshjit's error types and the user's source line they name."""

from __future__ import annotations

import os
import sys

_PACKAGE_DIRS: tuple[str, ...] = ()
_INTERNAL_CACHE: dict[str, bool] = {}  # file name -> whether it is meshjit's own


def register_internal_dir(directory: str) -> None:
    """Frames from files under `directory` are meshjit's own, never named as the user's line."""
    global _PACKAGE_DIRS
    _PACKAGE_DIRS = _PACKAGE_DIRS + (os.path.abspath(directory) + os.sep,)
    _INTERNAL_CACHE.clear()


register_internal_dir(os.path.dirname(__file__))


def _is_internal(code) -> bool:
    # Keyed by file name, whose hash the string caches (a code object's hash covers its
    # bytecode): this runs for every frame walked, once per traced op.
    name = code.co_filename
    hit = _INTERNAL_CACHE.get(name)
    if hit is None:
        hit = name.startswith(_PACKAGE_DIRS) or name.startswith("<frozen") or "functools" in name
        _INTERNAL_CACHE[name] = hit
    return hit


class SourceInfo:
    """Where in the user's code an equation was traced."""

    __slots__ = ("file", "line", "function", "column")

    def __init__(self, file: str, line: int, function: str, column: int = 0):
        self.file, self.line, self.function = file, line, function
        self.column = column  # 1-based, 0 when unknown

    def __str__(self) -> str:
        return f"{self.file}:{self.line} ({self.function})"

    def __eq__(self, other):
        return isinstance(other, SourceInfo) and (self.file, self.line) == (other.file, other.line)

    def __hash__(self):
        return hash((self.file, self.line))


UNKNOWN_SOURCE = SourceInfo("<unknown>", 0, "<unknown>")
_SOURCE_CACHE: dict[tuple, SourceInfo] = {}  # (file, line, function) -> SourceInfo


def user_source() -> SourceInfo:
    """The innermost frame outside meshjit's own packages."""
    frame = sys._getframe(1)
    cached = _INTERNAL_CACHE.get  # runs once per traced op: no call per frame when cached
    while frame is not None:
        hit = cached(frame.f_code.co_filename)
        if not (hit if hit is not None else _is_internal(frame.f_code)):
            break
        frame = frame.f_back
    if frame is None:
        return UNKNOWN_SOURCE
    code = frame.f_code
    key = (code.co_filename, frame.f_lineno, code.co_name)
    info = _SOURCE_CACHE.get(key)
    if info is None:
        info = _SOURCE_CACHE[key] = SourceInfo(*key, _column(frame))
    return info


def _column(frame) -> int:
    """The column of the instruction the frame is at (first seen per line; cached by caller)."""
    try:
        positions = list(frame.f_code.co_positions())
        col = positions[frame.f_lasti // 2][2]
    except (AttributeError, IndexError):
        return 0
    return col + 1 if col is not None else 0


class MeshjitError(Exception):
    """Base of every error meshjit raises about the user's program."""

    def __init__(self, message: str, source: SourceInfo | None = None):
        self.source = source if source is not None else user_source()
        self.bare_message = message
        where = f"\n  at {self.source}" if self.source is not UNKNOWN_SOURCE else ""
        super().__init__(f"{message}{where}")


class MeshjitTypeError(MeshjitError, TypeError):
    """A shape, dtype or structure mismatch."""


class MeshjitValueError(MeshjitError, ValueError):
    """A value out of range: an axis, a size, a spec."""


class UnexpectedTracerError(MeshjitError, TypeError):
    """A traced value escaped the function it was traced in."""


class ConcretizationError(MeshjitTypeError):
    """A traced value was used where a concrete Python value is needed."""
