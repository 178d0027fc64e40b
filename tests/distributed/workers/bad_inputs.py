"""Worker: bad inputs in a multi-process run each raise a clear error, in every process.
Prints `ok <name>: <message>` per check."""

import numpy as np
from jaxlib import xla_client

import meshjit
from meshjit import MeshjitTypeError, MeshjitValueError
from meshjit.sharding import Mesh, NamedSharding
from meshjit.sharding import PartitionSpec as P

# Auto axes: these programs leave layouts to propagation (make_mesh defaults to Explicit).
AUTO2 = (meshjit.sharding.AxisType.Auto,) * 2

meshjit.distributed.initialize()
ME, N = meshjit.process_index(), meshjit.process_count()
MESH = meshjit.make_mesh((4, 2), ("x", "y"), axis_types=AUTO2)


def expect(name, error, words, fn):
    try:
        fn()
    except error as e:
        for w in words:
            assert w in str(e), f"{name}: {w!r} not in {e}"
        print(f"ok {name}: {e.bare_message}", flush=True)
    else:
        raise AssertionError(f"{name}: no {error.__name__}")


rows = 16 // N
expect(
    "local_data shape",
    MeshjitValueError,
    ["along dimension 0 it holds 3 elements", f"cover {rows} there", "(16, 6)"],
    lambda: meshjit.make_array_from_process_local_data(
        NamedSharding(MESH, P("x")), np.zeros((3, 6), np.float32), (16, 6)
    ),
)
expect(
    "callback shape",
    MeshjitValueError,
    ["returned shape (1, 6)", "has shape"],
    lambda: meshjit.make_array_from_callback(
        (16, 6), NamedSharding(MESH, P("x")), lambda idx: np.zeros((1, 6), np.float32)
    ),
)
expect(
    "callback dtype",
    MeshjitTypeError,
    ["returned dtype int32", "but float32"],
    lambda: meshjit.make_array_from_callback(
        (16, 6),
        NamedSharding(MESH, P("x", "y")),
        lambda idx: np.zeros((4, 3), np.float32 if idx[1].start == 0 else np.int32),
    ),
)
foreign = xla_client.make_cpu_client(num_devices=2).devices()  # a client outside the run
expect(
    "devices outside the run",
    MeshjitValueError,
    ["not part of this run", f"processes 0..{N - 1}"],
    lambda: meshjit.device_put(
        np.zeros(4, np.float32), NamedSharding(Mesh(np.array(foreign), ("a",)), P("a"))
    ),
)
others = [d for d in meshjit.devices() if d.process_index == (ME + 1) % N]
expect(
    "mesh without this process",
    MeshjitValueError,
    [f"devices of processes [{(ME + 1) % N}] only, and this is process {ME}"],
    lambda: meshjit.jit(
        lambda v: v * 2, out_shardings=NamedSharding(Mesh(np.array(others), ("a",)), P("a"))
    )(np.zeros(len(others), np.float32)),
)
print("all ok", flush=True)
