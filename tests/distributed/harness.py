"""Runs worker scripts as real processes on loopback through `python -m meshjit.launch`, and
never leaves one behind: the launcher and its children share a process group that is killed
whatever happens (the children also die with the launcher: parent-death signal)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import NamedTuple

WORKERS = Path(__file__).parent / "workers"


class Run(NamedTuple):
    code: int
    output: str
    seconds: float

    def lines(self, process: int) -> list[str]:
        """The output lines of one process, without the `[i] ` prefix."""
        prefix = f"[{process}] "
        return [line[len(prefix) :] for line in self.output.splitlines() if line.startswith(prefix)]

    def text(self, process: int) -> str:
        return "\n".join(self.lines(process))


def launch(
    worker: str,
    *args: str,
    n: int,
    devices: int,
    timeout: float = 90,
    grace: float = 5,
    launcher_args: tuple = (),
    env: dict | None = None,
) -> Run:
    """Runs `workers/<worker>` in n processes of `devices` CPU devices each."""
    command = [
        sys.executable,
        "-m",
        "meshjit.launch",
        "-n",
        str(n),
        "--devices-per-process",
        str(devices),
        "--grace",
        str(grace),
        "--timeout",
        str(timeout),
        *launcher_args,
        str(WORKERS / worker),
        *args,
    ]
    environment = {**os.environ, **(env or {})}
    start = time.monotonic()
    proc = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        env=environment,
        start_new_session=True,
    )
    try:
        out, _ = proc.communicate(timeout=timeout + 30)
    except subprocess.TimeoutExpired:
        _kill_group(proc)
        out, _ = proc.communicate()
        raise AssertionError(f"the launcher itself did not end; output:\n{out.decode()}") from None
    finally:
        if proc.poll() is None:  # interrupted (KeyboardInterrupt, a failure in pytest)
            _kill_group(proc)
    return Run(proc.returncode, out.decode(errors="replace"), time.monotonic() - start)


def _kill_group(proc) -> None:
    """SIGKILL to the launcher's group, while it is not reaped (so the id is still ours)."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    proc.wait()


def require_ok(run: Run) -> Run:
    assert run.code == 0, f"exit code {run.code}; output:\n{run.output}"
    return run
