"""Uneven shardings against XLA's SPMD partitioner (task uneven18): `python -m
tests.support.uneven_sweep -n N [--seed S] [--ops OP,...] [--out FILE] [--mode M] [--inside] [-v]`.

Each case is one op family (`OPS`: elementwise, broadcast, reshape, transpose, slices, dynamic
slices and updates with traced, out-of-range starts, pads, concatenate, reverse, gathers,
scatters with duplicate indices, dots, convolutions, reductions, sorts, pooling and its
gradient, FFTs, iota-based ops, random bits, loops and conditionals) on an 8-device CPU mesh
(8, 2x4, 4x2 or 2x2x2), its operands of sizes 1, 3, 5, 6, 7, 9, 10, 12, 13 placed
(`device_put`) with seeded random shardings, mostly uneven (axes on one or several dims, several
axes on one dim), an operand sometimes constrained to another sharding inside, the result
sometimes constrained and sometimes given `out_shardings`, in meshjit's default propagation or
Shardy's. The numbers are compared with NumPy's in float64 (random ops: with the same program
unsharded), and the result's sharding with the one requested.

`python -m tests.support.uneven_sweep OP SEED [--minimize]` runs one case and prints it (and
the case with every sharding request dropped that it still fails without).

Measured (session 26): seeds 0-6 and 10-12 (920 cases of ~92 op families) found the scatter,
convolution and FFT failures guarded in passes/export; after those guards seeds 20-22 and
30-33 (652 cases) failed only on the FFT layout bug and conv1_g1 seed 4.
Session 27 (uneven19): the FFT layout bug (fft_guard.py), conv1_g1 seed 4 (XLA drops an
argument's uneven axes, uneven_arguments.py; a kernel split on its window, conv_guard.py) and
propagation='xla' (guards now placed there too: `--mode xla`) fixed; more families
(uneven_ops_composite.py) and `--inside` (shardings reaching the op from a constrained
neighbour). Then ~1,400 cases (seeds 50, 100-141 drawn, --inside, --mode xla) found only
grad_conv0 seed 140 (a kernel split on its output features under a halo, conv_guard.py).
"""

from __future__ import annotations

import os

os.environ.setdefault("MESHJIT_NUM_CPU_DEVICES", "8")

import argparse  # noqa: E402
import dataclasses  # noqa: E402
import functools  # noqa: E402
import json  # noqa: E402
import random  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import traceback  # noqa: E402
from collections import Counter  # noqa: E402
from typing import Callable  # noqa: E402

import numpy as np  # noqa: E402

import meshjit  # noqa: E402
from meshjit import lax  # noqa: E402
from meshjit.sharding import AxisType, NamedSharding  # noqa: E402
from meshjit.sharding import PartitionSpec as P  # noqa: E402
from tests.support import uneven_ops, uneven_ops_composite  # noqa: E402, F401 (registers ops)

MESHES = {
    "8": ((8,), ("x",)),
    "2x4": ((2, 4), ("a", "b")),
    "4x2": ((4, 2), ("a", "b")),
    "2x2x2": ((2, 2, 2), ("a", "b", "c")),
}
MODES = ("meshjit", "shardy")  # drawn; --mode forces one of these or "xla"


@dataclasses.dataclass
class Case:
    """One drawn case: the op, the mesh, the arguments and every sharding asked for."""

    op: str
    seed: int
    mesh: str
    mode: str
    args: list  # NumPy arrays
    specs: list  # P per argument (None: left as it is)
    inner: tuple | None  # (argument index, P): constrained inside before the op
    constraint: object  # P of the result's constraint, or None
    out: object  # P of out_shardings, or None
    inside: bool = False  # `specs` constrain a neighbour (x * 1) inside instead of placing

    def describe(self) -> str:
        shapes = [(a.dtype.name, a.shape) for a in self.args]
        return (
            f"{self.op} seed={self.seed} mesh={self.mesh} mode={self.mode} args={shapes} "
            f"specs={self.specs} inner={self.inner} constraint={self.constraint} out={self.out}"
            + (" inside" if self.inside else "")
        )


_MESH_CACHE: dict = {}


def mesh_of(name: str):
    if name not in _MESH_CACHE:
        shape, axes = MESHES[name]
        _MESH_CACHE[name] = meshjit.make_mesh(shape, axes, axis_types=(AxisType.Auto,) * len(axes))
    return _MESH_CACHE[name]


