"""meshjit-compile: compile a StableHLO + sdy module for CPU devices and report what XLA
partitioned it into: collectives by kind, bytes each device moves, memory per device; with
`--run`, run it on random inputs and time it.

    meshjit-compile model.mlir                       # the module's own sdy.mesh decides devices
    meshjit-compile model.mlir --propagation shardy --run --repeat 20
    meshjit-compile plain.mlir --mesh data=4,model=2 --in-sharding 'data,_' --in-sharding '_'

`--mesh` and `--in-sharding` / `--out-sharding` (one per argument / result, in order; `_` for
an unsharded dimension, `(a,b)` for several axes on one, `-` for no sharding) are for modules
without an `sdy.mesh`.
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

import meshjit
from meshjit.compiler.runtime.hlo_stats import by_kind
from meshjit.tools.common import (
    ToolError,
    parse_mesh,
    parse_spec,
    read_input,
    run_main,
    tool_parser,
)

PROG = "meshjit-compile"

OPTIONS = (
    (("input",), {"metavar": "FILE", "help": "the module: .mlir text, bytecode or VHLO"}),
    (("--mesh",), {"metavar": "AXIS=N,...", "help": "a mesh for a module without sdy.mesh"}),
    (
        ("--in-sharding",),
        {"action": "append", "default": None, "metavar": "SPEC", "help": "per argument"},
    ),
    (
        ("--out-sharding",),
        {"action": "append", "default": None, "metavar": "SPEC", "help": "per result"},
    ),
    (
        ("--propagation",),
        {"choices": ("meshjit", "shardy", "xla"), "default": "meshjit", "help": "which passes"},
    ),
    (("--run",), {"action": "store_true", "help": "run on random inputs and time it"}),
    (("--repeat",), {"type": int, "default": 10, "metavar": "N", "help": "timed runs (--run)"}),
    (("--print-hlo",), {"action": "store_true", "help": "print XLA's partitioned HLO"}),
)


def make_parser() -> argparse.ArgumentParser:
    return tool_parser(
        PROG,
        "Compile a StableHLO + sdy module for CPU devices and report what XLA partitioned it into.",
        OPTIONS,
    )


def compile_input(args):
    source = read_input(args.input)
    mesh = parse_mesh(args.mesh) if args.mesh else None
    specs = [
        None if given is None else [parse_spec(x, mesh, f"--{flag} '{x}'") for x in given]
        for flag, given in (("in-sharding", args.in_sharding), ("out-sharding", args.out_sharding))
    ]
    try:
        module = meshjit.load_module(source)
        return meshjit.compile_module(
            module,
            mesh=mesh,
            in_shardings=None if specs[0] is None else tuple(specs[0]),
            out_shardings=None if specs[1] is None else tuple(specs[1]),
            propagation=args.propagation,
        )
    except meshjit.MeshjitError as e:
        raise ToolError(f"{args.input}: {e}") from None


def summary(compiled) -> str:
    lines = [f"devices: {compiled.executable.devices.num_partitions}"]
    kinds = by_kind(compiled.as_text())
    if not kinds:
        lines.append("collectives: none")
    for kind, (count, moved) in kinds.items():
        lines.append(f"{kind}: {count} ({moved} bytes moved per device)")
    total = sum(m for _, m in kinds.values())
    lines.append(f"bytes moved per device: {total}")
    m = compiled.memory_analysis()
    lines.append(
        f"memory per device: arguments {m.argument_size_in_bytes}, outputs "
        f"{m.output_size_in_bytes}, temporaries {m.temp_size_in_bytes}, aliased "
        f"{m.alias_size_in_bytes} bytes"
    )
    for i, s in enumerate(compiled.input_shardings):
        lines.append(f"argument {i}: {compiled.in_avals[i].str_short()} {_spec_text(s)}")
    for i, s in enumerate(compiled.output_shardings):
        lines.append(f"result {i}: {compiled.out_avals[i].str_short()} {_spec_text(s)}")
    return "\n".join(lines)


def _spec_text(sharding) -> str:
    return str(getattr(sharding, "spec", sharding) if sharding is not None else "one device")


def timed_runs(compiled, repeat: int) -> str:
    rng = np.random.default_rng(0)
    args = [_random(rng, aval) for aval in compiled.in_avals]
    meshjit.block_until_ready(compiled(*args))  # the first run includes one-time setup
    times = []
    for _ in range(max(repeat, 1)):
        start = time.perf_counter()
        meshjit.block_until_ready(compiled(*args))
        times.append(time.perf_counter() - start)
    return (
        f"run: median {np.median(times) * 1e3:.3f} ms, min {min(times) * 1e3:.3f} ms "
        f"over {len(times)} runs"
    )


def _random(rng, aval):
    if aval.dtype.kind == "f" or aval.dtype.name == "bfloat16":
        return rng.standard_normal(aval.shape).astype(aval.dtype)
    if aval.dtype.kind == "b":
        return rng.integers(0, 2, aval.shape).astype(bool)
    return rng.integers(0, 8, aval.shape).astype(aval.dtype)


def run(args) -> int:
    compiled = compile_input(args)
    if args.print_hlo:
        print(compiled.as_text())
    print(summary(compiled))
    if args.run:
        print(timed_runs(compiled, args.repeat))
    return 0


def main(argv=None) -> int:
    return run_main(PROG, make_parser(), run, sys.argv[1:] if argv is None else list(argv))


if __name__ == "__main__":
    sys.exit(main())
