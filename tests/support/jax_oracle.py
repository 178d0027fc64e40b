"""JAX as the oracle, run in a background subprocess (meshjit never imports jax) and shared by
the pytest workers through a file that appears when JAX is done. The file is kept in a cache
directory, named by a digest of the cases, the harness and JAX's version, so later test runs
reuse it and JAX runs only when one of them changes.

A harness is Python source defining `run_case(case, record)`, written against the names `jax`,
`jnp`, `lax`, `random` and `np`: it runs under JAX for every case (`JaxOracle`), and under
meshjit for one case (`meshjit_results`), with those names bound to meshjit's modules, so one
text runs in both libraries. `run_case` calls `record(key, leaf)` for each result leaf, which is
kept as its bits (`as_bits`: typed keys by their data, floats as unsigned ints of their width),
so results compare bit for bit.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import importlib.util
import os
import subprocess
import sys
import time

import numpy as np

from tests.support import oracle_store

_AS_BITS = r'''
def as_bits(leaf):
    """(dtype name, bits): typed keys by their data, floats as unsigned ints of their width."""
    if "key<" in str(getattr(leaf, "dtype", "")):
        return "key", np.asarray(random.key_data(leaf))
    a = np.asarray(leaf)
    if a.dtype.kind == "f" or a.dtype.name == "bfloat16":
        return a.dtype.name, a.view({2: np.uint16, 4: np.uint32, 8: np.uint64}[a.dtype.itemsize])
    return a.dtype.name, a
'''

_SCRIPT = r"""
import os
import sys
import traceback

import numpy as np

