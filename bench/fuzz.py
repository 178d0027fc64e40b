"""The differential fuzzer's campaign: random programs (tests/fuzz/programs.py) run by meshjit
in its three propagation modes and compared with JAX 0.10.2 (8 host devices, in a subprocess)
or NumPy; each failure shrunk to a small reproducer.

    python bench/fuzz.py -n 3000 [--seed 0] [--chunk 200] [--out fuzz-report.json] [--x64]
    make fuzz N=3000
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import pathlib
import sys
import time

import numpy as np

os.environ.setdefault("MESHJIT_NUM_CPU_DEVICES", "8")
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from tests.fuzz.programs import draw  # noqa: E402
from tests.fuzz.run import check, reproducer, run_jax, shrink  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=300, help="programs to run")
    parser.add_argument("--seed", type=int, default=0, help="the first program's seed")
    parser.add_argument("--chunk", type=int, default=200, help="programs per JAX subprocess")
    parser.add_argument("--max-steps", type=int, default=6)
    parser.add_argument("--no-shrink", action="store_true")
    parser.add_argument("--only-wraps", action="store_true",
                        help="run only the programs drawn with a whole-program transform "
                             "(tests/fuzz/wraps.py), -n of them")
    parser.add_argument("--x64", action="store_true",
                        help="programs for jax_enable_x64 on (64-bit inputs): meshjit runs "
                             "with it on from the start, JAX in a worker started with it on")
    parser.add_argument("--focus", default="",
                        help="comma-separated op name prefixes (r27_,np_np27) drawn for 3 in 4 "
                             "op steps: a campaign aimed at a round's vocabulary")
    parser.add_argument("--out", default=None, help="write the findings as JSON here")
    parser.add_argument("-v", action="store_true",
                        help="name each program on stderr before it runs (a process abort in "
                             "XLA then names its seed)")
    args = parser.parse_args(argv)
    if args.x64:  # before meshjit is imported: its tables start in the mode
        os.environ["JAX_ENABLE_X64"] = "1"
    stats, findings, differ = collections.Counter(), [], []
    start = time.perf_counter()
    for programs in _chunks(args):
        jax_results = run_jax(programs) or [None] * len(programs)
        for program, jax_result in zip(programs, jax_results):
            if args.v:
                print(f"seed {program.seed}", file=sys.stderr, flush=True)
            outcome = check(program, jax_result)
            _count(stats, outcome, jax_result)
            if outcome.failed or outcome.meshjit_only_errors:
                findings.append(_finding(program, outcome, jax_result, args.no_shrink))
                print(f"  seed {program.seed}: {findings[-1]['kind']} in "
                      f"{findings[-1]['modes']}", flush=True)
            if outcome.modes_differ:
                differ.append(_mode_difference(program, outcome))
        print(f"{stats['programs']} programs, {stats['wrong']} wrong, "
              f"{stats['wrong_types']} wrong types, {stats['jax_only_errors']} jax-only errors, "
              f"{stats['meshjit_only_errors']} meshjit-only errors "
              f"({time.perf_counter() - start:.0f} s)", flush=True)
    _report(stats, findings)
    if args.out:
        report = {"stats": stats, "findings": findings, "modes_differ": differ}
        pathlib.Path(args.out).write_text(json.dumps(report, indent=1))
    return 1 if any(stats[k] for k in ("wrong", "unclear_errors", "wrong_types",
                                       "jax_only_errors", "error_class_differs")) else 0


def _chunks(args):
    """The programs to run, `args.chunk` at a time."""
    if not args.only_wraps:
        for first in range(args.seed, args.seed + args.n, args.chunk):
            seeds = range(first, min(first + args.chunk, args.seed + args.n))
            yield [draw(s, max_steps=args.max_steps, x64=args.x64, focus=_focus(args))
                   for s in seeds]
        return
    seed, left = args.seed, args.n
    while left > 0:
        chunk = []
        while len(chunk) < min(args.chunk, left):
            program = draw(seed, max_steps=args.max_steps, x64=args.x64, focus=_focus(args))
            seed += 1
            if program.wrap:
                chunk.append(program)
        left -= len(chunk)
        yield chunk


def _focus(args) -> tuple:
    return tuple(p for p in args.focus.split(",") if p)


def _count(stats, outcome, jax_result) -> None:
    stats["programs"] += 1
    stats["wrong"] += bool(outcome.wrong)
    stats["unclear_errors"] += bool(outcome.unclear_errors)
    stats["meshjit_only_errors"] += bool(outcome.meshjit_only_errors)
    stats["wrong_types"] += bool(outcome.wrong_types)
    stats["jax_only_errors"] += bool(outcome.jax_only_errors)
    stats["error_class_differs"] += bool(outcome.error_class_differs)
    stats["modes_differ"] += outcome.modes_differ
    stats["modes_differ_beyond_tolerance"] += outcome.modes_differ_beyond_tolerance
    stats["jax_differs_from_numpy"] += outcome.jax_differs
    stats["jax_rejects"] += bool(jax_result and "error" in jax_result)
    stats["jax_aborts"] += bool(jax_result and "abort" in jax_result)
    stats[f"reference_{outcome.reference or 'none'}"] += 1


def _finding(program, outcome, jax_result, no_shrink: bool) -> dict:
    kind = next((k for k, modes in (("wrong", outcome.wrong), ("types", outcome.wrong_types),
                                     ("unclear", outcome.unclear_errors),
                                     ("jax-only-error", outcome.jax_only_errors),
                                     ("error-class", outcome.error_class_differs)) if modes),
                "meshjit-only")
    small = program
    if not no_shrink:
        def still_fails(q):
            o = check(q, (run_jax([q]) or [None])[0])
            return {"wrong": o.wrong, "types": o.wrong_types, "unclear": o.unclear_errors,
                    "jax-only-error": o.jax_only_errors, "error-class": o.error_class_differs,
                    }.get(kind, o.meshjit_only_errors)

        small = shrink(program, still_fails)
    first_error = next((r for r in outcome.results.values() if isinstance(r, str)), "")
    return {"seed": program.seed, "kind": kind, "modes": outcome.wrong or outcome.wrong_types
            or outcome.unclear_errors or outcome.jax_only_errors or outcome.error_class_differs
            or outcome.meshjit_only_errors, "error": first_error[:300],
            "types": outcome.types, "jax_error": (jax_result or {}).get("error", ""),
            "reproducer": reproducer(small)}


def _mode_difference(program, outcome) -> dict:
    """Which modes agree bit for bit, and which of them match the reference (for the analysis
    of item 15: reduction order only, or a real difference)."""
    ran = {m: r for m, r in outcome.results.items() if not isinstance(r, str)}
    first = next(iter(ran.values()))
    groups = {m: next(k for k, r in ran.items() if all(
        np.array_equal(np.asarray(a), np.asarray(b), equal_nan=True) for a, b in zip(r, v)))
        for m, v in ran.items()}
    spread = max((float(np.nanmax(np.abs(np.asarray(a, np.float64) - np.asarray(b, np.float64))
                                  / (np.abs(np.asarray(b, np.float64)) + 1e-30), initial=0))
                  for v in ran.values() for a, b in zip(v, first) if np.asarray(a).size), default=0)
    return {"seed": program.seed, "groups": groups, "max_relative_spread": spread,
            "beyond_tolerance": outcome.modes_differ_beyond_tolerance,
            "steps": [s[:2] for s in program.steps], "wrong": outcome.wrong,
            "jax_differs": outcome.jax_differs}


def _report(stats, findings) -> None:
    print("\n== fuzz summary")
    for key in ("programs", "wrong", "wrong_types", "unclear_errors", "meshjit_only_errors",
                "jax_only_errors", "error_class_differs", "jax_rejects", "jax_aborts",
                "modes_differ", "modes_differ_beyond_tolerance",
                "jax_differs_from_numpy", "reference_jax", "reference_numpy", "reference_none"):
        print(f"{key:22} {stats[key]}")
    for f in findings[:20]:
        print(f"\n-- seed {f['seed']}: {f['kind']} in {f['modes']} {f['error'][:160]}"
              f" {f['jax_error'][:160]} {f['types']}")
        print(f["reproducer"])


if __name__ == "__main__":
    sys.exit(main())
