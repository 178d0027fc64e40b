"""What a multi-process run checks so that mistakes end in errors instead of hangs: meshes
name only this run's devices, every process compiles the same program (a fingerprint exchanged
through the coordination service's key-value store), and a collective that failed because a
peer died says so."""

from __future__ import annotations

import hashlib
import json
import os

from jaxlib import _jax

from meshjit.compiler.errors import DistributedError, MeshjitValueError, user_source
from meshjit.compiler.runtime import distributed as dist

_KNOWN_DEVICES: set = set()
_CHECKED: set = set()  # device tuples already found to be this run's
_SEQUENCE: dict[tuple, int] = {}  # processes of a program -> how many they compiled together


def check_devices(device_list, what: str) -> None:
    """Every device belongs to this run (a process 0..n-1 of it)."""
    key = tuple(device_list)
    if key in _CHECKED:
        return
    if not _KNOWN_DEVICES:
        from meshjit.compiler.runtime import client as backend

        _KNOWN_DEVICES.update(backend.devices())
    foreign = [d for d in key if d not in _KNOWN_DEVICES]
    if foreign:
        named = ", ".join(f"{d} (id {d.id}, of another client)" for d in foreign)
        raise MeshjitValueError(
            f"{what}: the mesh names devices that are not part of this run: {named}. This run "
            f"has processes 0..{dist.process_count() - 1} and their devices "
            "meshjit.devices(); build meshes from those"
        )
    _CHECKED.add(key)


def check_runs_here(device_list, what: str) -> None:
    """A process may only run programs placed (partly) on its own devices."""
    me = dist.process_index()
    if not any(d.process_index == me for d in device_list):
        owners = sorted({d.process_index for d in device_list})
        raise MeshjitValueError(
            f"{what} runs on devices of processes {owners} only, and this is process {me}: "
            "only the processes owning some of a computation's devices may run it; skip the "
            "call here, or put the computation on a mesh including this process's devices"
        )


def before_compile(lowered, device_list) -> None:
    """The checks of a compile in a multi-process run (called by `Lowered.compile_for`)."""
    name = lowered.traced.name
    check_devices(device_list, f"jit({name})")
    check_runs_here(device_list, f"jit({name})")
    check_same_program(lowered.as_text(stage="propagated"), device_list, name)


def processes_of(device_list) -> tuple[int, ...]:
    return tuple(sorted({d.process_index for d in device_list}))


def fingerprint(module_text: str, device_list) -> str:
    digest = hashlib.sha256(module_text.encode())
    digest.update(",".join(str(d.id) for d in device_list).encode())
    return digest.hexdigest()[:16]


def check_same_program(module_text: str, device_list, name: str) -> None:
    """Before compiling for devices of several processes: each process publishes the
    fingerprint of its module and device assignment, under a sequence number counted per set
    of processes, and compares with the others'. Differing programs would deadlock in their
    first collective (or compute garbage); here they raise."""
    procs = processes_of(device_list)
    client = dist.state.client
    if len(procs) < 2 or client is None:
        return
    seq = _SEQUENCE.get(procs, 0)
    _SEQUENCE[procs] = seq + 1
    me = dist.process_index()
    mine = {
        "fingerprint": fingerprint(module_text, device_list),
        "name": name,
        "at": str(user_source()),
    }
    prefix = f"meshjit/program/{'-'.join(map(str, procs))}/{seq}/"
    client.key_value_set(prefix + str(me), json.dumps(mine))
    wait = dist.state.timeouts.get("initialization", 300)
    for other in procs:
        if other == me:
            continue
        try:
            theirs = json.loads(client.blocking_key_value_get(prefix + str(other), wait * 1000))
        except _jax.JaxRuntimeError as e:
            dist.mark_broken(f"process {other} did not compile program #{seq}")
            why = (
                f"compiled no program #{seq} within {wait} s: it is running something else, "
                "is stuck, or is gone. Every process must run the same program"
                if "DEADLINE_EXCEEDED" in str(e)
                else "could not be asked: the coordination service is gone (process 0 ended; "
                f"see its output) [{_first_line(e)}]"
            )
            raise DistributedError(
                f"process {me} compiled jit({name}) as program #{seq} of processes "
                f"{list(procs)}, but process {other} {why}"
            ) from None
        if theirs["fingerprint"] != mine["fingerprint"]:
            dist.mark_broken("the processes compiled different programs")
            raise DistributedError(
                f"the processes compiled different programs as program #{seq} of processes "
                f"{list(procs)}: process {me} compiled jit({name}) (at {mine['at']}, fingerprint "
                f"{mine['fingerprint']}), process {other} compiled jit({theirs['name']}) (at "
                f"{theirs['at']}, fingerprint {theirs['fingerprint']}). Every process must trace "
                "the same program with the same shapes and shardings; running these would "
                "deadlock in their collectives"
            )


