"""Runs fuzzer programs with JAX (8 host devices) and prints their results as JSON: the
oracle process of tests/fuzz/run.py. Reads a JSON list of programs on stdin, prints a
`RESULT {json}` line per program."""

from __future__ import annotations

import json
import sys

import numpy as np


def main() -> None:
    import jax
    import jax.numpy as jnp
    from jax.sharding import Mesh, NamedSharding, PartitionSpec

    from tests.fuzz.programs import Backend, Program, transformed

    for spec in json.loads(sys.stdin.read()):
        program = Program.from_json(spec)
        size = int(np.prod(program.mesh_shape))
        mesh = Mesh(np.array(jax.devices()[:size]).reshape(program.mesh_shape),
                    program.axis_names)
        # Shardings do not change the numbers: JAX runs unconstrained (it refuses uneven ones).
        B = Backend(jnp, jax.lax, jax.shard_map, NamedSharding, PartitionSpec,
                    lambda x, s: x, mesh, jax.vmap, jax.nn, jax.jvp)
        B.random = jax.random
        B.api = jax
        args = program.arguments()
        try:
            f, order = transformed(B, program, jax.grad, jax.jvp, jax.vjp, jax.value_and_grad)
            outs = jax.jit(f)(*[args[i] for i in order])
            outs = outs if isinstance(outs, (list, tuple)) else [outs]
            result = {"outs": [dict(_encode(np.asarray(o)), weak=bool(o.weak_type))
                               for o in outs]}
        except Exception as e:  # noqa: BLE001  (JAX rejects the program: recorded)
            result = {"error": f"{type(e).__name__}: {str(e)[:300]}",
                      "builtin": _builtin_base(type(e))}
        # one line per program, flushed: when XLA aborts the process on a program, the
        # caller knows which one and goes on with the next
        print("RESULT " + json.dumps(result), flush=True)


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
