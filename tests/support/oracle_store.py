"""JAX's recorded results, committed with the tests (`tests/oracle_results/`).

Every JAX oracle of the suite (the `JaxOracle` harnesses, the 8-device programs, the mistakes
catalogue, the doc programs) names its results by a digest of everything that determines them:
the cases, the harness or program text, the runner and JAX's version. A result found here is
JAX 0.10.2's output for exactly that input, recorded by running JAX; when a test, a harness or
JAX's version changes, the digest changes, nothing is found and JAX runs again, as before. So a
fresh clone compares meshjit with JAX without paying JAX's start-up and compiles on every run.

`make record-oracles` re-runs the suite with `MESHJIT_RECORD_ORACLES=1`: JAX runs for every
oracle the run needs and its results are written here (stale files are removed first, so the
directory holds what the current tests use).
"""

from __future__ import annotations

import os

STORE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "oracle_results")


def recording() -> bool:
    return os.environ.get("MESHJIT_RECORD_ORACLES") == "1"


def recorded(name: str) -> str | None:
    """The committed file `name`, if JAX's result for it was recorded."""
    path = os.path.join(STORE, name)
    return path if os.path.exists(path) else None


def cache_dir(fallback: str) -> str:
    """Where a fresh JAX result goes: this directory when recording, else `fallback` (pytest's
    cache, or the run's temporary directory)."""
    if recording():
        os.makedirs(STORE, exist_ok=True)
        return STORE
    return fallback