def draw_spec(r: random.Random, shape, axes) -> P:
    """A spec for `shape`: each dim replicated, on one unused axis, or on two (mostly uneven:
    the sizes rarely divide)."""
    free = list(axes)
    r.shuffle(free)
    dims = []
    for _ in shape:
        roll = r.random()
        if not free or roll < 0.35:
            dims.append(None)
        elif roll < 0.8 or len(free) < 2:
            dims.append(free.pop())
        else:
            dims.append((free.pop(), free.pop()))
    return P(*dims)


def draw(op: str, seed: int) -> Case:
    r = random.Random(f"{op}-{seed}")
    spec = uneven_ops.OPS[op]
    args = spec.args(r)
    mesh = r.choice(sorted(MESHES))
    axes = MESHES[mesh][1]
    specs = [draw_spec(r, a.shape, axes) if a.ndim and r.random() < 0.9 else None for a in args]
    arrays = [i for i, a in enumerate(args) if a.ndim]
    inner = None
    if arrays and r.random() < 0.3:
        i = r.choice(arrays)
        inner = (i, draw_spec(r, args[i].shape, axes))
    out_shapes = [np.shape(o) for o in _as_list(spec.reference(*_float64(args)))]
    constraint = out = None
    if r.random() < 0.4:
        constraint = [draw_spec(r, s, axes) for s in out_shapes]
    if r.random() < 0.6:
        out = [draw_spec(r, s, axes) for s in out_shapes]
    return Case(op, seed, mesh, r.choice(MODES), args, specs, inner, constraint, out)


def _as_list(out) -> list:
    return list(out) if isinstance(out, (tuple, list)) else [out]


def _float64(args) -> list:
    return [a.astype(np.float64) if a.dtype.kind == "f" else a for a in args]


def _function(case: Case, mesh) -> Callable:
    spec = uneven_ops.OPS[case.op]
    fn = functools.partial(spec.fn, mesh=mesh) if spec.takes_mesh else spec.fn

    def program(*args):
        args = list(args)
        if case.inside:  # the sharding reaches the op through propagation from the product
            args = [
                a if s is None else lax.with_sharding_constraint(a * 1, NamedSharding(mesh, s))
                for a, s in zip(args, case.specs)
            ]
        if case.inner is not None:
            i, spec = case.inner
            args[i] = lax.with_sharding_constraint(args[i], NamedSharding(mesh, spec))
        outs = _as_list(fn(*args))
        if case.constraint is not None:
            outs = [
                lax.with_sharding_constraint(o, NamedSharding(mesh, s))
                for o, s in zip(outs, case.constraint)
            ]
        return tuple(outs)

    return program


def run(case: Case) -> list[str]:
    """The problems of `case`: wrong numbers, dtypes, shardings (empty when right)."""
    mesh = mesh_of(case.mesh)
    program = _function(case, mesh)
    out_shardings = None
    if case.out is not None:
        out_shardings = tuple(NamedSharding(mesh, s) for s in case.out)
    f = meshjit.jit(program, out_shardings=out_shardings, propagation=case.mode)
    placed = [
        a if s is None or case.inside else meshjit.device_put(a, NamedSharding(mesh, s))
        for a, s in zip(case.args, case.specs)
    ]
    got = f(*placed)
    spec = uneven_ops.OPS[case.op]
    if spec.unsharded_reference:  # (no op of these takes a mesh)
        want = [
            np.asarray(o) for o in meshjit.jit(lambda *a: tuple(_as_list(spec.fn(*a))))(*case.args)
        ]
    else:
        want = [np.asarray(o) for o in _as_list(spec.reference(*_float64(case.args)))]
    problems = []
    for k, (g, w) in enumerate(zip(got, want)):
        problems += _compare(k, np.asarray(g), w, spec.rtol)
        if out_shardings is not None and not g.sharding.is_equivalent_to(out_shardings[k], g.ndim):
            problems.append(f"result {k}: sharding {g.sharding.spec}, asked {case.out[k]}")
    return problems


def _compare(k: int, got: np.ndarray, want: np.ndarray, rtol: float) -> list[str]:
    if got.shape != want.shape:
        return [f"result {k}: shape {got.shape}, want {want.shape}"]
    if got.dtype.kind in "iub" or want.dtype.kind in "iub":
        bad = got != want
    else:
        scale = max(1.0, float(np.max(np.abs(want), initial=0.0)))
        bad = ~np.isclose(got, want, rtol=rtol, atol=rtol * scale, equal_nan=True)
    if not bad.any():
        return []
    where = tuple(int(i) for i in np.argwhere(bad)[0])
    return [
        f"result {k}: {int(bad.sum())}/{bad.size} wrong, first at {where}: "
        f"got {got[where]!r} want {want[where]!r}"
    ]


