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
    if not os.path.exists(path):
        return None
    _log_read(name)
    return path


def _log_read(name: str) -> None:
    """Appends `name` to $MESHJIT_ORACLE_LOG: a suite run with it set lists the recorded files
    still read, so `make sweep-oracles` can remove the others."""
    log = os.environ.get("MESHJIT_ORACLE_LOG")
    if log:
        with open(log, "a") as f:
            f.write(name + "\n")


def cache_dir(fallback: str) -> str:
    """Where a fresh JAX result goes: this directory when recording, else `fallback` (pytest's
    cache, or the run's temporary directory)."""
    if recording():
        os.makedirs(STORE, exist_ok=True)
        return STORE
    return fallback


def jax_version() -> str:
    """JAX's installed version ("none" without JAX: nothing recorded is then found)."""
    import importlib.metadata
    import importlib.util

    return importlib.metadata.version("jax") if importlib.util.find_spec("jax") else "none"


def machine() -> str:
    """The CPU this runs on, for results that depend on it: LAPACK's kernels and XLA's dot
    tilings give other last bits (and eigenvectors other signs) on other CPUs, so an oracle
    comparing those bit for bit names its results by the machine too (`per_machine`), and
    another machine runs JAX again."""
    import platform

    model, flags = platform.machine(), ""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                key, _, value = line.partition(":")
                if key.strip() == "model name" and model == platform.machine():
                    model = value.strip()
                elif key.strip() == "flags":
                    wanted = ("avx", "fma", "sse4", "amx")
                    flags = " ".join(sorted(x for x in value.split() if x.startswith(wanted)))
                    break
    except OSError:
        pass
    return f"{model} {flags}"


def digest_name(prefix: str, *parts: str, ext: str = ".json") -> str:
    """`prefix_<digest><ext>`, the digest of `parts` (everything that determines JAX's result:
    the cases, the program or harness text, the files it imports) and JAX's version."""
    import hashlib

    text = "\0".join((*parts, jax_version()))
    return f"{prefix}_{hashlib.sha256(text.encode()).hexdigest()[:16]}{ext}"


def sources(*paths) -> str:
    """The text of `paths` (the files a JAX program imports, for `digest_name`)."""
    texts = []
    for path in paths:
        with open(path) as f:
            texts.append(f.read())
    return "\0".join(texts)


def load_json(name: str):
    """JAX's recorded JSON result `name`, or None."""
    import json

    path = recorded(name)
    if path is None:
        return None
    with open(path) as f:
        return json.load(f)


def json_result(name: str, run):
    """JAX's JSON result `name`: the recorded one, else `run()` (which runs JAX), recorded when
    recording."""
    import json

    found = load_json(name)
    if found is None:
        found = json.loads(json.dumps(run()))  # as a recorded one reads back: lists, str keys
        save_json(name, found)
    return found


def save_json(name: str, value) -> None:
    """Records `value` as `name` when recording (`make record-oracles`); else does nothing."""
    import json

    if recording():
        os.makedirs(STORE, exist_ok=True)
        with open(os.path.join(STORE, name + ".tmp"), "w") as f:
            json.dump(value, f, sort_keys=True)
        os.replace(os.path.join(STORE, name + ".tmp"), os.path.join(STORE, name))
