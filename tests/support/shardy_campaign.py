"""The random-MLIR Shardy campaign (issue 19, round 14): `make shardy-campaign N=... SEED=...`.

Draws N modules (tests/support/random_sdy.py), runs each through every Shardy pass and meshjit's
mapped pipeline (random_sdy.PASSES), and through meshjit's own mode; prints each disagreement
(seed, pass, first differing values) and a summary; `--out FILE` writes them as JSON;
`--extended` draws from the generator's wider vocabulary (random_sdy.random_module), `--wide`
from its gather / scatter / sort / reduce_window / convolution ops too. Seeds run in
a child process: when one aborts the process (an LLVM ERROR in Shardy or MLIR), the seed is
reported as a crash and the campaign goes on from the next. A module on which Shardy writes
what its own verifier rejects (random_sdy.SHARDY_INVALID) is counted apart.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time

from tests.support import random_sdy


def _worker(first: int, last: int, passes: list, extended: bool = False, wide=False) -> None:
    """Runs seeds first..last-1, one JSON line per finding, a `start N` line before each seed."""
    for seed in range(first, last):
        print(f"start {seed}", flush=True)
        text = random_sdy.random_module(seed, extended=extended, wide=wide)
        for shardy, meshjit in passes:
            if not random_sdy.applies(text, shardy):
                continue
            diff, err = random_sdy.differences(text, shardy, meshjit)
            if diff or err:
                print(json.dumps({"seed": seed, "pass": shardy, "error": err, "diff": diff[:6]}))
        err = random_sdy.default_mode_error(text)
        if err:
            print(json.dumps({"seed": seed, "pass": "default", "error": err, "diff": []}))
        print(f"done {seed}", flush=True)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("-n", type=int, default=200)
    p.add_argument("--seed", type=int, default=0, help="first seed")
    p.add_argument("--out", default=None)
    p.add_argument("--passes", default=None, help="comma-separated Shardy pass names")
    p.add_argument(
        "--extended",
        action="store_true",
        help="also draw stablehlo.if, reverse, dynamic_update_slice",
    )
    p.add_argument(
        "--wide",
        action="store_true",
        help="also draw gather, scatter, sort, reduce_window, convolution",
    )
    p.add_argument("--worker", nargs=2, type=int, help=argparse.SUPPRESS)
    a = p.parse_args(argv)
    passes = [x for x in random_sdy.PASSES if not a.passes or x[0] in a.passes.split(",")]
    if a.worker:
        _worker(*a.worker, passes, a.extended, a.wide)
        return 0
    found, start, seed, last = [], time.time(), a.seed, a.seed + a.n
    while seed < last:
        cmd = (
            [
                sys.executable,
                "-m",
                "tests.support.shardy_campaign",
                "--worker",
                str(seed),
                str(last),
            ]
            + (["--passes", a.passes] if a.passes else [])
            + (["--extended"] if a.extended else [])
            + (["--wide"] if a.wide else [])
        )
        child = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        current = None
        for line in child.stdout:
            if line.startswith("start "):
                current = int(line.split()[1])
            elif line.startswith("done "):
                seed = int(line.split()[1]) + 1
                current = None
            elif line.startswith("{"):
                f = json.loads(line)
                found.append(f)
                print(f"seed {f['seed']} {f['pass']}: {f['error'] or ''}", flush=True)
                for k, s, m in f["diff"][:4]:
                    print(f"    {k}\n      shardy  {s}\n      meshjit {m}", flush=True)
        stderr = child.stderr.read()
        child.wait()
        if current is not None:  # the child died on this seed
            why = (stderr.strip().splitlines() or ["?"])[-1]
            found.append({"seed": current, "pass": "crash", "error": why, "diff": []})
            print(f"seed {current} crash: {why}", flush=True)
            seed = current + 1
        elif child.returncode != 0:
            print(stderr, file=sys.stderr)
            return 1
    theirs = [f for f in found if (f["error"] or "").startswith(random_sdy.SHARDY_INVALID)]
    found = [f for f in found if f not in theirs]
    seeds = {f["seed"] for f in found}
    print(
        f"{a.n} modules x {len(passes)} passes + meshjit's own mode: {len(found)} disagreements "
        f"in {len(seeds)} modules, {time.time() - start:.0f} s"
        + (
            f"; Shardy's output fails its own verifier on {len({f['seed'] for f in theirs})}"
            " more (meshjit's verifies)"
            if theirs
            else ""
        )
    )
    if a.out:
        with open(a.out, "w") as f:
            json.dump(found, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
