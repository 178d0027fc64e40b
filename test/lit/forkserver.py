"""A fork server for meshjit-opt in lit runs: the ~400 `meshjit-opt` calls of the suite each
spent ~0.25 s of CPU importing NumPy, jaxlib's MLIR and meshjit's passes before doing ~0.05 s
of work. lit.cfg.py starts one server per lit run; it imports meshjit.tools.opt once and forks a
fresh child per call, which takes over the caller's stdin/stdout/stderr, working directory,
environment and arguments, runs `main(argv)` and reports its exit status. The child starts
from the freshly imported state every time, as a new process would.

    python forkserver.py serve SOCKET          # lit.cfg.py, in the background
    python -S forkserver.py call SOCKET TOOL ARGS...   # the `meshjit-opt` substitution

`call` runs TOOL itself (the installed console script) when no server answers, so a test never
depends on the server being up. Only the standard library is used on the `call` side (`-S`).
"""

import array
import json
import os
import signal
import socket
import struct
import sys

_HEADER = struct.Struct("!I")
_STDIO = 3


def call(path: str, tool: str, args: list[str]) -> int:
    try:
        conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        conn.connect(path)
    except OSError:
        os.execv(tool, [tool, *args])
    request = json.dumps({"argv": args, "cwd": os.getcwd(), "env": dict(os.environ)}).encode()
    fds = array.array("i", range(_STDIO))
    conn.sendmsg([_HEADER.pack(len(request))], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, fds)])
    conn.sendall(request)
    reply = _read(conn, _HEADER.size)
    if len(reply) < _HEADER.size:
        print(f"{os.path.basename(tool)}: the lit fork server died", file=sys.stderr)
        return 1
    return _HEADER.unpack(reply)[0]


def _read(conn: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = conn.recv(size - len(data))
        if not chunk:
            break
        data += chunk
    return data


def serve(path: str) -> None:
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(128)  # callers queue while the imports below run
    from meshjit.tools.opt import main

    # lit.cfg.py stops the server with SIGTERM; its children are waited for (so their CPU time
    # counts in lit's, as a console script's would).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    parent = os.getppid()
    listener.settimeout(1.0)
    try:
        while os.getppid() == parent:  # lit is gone: stop
            _reap(os.WNOHANG)
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                continue
            sys.stdout.flush()
            sys.stderr.flush()
            if os.fork() == 0:
                listener.close()
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                conn.settimeout(None)
                _run_child(conn, main)
            conn.close()
    finally:
        _reap(0)


def _reap(options: int) -> None:
    try:
        while os.waitpid(-1, options)[0]:
            pass
    except ChildProcessError:
        pass


def _run_child(conn: socket.socket, main) -> None:
    code = 1
    try:
        header, ancillary, _, _ = conn.recvmsg(_HEADER.size, socket.CMSG_SPACE(4 * _STDIO))
        fds = array.array("i")
        for level, kind, data in ancillary:
            if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
                fds.frombytes(data[: len(data) - len(data) % fds.itemsize])
        request = json.loads(_read(conn, _HEADER.unpack(header)[0]))
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
            os.close(fd)
        os.chdir(request["cwd"])
        os.environ.clear()
        os.environ.update(request["env"])
        sys.argv = ["meshjit-opt", *request["argv"]]
        code = _exit_code(main, request["argv"])
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
            conn.sendall(_HEADER.pack(code))
        finally:
            os._exit(0)


def _exit_code(main, argv) -> int:
    try:
        return main(argv) or 0
    except SystemExit as e:  # argparse: --help, --version, usage errors
        if e.code is None or isinstance(e.code, int):
            return e.code or 0
        print(e.code, file=sys.stderr)
        return 1
    except BaseException:  # as the interpreter would: traceback and status 1
        import traceback

        traceback.print_exc()
        return 1


if __name__ == "__main__":
    if sys.argv[1] == "serve":
        serve(sys.argv[2])
    else:
        sys.exit(call(sys.argv[2], sys.argv[3], sys.argv[4:]))
