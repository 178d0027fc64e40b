"""Step time of the training example on 1 process x 8 devices, 2 x 4 and 4 x 2 (the same global
4x2 ("data", "model") mesh), and what a multi-process run costs to start: `initialize`, the CPU
client (its topology exchange), the first compile (with the program fingerprint exchange) and
the first run (gloo connecting its communicators).

    python bench/distributed.py [--steps K] [--configs 1x8 2x4 4x2] [--json out.json]

Each configuration runs this file in `--worker` mode under `python -m meshjit.launch` (1x8: one
plain process, no initialize); process 0 reports. Step times are medians over K steps, each
waited for (`block_until_ready`), after 3 warm-up steps. An all-reduce of the MLP's parameter
size over all 8 devices shows the collective's share. Times are wall clock on a shared 2-core
machine: the relative figures are the point.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONFIGS = {"1x8": (1, 8), "2x4": (2, 4), "4x2": (4, 2)}
_COLLECTIVES = ("all-reduce", "all-gather", "reduce-scatter", "collective-permute", "all-to-all")


def _ms(seconds: float) -> float:
    return round(seconds * 1e3, 3)


def worker(steps: int, out: str) -> None:
    t0 = time.perf_counter()
    import numpy as np

    import meshjit
    from meshjit import lax
    from meshjit.sharding import AxisType, NamedSharding
    from meshjit.sharding import PartitionSpec as P

    sys.path.insert(0, ROOT)
    from examples import train as T

    report = {"import_ms": _ms(time.perf_counter() - t0)}
    if os.environ.get("MESHJIT_NUM_PROCESSES"):
        t = time.perf_counter()
        meshjit.distributed.initialize()
        report["initialize_ms"] = _ms(time.perf_counter() - t)
    t = time.perf_counter()
    meshjit.devices()
    report["client_ms"] = _ms(time.perf_counter() - t)
    mesh = meshjit.make_mesh(T.MESH_SHAPE, T.MESH_AXES, axis_types=(AxisType.Auto,) * len(T.MESH_AXES))
    report["processes"], report["devices"] = meshjit.process_count(), meshjit.device_count()

    models = {
        "mlp": (T.MLP, T.mlp_init(), T.mlp_batch()),
        "transformer": (T.TRANSFORMER, T.transformer_init(), T.transformer_batch()),
    }
    for name, (model, params, (x, y)) in models.items():
        fns = T.step_fns(mesh, model)
        p, xs, ys = T.placer(mesh, model)(params, x, y)
        for way in ("jit+shardings", "shard_map"):
            fn = fns[way]
            t = time.perf_counter()
            lowered = fn.lower(p, xs, ys)
            t_lower = time.perf_counter() - t
            t, cpu = time.perf_counter(), time.process_time()
            compiled = lowered.compile()
            t_compile, cpu_compile = time.perf_counter() - t, time.process_time() - cpu
            hlo = compiled.as_text()
            t = time.perf_counter()
            q, loss = fn(p, xs, ys)
            loss.block_until_ready()
            t_first = time.perf_counter() - t
            for _ in range(3):
                q, loss = fn(q, xs, ys)
            loss.block_until_ready()
            times = []
            for _ in range(steps):
                t = time.perf_counter()
                q, loss = fn(q, xs, ys)
                loss.block_until_ready()
                times.append(time.perf_counter() - t)
            t = time.perf_counter()
            for _ in range(steps):
                q, loss = fn(q, xs, ys)
            loss.block_until_ready()
            report[f"{name}/{way}"] = {
                "trace_lower_ms": _ms(t_lower),
                "compile_ms": _ms(t_compile),
                "compile_cpu_ms": _ms(cpu_compile),
                "collectives": sum(hlo.count(f" {op}(") for op in _COLLECTIVES),
                "first_run_ms": _ms(t_first),
                "step_ms": _ms(statistics.median(times)),
                "pipelined_step_ms": _ms((time.perf_counter() - t) / steps),
            }

    n_params = sum(v.size for v in T.mlp_init().values())
    flat = meshjit.device_put(
        np.ones((8, n_params), np.float32), NamedSharding(mesh, P(("data", "model")))
    )
    allreduce = meshjit.jit(
        meshjit.shard_map(
            lambda b: lax.psum(b, ("data", "model")),
            mesh=mesh,
            in_specs=P(("data", "model")),
            out_specs=P(),
        )
    )
    for key, value in (("allreduce_ms", flat), ("allreduce_1_ms", flat[:, :1])):
        value = meshjit.device_put(value, NamedSharding(mesh, P(("data", "model"))))
        allreduce(value).block_until_ready()
        times = []
        for _ in range(steps):
            t = time.perf_counter()
            allreduce(value).block_until_ready()
            times.append(time.perf_counter() - t)
        report[key] = _ms(statistics.median(times))
    report["allreduce_floats"] = int(n_params)
    if meshjit.process_index() == 0:
        with open(out, "w") as f:
            json.dump(report, f)


def run_config(name: str, steps: int) -> dict:
    n, devices = CONFIGS[name]
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "report.json")
        me = [os.path.abspath(__file__), "--worker", out, "--steps", str(steps)]
        env = {**os.environ, "MESHJIT_NUM_CPU_DEVICES": str(devices)}
        env.pop("MESHJIT_NUM_PROCESSES", None)
        if n == 1:
            command = [sys.executable, *me]
        else:
            launch = ["-m", "meshjit.launch", "-n", str(n), "--devices-per-process", str(devices)]
            command = [sys.executable, *launch, "--timeout", "600", *me]
        t = time.perf_counter()
        proc = subprocess.run(command, env=env, capture_output=True, text=True, timeout=900)
        wall = time.perf_counter() - t
        if proc.returncode != 0:
            raise SystemExit(f"{name} failed:\n{proc.stdout}\n{proc.stderr}")
        with open(out) as f:
            report = json.load(f)
    report["run_s"] = round(wall, 2)
    return report


def _table(reports: dict) -> None:
    names = list(reports)
    print("\nstep time, ms (median of waited steps; pipelined: K steps then one wait)")
    print(f"  {'':28}" + "".join(f"{n:>10}" for n in names))
    for key in (
        "mlp/jit+shardings",
        "mlp/shard_map",
        "transformer/jit+shardings",
        "transformer/shard_map",
    ):
        for field in ("step_ms", "pipelined_step_ms"):
            label = f"{key} {'pipelined' if field.startswith('pipe') else ''}"
            print(f"  {label:28}" + "".join(f"{reports[n][key][field]:>10.2f}" for n in names))
    for key, label in (
        ("allreduce_ms", "all-reduce, MLP params"),
        ("allreduce_1_ms", "all-reduce, 1 float"),
    ):
        print(f"  {label:28}" + "".join(f"{reports[n][key]:>10.2f}" for n in names))
    print("\ncollectives per step (XLA's partitioned HLO)")
    for key in (
        "mlp/jit+shardings",
        "mlp/shard_map",
        "transformer/jit+shardings",
        "transformer/shard_map",
    ):
        print(f"  {key:28}" + "".join(f"{reports[n][key]['collectives']:>10}" for n in names))
    print("\nstarting up, ms (process 0)")
    rows = [
        ("import meshjit", "import_ms"),
        ("distributed.initialize", "initialize_ms"),
        ("CPU client (topology)", "client_ms"),
    ]
    for label, key in rows:
        print(f"  {label:28}" + "".join(f"{reports[n].get(key, 0):>10.1f}" for n in names))
    for key in ("mlp/jit+shardings", "transformer/shard_map"):
        for field, label in (
            ("trace_lower_ms", "trace+lower"),
            ("compile_ms", "compile"),
            ("compile_cpu_ms", "compile, CPU"),
            ("first_run_ms", "first run"),
        ):
            print(
                f"  {key + ' ' + label:28}"
                + "".join(f"{reports[n][key][field]:>10.1f}" for n in names)
            )
    print(f"  {'whole run, s':28}" + "".join(f"{reports[n]['run_s']:>10.2f}" for n in names))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--configs", nargs="+", default=list(CONFIGS), choices=list(CONFIGS))
    parser.add_argument("--json", help="also write the reports here")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    opts = parser.parse_args(argv)
    if opts.worker:
        worker(opts.steps, opts.worker)
        return 0
    reports = {}
    for name in opts.configs:
        print(f"running {name} ...", flush=True)
        reports[name] = run_config(name, opts.steps)
    _table(reports)
    if opts.json:
        with open(opts.json, "w") as f:
            json.dump(reports, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
