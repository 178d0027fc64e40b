"""Where `distributed.initialize()` finds what it was not given: meshjit's environment
variables, then a SLURM or Open MPI job's (the variables JAX auto-detects, with its port rule)."""

from __future__ import annotations

import os
import re

from meshjit.compiler.errors import MeshjitValueError

ENV_ADDRESS = "MESHJIT_COORDINATOR_ADDRESS"
ENV_NUM_PROCESSES = "MESHJIT_NUM_PROCESSES"
ENV_PROCESS_ID = "MESHJIT_PROCESS_ID"
ENV_LOCAL_DEVICE_IDS = "MESHJIT_LOCAL_DEVICE_IDS"
ENV_COORDINATOR_PORT = "MESHJIT_COORDINATOR_PORT"  # overrides the port SLURM / MPI jobs derive


class Settings:
    """What one process was told: each field None when nobody said."""

    __slots__ = ("coordinator_address", "num_processes", "process_id", "local_device_ids", "source")

    def __init__(self, coordinator_address, num_processes, process_id, local_device_ids, source):
        self.coordinator_address, self.num_processes = coordinator_address, num_processes
        self.process_id, self.local_device_ids = process_id, local_device_ids
        self.source = source  # where the missing values came from, for error messages


def _ephemeral_port(job_id: int) -> int:
    # JAX's rule, so a job started for JAX finds meshjit's coordinator at the same port.
    return job_id % 2**12 + (65535 - 2**12 + 1)


def _port(job_id: int) -> int:
    override = os.environ.get(ENV_COORDINATOR_PORT) or os.environ.get("JAX_COORDINATOR_PORT")
    return int(override) if override else _ephemeral_port(job_id)


def _first_slurm_host(node_list: str) -> str:
    """'node001', 'node001,host2', 'node[001-015],host2', 'node[001,007-015]' -> 'node001'."""
    head = re.match(r"[^,\[]*", node_list).group(0)
    rest = node_list[len(head) :]
    if not rest.startswith("["):
        return head
    return head + re.match(r"\[([^,\-\]]*)", rest).group(1)


def _slurm() -> tuple | None:
    env = os.environ
    needed = ("SLURM_JOB_ID", "SLURM_STEP_NODELIST", "SLURM_NTASKS", "SLURM_PROCID")
    if not all(v in env for v in needed + ("SLURM_LOCALID",)):
        return None
    host = _first_slurm_host(env["SLURM_STEP_NODELIST"])
    address = f"{host}:{_port(int(env['SLURM_JOB_ID']))}"
    return address, int(env["SLURM_NTASKS"]), int(env["SLURM_PROCID"])


def _open_mpi() -> tuple | None:
    uri = os.environ.get("OMPI_MCA_orte_hnp_uri")  # set only under mpirun / mpiexec
    if uri is None:
        return None
    match = re.search(r"tcp://(.+?)[,:]|tcp6://\[(.+?)[,\]]", uri)
    if match is None:
        raise MeshjitValueError(
            f"distributed.initialize: cannot read the launcher's address from Open MPI's "
            f"OMPI_MCA_orte_hnp_uri={uri!r}; pass coordinator_address"
        )
    host = next(g for g in match.groups() if g is not None)
    job_id = int(uri.split(".", 1)[0]) // 2**12
    address = f"{host}:{_port(job_id)}"
    return address, int(os.environ["OMPI_COMM_WORLD_SIZE"]), int(os.environ["OMPI_COMM_WORLD_RANK"])


DETECTORS = {"slurm": _slurm, "ompi": _open_mpi}


def env_int(name: str):
    value = os.environ.get(name)
    if value is None or value == "":
        return None
    try:
        return int(value)
    except ValueError:
        raise MeshjitValueError(
            f"environment variable {name}={value!r} is not an integer"
        ) from None


def _env_ids(name: str):
    value = os.environ.get(name)
    if not value:
        return None
    try:
        return [int(v) for v in value.split(",")]
    except ValueError:
        raise MeshjitValueError(
            f"environment variable {name}={value!r} is not a comma-separated list of integers"
        ) from None


def resolve(
    coordinator_address, num_processes, process_id, local_device_ids, method=None
) -> Settings:
    """Fills the unset values from MESHJIT_* variables, then from a detected cluster job."""
    address = coordinator_address or os.environ.get(ENV_ADDRESS)
    count = num_processes if num_processes is not None else env_int(ENV_NUM_PROCESSES)
    index = process_id if process_id is not None else env_int(ENV_PROCESS_ID)
    ids = local_device_ids if local_device_ids is not None else _env_ids(ENV_LOCAL_DEVICE_IDS)
    source = "arguments / MESHJIT_* variables"
    if method != "deactivate" and None in (address, count, index):
        if method is not None and method not in DETECTORS:
            known = ", ".join(sorted(DETECTORS))
            raise MeshjitValueError(
                f"cluster_detection_method={method!r} is unknown; known: {known}, 'deactivate'"
            )
        names = [method] if method is not None else list(DETECTORS)
        for name in names:
            found = DETECTORS[name]()
            if found is not None:
                address = address or found[0]
                count = count if count is not None else found[1]
                index = index if index is not None else found[2]
                source = f"{name} job variables"
                break
    return Settings(address, count, index, ids, source)
