"""Faults end in clear errors within bounded time, with real processes on loopback: a process
killed or raising mid-step, a hung process, different programs, and a run that cannot start
(a process never joins, the coordinator address is in use or unreachable)."""

import re
import socket

import pytest

from .harness import launch

HEARTBEAT = 3  # seconds: the coordination service's bound on a silent process
XLA_ENDS_PROCESS = "Terminating process because the JAX distributed service detected fatal errors"


def _fault(mode, victim, n, devices, grace=10):
    return launch(
        "faults.py",
        mode,
        str(victim),
        n=n,
        devices=devices,
        grace=grace,
        timeout=60,
        launcher_args=("--heartbeat-timeout", str(HEARTBEAT)),
    )


def _names(text: str, victim: int) -> bool:
    return re.search(
        rf"process(es)? ([\d, ]+, )?{victim}\b[\d, ]* (is|are) no longer running", text
    )


# 4 processes x 2 devices in `make test-campaigns` (2 x 4 in `make test`: 15 minutes on 2 cores).
@pytest.mark.parametrize(
    "n, devices, victim", [(2, 4, 1), pytest.param(4, 2, 2, marks=pytest.mark.campaign)]
)
def test_killed_process_makes_the_others_raise(n, devices, victim):
    run = _fault("kill", victim, n, devices)
    assert run.code != 0
    assert f"[{victim}] killed by SIGKILL" in run.output, run.output
    survivors = [i for i in range(n) if i != victim]
    raised = [i for i in survivors if "DistributedError" in run.text(i)]
    assert raised and any(_names(run.text(i), victim) for i in raised), run.output
    for i in survivors:  # the rest, if any, were ended by the coordination service
        assert i in raised or XLA_ENDS_PROCESS in run.text(i), run.output
    assert "finished all steps" not in run.output
    assert run.seconds < 30, run.seconds


def test_exception_in_one_process_ends_the_run_fast():
    run = _fault("exception", 1, 2, 4)
    assert run.code == 1
    assert "ValueError: a bug in process 1" in run.text(1)
    assert "exits without the shutdown barrier (an uncaught ValueError)" in run.text(1)
    assert "DistributedError" in run.text(0) and _names(run.text(0), 1), run.output
    assert run.seconds < 20, run.seconds  # not the 300 s shutdown timeout


@pytest.mark.campaign  # 10-15 s of waiting: `make test-distributed` and campaigns run it
def test_hung_process_ends_the_run_at_the_heartbeat():
    run = _fault("stop", 1, 2, 4, grace=1)
    assert run.code != 0
    assert XLA_ENDS_PROCESS in run.text(0), run.output
    assert "stopped sending heartbeats" in run.text(0)
    assert "[0] killed by SIGABRT" in run.output
    assert run.seconds < 30, run.seconds


def test_different_programs_are_detected_before_they_run():
    run = _fault("mismatch", 0, 2, 4)
    assert run.code == 1
    for i in range(2):
        text = run.text(i)
        assert "DistributedError: the processes compiled different programs" in text, run.output
        assert "process 0 compiled jit(step)" in text and "process 1 compiled jit(step)" in text
        assert "step 0 done" not in text
    assert run.seconds < 20


def _join(mode, n, **kw):
    return launch("join_faults.py", mode, n=n, devices=1, timeout=40, **kw)


@pytest.mark.campaign  # 10-15 s of waiting: `make test-distributed` and campaigns run it
def test_a_process_that_never_joins():
    run = _join("never", 2)
    assert run.code == 1
    for i in range(2):
        assert "only 2 of 3 processes joined within 2 s (joined: [0, 1]; missing: [2])" in run.text(
            i
        ), run.output
    assert run.seconds < 20


def test_processes_that_disagree_on_the_count():
    run = _join("count", 2)
    assert run.code == 1
    msg = "process 1 was started with num_processes=3 but process 0 with num_processes=2"
    assert msg in run.text(0) and msg in run.text(1), run.output


def test_unreachable_coordinator():
    run = _join("unreachable", 1)
    assert run.code == 1
    assert "process 1 could not reach the coordinator (process 0)" in run.text(0), run.output
    assert "within 2 s" in run.text(0)
    assert run.seconds < 20


@pytest.mark.campaign  # 10-15 s of waiting: `make test-distributed` and campaigns run it
def test_coordinator_address_in_use():
    with socket.create_server(("127.0.0.1", 0)) as holder:
        port = holder.getsockname()[1]
        run = _join("plain", 2, launcher_args=("--port", str(port)))
    assert run.code == 1
    assert f"process 0 cannot host the coordinator at 127.0.0.1:{port}" in run.text(0), run.output
    assert "Address already in use" in run.text(0)
    assert "got no answer" in run.text(1) or "only 1 of 2" in run.text(1), run.output
    assert run.seconds < 20
