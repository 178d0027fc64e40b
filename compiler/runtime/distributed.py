"""Multi-controller runs, as `jax.distributed`: `initialize` / `shutdown`, the coordination
service (process 0 hosts it), and which process this is.

Every process runs the same program on its own devices; jaxlib's CPU client joins them into
one device list (`make_cpu_client(distributed_client=..., collectives=gloo)`), and a program
compiled for devices of several processes runs its collectives over gloo's TCP transport.
"""

from __future__ import annotations

import atexit
import json
import os
import socket
import sys
import time
import warnings
from typing import Sequence

from jaxlib import _jax

from meshjit.compiler.errors import DistributedError, MeshjitTypeError, MeshjitValueError
from meshjit.compiler.runtime import cluster_env, join

_LINGER_SECONDS = 0.5
ENV_INITIALIZATION_TIMEOUT = "MESHJIT_INITIALIZATION_TIMEOUT"
ENV_HEARTBEAT_TIMEOUT = "MESHJIT_HEARTBEAT_TIMEOUT_SECONDS"
ENV_SHUTDOWN_TIMEOUT = "MESHJIT_SHUTDOWN_TIMEOUT_SECONDS"


class State:
    """This process's place in the run; one instance, `state`."""

    __slots__ = (
        "process_id",
        "num_processes",
        "coordinator_address",
        "local_device_ids",
        "service",
        "client",
        "timeouts",
        "peers",
        "broken",
        "exit_hook",
    )

    def __init__(self):
        self.process_id, self.num_processes = 0, 1
        self.coordinator_address = None
        self.local_device_ids = None
        self.service = None  # process 0 only
        self.client = None
        self.timeouts = {}  # "initialization" / "heartbeat" / "shutdown" -> seconds
        self.peers: dict[int, dict] = {}  # process id -> {"host", "pid"}
        self.broken = None  # why the run cannot continue (a peer died), once known
        self.exit_hook = False


state = State()


def is_initialized() -> bool:
    return state.client is not None


def multi_process() -> bool:
    return state.num_processes > 1


def _check_backend(backend) -> None:
    from meshjit.compiler.runtime import client

    client.check_backend(backend)


def process_index(backend=None) -> int:
    _check_backend(backend)
    return state.process_id


def process_count(backend=None) -> int:
    _check_backend(backend)
    return state.num_processes


def process_indices(backend=None) -> list[int]:
    """The indices of every process in the run, as `jax.process_indices`."""
    _check_backend(backend)
    return list(range(state.num_processes))


def local_devices(process_index=None, backend=None, host_id=None) -> list:
    """The devices of a process (this one by default); `host_id`: JAX's older name for
    `process_index`."""
    from meshjit.compiler.runtime import client

    if host_id is not None:
        warnings.warn(  # JAX's words
            "The argument to jax.local_devices has been renamed from `host_id` to "
            "`process_index`. This alias will eventually be removed; please update your code.",
            stacklevel=2,
        )
        process_index = host_id
    client.check_backend(backend)
    if process_index is not None and not 0 <= process_index < state.num_processes:
        raise MeshjitValueError(f"Unknown process_index {process_index}")  # JAX's words
    if process_index is not None and process_index != state.process_id:
        return [d for d in client.devices() if d.process_index == process_index]
    return list(client.get_client().local_devices())


def local_device_count(backend=None) -> int:
    return len(local_devices(backend=backend))


def device_count(backend=None) -> int:
    from meshjit.compiler.runtime import client

    return len(client.devices(backend))


def client_options() -> dict:
    """The multi-process arguments of `make_cpu_client` ({} in a single-process run)."""
    if state.client is None:
        return {}
    return {
        "distributed_client": state.client,
        "node_id": state.process_id,
        "num_nodes": state.num_processes,
        "collectives": _jax.make_gloo_tcp_collectives(distributed_client=state.client),
    }


_TIMEOUTS = (  # key, argument, environment variable, default in seconds (JAX's)
    ("initialization", "initialization_timeout", ENV_INITIALIZATION_TIMEOUT, 300),
    ("heartbeat", "heartbeat_timeout_seconds", ENV_HEARTBEAT_TIMEOUT, 100),
    ("shutdown", "shutdown_timeout_seconds", ENV_SHUTDOWN_TIMEOUT, 300),
)


