"""JAX's side of the shape-polymorphism tests (tests/export/): the program of
tests/support/poly_programs.py run under JAX in a subprocess, its results recorded in
tests/oracle_results/ (oracle_store), and the same text run under meshjit in-process."""

from __future__ import annotations

import functools
import json
import subprocess
import sys

import numpy as np
import pytest

from tests.support import oracle_store
from tests.support.jax_oracle import have_jax
from tests.support.poly_programs import PROGRAM

# Programs whose artifacts cross between the libraries (serialized by one, called by the other).
ARTIFACTS = (
    "matmul",
    "mean_poly_axis",
    "half",
    "two_variables",
    "scan_over_poly",
    "cholesky",
    "svd",
    "uniform",
    "solve_from_other_argument",
    "top_k_symbolic_k",
    "pad_edge",
    "at_set",
    "scan_poly_rows",
)

_JAX_RUNNER = r"""
import json
import sys

import jax
import jax.numpy as jnp
import numpy as np
from jax import core, export, lax, nn, random

program, mode, payload = sys.argv[1], sys.argv[2], json.loads(sys.stdin.read())
exec(program)
if mode == "programs":
    out = {"dims": DIMS, "docs": DOCS, "op_errors": OP_ERRORS, "nested": NESTED, "programs": {}, "artifacts": {}}
    for name in PROGRAMS:
        try:
            out["programs"][name] = run_program(name)
        except Exception as e:
            out["programs"][name] = f"{type(e).__name__}: {e}"
    for name in payload:
        out["artifacts"][name] = bytes(exported(name).serialize()).hex()
else:  # JAX calls meshjit's artifacts
    out = {}
    for name, blob in payload.items():
        exp = export.deserialize(bytearray(bytes.fromhex(blob)))
        _, specs = PROGRAMS[name]
        runs = []
        for seed, env in enumerate(SIZES):
            y = np.asarray(exp.call(*concrete_args(specs, env, seed)))
            runs.append([str(y.dtype), list(y.shape), y.astype(float).ravel().tolist()])
        out[name] = {"avals": [str(exp.in_avals), str(exp.out_avals)], "outs": runs}
print(json.dumps(out))
"""


def _run_jax(mode: str, payload) -> dict:
    if not have_jax():
        pytest.skip("jax is not installed")
    proc = subprocess.run(
        [sys.executable, "-c", _JAX_RUNNER, PROGRAM, mode],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-4000:]
    return json.loads(proc.stdout.splitlines()[-1])


@functools.cache
def jax_poly_results() -> dict:
    """JAX's texts of the dimension cases, its results of every program and its serialized
    artifacts of ARTIFACTS (hex)."""
    name = oracle_store.digest_name("shape_poly", PROGRAM, _JAX_RUNNER, *ARTIFACTS)
    return oracle_store.json_result(name, lambda: _run_jax("programs", list(ARTIFACTS)))


def jax_calls(blobs: dict) -> dict:
    """JAX's avals and outputs calling meshjit's serialized artifacts `{name: hex}`."""
    name = oracle_store.digest_name("shape_poly_calls", PROGRAM, _JAX_RUNNER, json.dumps(blobs))
    return oracle_store.json_result(name, lambda: _run_jax("calls", blobs))


@functools.cache
def meshjit_poly_namespace() -> dict:
    """The program's names, run under meshjit."""
    import meshjit
    import meshjit.numpy as jnp
    from meshjit import core, export, lax, nn, random

    names = {"jax": meshjit, "jnp": jnp, "core": core, "export": export, "lax": lax, "nn": nn}
    names["random"] = random
    names["np"] = np
    exec(PROGRAM, names)
    return names
