"""Compares two outputs of a doc program: lines aligned as `difflib` does, numbers within a
tolerance (float noise), object addresses ignored, and an error named by meshjit matching JAX's
when meshjit's error class is a subclass of it (what an `except` clause sees)."""

from __future__ import annotations

import difflib
import re

_NUMBER = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?")
_ADDRESS = re.compile(r"0x[0-9a-f]+")


def _masked(line: str) -> str:
    return _NUMBER.sub("#", _ADDRESS.sub("0x", line)).replace(" ", "")


def _close(a: str, b: str, rtol: float, atol: float) -> bool:
    if a == b:
        return True
    x, y = float(a), float(b)
    return abs(x - y) <= atol + rtol * abs(y)


def lines_match(got: str, want: str, subclasses=None, rtol=1e-4, atol=1e-5) -> bool:
    """The same text around the numbers, numbers equal within rtol / atol; a line that is an
    error class name matches a base class's name (`subclasses`: name -> names of its bases)."""
    got, want = got.strip(), want.strip()
    if subclasses and want in subclasses.get(got, ()):
        return True
    prefix = "EXCEPTION: "  # the program's uncaught error (run_program.py's line)
    if subclasses and got.startswith(prefix) and want.startswith(prefix):
        return want[len(prefix) :] in subclasses.get(got[len(prefix) :], ())
    if _masked(got) != _masked(want):
        return False
    pairs = zip(_NUMBER.findall(_ADDRESS.sub("", got)), _NUMBER.findall(_ADDRESS.sub("", want)))
    return all(_close(a, b, rtol, atol) for a, b in pairs)


def differences(got: str, want: str, subclasses=None, **tol) -> list:
    """(JAX's line number, meshjit's lines, JAX's lines) for each block that differs."""
    got_lines, want_lines = got.splitlines(), want.splitlines()
    keys_got = [_masked(line) for line in got_lines]
    keys_want = [_masked(line) for line in want_lines]
    out = []
    matcher = difflib.SequenceMatcher(None, keys_got, keys_want, autojunk=False)
    for op, g1, g2, w1, w2 in matcher.get_opcodes():
        gs, ws = got_lines[g1:g2], want_lines[w1:w2]
        if op == "equal" or (
            len(gs) == len(ws) and all(lines_match(g, w, subclasses, **tol) for g, w in zip(gs, ws))
        ):
            continue
        out.append((w1 + 1, gs, ws))
    return out