def _timeouts(**given) -> dict[str, int]:
    return {key: _timeout(given[arg], env, default, arg) for key, arg, env, default in _TIMEOUTS}


def _timeout(value, env: str, default: int, name: str) -> int:
    if value is None or (value == default and not isinstance(value, bool)):
        value = cluster_env.env_int(env)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
        raise MeshjitValueError(
            f"distributed.initialize: {name} must be a positive number of seconds, got {value!r}"
        )
    return max(1, int(round(value)))


def _check_settings(settings: cluster_env.Settings) -> None:
    where = f"(looked in {settings.source})"
    if settings.coordinator_address is None:
        raise MeshjitValueError(
            f"distributed.initialize needs coordinator_address {where}: 'host:port' of process 0"
        )
    for name in ("num_processes", "process_id"):
        value = getattr(settings, name)
        if value is None:
            raise MeshjitValueError(f"distributed.initialize needs {name} {where}")
        if isinstance(value, bool) or not isinstance(value, int):
            raise MeshjitTypeError(
                f"distributed.initialize: {name} must be an int, got {type(value).__name__} "
                f"{value!r}"
            )
    join.split_address(settings.coordinator_address)  # malformed: fails in every process
    if settings.num_processes < 1:
        raise MeshjitValueError(
            f"distributed.initialize: num_processes must be at least 1, got {settings.num_processes}"
        )
    if not 0 <= settings.process_id < settings.num_processes:
        raise MeshjitValueError(
            f"distributed.initialize: process_id {settings.process_id} is out of range for "
            f"num_processes={settings.num_processes} (ids are 0..{settings.num_processes - 1})"
        )
    ids = settings.local_device_ids
    if ids is not None and (
        not ids or len(set(ids)) != len(ids) or any(not isinstance(i, int) or i < 0 for i in ids)
    ):
        raise MeshjitValueError(
            f"distributed.initialize: local_device_ids must be distinct non-negative ints, got {ids}"
        )


def _check_not_started() -> None:
    from meshjit.compiler.runtime import client as backend

    if state.client is not None:
        raise DistributedError(
            f"distributed.initialize was already called (this is process {state.process_id} of "
            f"{state.num_processes}); call it once per process"
        )
    if backend.client_started():
        raise DistributedError(
            "distributed.initialize must be called before the first computation: the CPU "
            f"client already runs single-process with {backend.get_client().device_count()} "
            "devices (started by meshjit.devices(), device_put, jit, make_mesh, ...)"
        )


def initialize(
    coordinator_address: str | None = None,
    num_processes: int | None = None,
    process_id: int | None = None,
    local_device_ids: int | Sequence[int] | None = None,
    cluster_detection_method: str | None = None,
    initialization_timeout: int = 300,
    heartbeat_timeout_seconds: int = 100,
    shutdown_timeout_seconds: int = 300,
    coordinator_bind_address: str | None = None,
    slice_index: int | None = None,
    partition_index: int | None = None,
) -> None:
    """Joins this process to a multi-process run; call it first, in every process.

    Unset values come from MESHJIT_COORDINATOR_ADDRESS / MESHJIT_NUM_PROCESSES /
    MESHJIT_PROCESS_ID / MESHJIT_LOCAL_DEVICE_IDS, then from a SLURM or Open MPI job.
    Process 0 hosts the coordination service at `coordinator_address`. On CPU,
    `local_device_ids` sets how many devices this process has (one per id; otherwise
    MESHJIT_NUM_CPU_DEVICES / `jax_num_cpu_devices`). Timeouts are JAX's (300 s to join,
    100 s without heartbeat, 300 s at shutdown); left at those defaults,
    MESHJIT_INITIALIZATION_TIMEOUT / MESHJIT_HEARTBEAT_TIMEOUT_SECONDS /
    MESHJIT_SHUTDOWN_TIMEOUT_SECONDS replace them. `slice_index` and `partition_index` (JAX's,
    for TPU slices) are accepted and unused: CPU processes form one partition.
    """
    if isinstance(local_device_ids, int) and not isinstance(local_device_ids, bool):
        local_device_ids = [local_device_ids]
    settings = cluster_env.resolve(
        coordinator_address,
        num_processes,
        process_id,
        None if local_device_ids is None else list(local_device_ids),
        cluster_detection_method,
    )
    _check_settings(settings)
    timeouts = _timeouts(
        initialization_timeout=initialization_timeout,
        heartbeat_timeout_seconds=heartbeat_timeout_seconds,
        shutdown_timeout_seconds=shutdown_timeout_seconds,
    )
    _check_not_started()
    address = settings.coordinator_address
    if settings.local_device_ids is not None:
        from meshjit.compiler.config import config

        config.update("jax_num_cpu_devices", len(settings.local_device_ids))
    bind = coordinator_bind_address or os.environ.get("MESHJIT_COORDINATOR_BIND_ADDRESS")
    bind = bind or "[::]:" + address.rsplit(":", 1)[1]
    _connect(settings, address, bind, timeouts)


