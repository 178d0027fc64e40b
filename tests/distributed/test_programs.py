"""jit with shardings, propagation, grad, control flow, meshjit.random and every shard_map collective across
processes (2 x 4 and 4 x 2 devices) against the single-process 8-device run and NumPy.

Two single-process references: the plain run (in-process collectives), equal bit for bit except
float sums across processes (cases.INEXACT); and one process of 8 devices in a distributed run
(`launch -n 1`), whose collectives are gloo's as across processes: equal bit for bit, all of it."""

import functools
import os

import numpy as np
import pytest

from meshjit.tree_util import tree_flatten
from tests.support.shard_map_ref import SimMesh

from .harness import launch, require_ok
from .workers import cases


@functools.cache
def _single_process_results() -> dict:
    mesh = cases.make_mesh()
    out = {}
    for name, program in cases.PROGRAMS.items():
        for i, leaf in enumerate(tree_flatten(program(mesh))[0]):
            out[f"program/{name}/{i}"] = np.asarray(leaf)
    for name, value in cases.run_collectives(mesh, cases.collective_cases()).items():
        out[f"collective/{name}"] = np.asarray(value)
    return out


@functools.cache
def _one_process_gloo_results(base_dir: str) -> dict:
    out_dir = os.path.join(base_dir, "one_process_gloo")
    os.makedirs(out_dir, exist_ok=True)
    require_ok(launch("run_programs.py", out_dir, n=1, devices=8))
    return dict(np.load(f"{out_dir}/results.npz"))


def _numpy_results() -> dict:
    sim = SimMesh(cases.MESH_SHAPE, cases.MESH_AXES)
    return {
        f"collective/{c.name}": sim.assemble(c.ref(sim, sim.split(c.x, c.in_spec)), c.out_spec)
        for c in cases.collective_cases()
    }


# 4 processes x 2 devices in `make test-campaigns` (2 x 4 in `make test`: 15 minutes on 2 cores).
@pytest.mark.parametrize("n, devices", [(2, 4), pytest.param(4, 2, marks=pytest.mark.campaign)])
def test_programs_match_single_process_and_numpy(tmp_path_factory, tmp_path, n, devices):
    require_ok(launch("run_programs.py", str(tmp_path), n=n, devices=devices))
    got = dict(np.load(tmp_path / "results.npz"))
    single, numpy_ref = _single_process_results(), _numpy_results()
    assert set(got) == set(single)
    problems = []
    for key, want in single.items():
        if got[key].shape != want.shape or got[key].dtype != want.dtype:
            problems.append(f"{key}: {got[key].dtype}{got[key].shape} vs {want.dtype}{want.shape}")
        elif key not in cases.INEXACT and not np.array_equal(got[key], want):
            problems.append(f"{key}: differs from the single-process run (bits)")
        elif not np.allclose(got[key], want, rtol=1e-6, atol=1e-6):
            problems.append(
                f"{key}: differs from the single-process run by {_diff(got[key], want)}"
            )
    gloo = _one_process_gloo_results(str(tmp_path_factory.getbasetemp()))
    assert set(gloo) == set(got)
    problems += [
        f"{key}: differs from one process on gloo's collectives (bits)"
        for key in gloo
        if got[key].dtype != gloo[key].dtype or not np.array_equal(got[key], gloo[key])
    ]
    for key, want in numpy_ref.items():
        if not np.allclose(got[key], want, rtol=1e-5, atol=1e-5):
            problems.append(f"{key}: differs from NumPy by {_diff(got[key], want)}")
    assert not problems, "\n".join(problems)


def _diff(a, b) -> float:
    return float(np.max(np.abs(a.astype(np.float64) - b)))
