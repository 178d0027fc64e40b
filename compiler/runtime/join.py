"""The join check that runs before the coordination service: every process says hello to
process 0 on the coordinator's port, and the run starts only when all have.

Why meshjit has it: jaxlib's coordination client ends the whole process (a fatal log, no Python
error) when `connect()` times out, and a Python callback for that failure cannot be given (the
status argument has no Python type in jaxlib 0.10.2: `std::bad_cast`, then `terminate`). With
this check done first, a process that never joins, a coordinator address in use or unreachable,
and inconsistent settings end in Python errors naming who joined. Only a few bytes of JSON move
here; after it, process 0 closes the port and starts the coordination service on it.
"""

from __future__ import annotations

import json
import socket
import time

from meshjit.compiler.errors import DistributedError

_RETRY_SECONDS = 0.05


class JoinError(DistributedError):
    """A process did not join, or the processes disagree on the run they belong to."""


def split_address(address: str) -> tuple[str, int]:
    """'host:port' or '[v6]:port' -> (host, port)."""
    host, sep, port = address.rpartition(":")
    if not sep or not port.isdigit() or not host:
        raise JoinError(f"coordinator address {address!r} is not of the form 'host:port'")
    return host.strip("[]"), int(port)


def _send(conn: socket.socket, message: dict) -> None:
    conn.sendall(json.dumps(message).encode() + b"\n")


def _receive(conn: socket.socket, deadline: float) -> dict | None:
    """One JSON line, or None at EOF / the deadline."""
    data = b""
    while not data.endswith(b"\n"):
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        conn.settimeout(left)
        try:
            chunk = conn.recv(4096)
        except (TimeoutError, OSError):
            return None
        if not chunk:
            return None
        data += chunk
    try:
        return json.loads(data)
    except ValueError:  # not one of ours
        return None


def _listen(bind_address: str, address: str) -> socket.socket:
    host, port = split_address(bind_address)
    wildcard = host in ("", "::", "0.0.0.0")
    try:
        if wildcard and socket.has_dualstack_ipv6():
            return socket.create_server(("", port), family=socket.AF_INET6, dualstack_ipv6=True)
        return socket.create_server(("" if wildcard else host, port))
    except OSError as e:
        raise JoinError(
            f"process 0 cannot host the coordinator at {address} (binding {bind_address}): "
            f"{e.strerror or e}. Another run or program holds port {port}: end it or pick "
            "another port"
        ) from None


def host_join(address: str, bind_address: str, num_processes: int, timeout: float, start_service):
    """Process 0: wait for processes 1..n-1 to say hello; then start the coordination service
    (`start_service()`, on the port just released) and tell the others to connect to it."""
    listener = _listen(bind_address, address)
    deadline = time.monotonic() + timeout
    joined: dict[int, socket.socket] = {}
    try:
        try:
            problem = _collect(listener, joined, num_processes, deadline)
        finally:
            listener.close()
        if problem is None and len(joined) < num_processes - 1:
            missing = [i for i in range(1, num_processes) if i not in joined]
            problem = (
                f"only {len(joined) + 1} of {num_processes} processes joined within "
                f"{timeout:g} s (joined: {[0, *sorted(joined)]}; missing: {missing}); the run "
                "does not start"
            )
        service = None
        if problem is None:
            try:
                service = start_service()
            except Exception as e:
                problem = str(e)
                _tell(joined, {"error": problem})
                raise
        _tell(joined, {"error": problem} if problem else {"start": True})
        if problem:
            raise JoinError(f"distributed.initialize: {problem}")
        for conn in joined.values():  # the others close first: no TIME_WAIT on our port
            _receive(conn, time.monotonic() + 2.0)
        return service
    finally:
        for conn in joined.values():
            conn.close()


def _tell(joined: dict, message: dict) -> None:
    for conn in joined.values():
        try:
            _send(conn, message)
        except OSError:
            pass  # that process is gone; it learns nothing more from us


def _collect(listener, joined: dict, num_processes: int, deadline: float) -> str | None:
    while len(joined) < num_processes - 1:
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        listener.settimeout(left)
        try:
            conn, _ = listener.accept()
        except (TimeoutError, OSError):
            return None
        hello = _receive(conn, deadline)
        if hello is None:
            conn.close()
            continue
        problem = _check_hello(hello, joined, num_processes)
        if problem:
            _send(conn, {"error": problem})
            conn.close()
            return problem
        joined[hello["process_id"]] = conn
    return None


def _check_hello(hello: dict, joined: dict, num_processes: int) -> str | None:
    pid, count = hello.get("process_id"), hello.get("num_processes")
    if count != num_processes:
        return (
            f"process {pid} was started with num_processes={count} but process 0 with "
            f"num_processes={num_processes}; every process must be given the same count"
        )
    if pid in joined or pid == 0:
        return f"two processes were started with process_id={pid}; each needs its own id"
    return None


def join(address: str, process_id: int, num_processes: int, timeout: float) -> None:
    """Processes 1..n-1: reach process 0 within `timeout`, say hello, wait for the start."""
    host, port = split_address(address)
    deadline = time.monotonic() + timeout
    conn, last_error = None, "no attempt"
    while conn is None:
        try:
            conn = socket.create_connection(
                (host, port), timeout=max(0.1, deadline - time.monotonic())
            )
        except OSError as e:
            last_error = e.strerror or str(e)
            if time.monotonic() + _RETRY_SECONDS >= deadline:
                raise JoinError(
                    f"distributed.initialize: process {process_id} could not reach the "
                    f"coordinator (process 0) at {address} within {timeout:g} s ({last_error}); "
                    "is process 0 running, and is the address right?"
                ) from None
            time.sleep(_RETRY_SECONDS)
    with conn:
        _send(conn, {"process_id": process_id, "num_processes": num_processes})
        # Process 0 decides by its own deadline, which started before ours: allow it that long.
        reply = _receive(conn, time.monotonic() + timeout + 2.0)
    if reply is None:
        raise JoinError(
            f"distributed.initialize: process {process_id} reached {address} but got no answer "
            f"within {timeout:g} s: the program listening there is not process 0 of this run"
        )
    if "error" in reply:
        raise JoinError(f"distributed.initialize: {reply['error']}")
