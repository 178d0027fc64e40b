"""One-step programs for each entry of round 12's vocabulary (the jnp table of ops_api.py, the
transform compositions of ops_transforms.py): every entry on an input it accepts, so a sweep
runs each of them against JAX (random programs draw any one entry rarely).

    python -m tests.fuzz.vocabulary [--every 1] [--how plain|vmap|grad]   # the whole sweep
    python -m tests.fuzz.vocabulary --only np20 --how grad   # one group's entries (a prefix)
"""

from __future__ import annotations

import dataclasses
import random
import warnings

import numpy as np

from tests.fuzz.programs import Program, _np_dtype, apply_step

SHAPES = [[4], [3, 4], [2, 3, 3], [6], [4, 3], [2, 2, 4], [4, 4], [3], [2, 3, 3, 2]]
DTYPES = ["float32", "int32", "uint8", "bool", "bfloat16", "int8", "float16"]
# x64 on: the 32-bit types meet 64-bit defaults, and the 64-bit types themselves
DTYPES_X64 = ["int32", "float64", "int64", "float32", "bool", "uint64", "int16"]


def entries(only: str = "") -> list[tuple[str, dict]]:
    """(op name, params without the drawn numbers) for every entry (of the groups named with the
    prefix `only`: their op names start np_<only>, the transform kinds never)."""
    from tests.fuzz import ops  # noqa: F401  (every round registers its entries into TABLE)
    from tests.fuzz.ops_api import TABLE
    from tests.fuzz.ops_transforms import KINDS

    every = [("np_" + e[3], {"fn": name}) for name, e in sorted(TABLE.items())] + [
        ("transform", {"kind": k}) for k in KINDS
    ]
    return [e for e in every if e[0].startswith("np_" + only)] if only else every


def programs(
    every: int = 1,
    offset: int = 0,
    per_entry: int = 1,
    how: str = "plain",
    x64: bool = False,
    only: str = "",
) -> list[Program]:
    """Programs for every `every`-th entry (from `offset`), `per_entry` inputs each; `how`:
    "plain", "vmap" (the entry mapped over an axis of its input: it meets one rank less) or
    "grad" (a gradient / jvp / vjp of the program, for the entries smooth in float inputs);
    `x64`: programs for jax_enable_x64 on, on DTYPES_X64; `only`: the groups with this prefix."""
    plain = _programs(every, offset, per_entry, x64, only)
    if how == "plain":
        return plain
    from tests.fuzz import numpy_backend
    from tests.fuzz.ops import OPS

    B = numpy_backend.backend((2,), ("a",), x64)
    rng = random.Random(13)
    out = []
    for p in plain:
        step = p.steps[0]
        shape, dtype, _ = p.inputs[0]
        if how == "vmap":
            if len(shape) < 2 or step[2] == [0, 0] or not OPS[step[1]].vmap_ok:
                continue
            vstep = [
                "vop",
                step[1],
                [0],
                step[3],
                [[rng.randrange(-len(shape), len(shape)), rng.choice([0, -1])]],
            ]
            try:
                with np.errstate(all="ignore"), warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    apply_step(B, vstep, [np.zeros(shape, _np_dtype(dtype))])
            except Exception:  # noqa: BLE001  (NumPy cannot type it)
                continue
            out.append(dataclasses.replace(p, steps=[vstep], seed=p.seed + 5))
        else:
            ok = OPS[step[1]].grad_ok
            if dtype != "float32" or not (ok(step[3]) if callable(ok) else ok):
                continue
            out.append(
                dataclasses.replace(
                    p, seed=p.seed + 7, grad=rng.choice([True, "jvp", "vjp", "value_and_grad"])
                )
            )
    return out


def _programs(
    every: int, offset: int, per_entry: int, x64: bool = False, only: str = ""
) -> list[Program]:
    from tests.fuzz import numpy_backend
    from tests.fuzz.ops_api import TABLE

    B = numpy_backend.backend((2,), ("a",), x64)
    rng = random.Random(12)
    out = []
    for k, (name, params) in enumerate(entries(only)):
        if k % every != offset % every:
            continue
        got = 0
        for dtype in DTYPES_X64 if x64 else DTYPES:
            for shape in rng.sample(SHAPES, len(SHAPES)):
                if got >= per_entry:
                    break
                x = np.zeros(shape, _np_dtype(dtype))
                if name == "transform":
                    if dtype != "float32":
                        continue
                    p = dict(params, n=rng.randint(0, 3), c=rng.choice([0.5, -1.0, 2.0]))
                    step = ["op", name, [0], p]
                else:
                    accepts, _, needs_y, _ = TABLE[params["fn"]]
                    if not accepts(x):
                        continue
                    step = ["op", name, [0, 0] if needs_y else [0], params]
                try:
                    with np.errstate(all="ignore"), warnings.catch_warnings():
                        warnings.simplefilter("ignore")
                        np.asarray(B.post(apply_step(B, step, [x])))
                except Exception:  # noqa: BLE001  (not an input this entry takes)
                    continue
                seed = 12_000_000 + 10 * k + got
                spec = [None] * len(shape)
                if got % 2 == 1 and shape[0] % 2 == 0:  # sharded, evenly
                    spec[0] = "a"
                out.append(
                    Program(
                        seed,
                        (2,),
                        ("a",),
                        [[shape, dtype, spec]],
                        [step],
                        [1],
                        special=seed % 3 == 0,
                        x64=x64,
                    )
                )
                got += 1
    return out


def main() -> int:
    import argparse
    import collections

    from tests.fuzz.run import check, reproducer, run_jax

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--per-entry", type=int, default=2)
    parser.add_argument("--how", default="plain", choices=["plain", "vmap", "grad"])
    parser.add_argument("--offset", type=int, default=0)
    parser.add_argument("--x64", action="store_true", help="jax_enable_x64 on (both sides)")
    parser.add_argument("--only", default="", help="the entries of the groups with this prefix")
    args = parser.parse_args()
    if args.x64:  # before meshjit is imported: its tables start in the mode
        import os

        os.environ["JAX_ENABLE_X64"] = "1"
    progs = programs(args.every, args.offset, args.per_entry, args.how, args.x64, args.only)
    stats = collections.Counter()
    for program, jax_result in zip(progs, run_jax(progs) or [None] * len(progs)):
        outcome = check(program, jax_result, modes=("meshjit",))
        stats["programs"] += 1
        if outcome.failed or outcome.meshjit_only_errors:
            stats["failed"] += 1
            print(reproducer(program), outcome.results, outcome.types, jax_result, flush=True)
    print(dict(stats))
    return 1 if stats["failed"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
