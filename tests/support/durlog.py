"""Where `make test`'s time goes: a pytest plugin logging every test phase's duration, and its
report (`make test-durations`).

Loaded with `-p tests.support.durlog`; with $DURLOG set, each setup / call / teardown appends a
line `duration<TAB>when<TAB>outcome<TAB>nodeid` to that file (without it the plugin does
nothing). Under xdist the controller receives every worker's reports, so only it writes: each
phase is logged once. `python -m tests.support.durlog FILE` prints the 40 longest tests (their
phases summed: worker-seconds) and the worker-seconds of each test directory.
"""

from __future__ import annotations

import collections
import os
import sys


def pytest_runtest_logreport(report) -> None:
    path = os.environ.get("DURLOG")
    if not path or os.environ.get("PYTEST_XDIST_WORKER"):
        return
    with open(path, "a") as f:
        f.write(f"{report.duration:.3f}\t{report.when}\t{report.outcome}\t{report.nodeid}\n")


def read(path: str) -> dict:
    """`{nodeid: worker-seconds}` of a log, its phases summed."""
    totals = collections.Counter()
    with open(path) as f:
        for line in f:
            duration, _when, _outcome, nodeid = line.rstrip("\n").split("\t", 3)
            totals[nodeid] += float(duration)
    return totals


def directory(nodeid: str) -> str:
    return os.path.dirname(nodeid.split("::", 1)[0]) or "."


def report(totals: dict, top: int = 40) -> str:
    lines = [f"{len(totals)} tests, {sum(totals.values()):.0f} worker-seconds", ""]
    lines.append(f"the {top} longest (worker-seconds):")
    for nodeid, seconds in sorted(totals.items(), key=lambda kv: -kv[1])[:top]:
        lines.append(f"{seconds:8.1f}  {nodeid}")
    per_dir = collections.Counter()
    for nodeid, seconds in totals.items():
        per_dir[directory(nodeid)] += seconds
    lines += ["", "per directory (worker-seconds):"]
    for name, seconds in sorted(per_dir.items(), key=lambda kv: -kv[1]):
        lines.append(f"{seconds:8.1f}  {name}")
    return "\n".join(lines)


if __name__ == "__main__":
    print(report(read(sys.argv[1])))
