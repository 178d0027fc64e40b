"""Trace + lower speed per op, and cached-call dispatch overhead: meshjit against JAX.

    python bench/lowering.py [--sizes 100 1000 5000] [--repeat K] [--calls M]

One program generator (`chain_program(xnp, n)`, taking a numpy-like module) builds the same
chain of N mixed ops (elementwise, scalar ops, matmul, reductions) for meshjit and for JAX.
Each repetition uses a fresh function object, so no trace or lowering cache can hit. Times are
the best of K repetitions, divided by N. JAX is optional (`pip install -e .[bench]`); without
it only meshjit's numbers are printed.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import statistics
import sys
import time

import numpy as np

TRACE_LOWER_US_PER_OP = 10.0  # target: trace + lower at N = 5000
SPEEDUP_VS_JAX = 4.0  # target: JAX's trace + lower time / meshjit's
DISPATCH_RATIO = 2.0  # target: meshjit cached call / JAX cached call
SHAPE = (16, 16)
_clock = time.perf_counter  # --timer cpu: time.process_time, steadier on a busy machine

# One step of the chain per entry; each is one user-level op on a (16, 16) float32 value.
_STEPS = (
    lambda xnp, x, w: x + w,
    lambda xnp, x, w: x * 0.5,
    lambda xnp, x, w: xnp.tanh(x),
    lambda xnp, x, w: x @ w,
    lambda xnp, x, w: x - xnp.sum(x, axis=1, keepdims=True),
    lambda xnp, x, w: xnp.maximum(x, 0.0),
    lambda xnp, x, w: xnp.exp(x),
    lambda xnp, x, w: x * w,
    lambda xnp, x, w: x + xnp.max(x, axis=0),
    lambda xnp, x, w: x / 3.0,
)


def chain_program(xnp, n: int):
    """A fresh function `f(x, w)` applying `n` mixed ops from `_STEPS`, written against `xnp`."""
    steps = [_STEPS[i % len(_STEPS)] for i in range(n)]

    def chain(x, w):
        for step in steps:
            x = step(xnp, x, w)
        return x

    return chain


# ---------------------------------------------------------------------------------------------
# Timing helpers.


def _best(fn, repeat: int) -> tuple[float, object]:
    """Best wall time of `repeat` calls of fn() (in seconds) and the last result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        gc.collect()
        t0 = _clock()
        result = fn()
        best = min(best, _clock() - t0)
    return best, result


def _best_pair(first, second, repeat: int) -> tuple[float, float]:
    """Best time of `first()` and of `second(first())`, each over `repeat` runs (after one
    untimed warm-up run)."""
    second(first())
    best1 = best2 = float("inf")
    for _ in range(repeat):
        gc.collect()
        t0 = _clock()
        staged = first()
        t1 = _clock()
        second(staged)
        t2 = _clock()
        best1, best2 = min(best1, t1 - t0), min(best2, t2 - t1)
    return best1, best2