_PEER_FAILURE_WORDS = ("Gloo", "gloo", "Connection closed", "Connection reset", "Broken pipe")


def raise_if_peer_failed(error: Exception, what: str) -> None:
    """Turns a runtime failure caused by a dead peer into a DistributedError (and marks the
    run broken, so this process exits without waiting for the others); returns otherwise."""
    if not dist.multi_process() or not any(w in str(error) for w in _PEER_FAILURE_WORDS):
        return
    gone = _gone_processes()
    who = (
        f"process{'es' if len(gone) > 1 else ''} {', '.join(map(str, gone))} "
        f"{'are' if len(gone) > 1 else 'is'} no longer running"
        if gone
        else "a peer process closed its connection; it most likely died (see its output)"
    )
    raise _peer_failure(what, who + f" [{_first_line(error)}]") from None


def _peer_failure(what: str, who: str) -> DistributedError:
    dist.mark_broken(who)
    return DistributedError(
        f"{what} failed in process {dist.process_index()} of {dist.process_count()}: {who}. "
        "The run cannot continue; this process exits without the shutdown barrier, and "
        "processes still waiting in a collective are ended by the coordination service within "
        f"the heartbeat timeout ({dist.state.timeouts.get('heartbeat')} s)."
    )


# ---------------------------------------------------------------------------------------------
# Waiting for results without hanging on a dead peer


_WATCH = {"thread": None, "gone": []}
_POLL_SECONDS = 0.1


def _watch() -> None:
    """A daemon thread: notes peers on this host whose OS process ended."""
    import time

    while dist.state.client is not None and not _WATCH["gone"]:
        _WATCH["gone"] = _gone_processes(wait=0)
        time.sleep(_POLL_SECONDS)


def _start_watch() -> None:
    import threading

    thread = _WATCH["thread"]
    if thread is None or not thread.is_alive():
        thread = threading.Thread(target=_watch, name="meshjit-peer-watch", daemon=True)
        _WATCH["thread"] = thread
        thread.start()


def wait_until_ready(impl, what: str) -> None:
    """Waits for a device array like `block_until_ready`, but in a multi-process run a peer
    found dead meanwhile raises here, instead of waiting on a collective that cannot finish.
    (jaxlib's own wait cannot be interrupted; the coordination service would end this process
    at the heartbeat timeout.)"""
    if not dist.multi_process() or impl.is_ready():
        return
    import time

    _start_watch()
    delay = 1e-4
    while not impl.is_ready():
        if _WATCH["gone"]:
            gone = _WATCH["gone"]
            plural = len(gone) > 1
            who = (
                f"process{'es' if plural else ''} {', '.join(map(str, gone))} "
                f"{'are' if plural else 'is'} no longer running"
            )
            raise _peer_failure(what, who)
        time.sleep(delay)
        delay = min(2 * delay, 0.005)


def _first_line(error) -> str:
    return str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__


def _gone_processes(wait: float = 1.0) -> list[int]:
    """Processes on this host whose OS process has ended (on other hosts nobody can tell),
    looking for up to `wait` seconds: a peer's sockets close as it exits."""
    import socket
    import time

    host = socket.gethostname()
    deadline = time.monotonic() + wait
    while True:
        gone = [
            index
            for index, peer in sorted(dist.state.peers.items())
            if peer.get("host") == host and not _alive(peer.get("pid"))
        ]
        if gone or time.monotonic() > deadline:
            return gone
        time.sleep(0.05)


def _alive(pid) -> bool:
    if not isinstance(pid, int):
        return True
    try:
        with open(f"/proc/{pid}/stat") as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
        return state not in ("Z", "X")  # a zombie has exited; its parent has not reaped it yet
    except FileNotFoundError:
        return False
    except OSError:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            pass
        return True
