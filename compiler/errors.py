"""meshjit's error types and the user's source line they name."""

from __future__ import annotations

import os
import sys

_PACKAGE_DIRS: tuple[str, ...] = ()
_INTERNAL_CACHE: dict[object, bool] = {}


def register_internal_dir(directory: str) -> None:
    """Frames from files under `directory` are meshjit's own, never named as the user's line."""
    global _PACKAGE_DIRS
    _PACKAGE_DIRS = _PACKAGE_DIRS + (os.path.abspath(directory) + os.sep,)
    _INTERNAL_CACHE.clear()


register_internal_dir(os.path.dirname(__file__))


def _is_internal(code) -> bool:
    hit = _INTERNAL_CACHE.get(code)
    if hit is None:
        name = code.co_filename
        hit = name.startswith(_PACKAGE_DIRS) or name.startswith("<frozen") or "functools" in name
        _INTERNAL_CACHE[code] = hit
    return hit


class SourceInfo:
    """Where in the user's code an equation was traced."""

    __slots__ = ("file", "line", "function")

    def __init__(self, file: str, line: int, function: str):
        self.file, self.line, self.function = file, line, function

    def __str__(self) -> str:
        return f"{self.file}:{self.line} ({self.function})"

    def __eq__(self, other):
        return isinstance(other, SourceInfo) and (self.file, self.line) == (other.file, other.line)

    def __hash__(self):
        return hash((self.file, self.line))


UNKNOWN_SOURCE = SourceInfo("<unknown>", 0, "<unknown>")
_SOURCE_CACHE: dict[tuple, SourceInfo] = {}


def user_source() -> SourceInfo:
    """The innermost frame outside meshjit's own packages."""
    frame = sys._getframe(1)
    while frame is not None and _is_internal(frame.f_code):
        frame = frame.f_back
    if frame is None:
        return UNKNOWN_SOURCE
    key = (frame.f_code, frame.f_lineno)
    info = _SOURCE_CACHE.get(key)
    if info is None:
        info = _SOURCE_CACHE[key] = SourceInfo(
            frame.f_code.co_filename, frame.f_lineno, frame.f_code.co_name
        )
    return info


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
