"""`python -m meshjit.launch -n N [options] script.py [args]`: N processes of one run on this
machine.

Picks a free loopback port for the coordinator, starts N copies of the script with
MESHJIT_COORDINATOR_ADDRESS / MESHJIT_NUM_PROCESSES / MESHJIT_PROCESS_ID (and
MESHJIT_NUM_CPU_DEVICES with --devices-per-process) set, so `meshjit.distributed.initialize()`
needs no arguments; streams each process's output prefixed with `[i]`. When a process fails
the others get --grace seconds to fail on their own (their errors say why), then are ended;
the exit code is then non-zero. The children die with the launcher (Linux: parent-death
signal), so an interrupted launcher leaves no processes behind.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time

_KILL_AFTER = 2.0  # seconds between SIGTERM and SIGKILL
# gloo prints one line per device and communicator as it connects (no switch turns it off);
# writes from several threads can interleave, so pieces are removed wherever they are.
_GLOO_NOISE = re.compile(
    r"\[Gloo\] Rank |\d+ is connected to \d+ peer ranks\. Expected number of connected peer "
    r"ranks is : ?\d*"
)


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m meshjit.launch", description=__doc__.splitlines()[0]
    )
    p.add_argument("-n", "--num-processes", type=int, required=True, help="processes to start")
    p.add_argument(
        "--devices-per-process", type=int, help="CPU devices per process (MESHJIT_NUM_CPU_DEVICES)"
    )
    p.add_argument("--port", type=int, help="coordinator port (default: a free one)")
    p.add_argument("--host", default="127.0.0.1", help="coordinator host (default 127.0.0.1)")
    p.add_argument("--timeout", type=float, help="end every process after this many seconds")
    p.add_argument(
        "--grace",
        type=float,
        default=5.0,
        help="seconds the others get to exit after one fails (default 5)",
    )
    p.add_argument("--init-timeout", type=float, help="MESHJIT_INITIALIZATION_TIMEOUT (seconds)")
    p.add_argument(
        "--heartbeat-timeout", type=float, help="MESHJIT_HEARTBEAT_TIMEOUT_SECONDS (seconds)"
    )
    p.add_argument(
        "--show-gloo", action="store_true", help="keep gloo's connection messages in the output"
    )
    p.add_argument("script", help="the Python script to run (or -m and a module name)")
    p.add_argument("args", nargs=argparse.REMAINDER, help="arguments for the script")
    return p


def _environment(opts, port: int, index: int) -> dict:
    env = dict(os.environ)
    env.update(
        MESHJIT_COORDINATOR_ADDRESS=f"{opts.host}:{port}",
        MESHJIT_NUM_PROCESSES=str(opts.num_processes),
        MESHJIT_PROCESS_ID=str(index),
        PYTHONUNBUFFERED="1",
    )
    optional = {
        "MESHJIT_NUM_CPU_DEVICES": opts.devices_per_process,
        "MESHJIT_INITIALIZATION_TIMEOUT": opts.init_timeout,
        "MESHJIT_HEARTBEAT_TIMEOUT_SECONDS": opts.heartbeat_timeout,
    }
    env.update({k: str(_number(v)) for k, v in optional.items() if v is not None})
    return env


def _number(v):
    return int(v) if float(v).is_integer() else v


def _die_with_parent() -> None:
    """Runs in each child before exec: SIGKILL it if the launcher dies (Linux only)."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


