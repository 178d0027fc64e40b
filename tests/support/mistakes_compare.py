"""Compares what meshjit raised on a catalogue case with what JAX raised (outcomes from
mistakes_runner.py). `python -m tests.support.mistakes_compare JAX.json MESHJIT.json` prints a
table and the totals."""

from __future__ import annotations

import builtins
import json
import os
import sys

_BUILTIN = {
    n for n, v in vars(builtins).items() if isinstance(v, type) and issubclass(v, BaseException)
}
_DUMPS = ("error: '", "MLIR", "verification failed", "stablehlo.", "sdy.")
MAX_FRAMES = 4  # the user's frames only: the case, a helper of the catalogue, the runner's call


def same_type(want: dict, got: dict) -> bool:
    """The same class name as JAX's, or a subclass of the builtin JAX raised."""
    if not want["raised"] or not got["raised"]:
        return want["raised"] == got["raised"] and not got["hang"]
    return got["type"] == want["type"] or (want["type"] in _BUILTIN and want["type"] in got["mro"])


def missing_phrases(want: dict, got: dict) -> list:
    """The case's phrases meshjit's message lacks (none when JAX raised nothing)."""
    if not want["raised"]:
        return []
    message = got.get("message", "")
    return [p for p in want["phrases"] if p not in message]


def same_line(want: dict, got: dict) -> bool:
    """The traceback ends in the catalogue, on the line of JAX's deepest catalogue frame."""
    if not want["raised"]:
        return not got["raised"]
    if not got["raised"]:
        return False
    same_file = os.path.basename(got["last_file"] or "") == want.get("user_file", "")
    return got["last_in_catalogue"] and same_file and got["last_line"] == want["user_line"]


def clean(got: dict) -> bool:
    """No hang, no MLIR dump in the message, a short traceback."""
    if got["hang"]:
        return False
    if not got["raised"]:
        return True
    return not any(d in got["message"] for d in _DUMPS) and got["frames"] <= MAX_FRAMES


def compare(want: dict, got: dict) -> dict:
    return {
        "type": same_type(want, got),
        "message": not missing_phrases(want, got),
        "line": same_line(want, got),
        "clean": clean(got),
    }


def main(argv=None) -> int:
    jax_path, ours_path = (argv or sys.argv[1:])[:2]
    with open(jax_path) as f:
        want_all = json.load(f)
    with open(ours_path) as f:
        got_all = json.load(f)
    totals = {"type": 0, "message": 0, "line": 0, "clean": 0}
    for name, want in want_all.items():
        got = got_all[name]
        checks = compare(want, got)
        for k, v in checks.items():
            totals[k] += v
        if not all(checks.values()):
            bad = ",".join(k for k, v in checks.items() if not v)
            print(f"{name:40s} {bad:25s} jax={want.get('type')} ours={got.get('type')}")
            if not checks["message"]:
                print("    missing:", missing_phrases(want, got))
                print("    ours:", got.get("message", "").split("\n")[0][:200])
            if not checks["line"]:
                print(
                    f"    line: jax {want.get('user_line')} ours {got.get('last_file')}:"
                    f"{got.get('last_line')}"
                )
    bad_phrases = [
        (n, p) for n, w in want_all.items() if w["raised"] for p in w["phrases"]
        if p not in w["message"]
    ]  # fmt: skip
    print(f"{len(want_all)} cases; matches: " + ", ".join(f"{k} {v}" for k, v in totals.items()))
    for n, p in bad_phrases:
        print(
            f"CATALOGUE: phrase {p!r} of {n} is not in JAX's message: {want_all[n]['message'][:300]!r}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
