"""Checks shared by the error tests: the error's type, its words, and the user's source line."""

from __future__ import annotations

import os

from meshjit import MeshjitError


class ErrorChecker:
    """`check(excinfo, marker, *words)`: the error is a MeshjitError (and a ValueError or
    TypeError), names each word (in its message or notes), and points at the line of the test file ending `# <marker>`."""

    def __init__(self, test_file: str, *, builtin_types=(ValueError, TypeError)):
        self.name = os.path.basename(test_file)
        with open(test_file) as f:
            self.source = f.read().splitlines()
        self.builtin_types = builtin_types

    def line(self, marker: str) -> int:
        hits = [i + 1 for i, t in enumerate(self.source) if t.rstrip().endswith(f"# {marker}")]
        assert len(hits) == 1, f"marker {marker!r} found {len(hits)} times"
        return hits[0]

    def __call__(self, excinfo, marker: str, *words: str) -> None:
        err = excinfo.value
        assert isinstance(err, MeshjitError), type(err)
        assert isinstance(err, self.builtin_types), type(err)
        msg = str(err)
        shown = "\n".join([msg, *getattr(err, "__notes__", ())])  # notes: with the traceback
        for w in words:
            assert w in shown, f"{w!r} not in {shown!r}"
        where = f"{self.name}:{self.line(marker)}"
        # The line is a note, as meshjit's notes say it (`at file:line (function)`), not in the
        # message (JAX's may name a function by its first line: `f at file:line`).
        assert f"{where} (" not in msg, msg
        assert any(where in note for note in getattr(err, "__notes__", ())), err.__notes__
