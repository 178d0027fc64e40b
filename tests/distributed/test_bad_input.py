"""Bad input to initialize and the global-array constructors: each a clear error. The checks
that need a multi-process run run inside one (workers/bad_inputs.py)."""

import numpy as np
import pytest

import meshjit
from meshjit.compiler.errors import IndivisibleError
from meshjit.sharding import NamedSharding
from meshjit.sharding import PartitionSpec as P
from tests.support.error_checks import ErrorChecker

from .harness import launch, require_ok

check = ErrorChecker(__file__)
ADDRESS = "127.0.0.1:1"  # never contacted: the arguments are checked first


def test_num_processes_below_one():
    with pytest.raises(meshjit.MeshjitValueError) as e:
        meshjit.distributed.initialize(ADDRESS, num_processes=0, process_id=0)  # zero
    check(e, "zero", "num_processes must be at least 1, got 0")


@pytest.mark.parametrize("pid", [-1, 2])
def test_process_id_out_of_range(pid):
    with pytest.raises(meshjit.MeshjitValueError) as e:
        meshjit.distributed.initialize(ADDRESS, num_processes=2, process_id=pid)  # range
    check(e, "range", f"process_id {pid} is out of range for num_processes=2", "0..1")


def test_process_id_not_an_int():
    with pytest.raises(meshjit.MeshjitTypeError) as e:
        meshjit.distributed.initialize(ADDRESS, num_processes=2, process_id="1")  # type
    check(e, "type", "process_id must be an int, got str '1'")


def test_missing_settings_and_bad_address(monkeypatch):
    for var in ("MESHJIT_COORDINATOR_ADDRESS", "MESHJIT_NUM_PROCESSES", "MESHJIT_PROCESS_ID"):
        monkeypatch.delenv(var, raising=False)
    with pytest.raises(meshjit.MeshjitValueError) as e:
        meshjit.distributed.initialize(num_processes=2, process_id=0)  # address
    check(e, "address", "needs coordinator_address", "MESHJIT_* variables")
    with pytest.raises(meshjit.distributed.DistributedError, match="not of the form 'host:port'"):
        meshjit.distributed.initialize("no-port", num_processes=2, process_id=0)


def test_settings_from_slurm_variables(monkeypatch):
    from meshjit.compiler.runtime import cluster_env

    for var in ("MESHJIT_COORDINATOR_ADDRESS", "MESHJIT_NUM_PROCESSES", "MESHJIT_PROCESS_ID"):
        monkeypatch.delenv(var, raising=False)
    env = {
        "SLURM_JOB_ID": "4242",
        "SLURM_STEP_NODELIST": "node[007-015],login",
        "SLURM_NTASKS": "8",
        "SLURM_PROCID": "3",
        "SLURM_LOCALID": "1",
    }
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    s = cluster_env.resolve(None, None, None, None)
    assert (s.coordinator_address, s.num_processes, s.process_id) == ("node007:61586", 8, 3)
    monkeypatch.setenv("MESHJIT_PROCESS_ID", "5")  # meshjit's variables win
    assert cluster_env.resolve(None, None, None, None).process_id == 5


def test_settings_from_open_mpi_variables(monkeypatch):
    from meshjit.compiler.runtime import cluster_env

    monkeypatch.setenv("OMPI_MCA_orte_hnp_uri", "1531576320.0;tcp://10.96.0.1,10.148.0.1:34911")
    monkeypatch.setenv("OMPI_COMM_WORLD_SIZE", "4")
    monkeypatch.setenv("OMPI_COMM_WORLD_RANK", "2")
    s = cluster_env.resolve(None, 4, None, None, "ompi")
    assert (s.coordinator_address, s.num_processes, s.process_id) == ("10.96.0.1:62624", 4, 2)


def test_callback_wrong_shape_and_dtype():
    mesh = meshjit.make_mesh((4, 2), ("x", "y"))
    s = NamedSharding(mesh, P("x", "y"))
    with pytest.raises(meshjit.MeshjitValueError) as e:
        meshjit.make_array_from_callback((8, 4), s, lambda i: np.zeros((3, 2)))  # shape
    check(e, "shape", "returned shape (3, 2) for index [0:2, 0:2]", "has shape (2, 2)")
    with pytest.raises(meshjit.MeshjitTypeError) as e:
        meshjit.make_array_from_callback(  # dtype
            (8, 4), s, lambda i: np.zeros((2, 2), np.int32 if i[0].start else np.float32)
        )
    check(e, "dtype", "returned dtype int32", "but float32")


def test_callback_gets_whole_dims_as_slice_none_and_uneven_layouts_fail():
    # as JAX: an index covering a whole dimension is slice(None); an uneven layout is an
    # IndivisibleError (a ValueError) before any callback runs
    mesh = meshjit.make_mesh((4, 2), ("x", "y"))
    s = NamedSharding(mesh, P("x"))
    seen = []
    data = np.arange(24.0).reshape(8, 3)
    a = meshjit.make_array_from_callback((8, 3), s, lambda i: seen.append(i) or data[i])
    assert seen[0] == (slice(0, 2), slice(None)) and len(seen) == 8
    np.testing.assert_array_equal(np.asarray(a), data)
    with pytest.raises(IndivisibleError) as e:
        meshjit.make_array_from_callback((7, 3), s, lambda i: data[i])  # uneven
    assert isinstance(e.value, ValueError)
    check(e, "uneven", "array axis 0 is partitioned 4 times, but the dimension size is 7")


def test_single_process_local_data_must_be_global():
    mesh = meshjit.make_mesh((4, 2), ("x", "y"))
    x = np.ones((8, 4), np.float32)
    with pytest.raises(meshjit.MeshjitValueError) as e:
        meshjit.make_array_from_process_local_data(NamedSharding(mesh, P("x")), x, (16, 4))  # g
    check(e, "g", "global_shape must be None or local_data's shape (8, 4)")
    a = meshjit.make_array_from_process_local_data(NamedSharding(mesh, P("x")), x)
    np.testing.assert_array_equal(np.asarray(a), x)


def test_bad_input_across_processes():
    run = require_ok(launch("bad_inputs.py", n=2, devices=4))
    for i in range(2):
        for name in (
            "local_data shape",
            "callback shape",
            "callback dtype",
            "devices outside the run",
            "mesh without this process",
        ):
            assert any(line.startswith(f"ok {name}:") for line in run.lines(i)), run.output
