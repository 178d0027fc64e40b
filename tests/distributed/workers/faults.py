"""Worker: a run where one process fails mid-step: `faults.py MODE VICTIM`.

kill       the victim SIGKILLs itself from a timer while the steps run
stop       the victim SIGSTOPs itself (a hung process: alive, but silent)
exception  the victim raises a Python exception between steps
mismatch   the victim traces a different program than the others
"""

import os
import signal
import sys
import threading
import time

import numpy as np

import meshjit
import meshjit.numpy as jnp
from meshjit.sharding import NamedSharding
from meshjit.sharding import PartitionSpec as P

# Auto axes: these programs leave layouts to propagation (make_mesh defaults to Explicit).
AUTO1 = (meshjit.sharding.AxisType.Auto,) * 1

MODE, VICTIM = sys.argv[1], int(sys.argv[2])

meshjit.distributed.initialize()
ME = meshjit.process_index()
mesh = meshjit.make_mesh((meshjit.device_count(),), ("d",), axis_types=AUTO1)
x = meshjit.device_put(
    np.ones((meshjit.device_count() * 4, 64), np.float32), NamedSharding(mesh, P("d"))
)
w = meshjit.device_put(np.eye(64, dtype=np.float32), NamedSharding(mesh, P()))


def step(w, x):
    return w - 1e-3 * (x.T @ jnp.tanh(x @ w)) / x.shape[0]


if MODE == "mismatch" and ME == VICTIM:

    def step(w, x):  # noqa: F811  (the point: this process runs another program)
        return w + x.sum()


train = meshjit.jit(step, out_shardings=NamedSharding(mesh, P()))
w = train(w, x)
w.block_until_ready()
print("step 0 done in every process", flush=True)

if ME == VICTIM and MODE in ("kill", "stop"):
    sig = signal.SIGKILL if MODE == "kill" else signal.SIGSTOP
    threading.Timer(0.3, os.kill, (os.getpid(), sig)).start()
print(f"t0={time.time():.3f}", flush=True)
for i in range(1, 100000):
    if MODE == "exception" and ME == VICTIM and i == 5:
        raise ValueError("a bug in process %d" % ME)
    w = train(w, x)
    w.block_until_ready()
print("finished all steps (unexpected)", flush=True)