def _connect(settings, address: str, bind: str, timeouts: dict) -> None:
    pid, count = settings.process_id, settings.num_processes
    wait = timeouts["initialization"]
    service = None
    if pid == 0:
        service = join.host_join(
            address, bind, count, wait, lambda: _start_service(bind, count, timeouts)
        )
    else:
        join.join(address, pid, count, wait)
    client = _jax.get_distributed_runtime_client(
        address,
        pid,
        init_timeout=wait,
        heartbeat_timeout=timeouts["heartbeat"],
        shutdown_timeout=timeouts["shutdown"],
        use_compression=True,
    )
    client.connect()
    state.process_id, state.num_processes = pid, count
    state.coordinator_address, state.local_device_ids = address, settings.local_device_ids
    state.service, state.client, state.timeouts = service, client, timeouts
    state.broken = None
    state.peers = _exchange_process_table(client, pid, count, wait)
    if not state.exit_hook:
        atexit.register(_at_exit)
        state.exit_hook = True


def _start_service(bind: str, count: int, timeouts: dict):
    try:
        return _jax.get_distributed_runtime_service(
            bind,
            count,
            heartbeat_timeout=timeouts["heartbeat"],
            cluster_register_timeout=timeouts["initialization"],
            shutdown_timeout=timeouts["shutdown"],
        )
    except _jax.JaxRuntimeError as e:
        raise DistributedError(
            f"distributed.initialize: process 0 could not start the coordination service on "
            f"{bind}: {e}"
        ) from None


def _exchange_process_table(client, pid: int, count: int, wait: int) -> dict[int, dict]:
    """Each process's host name and OS pid, so a failure can say which process is gone."""
    me = {"host": socket.gethostname(), "pid": os.getpid()}
    client.key_value_set(f"meshjit/process/{pid}", json.dumps(me))
    table = {}
    for other in range(count):
        value = client.blocking_key_value_get(f"meshjit/process/{other}", wait * 1000)
        table[other] = json.loads(value)
    return table


def shutdown() -> None:
    """Leaves the run: waits (up to the shutdown timeout) for every process to leave, then
    process 0 stops the coordination service. Does nothing if `initialize` was not called."""
    client, service = state.client, state.service
    if client is None:
        return
    state.client = state.service = None
    try:
        client.shutdown()
    except _jax.JaxRuntimeError as e:
        raise DistributedError(f"distributed.shutdown: the shutdown barrier failed: {e}") from None
    finally:
        if service is not None:
            service.shutdown()


def mark_broken(reason: str) -> None:
    state.broken = reason


def _at_exit() -> None:
    """At interpreter exit: leave in step with the others, unless the run is already broken
    (a peer died) or this process is dying of an uncaught exception. Then the shutdown barrier
    would wait for processes that are gone or blocked in a collective with us, and jaxlib ends
    a process whose barrier fails with a fatal error: exit at once instead, so the peers'
    collectives fail fast and they raise too."""
    if state.client is None:
        return
    if state.broken is None and getattr(sys, "last_value", None) is None:
        shutdown()
        return
    why = state.broken or f"an uncaught {type(sys.last_value).__name__}"
    print(
        f"meshjit.distributed: process {state.process_id} exits without the shutdown barrier "
        f"({why})",
        file=sys.stderr,
    )
    sys.stdout.flush()
    sys.stderr.flush()
    if state.process_id == 0 and state.broken is not None:
        # Its exit takes the coordination service down, and jaxlib ends the processes that
        # lose it with a fatal error: give those that found the dead peer time to raise.
        time.sleep(_LINGER_SECONDS)
    os._exit(1)