def _median_call_us(fn, arg, calls: int, batch: int = 20) -> float:
    """Median per-call time in microseconds, timed in batches of `batch` calls."""
    for _ in range(200):
        fn(arg)
    samples = []
    for _ in range(max(1, calls // batch)):
        t0 = time.perf_counter()
        for _ in range(batch):
            fn(arg)
        samples.append((time.perf_counter() - t0) / batch)
    return statistics.median(samples) * 1e6


# ---------------------------------------------------------------------------------------------
# The two frontends.


def meshjit_trace_lower(n: int, repeat: int) -> tuple[float, float, int]:
    import meshjit
    import meshjit.numpy as mnp
    from meshjit.compiler.lowering import lower_jaxpr_to_module

    args = [meshjit.ShapeDtypeStruct(SHAPE, np.float32)] * 2
    trace = lambda: meshjit.jit(chain_program(mnp, n)).trace(*args)  # noqa: E731
    lower = lambda t: lower_jaxpr_to_module(t.jaxpr, name=t.name)  # noqa: E731
    t_trace, t_lower = _best_pair(trace, lower, repeat)
    neqns = len(trace().jaxpr.eqns)
    return t_trace, t_lower, neqns


def jax_trace_lower(n: int, repeat: int) -> tuple[float, float, int]:
    import jax
    import jax.numpy as jjnp

    args = [jax.ShapeDtypeStruct(SHAPE, np.float32)] * 2
    trace = lambda: jax.jit(chain_program(jjnp, n)).trace(*args)  # noqa: E731
    lower = lambda t: t.lower()  # noqa: E731
    t_trace, t_lower = _best_pair(trace, lower, repeat)
    neqns = len(trace().jaxpr.eqns)
    return t_trace, t_lower, neqns


def _have_jax() -> bool:
    import importlib.util

    return importlib.util.find_spec("jax") is not None


# ---------------------------------------------------------------------------------------------
# Report.


def _verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def run_lowering(sizes, repeat: int, with_jax: bool) -> bool:
    print(f"== trace + lower, chains of mixed ops on f32{list(SHAPE)} (best of {repeat}), us/op")
    head = f"{'N':>6} {'eqns':>6} {'trace':>8} {'lower':>8} {'total':>8}"
    if with_jax:
        head += f" | {'jax eqns':>8} {'trace':>8} {'lower':>8} {'total':>8} | {'speedup':>7}"
    print(head)
    ok = True
    for n in sizes:
        t_tr, t_lo, neq = meshjit_trace_lower(n, repeat)
        total = (t_tr + t_lo) / n * 1e6
        line = f"{n:>6} {neq:>6} {t_tr / n * 1e6:>8.2f} {t_lo / n * 1e6:>8.2f} {total:>8.2f}"
        notes = []
        if n == max(sizes):
            hit = total <= TRACE_LOWER_US_PER_OP
            ok &= hit
            notes.append(f"{_verdict(hit)} (<= {TRACE_LOWER_US_PER_OP:g} us/op)")
        if with_jax:
            j_tr, j_lo, j_neq = jax_trace_lower(n, repeat)
            j_total = (j_tr + j_lo) / n * 1e6
            speedup = j_total / total
            line += (
                f" | {j_neq:>8} {j_tr / n * 1e6:>8.2f} {j_lo / n * 1e6:>8.2f} {j_total:>8.2f}"
                f" | {speedup:>6.2f}x"
            )
            hit = speedup >= SPEEDUP_VS_JAX
            ok &= hit
            notes.append(f"{_verdict(hit)} (>= {SPEEDUP_VS_JAX:g}x)")
        print(line + ("  " + ", ".join(notes) if notes else ""))
        sys.stdout.flush()
    return ok


def _dispatch(lib, calls: int, rounds: int = 3) -> tuple[float, ...]:
    """Cached-call times (lib: meshjit or jax), each the best of `rounds` medians, the cases
    alternating (on a shared machine one median caught a burst of load elsewhere):
    `lib.jit(lambda x: x + 1)` on a device array and on a NumPy array, `lib.jit(lambda x, s:
    x * s)` on a device array and a Python float, and `x * 0.5` run eagerly (no jit)."""
    f = lib.jit(lambda x: x + 1)
    g = lib.jit(lambda x, s: x * s)
    host = np.arange(8, dtype=np.float32)
    dev = lib.device_put(host)
    cases = (
        (f, dev),
        (f, host),
        (lambda x: g(x, 0.5), dev),
        (lambda x: x * 0.5, dev),
    )
    best = [float("inf")] * len(cases)
    for _ in range(rounds):
        for i, (fn, arg) in enumerate(cases):
            best[i] = min(best[i], _median_call_us(fn, arg, calls // rounds))
    lib.block_until_ready(f(dev))
    return tuple(best)


# The dispatch cases, and the ratio each must meet (None: reported only).
_DISPATCH_CASES = (
    ("device array input", DISPATCH_RATIO),
    ("NumPy input", DISPATCH_RATIO),
    ("Python scalar input", DISPATCH_RATIO),
    ("eager x * 0.5", None),
)


def run_dispatch(mine, calls: int, with_jax: bool) -> bool:
    print(
        f"\n== cached jit call, f(x) = x + 1 on f32[8] (g(x, s) = x * s for a scalar; best of 3 "
        f"medians, {calls} calls), us/call"
    )
    theirs = _dispatch(importlib.import_module("jax"), calls) if with_jax else None
    ok = True
    for i, (what, target) in enumerate(_DISPATCH_CASES):
        line = f"{what:<20} meshjit {mine[i]:>7.2f}"
        if theirs is not None:
            ratio = mine[i] / theirs[i]
            line += f" | jax {theirs[i]:>7.2f} | ratio {ratio:5.2f}x"
            if target is not None:
                hit = ratio <= target
                ok &= hit
                line += f"  {_verdict(hit)} (<= {target:g}x)"
        print(line)
    return ok


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 5000])
    parser.add_argument("--repeat", type=int, default=5, help="repetitions; the best is kept")
    parser.add_argument("--calls", type=int, default=20000, help="calls timed for dispatch")
    parser.add_argument("--no-jax", action="store_true", help="skip JAX even if installed")
    parser.add_argument("--skip-dispatch", action="store_true")
    parser.add_argument(
        "--timer", choices=("wall", "cpu"), default="wall", help="cpu: process time (trace/lower)"
    )
    args = parser.parse_args(argv)
    global _clock
    _clock = time.process_time if args.timer == "cpu" else time.perf_counter
    with_jax = not args.no_jax and _have_jax()
    if not with_jax:
        print("(jax not importable or --no-jax: meshjit numbers only)")
    # meshjit's dispatch is timed before jax is imported: importing jax patches Python methods
    # onto jaxlib's classes (shardings, arrays), which a jax-free process never sees.
    mine = None if args.skip_dispatch else _dispatch(importlib.import_module("meshjit"), args.calls)
    ok = run_lowering(args.sizes, args.repeat, with_jax)
    if mine is not None:
        ok &= run_dispatch(mine, args.calls, with_jax)
    print("\nall targets met" if ok else "\nsome targets missed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
