"""Worker: every program and collective of cases.py across processes; process 0 saves the
global results (`out_dir/results.npz`); every process saves what it could read locally."""

import sys

import cases  # noqa: E402  (a sibling module: the worker runs as a script)
import numpy as np

import meshjit
from meshjit.experimental import multihost_utils
from meshjit.tree_util import tree_flatten


def global_value(x) -> np.ndarray:
    return multihost_utils.process_allgather(x, tiled=True)


def main(out_dir: str) -> int:
    meshjit.distributed.initialize()
    mesh = cases.make_mesh()
    results = {}
    for name, program in cases.PROGRAMS.items():
        for i, leaf in enumerate(tree_flatten(program(mesh))[0]):
            results[f"program/{name}/{i}"] = global_value(leaf)
    for name, value in cases.run_collectives(mesh, cases.collective_cases()).items():
        results[f"collective/{name}"] = global_value(value)
    if meshjit.process_index() == 0:
        np.savez(f"{out_dir}/results.npz", **results)
    print("done", meshjit.process_index(), len(results))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