cases, path, error_path, harness = eval(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
try:
    import jax
    import jax.numpy as jnp
    from jax import lax, random

    exec(harness)
    out = {}

    def record(key, leaf):
        dtype, bits = as_bits(leaf)
        out[key + "|" + dtype] = bits

    for case in cases:
        run_case(case, record)
    np.savez(f"{path}.{os.getpid()}.npz", **out)
    os.replace(f"{path}.{os.getpid()}.npz", path)
except BaseException:
    with open(error_path, "w") as f:
        f.write(traceback.format_exc())
    raise
"""


def have_jax() -> bool:
    return importlib.util.find_spec("jax") is not None


class JaxOracle:
    """Starts JAX on `cases` in the background unless `cache_dir` has its results (the first
    worker to claim `run_dir`, a directory of this test run, starts it) and hands out the
    results when they are ready.

    `results()` is `{key: (dtype name, bits)}` for every key the harness recorded."""

    def __init__(self, cases, harness: str, run_dir: str, cache_dir: str, per_machine=False):
        harness = _AS_BITS + harness
        what = repr(cases) + harness + _SCRIPT + importlib.metadata.version("jax")
        what += oracle_store.machine() if per_machine else ""
        name = f"jax_oracle_{hashlib.sha256(what.encode()).hexdigest()[:16]}"
        self.path = oracle_store.recorded(name + ".npz") or os.path.join(
            oracle_store.cache_dir(cache_dir), name + ".npz"
        )
        self.error_path = os.path.join(run_dir, name + ".err")
        self._results = None
        if os.path.exists(self.path):
            return
        try:
            os.close(os.open(os.path.join(run_dir, name + ".started"), os.O_CREAT | os.O_EXCL))
        except FileExistsError:
            return  # another worker started it
        subprocess.Popen(
            [sys.executable, "-c", _SCRIPT, repr(cases), self.path, self.error_path, harness],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    def results(self, timeout: float = 900.0) -> dict:
        if self._results is None:
            self._results = self._wait(timeout)
        return self._results

    def _wait(self, timeout):
        deadline = time.monotonic() + timeout
        while not os.path.exists(self.path):
            if os.path.exists(self.error_path):
                with open(self.error_path) as f:
                    raise AssertionError("JAX failed on the oracle's cases:\n" + f.read()[-4000:])
            assert time.monotonic() < deadline, "JAX took too long on the oracle's cases"
            time.sleep(0.1)
        results = {}
        with np.load(self.path) as data:
            for key in data.files:
                name, dtype = key.rsplit("|", 1)
                results[name] = (dtype, data[key])
        return results


def meshjit_results(harness: str, case) -> dict:
    """The keys `JaxOracle.results()` has for `case`, computed with meshjit."""
    import meshjit
    import meshjit.numpy as jnp
    from meshjit import lax, random

    scope = {"jax": meshjit, "jnp": jnp, "lax": lax, "random": random, "np": np}
    exec(_AS_BITS + harness, scope)
    results = {}

    def record(key, leaf):
        results[key] = scope["as_bits"](leaf)

    scope["run_case"](case, record)
    return results


# The `run_case` of a harness of printed jaxprs (`CASES = {name: (fn, args)}`): a case records
# `make_jaxpr(fn)(*args)`'s text; a "values..." case records the leaves of `fn` run on the
# arguments as arrays. A harness is its cases' text + JAXPR_TEXT_RUN_CASE.
JAXPR_TEXT_RUN_CASE = r"""
def run_case(case, record):
    fn, args = CASES[case]
    if case.startswith("values"):
        for i, leaf in enumerate(jax.tree_util.tree_leaves(fn(*[jnp.asarray(a) for a in args]))):
            record(f"{case}{i}", leaf)
        return
    record(case, np.array(str(jax.make_jaxpr(fn)(*args))))
"""


def check_texts_and_values(
    jax_results, harness: str, case: str, values: bool, jax_text=lambda text: text
) -> None:
    """meshjit's results of `case` (its key and the keys numbered after it) are JAX's: printed
    text equal (JAX's passed through `jax_text`), or with `values`, dtypes and bits equal."""
    got = meshjit_results(harness, case)
    mine = lambda k: k == case or (k.startswith(case) and k[len(case) :].isdigit())
    want = {k: v for k, v in jax_results.results().items() if mine(k)}
    assert sorted(got) == sorted(want)
    for key, value in want.items():
        g, w = got[key][1], value[1]
        if values:
            assert got[key][0] == value[0], key
            np.testing.assert_array_equal(g, w, err_msg=key)
        else:
            assert str(g) == jax_text(str(w)), f"meshjit:\n{g}\nJAX:\n{w}"


# ---------------------------------------------------------------------------------------------
# A program JAX runs on 8 CPU devices in a fresh interpreter (JAX's device count is fixed when it
# first starts): for pmap / shard_map oracles.

_DEVICES8_PRELUDE = r"""
import os, sys
os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=8"
import numpy as np, jax, jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P
if len(jax.devices()) < 8:
    print("FEWDEVICES"); sys.exit(0)
out = {}
"""

_DEVICES8_SAVE = "\nnp.savez(sys.argv[1], **{k: np.asarray(v) for k, v in out.items()})\n"


def jax_on_8_devices(program: str, tmp_path, per_machine: bool = False) -> dict:
    """Runs `program` (which fills the dict `out` with arrays; `jax`, `jnp`, `lax`, `np` and
    `P` are imported) under JAX with 8 CPU devices; skips the test without JAX. `per_machine`:
    the results depend on the CPU (oracle_store.machine)."""
    import pytest

    source = _DEVICES8_PRELUDE + program + _DEVICES8_SAVE
    what = source + _jax_version() + (oracle_store.machine() if per_machine else "")
    name = "jax8_" + hashlib.sha256(what.encode()).hexdigest()[:16] + ".npz"
    stored = oracle_store.recorded(name)
    if stored:
        return dict(np.load(stored))
    pytest.importorskip("jax")
    path = os.path.join(oracle_store.cache_dir(str(tmp_path)), name)
    proc = subprocess.run(
        [sys.executable, "-c", source, path],
        check=False,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    if "FEWDEVICES" in proc.stdout:
        pytest.skip("JAX has fewer than 8 CPU devices")
    return dict(np.load(path))


def _jax_version() -> str:
    return importlib.metadata.version("jax") if have_jax() else "none"


def meshjit_on_program(program: str, **names) -> dict:
    """Runs a `jax_on_8_devices` program under meshjit: its lines importing from JAX are
    dropped, `jax`, `jnp`, `lax`, `np` and `P` are meshjit's (with `names` for what those
    lines imported); returns the `out` it fills."""
    import meshjit
    import meshjit.numpy as mjnp
    from meshjit import lax as mlax
    from meshjit.sharding import PartitionSpec

    kept = [
        line for line in program.splitlines() if not line.startswith(("from jax", "import jax"))
    ]
    out: dict = {}
    scope = {"jax": meshjit, "jnp": mjnp, "lax": mlax, "np": np, "P": PartitionSpec, "out": out}
    exec("\n".join(kept), {**scope, **names})
    return out


def start_jax_oracle(
    cases, harness: str, tmp_path_factory, pytestconfig, every: int = 1, per_machine=False
) -> JaxOracle:
    """A `JaxOracle` for a session fixture: one run directory per test run (shared by the
    pytest workers), the results cached in pytest's cache between runs; skips without JAX.
    `every`: the cases are a sweep split by `campaign.every(every, ...)`; JAX runs only the
    slice `make test` runs when the campaign cases are deselected. `per_machine`: the results
    depend on the CPU (LAPACK, dot bits: oracle_store.machine)."""
    import pytest

    from tests.support import campaign

    cases = campaign.slice_for(pytestconfig, every, cases)
    if not have_jax():
        pytest.skip("jax is not installed")
    base = tmp_path_factory.getbasetemp()
    run_dir = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    cache = getattr(pytestconfig, "cache", None)  # None under -p no:cacheprovider
    cache_dir = cache.mkdir("jax_oracle") if cache else run_dir
    return JaxOracle(cases, harness, str(run_dir), str(cache_dir), per_machine)


def oracle_fixture(cases, harness: str, every: int = 1, per_machine: bool = False):
    """A module-scoped pytest fixture `jax_results`: JAX's results for `cases` of `harness`
    (`jax_results = oracle_fixture(CASES, HARNESS)` at a test module's top level); `every` and
    `per_machine` as `start_jax_oracle`'s."""
    import pytest

    @pytest.fixture(scope="module")
    def jax_results(tmp_path_factory, pytestconfig):
        return start_jax_oracle(cases, harness, tmp_path_factory, pytestconfig, every, per_machine)

    return jax_results


def message_of(error: BaseException) -> str:
    """An error's message (meshjit's name the user's line in a note, not in the message)."""
    return str(error)


def values_vs_jax(jax_results, harness: str, case: str) -> list:
    """`(key, meshjit's value, JAX's value)` for each result of `case` (bits back in their
    dtype), after checking both recorded the same results with the same dtypes."""
    got = meshjit_results(harness, case)
    want = {k: v for k, v in jax_results.results().items() if k.split("|")[0] == case}
    assert sorted(got) == sorted(want), case
    pairs = []
    for key, (dtype, bits) in want.items():
        got_dtype, got_bits = got[key]
        assert got_dtype == dtype, f"{key}: dtype {got_dtype} != JAX's {dtype}"
        pairs.append((key, got_bits.view(dtype), bits.view(dtype)))
    return pairs


# The `run_case` of a harness whose CASES map names to thunks: each result's leaves recorded.
RUN_CASES = r"""

def run_case(case, record):
    for i, leaf in enumerate(jax.tree_util.tree_leaves(CASES[case]())):
        record(f"{case}|{i}", leaf)
"""


def assert_as_jax(jax_results, harness: str, case: str, rtol: dict | None = None) -> None:
    """Every value of `case` JAX's bits, or within rtol[case] where `rtol` lists the case."""
    pairs = values_vs_jax(jax_results, harness, case)
    if rtol and case in rtol:
        assert_close_to_jax(pairs, rtol=rtol[case])
    else:
        assert_same_bits(pairs)


def assert_same_bits(pairs) -> None:
    """Every value bit for bit as JAX's (`pairs` from `values_vs_jax`)."""
    for key, g, w in pairs:
        if g.shape != w.shape or g.tobytes() != w.tobytes():
            np.testing.assert_array_equal(g, w, err_msg=key)  # shows where they differ
            raise AssertionError(f"{key}: equal values, other bits (signed zeros or NaNs)")


def assert_close_to_jax(pairs, rtol: float) -> None:
    """Floats and complex numbers within `rtol` (and rtol times the largest magnitude, at
    least 1, absolutely); other values equal."""
    for key, g, w in pairs:
        if g.dtype.kind in "fc":
            scale = max(1.0, float(np.abs(w).max())) if w.size else 1.0
            np.testing.assert_allclose(g, w, rtol=rtol, atol=rtol * scale, err_msg=key)
        else:
            np.testing.assert_array_equal(g, w, err_msg=key)


# A harness prelude for programs comparing many calls with JAX: each call as (dtype, weak type,
# shape, values), or (error type, first line of its message).
DESCRIBED = r"""
def described(f):
    try:
        x = f()
    except Exception as e:
        return np.array([type(e).__name__, str(e).split("\n")[0]])
    x = jnp.asarray(x)
    return np.array([str(x.dtype), str(x.weak_type), str(x.shape), str(np.asarray(x).tolist())])
"""
