"""initialize / shutdown, the process queries and the launcher, with real processes."""

import json

import pytest

import meshjit
from meshjit.distributed import DistributedError

from .harness import launch, require_ok


def _reports(run, n):
    out = []
    for i in range(n):
        line = next(x for x in run.lines(i) if x.startswith("report="))
        out.append(json.loads(line[len("report=") :]))
    return out


# 4 processes x 2 devices in `make test-campaigns` (2 x 4 in `make test`: 15 minutes on 2 cores).
@pytest.mark.parametrize("n, devices", [(2, 4), pytest.param(4, 2, marks=pytest.mark.campaign)])
def test_processes_see_the_run(n, devices):
    run = require_ok(launch("lifecycle.py", n=n, devices=devices))
    for i, report in enumerate(_reports(run, n)):
        assert report["index"] == i
        assert report["count"] == n
        assert report["local"] == devices and report["global"] == n * devices
        assert report["local_owners"] == [i]
        assert (
            report["owners"]
            == sorted(report["owners"])
            == [p for p in range(n) for _ in range(devices)]
        )
        assert report["default_is_local"]
        assert "second initialize: distributed.initialize was already called" in run.text(i)
        assert "initialized after shutdown: False" in run.text(i)


def test_launcher_prefixes_and_fails_when_one_process_fails(tmp_path):
    script = tmp_path / "one_fails.py"
    script.write_text(
        "import os, sys, time\n"
        "i = int(os.environ['MESHJIT_PROCESS_ID'])\n"
        "print('hello from', i, os.environ['MESHJIT_NUM_CPU_DEVICES'])\n"
        "sys.exit(3) if i == 1 else time.sleep(60)\n"
    )
    from .harness import WORKERS  # noqa: F401  (the launcher runs any script path)

    run = launch(str(script), n=3, devices=2, grace=0.5, timeout=30)
    assert run.code == 3, run.output
    assert "[1] hello from 1 2" in run.output and "[2] hello from 2 2" in run.output
    assert "process 1 failed (exit code 3)" in run.output
    assert "ending processes [0, 2]" in run.output
    assert run.seconds < 20


def test_launcher_timeout_ends_everything(tmp_path):
    script = tmp_path / "sleeps.py"
    script.write_text("import time\ntime.sleep(60)\n")
    run = launch(str(script), n=2, devices=1, timeout=1)
    assert run.code == 124 and "timed out after 1 s" in run.output
    assert run.seconds < 15


def test_initialize_after_the_backend_started_is_refused():
    meshjit.devices()  # starts this (single-process) pytest process's CPU client
    with pytest.raises(DistributedError, match="before the first computation"):
        meshjit.distributed.initialize("127.0.0.1:1", num_processes=2, process_id=0)
    assert not meshjit.distributed.is_initialized()
