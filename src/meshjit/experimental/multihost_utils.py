"""meshjit.experimental.multihost_utils: values across the processes of a run, with JAX's names."""

from meshjit.compiler.jit.multihost_utils import (
    MultihostAssertionError,
    ProcessFailureError,
    assert_equal,
    broadcast_one_to_all,
    global_array_to_host_local_array,
    host_local_array_to_global_array,
    live_devices,
    process_allgather,
    reached_preemption_sync_point,
    sync_global_devices,
)

__all__ = [
    "MultihostAssertionError",
    "ProcessFailureError",
    "assert_equal",
    "broadcast_one_to_all",
    "global_array_to_host_local_array",
    "host_local_array_to_global_array",
    "live_devices",
    "process_allgather",
    "reached_preemption_sync_point",
    "sync_global_devices",
]
