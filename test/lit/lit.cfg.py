# lit configuration for meshjit's golden tests.
import atexit
import os
import shutil
import subprocess
import sys
import tempfile

import lit.formats

config.name = "meshjit"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".py", ".mlir", ".test"]
config.excludes = ["lit.cfg.py", "lit.local.cfg", "forkserver.py", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.environment["MESHJIT_NUM_CPU_DEVICES"] = "8"
config.environment["PYTHONPATH"] = os.pathsep.join(
    p for p in (os.path.dirname(__file__), os.environ.get("PYTHONPATH", "")) if p
)
for var in ("HOME", "PATH", "TMPDIR"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

bin_dir = os.path.dirname(sys.executable)


def _tool(name):
    return shutil.which(name, path=bin_dir + os.pathsep + os.environ.get("PATH", "")) or name


def _opt_command(tool):
    """meshjit-opt through forkserver.py (one import per lit run instead of one per call);
    MESHJIT_LIT_FORKSERVER=0 runs the console script every time."""
    if os.environ.get("MESHJIT_LIT_FORKSERVER", "1") == "0" or not hasattr(os, "fork"):
        return tool
    server = os.path.join(os.path.dirname(__file__), "forkserver.py")
    folder = tempfile.mkdtemp(prefix="meshjit-lit-")
    socket_path = os.path.join(folder, "opt.sock")
    env = dict(config.environment)
    process = subprocess.Popen(
        [sys.executable, server, "serve", socket_path],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    atexit.register(_stop_server, process, folder)
    return f"{sys.executable} -S {server} call {socket_path} {tool}"


def _stop_server(process, folder):
    process.terminate()
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    shutil.rmtree(folder, ignore_errors=True)


config.substitutions.append(("%PYTHON", sys.executable))
config.substitutions.append(("FileCheck", _tool("filecheck") + " --enable-var-scope"))
config.meshjit_opt = _tool("meshjit-opt")
config.substitutions.append(("meshjit-opt", _opt_command(config.meshjit_opt)))
config.substitutions.append(("meshjit-lower", _tool("meshjit-lower")))
config.substitutions.append(("meshjit-compile", _tool("meshjit-compile")))
config.substitutions.append(("%inputs", os.path.join(os.path.dirname(__file__), "Inputs")))
