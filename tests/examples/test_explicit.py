"""examples/explicit.py: an MLP and a transformer block trained in explicit mode (DP+TP and
FSDP) match NumPy, and match JAX 0.10.2 running the same program text: losses, the parameters'
types, and the collectives XLA emits for a training step (count and bytes, by kind)."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from examples import explicit as E
from meshjit.compiler.runtime import hlo_stats
from meshjit.compiler.runtime.hlo_stats import by_kind
from meshjit.sharding import P
from tests.support import oracle_store

PROGRAMS = ("mlp_dp_tp", "block_dp_tp", "mlp_fsdp", "block_fsdp")
REPO = pathlib.Path(__file__).resolve().parents[2]

_SCRIPT = r"""
import json, sys
sys.path.insert(0, sys.argv[1])
import jax, jax.numpy as jnp
jax.config.update("jax_num_cpu_devices", 8)
from jax.sharding import PartitionSpec as P
from examples import explicit as E
from meshjit.compiler.runtime.hlo_stats import by_kind

jax.set_mesh(jax.make_mesh(E.MESH_SHAPE, E.MESH_AXES))
out = {}
for name in sys.argv[2].split(","):
    losses, params = E.train(jax, jnp, P, name)
    progs = E.build(jax, jnp, P)
    specs = progs["fsdp_specs" if name.endswith("fsdp") else "tp_specs"]
    p, x, y = E.place(jax, P, E.init(), specs, *E.data(), progs["act"])
    hlo = progs["steps"][name].lower(p, x, y).compile().as_text()
    out[name] = {
        "losses": losses,
        "types": {k: str(jax.typeof(v)) for k, v in params.items()},
        "collectives": by_kind(hlo),
    }
print("RESULTS=" + json.dumps(out))
"""


def _meshjit_run(name: str) -> dict:
    with meshjit.set_mesh(meshjit.make_mesh(E.MESH_SHAPE, E.MESH_AXES)):
        losses, params = E.train(meshjit, jnp, P, name)
        progs = E.build(meshjit, jnp, P)
        specs = progs["fsdp_specs" if name.endswith("fsdp") else "tp_specs"]
        p, x, y = E.place(meshjit, P, E.init(), specs, *E.data(), progs["act"])
        hlo = progs["steps"][name].lower(p, x, y).compile().as_text()
    return {
        "losses": losses,
        "types": {k: str(meshjit.typeof(v)) for k, v in params.items()},
        "collectives": {k: list(v) for k, v in by_kind(hlo).items()},
    }


def _jax_run() -> dict:
    pytest.importorskip("jax")
    env = dict(os.environ, JAX_PLATFORMS="cpu", PYTHONPATH=str(REPO / "src"))
    proc = subprocess.run(
        [sys.executable, "-c", _SCRIPT, str(REPO), ",".join(PROGRAMS)],
        capture_output=True,
        text=True,
        timeout=900,
        env=env,
    )
    line = [ln for ln in proc.stdout.splitlines() if ln.startswith("RESULTS=")]
    assert line, proc.stderr[-3000:]
    return json.loads(line[0][len("RESULTS=") :])


@pytest.fixture(scope="module")
def jax_runs():
    """JAX's runs of the programs: recorded (tests/oracle_results/), named by the script, the
    example and the HLO statistics it imports; else run now."""
    imported = oracle_store.sources(E.__file__, hlo_stats.__file__)
    name = oracle_store.digest_name("examples_explicit", _SCRIPT, imported, ",".join(PROGRAMS))
    return oracle_store.json_result(name, _jax_run)


@pytest.fixture(scope="module")
def meshjit_runs():
    return {name: _meshjit_run(name) for name in PROGRAMS}


@pytest.mark.parametrize("name", PROGRAMS)
def test_training_matches_numpy(name, meshjit_runs):
    losses = meshjit_runs[name]["losses"]
    x, y = E.data()
    np.testing.assert_allclose(losses[0], E.loss_numpy(name, E.init(), x, y), rtol=1e-5)
    assert losses[-1] < losses[0]


@pytest.mark.parametrize("name", PROGRAMS)
def test_losses_and_types_match_jax(name, meshjit_runs, jax_runs):
    mine, theirs = meshjit_runs[name], jax_runs[name]
    np.testing.assert_allclose(mine["losses"], theirs["losses"], rtol=1e-5)
    assert mine["types"] == theirs["types"]


@pytest.mark.parametrize("name", ["mlp_dp_tp", "block_dp_tp"])
def test_collectives_match_jax(name, meshjit_runs, jax_runs):
    """The types pin every layout, so XLA partitions both programs alike."""
    assert meshjit_runs[name]["collectives"] == jax_runs[name]["collectives"]


# The script trains the four programs meshjit_runs trains (checked against NumPy above) in a
# process of its own: `make test-campaigns` (suite time, session 34).
@pytest.mark.campaign
def test_script_runs():
    env = dict(os.environ, PYTHONPATH=str(REPO / "src"))
    proc = subprocess.run(
        [sys.executable, str(REPO / "examples" / "explicit.py")],
        capture_output=True,
        text=True,
        timeout=600,
        env=env,
        cwd=REPO,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr[-2000:]
    assert "explicit-mode training matches NumPy" in proc.stdout
