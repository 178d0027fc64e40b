"""meshjit's sharding propagation against Shardy's: what XLA compiles from each, and speed.

    python bench/propagation.py                     # examples table + timing at 1000, 5000 ops
    python bench/propagation.py --sizes 1000 --repeat 5 --skip-examples
    python bench/propagation.py --sizes 2000 --skip-examples --chain add-dot-transpose

1. Examples (examples/suite.py; only parameter and input shardings given): both propagations
   run on the same emitted module; per-value agreement; both results compiled by XLA on 8 CPU
   devices; from the partitioned HLO the collectives, their result bytes and the bytes each
   device moves (all-gather (n-1)/n, all-reduce 2(n-1)/n, ... of the result), and per-device
   memory (arguments + outputs + temporaries). Both sides go through `prepare_for_xla`, which
   pins op shardings as sharding constraints (XLA ignores op `sdy.sharding`). Targets:
   meshjit's moved bytes <= Shardy's on every example, and lower on at least three.
2. Timing: long op chains lowered by meshjit (tests/support/programs.py),
   `meshjit.passes.propagate` (propagate + export) against `run_shardy` (Shardy's C++
   sdy-propagation-pipeline) on identical copies, best of K, interleaved in one run.
   Target: meshjit <= 1.5x Shardy.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("MESHJIT_NUM_CPU_DEVICES", "8")
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

from jaxlib.mlir import ir  # noqa: E402

from examples import suite  # noqa: E402
from meshjit import passes  # noqa: E402
from meshjit.dialects import make_context  # noqa: E402
from tests.support import harness, programs  # noqa: E402

TIME_RATIO = 1.5  # target: meshjit propagate time / Shardy pipeline time
LOWER_ON_AT_LEAST = 3  # target: examples where meshjit moves fewer bytes than Shardy


def verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def example_rows() -> list[harness.Row]:
    mesh = suite.make_mesh()
    return [
        harness.differential(name, suite.lowered_text(example, mesh))
        for name, example in suite.EXAMPLES.items()
    ]


def report_examples() -> bool:
    rows = example_rows()
    print("Examples: Shardy's propagation vs meshjit's, compiled by XLA (8 CPU devices, 4x2 mesh)")
    print(harness.format_table(rows, memory=True))
    for r in rows:
        for key, s, m in r.differing[:5]:
            print(f"  {r.name}: {key}: shardy {s} meshjit {m}")
        if len(r.differing) > 5:
            print(f"  {r.name}: ... {len(r.differing) - 5} more differing values")
    not_worse = all(r.meshjit.moved_bytes <= r.shardy.moved_bytes for r in rows)
    lower = [r.name for r in rows if r.meshjit.moved_bytes < r.shardy.moved_bytes]
    print(f"{verdict(not_worse)}: meshjit's moved bytes <= Shardy's on every example")
    print(
        f"{verdict(len(lower) >= LOWER_ON_AT_LEAST)}: lower on >= {LOWER_ON_AT_LEAST} examples "
        f"({len(lower)}: {', '.join(lower) or 'none'})"
    )
    return not_worse and len(lower) >= LOWER_ON_AT_LEAST


def report_random(count: int, seed: int, max_ops: int = 6, **options) -> bool:
    """Random chains (tests/support/programs.py): where the two propagations differ, bytes
    moved."""
    rows = []
    for ops, specs in programs.random_chains(count, seed, max_ops):
        row = harness.differential("random", programs.lower_chain(ops, specs), **options)
        rows.append((ops, specs, row))
    differ = [(o, s, r) for o, s, r in rows if r.differing]
    cheaper = [x for x in rows if x[2].meshjit.moved_bytes < x[2].shardy.moved_bytes]
    dearer = [x for x in rows if x[2].meshjit.moved_bytes > x[2].shardy.moved_bytes]
    label = ", ".join(f"{k}={v}" for k, v in options.items()) or "defaults"
    print(
        f"\nRandom programs ({count} of up to {max_ops} steps, seed {seed}, {label}): "
        f"shardings differ on {len(differ)}; "
        f"meshjit moves fewer bytes on {len(cheaper)}, more on {len(dearer)}"
    )
    for ops, specs, r in dearer:
        print(
            f"  dearer: ops={ops} specs={specs}: {r.meshjit.moved_bytes} vs {r.shardy.moved_bytes}"
        )
    print(f"{verdict(not dearer)}: meshjit moves no more bytes than Shardy on every program")
    return not dearer


def _best(fn, text: str, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        module = ir.Module.parse(text)
        gc.collect()
        t0 = time.perf_counter()
        fn(module)
        best = min(best, time.perf_counter() - t0)
    return best


CHAINS = {
    "mixed": programs.long_chain_module,
    "add-dot-transpose": programs.add_dot_transpose_module,
}


def report_timing(sizes, repeat: int, chain: str = "mixed") -> bool:
    print(f"\nPropagation time (best of {repeat}; propagate + export, on identical copies)")
    print(f"{'ops':>6} {'shardy ms':>10} {'meshjit ms':>11} {'ratio':>6}  target <= {TIME_RATIO}x")
    ok = True
    for n in sizes:
        text = CHAINS[chain](n)
        with make_context():
            passes.propagate(ir.Module.parse(text))  # warm-up (rule caches, imports)
            t_shardy = t_mine = float("inf")
            for _ in range(repeat):  # interleaved, so both see the same machine load
                t_shardy = min(t_shardy, _best(passes.run_shardy, text, 1))
                t_mine = min(t_mine, _best(passes.propagate, text, 1))
        ratio = t_mine / t_shardy
        ok &= ratio <= TIME_RATIO
        print(
            f"{programs.count_ops(text):>6} {1e3 * t_shardy:>10.1f} {1e3 * t_mine:>11.1f} "
            f"{ratio:>5.2f}x  {verdict(ratio <= TIME_RATIO)}"
        )
    return ok


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 5000])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--skip-examples", action="store_true")
    parser.add_argument("--skip-timing", action="store_true")
    parser.add_argument("--random", type=int, default=0, help="random programs to compare")
    parser.add_argument("--seed", type=int, nargs="+", default=[7], help="one run per seed")
    parser.add_argument("--max-ops", type=int, default=6, help="steps per random program, at most")
    parser.add_argument("--conflicts", default="auto", help="meshjit's conflict resolution")
    parser.add_argument("--chain", choices=sorted(CHAINS), default="mixed", help="timed chain")
    args = parser.parse_args(argv)
    if not args.skip_examples:
        report_examples()
    if args.random:
        met = [
            report_random(args.random, seed, args.max_ops, conflicts=args.conflicts)
            for seed in args.seed
        ]
        if len(met) > 1:
            print(f"\n{verdict(all(met))}: no dearer program over {len(met)} seeds")
    if not args.skip_timing:
        report_timing(args.sizes, args.repeat, args.chain)
    return 0


if __name__ == "__main__":
    sys.exit(main())