class Run:
    """The started processes, their output streams and their end."""

    def __init__(self, opts, command: list[str], port: int):
        self.opts = opts
        self.lock = threading.Lock()
        self.procs = []
        self.readers = []
        self.first_failure = None  # the process that failed first: its code is the run's
        for i in range(opts.num_processes):
            proc = subprocess.Popen(
                command,
                env=_environment(opts, port, i),
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None,
            )
            self.procs.append(proc)
            reader = threading.Thread(target=self._stream, args=(i, proc), daemon=True)
            reader.start()
            self.readers.append(reader)

    def say(self, text: str) -> None:
        with self.lock:
            sys.stdout.write(f"[launch] {text}\n")
            sys.stdout.flush()

    def _stream(self, index: int, proc) -> None:
        after_noise = False
        for raw in proc.stdout:
            line = raw.decode(errors="replace")
            if not self.opts.show_gloo:
                line, removed = _GLOO_NOISE.subn("", line)
                rest = line.strip()
                # A piece of gloo's line split off by another thread's write: blank or digits.
                if (removed or after_noise) and (not rest or rest.isdigit()):
                    after_noise = True
                    continue
                after_noise = bool(removed)
            with self.lock:
                sys.stdout.write(f"[{index}] {line if line.endswith(chr(10)) else line + chr(10)}")
                sys.stdout.flush()

    def codes(self) -> list:
        return [p.poll() for p in self.procs]

    def end(self, why: str) -> None:
        """SIGTERM to every process still running, SIGKILL to those still there after 2 s."""
        alive = [(i, p) for i, p in enumerate(self.procs) if p.poll() is None]
        if not alive:
            return
        self.say(f"ending processes {[i for i, _ in alive]} ({why})")
        for _, p in alive:
            _signal(p, signal.SIGTERM)
        deadline = time.monotonic() + _KILL_AFTER
        for _, p in alive:
            try:
                p.wait(max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                _signal(p, signal.SIGKILL)
                p.wait()

    def wait(self) -> int:
        start, failed_at = time.monotonic(), None
        while True:
            codes = self.codes()
            if failed_at is None and any(c not in (None, 0) for c in codes):
                failed_at = time.monotonic()
                first = self.first_failure = next(
                    i for i, c in enumerate(codes) if c not in (None, 0)
                )
                if any(c is None for c in codes):
                    self.say(
                        f"process {first} failed ({_describe(codes[first])}); the others get "
                        f"{self.opts.grace:g} s to exit"
                    )
            if all(c is not None for c in codes):
                break
            now = time.monotonic()
            if failed_at is not None and now - failed_at > self.opts.grace:
                self.end("another process failed")
            elif self.opts.timeout is not None and now - start > self.opts.timeout:
                self.end(f"timeout of {self.opts.timeout:g} s")
                self._finish()
                self.say(f"timed out after {self.opts.timeout:g} s")
                return 124
            time.sleep(0.02)
        return self._finish()

    def _finish(self) -> int:
        for reader in self.readers:
            reader.join(timeout=5)
        codes = self.codes()
        bad = [(i, c) for i, c in enumerate(codes) if c != 0]
        if not bad:
            return 0
        self.say("exit codes: " + ", ".join(f"[{i}] {_describe(c)}" for i, c in enumerate(codes)))
        first = self.first_failure if self.first_failure is not None else bad[0][0]
        code = codes[first]
        return 128 - code if code is not None and code < 0 else (code or 1)


def _signal(proc, sig) -> None:
    try:
        proc.send_signal(sig)
    except ProcessLookupError:
        pass


def _describe(code) -> str:
    if code is None:
        return "running"
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit code {code}"


def _interrupt(*_):
    raise KeyboardInterrupt


def main(argv=None) -> int:
    opts = _parser().parse_args(argv)
    if opts.num_processes < 1:
        _parser().error("-n must be at least 1")
    if opts.script == "-m":
        if not opts.args:
            _parser().error("-m needs a module name")
        command = [sys.executable, "-m", *opts.args]
    else:
        command = [sys.executable, opts.script, *opts.args]
    port = opts.port or free_port(opts.host)
    run = Run(opts, command, port)
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        return run.wait()
    except KeyboardInterrupt:
        run.end("the launcher was interrupted")
        run._finish()
        return 130
    finally:
        signal.signal(signal.SIGTERM, previous)


if __name__ == "__main__":
    sys.exit(main())
