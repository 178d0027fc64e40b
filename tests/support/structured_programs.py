"""Random programs with structure (issue 19): loops, branches, calls, shard_map (manual
computations), sub-axis reshapes and sharding groups, on top of programs.py's chain steps.
Lowered by meshjit to StableHLO + sdy text, as `programs.lower_chain` does."""

from __future__ import annotations

import random
import re

import meshjit
import meshjit.numpy as jnp
from meshjit import lax
from meshjit.sharding import AxisType, NamedSharding, P
from tests.support import programs

STRUCTURED_STEPS = ("while", "case", "call", "shard_map", "subaxis_reshape")
STEPS = programs.STEPS + STRUCTURED_STEPS


@meshjit.jit
def _callee(x, y):
    return jnp.tanh(x) * y


def _structured(op: str, x, y, w, mesh):
    if op == "while":
        return lax.fori_loop(0, 3, lambda i, c: jnp.tanh(c) * y, x)
    if op == "case":
        index = (jnp.sum(x) > 0).astype(jnp.int32)
        return lax.switch(index, [lambda a: a + y, lambda a: a @ w], x)
    if op == "call":
        return _callee(x, y)
    if op == "shard_map":
        local = meshjit.shard_map(
            lambda a: jnp.exp(a), mesh=mesh, in_specs=P("data"), out_specs=P("data")
        )
        return local(x) + y
    if op == "subaxis_reshape":  # splits dim 0 (16) over [4, 4]: "data" spreads over both
        return jnp.reshape(jnp.tanh(jnp.reshape(x, (4, 4, programs.B))), (programs.A, programs.B))
    return programs._step(op, x, y, w)


def structured_fn(ops, mesh):
    def f(x, y, w):
        for op in ops:
            x = _structured(op, x, y, w, mesh)
        return x

    return f


def random_programs(count: int, seed: int, max_ops: int = 5) -> list[tuple]:
    """`count` reproducible (ops, input specs, group) triples; every program has at least one
    structured step, and `group` says whether the two activations form a sharding group."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        ops = [rng.choice(STEPS) for _ in range(rng.randint(0, max_ops - 1))]
        ops.insert(rng.randint(0, len(ops)), rng.choice(STRUCTURED_STEPS))
        specs = tuple(programs.random_spec(rng) for _ in range(3))
        out.append((ops, specs, rng.random() < 0.3))
    return out


def lower(ops, specs, group: bool = False) -> str:
    mesh = meshjit.make_mesh(programs.MESH_SHAPE, programs.MESH_AXES, axis_types=(AxisType.Auto,) * len(programs.MESH_AXES))
    shardings = tuple(NamedSharding(mesh, P(*s)) for s in specs)
    fn = structured_fn(ops, mesh)  # every argument kept: the group names %arg0 and %arg1
    jitted = meshjit.jit(fn, in_shardings=shardings, keep_unused=True)
    text = jitted.lower(*programs.chain_arguments()).as_text()
    return with_sharding_group(text) if group else text


def with_sharding_group(text: str) -> str:
    """`main`'s first two arguments made one sharding group."""
    t = f"tensor<{programs.A}x{programs.B}xf32>"
    group = "".join(f"    sdy.sharding_group %arg{i} group_id=0 : {t}\n" for i in (0, 1))
    match = re.search(r"func\.func public @main\(.*\{\n", text)
    return text[: match.end()] + group + text[match.end() :]
