"""Global arrays and multihost_utils across processes (the checks run inside the processes:
workers/global_arrays.py), and pmap over every process's devices."""

import pytest

from .harness import launch, require_ok

CHECKS = [
    "make_array_from_callback",
    "addressable_shards",
    "make_array_from_process_local_data",
    "make_array_from_single_device_arrays",
    "reshard",
    "process_allgather / broadcast_one_to_all",
    "sync_global_devices / assert_equal",
    "host_local_array_to_global_array / global_array_to_host_local_array",
    "pmap",
    "eager shard_map",
    "live_devices",
]


# 4 processes x 2 devices in `make test-campaigns` (2 x 4 in `make test`: 15 minutes on 2 cores).
@pytest.mark.parametrize("n, devices", [(2, 4), pytest.param(4, 2, marks=pytest.mark.campaign)])
def test_global_arrays_and_multihost_utils(n, devices):
    run = require_ok(launch("global_arrays.py", n=n, devices=devices))
    for i in range(n):
        lines = run.lines(i)
        for check in CHECKS:
            assert f"ok {check}" in lines, f"process {i} did not pass {check!r}:\n{run.output}"
