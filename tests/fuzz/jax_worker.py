"""Runs fuzzer programs with JAX (8 host devices) and prints their results as JSON: the
oracle process of tests/fuzz/run.py. Reads a JSON list of programs on stdin, prints a
`RESULT {json}` line per program."""

from __future__ import annotations

import json
import sys

import numpy as np


def main() -> None:
    import jax
    from jax.sharding import Mesh

    from tests.fuzz.programs import Program

    for spec in json.loads(sys.stdin.read()):
        program = Program.from_json(spec)
        size = int(np.prod(program.mesh_shape))
        mesh = Mesh(np.array(jax.devices()[:size]).reshape(program.mesh_shape), program.axis_names)
        args = program.arguments()
        try:
            outs = _run(jax, program, mesh, args)
            outs = outs if isinstance(outs, (list, tuple)) else [outs]
            result = {"outs": [dict(_encode(np.asarray(o)), weak=bool(o.weak_type)) for o in outs]}
        except Exception as e:  # noqa: BLE001  (JAX rejects the program: recorded)
            result = {
                "error": f"{type(e).__name__}: {str(e)[:300]}",
                "builtin": _builtin_base(type(e)),
            }
        # one line per program, flushed: when XLA aborts the process on a program, the
        # caller knows which one and goes on with the next
        print("RESULT " + json.dumps(result), flush=True)


def _run(jax, program, mesh, args):
    """JAX's answer. Shardings do not change the numbers, so JAX runs unconstrained (it refuses
    uneven ones), except on NaN inputs of a sharded program: XLA's cross-device min / max drop
    NaN (seed 300539: a NaN reaching a min over a value an out_sharding splits), so JAX runs
    with the program's shardings, as meshjit does (unconstrained again if JAX refuses them)."""
    if _nan_in_sharded(program, args) or _needs_devices(program):
        try:
            return _jit(jax, program, mesh, args, sharded=True)
        except Exception:  # noqa: BLE001  (uneven shardings: JAX's answer unconstrained)
            pass
    if _needs_devices(program):  # (on the mesh's devices, replicated)
        return _jit(jax, program, mesh, args, sharded="replicated")
    return _jit(jax, program, mesh, args, sharded=False)


def _needs_devices(program) -> bool:
    """Round 30's r30_mesh (and round 31's r31_explicit) sets an Explicit mesh with use_abstract_mesh inside the program: JAX
    takes its devices from the jit's shardings (unsharded, it refuses: "Please enter your `jit`
    into a mesh context")."""
    return any(
        s[0] in ("op", "vop") and s[1] in ("r30_mesh", "r31_explicit") for s in program.steps
    )


def _nan_in_sharded(program, args) -> bool:
    sharded = (
        program.out_specs
        or any(any(s) for _, _, s in program.inputs)
        or any(s[0] in ("constraint", "shard_map") for s in program.steps)
    )
    return bool(sharded) and any(
        "float" in str(a.dtype) and np.isnan(a.astype(np.float32)).any() for a in args
    )


def _jit(jax, program, mesh, args, sharded: bool):
    import jax.numpy as jnp
    from jax.sharding import NamedSharding, PartitionSpec

    from tests.fuzz.programs import Backend, partition, transformed

    wsc = jax.lax.with_sharding_constraint if sharded is True else (lambda x, s: x)
    B = Backend(
        jnp,
        jax.lax,
        jax.shard_map,
        NamedSharding,
        PartitionSpec,
        wsc,
        mesh,
        jax.vmap,
        jax.nn,
        jax.jvp,
    )
    B.random = jax.random
    B.api = jax
    f, order = transformed(B, program, jax.grad, jax.jvp, jax.vjp, jax.value_and_grad)
    donate = program.donate_argnums(order)
    if not sharded:
        return jax.jit(f, donate_argnums=donate)(*[args[i] for i in order])

    def named(spec):
        if sharded == "replicated":
            return NamedSharding(mesh, PartitionSpec())
        return None if spec is None else NamedSharding(mesh, PartitionSpec(*partition(spec)))

    ins = [named(program.inputs[i][2]) for i in order]
    outs = (
        None if program.out_specs is None or program.grad else [named(s) for s in program.out_specs]
    )
    return jax.jit(f, in_shardings=ins, out_shardings=outs, donate_argnums=donate)(
        *[args[i] for i in order]
    )


def _builtin_base(cls) -> str:
    """The most specific builtin exception class JAX's error derives from (meshjit's error
    must be one too)."""
    import builtins

    return next(c.__name__ for c in cls.__mro__ if getattr(builtins, c.__name__, None) is c)


def _encode(a: np.ndarray) -> dict:
    dtype = str(a.dtype)
    data = a.astype(np.float32) if dtype == "bfloat16" else a
    return {"dtype": dtype, "shape": list(a.shape), "data": _finite_safe(data)}


def _finite_safe(a: np.ndarray) -> list:
    if a.dtype.kind != "f":
        return a.ravel().tolist()
    return [float(v) if np.isfinite(v) else repr(float(v)) for v in a.ravel()]


if __name__ == "__main__":
    main()
