"""test/lit/forkserver.py, which lit.cfg.py puts in front of meshjit-opt: a call through it gets
the caller's stdin, arguments and working directory, and gives the tool's stdout, stderr and exit
status; with no server listening it runs the console script itself."""

import os
import subprocess
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SERVER = os.path.join(ROOT, "test", "lit", "forkserver.py")
TOOL = os.path.join(os.path.dirname(sys.executable), "meshjit-opt")

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")


@pytest.fixture(scope="module")
def socket_path(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("forkserver") / "opt.sock")
    server = subprocess.Popen([sys.executable, SERVER, "serve", path], stdin=subprocess.DEVNULL)
    for _ in range(200):
        if os.path.exists(path):
            break
        time.sleep(0.05)
    yield path
    server.terminate()
    assert server.wait(timeout=30) == 0


def call(path, *args, stdin="", cwd=None):
    return subprocess.run(
        [sys.executable, "-S", SERVER, "call", path, TOOL, *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=60,
    )


def test_a_call_reads_stdin_and_writes_stdout(socket_path):
    done = call(socket_path, "-", stdin="func.func @f() { return }\n")
    assert (done.returncode, done.stderr) == (0, "")
    assert "func.func @f()" in done.stdout


def test_a_call_runs_in_the_callers_directory(socket_path, tmp_path):
    (tmp_path / "in.mlir").write_text("func.func @here() { return }\n")
    done = call(socket_path, "in.mlir", cwd=tmp_path)
    assert done.returncode == 0 and "@here" in done.stdout, done.stderr


def test_a_usage_error_keeps_argparse_status_and_message(socket_path):
    done = call(socket_path, "--no-such-flag")
    assert done.returncode == 2
    assert "meshjit-opt: error: unrecognized arguments: --no-such-flag" in done.stderr


def test_a_failing_pass_keeps_the_tools_status(socket_path):
    done = call(socket_path, "-", stdin="this is not mlir\n")
    assert (done.returncode, done.stdout) == (1, "")
    assert "<stdin>:1:1: error: custom op 'this' is unknown" in done.stderr


def test_without_a_server_the_console_script_runs(tmp_path):
    done = call(str(tmp_path / "nobody.sock"), "--version")
    assert done.returncode == 0 and done.stdout.startswith("meshjit-opt (meshjit)")
