"""The programs of JAX's tutorials and examples (`programs/*.py`, written against `jax`) print
what they print under JAX 0.10.2 when run under meshjit with their imports swapped.

JAX's output is cached in pytest's cache (keyed by the program, the runner and JAX's version);
without JAX installed and no cached output the tests skip. meshjit runs all the programs in one
subprocess (`run_program.py`, each program in fresh globals); outputs compare with
`compare.differences` (float noise, object addresses and meshjit's error subclasses allowed).
Programs with a known remaining difference are listed in `KNOWN_DIFFERENCES` with the reason;
they must still differ (an xfail that passes is reported).
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import importlib.metadata
import os
import subprocess
import sys

import pytest

from tests.doc_programs.compare import differences
from tests.support import campaign, oracle_store
from tests.support.jax_oracle import have_jax

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAMS = sorted(f[:-3] for f in os.listdir(os.path.join(HERE, "programs")) if f.endswith(".py"))
RUNNER = os.path.join(HERE, "run_program.py")
# One program in 166 in `make test` (meshjit's side of one in ten took 284 s of one core on
# 2 cores, session 32; of one in twenty 114 s of CPU, session 34; of one in forty 147 s, session
# 40; of one in eighty 63 s, session 41), all in `make test-campaigns`. Every 166th program is
# also an eighty-third (the slice of session 42's first change): JAX's recorded outputs cover it.
EVERY = 166
SEPARATOR = "=====doc-program-end====="

# program -> why it still differs from JAX
KNOWN_DIFFERENCES: dict[str, str] = {}
# Programs that leave global state behind (`jax.set_mesh(mesh)`): run in a process of their own.
ISOLATED = ("explicit_sharding",)


# Programs per process: one process for all of them outran the 900 s timeout on 2 busy cores;
# `make test`'s slice runs in one process per library (each process pays JAX's or meshjit's import).
CHUNK = 12


def _run(library: str, names) -> dict:
    """The outputs of `names`, the isolated ones each in its own process, the others CHUNK by
    CHUNK."""
    out = {}
    shared = [n for n in names if n not in ISOLATED]
    groups = [shared[i : i + CHUNK] for i in range(0, len(shared), CHUNK)]
    for group in groups + [[n] for n in names if n in ISOLATED]:
        out.update(_run_group(library, group))
    return out


def _run_group(library: str, names) -> dict:
    paths = [os.path.join(HERE, "programs", n + ".py") for n in names]
    proc = subprocess.run(
        [sys.executable, RUNNER, library, *paths],
        capture_output=True,
        text=True,
        timeout=900,
        cwd=HERE,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    outs = proc.stdout.split(SEPARATOR + "\n")
    assert len(outs) == len(names) + 1, proc.stdout[-3000:]
    return dict(zip(names, outs))


def _jax_outputs(pytestconfig, names) -> dict:
    """JAX's outputs of `names`: recorded ones (tests/support/oracle_store.py), then pytest's
    cache, then JAX run on the rest."""
    with open(RUNNER) as f:
        runner = f.read()
    version = importlib.metadata.version("jax") if have_jax() else "none"
    cache = getattr(pytestconfig, "cache", None)  # None under -p no:cacheprovider
    out, missing = {}, []
    for name in names:
        with open(os.path.join(HERE, "programs", name + ".py")) as f:
            digest = hashlib.sha256((f.read() + runner + version).encode()).hexdigest()[:16]
        key, stored = f"doc_programs/{name}-{digest}", f"doc_program_{name}-{digest}.txt"
        cached = _recorded(stored)
        if cached is None:
            cached = cache.get(key, None) if cache else None
        if cached is None:
            missing.append((name, key, stored))
        else:
            out[name] = cached
    if missing:
        if not have_jax():
            pytest.skip("jax is not installed and JAX's outputs are not cached")
        fresh = _run("jax", [n for n, _, _ in missing])
        for name, key, stored in missing:
            out[name] = fresh[name]
            if cache:
                cache.set(key, fresh[name])
            if oracle_store.recording():
                with open(os.path.join(oracle_store.cache_dir(""), stored), "w") as f:
                    f.write(fresh[name])
    return out


def _recorded(name: str) -> str | None:
    """JAX's recorded output of a doc program (tests/support/oracle_store.py)."""
    path = oracle_store.recorded(name)
    if path is None:
        return None
    with open(path) as f:
        return f.read()


def _selected(request, names) -> list:
    """`names` that this session's collected tests ask for (`-k real_r41` runs those programs
    only, not every program of the slice)."""
    wanted = {
        item.callspec.params["name"]
        for item in request.session.items
        if getattr(item, "originalname", None) == "test_program_prints_as_under_jax"
    }
    return [n for n in names if n in wanted]


@pytest.fixture(scope="module")
def outputs(pytestconfig, request):
    """meshjit's and JAX's outputs of this run's programs, the two run side by side."""
    names = _selected(request, campaign.slice_for(pytestconfig, EVERY, PROGRAMS))
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        jax_out = pool.submit(_jax_outputs, pytestconfig, names)
        mine = pool.submit(_run, "meshjit", names)
        return mine.result(), jax_out.result()


def _error_bases() -> dict:
    """meshjit's error class names -> the names of their bases (an `except` matches those)."""
    from meshjit.compiler.errors import MeshjitError

    bases, todo = {}, [MeshjitError]
    while todo:
        cls = todo.pop()
        bases[cls.__name__] = {c.__name__ for c in cls.__mro__}
        todo.extend(cls.__subclasses__())
    return bases


@pytest.mark.parametrize("name", campaign.every(EVERY, PROGRAMS))
def test_program_prints_as_under_jax(outputs, name):
    got, want = outputs[0][name], outputs[1][name]
    diffs = differences(got, want, _error_bases())
    if name in KNOWN_DIFFERENCES:
        assert diffs, f"{name} now matches JAX: remove it from KNOWN_DIFFERENCES"
        pytest.xfail(KNOWN_DIFFERENCES[name])
    report = "\n".join(
        f"at JAX's line {line}:\n  meshjit: {g[:6]}\n  JAX:     {w[:6]}"
        for line, g, w in diffs[:10]
    )
    assert not diffs, f"{name} prints differently from JAX:\n{report}"