def drawn(op: str, seed: int, mode: str = "", inside: bool = False) -> Case:
    """Case (`op`, `seed`), in propagation `mode` instead of the drawn one if given, its specs
    constraining neighbours inside with `inside`."""
    case = dataclasses.replace(draw(op, seed), inside=inside)
    return dataclasses.replace(case, mode=mode) if mode else case


def run_one(op: str, seed: int, mode: str = "", inside: bool = False) -> dict:
    """The outcome of case (`op`, `seed`) (`mode`, `inside`: as `drawn`): {'status': 'ok' |
    'wrong' | 'error', ...}."""
    case = drawn(op, seed, mode, inside)
    try:
        problems = run(case)
    except Exception as e:  # noqa: BLE001 - a campaign records every failure
        message = f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
        return {
            "status": "error",
            "case": case.describe(),
            "message": message[:400],
            "trace": traceback.format_exc(limit=-3),
        }
    if problems:
        return {"status": "wrong", "case": case.describe(), "message": "; ".join(problems)}
    return {"status": "ok"}


def _simpler(case: Case):
    """Cases like `case` with one sharding request dropped or made smaller."""
    for field in ("inner", "constraint", "out"):
        if getattr(case, field) is not None:
            yield dataclasses.replace(case, **{field: None})
    for i, spec in enumerate(case.specs):
        if spec is None:
            continue
        yield dataclasses.replace(case, specs=case.specs[:i] + [None] + case.specs[i + 1 :])
        for d, axes in enumerate(spec):
            if axes is not None:
                smaller = P(*[None if k == d else a for k, a in enumerate(spec)])
                yield dataclasses.replace(
                    case, specs=case.specs[:i] + [smaller] + case.specs[i + 1 :]
                )
    if case.mode != "meshjit":
        yield dataclasses.replace(case, mode="meshjit")


def _status(case: Case) -> str:
    try:
        return "wrong" if run(case) else "ok"
    except Exception as e:  # noqa: BLE001 - the same failure kind is kept
        return f"error {type(e).__name__}"


def minimize(case: Case) -> Case:
    """`case` with sharding requests dropped while it still fails the same way."""
    status = _status(case)
    changed = status != "ok"
    while changed:
        changed = False
        for simpler in _simpler(case):
            if _status(simpler) == status:
                case, changed = simpler, True
                break
    return case


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("positional", nargs="*", help="OP SEED: run one case")
    parser.add_argument("-n", type=int, default=10, help="cases per op")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--ops", default="", help="comma-separated op names (default all)")
    parser.add_argument("--out", default="")
    parser.add_argument("--mode", default="", help="propagation for every case (default drawn)")
    parser.add_argument("--inside", action="store_true", help="specs constrain x * 1 inside")
    parser.add_argument("-v", action="store_true")
    parser.add_argument("--minimize", action="store_true", help="with OP SEED: drop shardings")
    a = parser.parse_args(argv)
    if a.positional:
        op, seed = a.positional[0], int(a.positional[1])
        print(drawn(op, seed, a.mode, a.inside).describe())
        if a.minimize:
            print("minimized:", minimize(drawn(op, seed, a.mode, a.inside)).describe())
        print(json.dumps(run_one(op, seed, a.mode, a.inside), indent=1))
        return 0
    ops = a.ops.split(",") if a.ops else list(uneven_ops.OPS)
    counts, findings = Counter(), []
    start = time.time()
    for seed in range(a.seed, a.seed + a.n):
        for op in ops:
            result = run_one(op, seed, a.mode, a.inside)
            counts[(op, result["status"])] += 1
            if result["status"] != "ok":
                findings.append({"op": op, "seed": seed, **result})
                if a.v:
                    print(op, seed, result["status"], result["message"], flush=True)
    total = sum(counts.values())
    bad = len(findings)
    print(f"{total} cases, {bad} findings, {time.time() - start:.0f}s")
    for op in ops:
        row = {s: counts[(op, s)] for s in ("ok", "wrong", "error") if counts[(op, s)]}
        print(f"  {op:24s} {row}")
    if a.out:
        with open(a.out, "w") as out:
            json.dump(
                {"counts": {f"{k[0]}:{k[1]}": v for k, v in counts.items()}, "findings": findings},
                out,
                indent=1,
            )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
