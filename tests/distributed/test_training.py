"""examples/train.py across processes: the MLP and the transformer trained with data and model
parallelism on the 4x2 ("data", "model") mesh spread over 2 x 4 and 4 x 2 processes match the
single-process 8-device run (and pass the example's own checks in every process): bit for bit
the run of one process of 8 devices on gloo's collectives (`launch -n 1`), and to the last bits
the plain run, whose in-process all-reduce adds the data-parallel gradients in another order
(that comparison in `make test-campaigns`)."""

import functools
import os
import subprocess
import sys

import numpy as np
import pytest

from .harness import launch, require_ok

STEPS = "2"
TRAIN = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "train.py")


@functools.cache
def _single_process(out_dir: str) -> dict:
    path = os.path.join(out_dir, "single.npz")
    env = {**os.environ, "MESHJIT_NUM_CPU_DEVICES": "8"}
    env.pop("MESHJIT_NUM_PROCESSES", None)
    subprocess.run(
        [sys.executable, TRAIN, "--steps", STEPS, "--save", path],
        check=True,
        env=env,
        stdout=subprocess.DEVNULL,
        timeout=300,
    )
    return dict(np.load(path))


@functools.cache
def _one_process_gloo(out_dir: str) -> dict:
    path = os.path.join(out_dir, "one_process_gloo.npz")
    require_ok(launch(os.path.abspath(TRAIN), "--steps", STEPS, "--save", path, n=1, devices=8))
    return dict(np.load(path))


@functools.cache
def _across_processes(out_dir: str, n: int, devices: int) -> dict:
    """The trained parameters of the run on `n` processes of `devices` devices, after checking
    every process passed the example's own checks."""
    path = os.path.join(out_dir, f"multi_{n}x{devices}.npz")
    run = require_ok(
        launch(os.path.abspath(TRAIN), "--steps", STEPS, "--save", path, n=n, devices=devices)
    )
    for i in range(n):
        assert "CHECK: PASS" in run.lines(i), run.output
        assert f"8 devices in {n} process(es)" in run.text(i)
    return dict(np.load(path))


# 4 processes x 2 devices in `make test-campaigns` (2 x 4 in `make test`: 15 minutes on 2 cores).
@pytest.mark.parametrize("n, devices", [(2, 4), pytest.param(4, 2, marks=pytest.mark.campaign)])
def test_training_across_processes_matches_one_process(tmp_path_factory, n, devices):
    base = str(tmp_path_factory.getbasetemp())
    _compare(
        _across_processes(base, n, devices), _one_process_gloo(base), np.testing.assert_array_equal
    )


# The plain single-process run (a third training, 14 s of one core) in `make test-campaigns`:
# `make test` compares with one process on gloo's collectives, bit for bit.
@pytest.mark.campaign
@pytest.mark.parametrize("n, devices", [(2, 4), (4, 2)])
def test_training_across_processes_matches_the_plain_run(tmp_path_factory, n, devices):
    base = str(tmp_path_factory.getbasetemp())
    # The gradients' sums over "data" add floats in gloo's order, not the in-process one.
    close = functools.partial(np.testing.assert_allclose, rtol=2e-6, atol=1e-7)
    _compare(_across_processes(base, n, devices), _single_process(base), close)


def _compare(got: dict, want: dict, check) -> None:
    """The saved parameters and losses of two trainings: the same keys, each `check`ed."""
    assert set(got) == set(want) and len(got) == 2 * (4 + 13)
    for key in want:
        check(got[key], want[key], err_msg=key)
