"""Program generators for the propagation benchmark and tests: random op chains (hypothesis)
and long chains (timing), lowered by meshjit to StableHLO + sdy text."""

from __future__ import annotations

import os
import random

os.environ.setdefault("MESHJIT_NUM_CPU_DEVICES", "8")

import numpy as np  # noqa: E402

import meshjit  # noqa: E402
import meshjit.numpy as jnp  # noqa: E402
from meshjit.sharding import NamedSharding, P  # noqa: E402

MESH_SHAPE, MESH_AXES = (4, 2), ("data", "model")
AUTO = (meshjit.sharding.AxisType.Auto,) * len(MESH_AXES)  # annotations for propagation

# --------------------------------------------------------------------------- random chains
# `f(x, y, w)` with x, y: [A, B] and w: [B, B]; every step maps the current [A, B] value to a
# new [A, B] value, so any sequence of steps is a valid program.

A, B = 16, 32
STEPS = ("add", "mul", "tanh", "dot", "reduce", "broadcast", "transpose", "reshape")


def _step(op: str, x, y, w):
    if op == "add":
        return x + y
    if op == "mul":
        return x * y
    if op == "tanh":
        return jnp.tanh(x)
    if op == "dot":
        return x @ w
    if op == "reduce":
        return x - jnp.sum(x, axis=1, keepdims=True)
    if op == "broadcast":
        return x + jnp.max(y, axis=0)
    if op == "transpose":
        return x @ jnp.transpose(jnp.transpose(x) @ y)
    if op == "reshape":
        return jnp.reshape(jnp.reshape(x, (A * 2, B // 2)) * 2.0, (A, B))
    raise ValueError(op)


def chain_fn(ops):
    def f(x, y, w):
        for op in ops:
            x = _step(op, x, y, w)
        return x

    return f


def chain_arguments():
    rng = np.random.default_rng(0)
    shapes = ((A, B), (A, B), (B, B))
    return tuple((rng.standard_normal(s) / np.sqrt(B)).astype(np.float32) for s in shapes)


DIM_CHOICES = (None, "data", "model", ("data", "model"), ("model", "data"))


def random_spec(rng: random.Random, rank: int = 2) -> tuple:
    """A PartitionSpec over the mesh axes, no axis used twice."""
    return spec_of([rng.choice(DIM_CHOICES) for _ in range(rank)])


def spec_of(choices) -> tuple:
    """A PartitionSpec from one DIM_CHOICES entry per dim; a dim reusing an axis is None."""
    dims, used = [], set()
    for choice in choices:
        axes = () if choice is None else (choice,) if isinstance(choice, str) else choice
        if used & set(axes):
            choice = None
        else:
            used |= set(axes)
        dims.append(choice)
    return tuple(dims)


def random_chains(count: int, seed: int, max_ops: int = 6) -> list[tuple]:
    """`count` reproducible (ops, input specs) pairs for `lower_chain`."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        ops = [rng.choice(STEPS) for _ in range(rng.randint(1, max_ops))]
        out.append((ops, tuple(random_spec(rng) for _ in range(3))))
    return out


def lower_chain(ops, specs) -> str:
    """The module meshjit emits for `chain_fn(ops)` with input PartitionSpecs `specs`."""
    mesh = meshjit.make_mesh(MESH_SHAPE, MESH_AXES, axis_types=AUTO)
    shardings = tuple(NamedSharding(mesh, P(*s)) for s in specs)
    return meshjit.jit(chain_fn(ops), in_shardings=shardings).lower(*chain_arguments()).as_text()


# --------------------------------------------------------------------------- long chains

_LONG_STEPS = (
    lambda x, w: x + w,
    lambda x, w: x * 0.5,
    lambda x, w: jnp.tanh(x),
    lambda x, w: x @ w,
    lambda x, w: x - jnp.sum(x, axis=1, keepdims=True),
    lambda x, w: jnp.maximum(x, 0.0),
    lambda x, w: jnp.exp(x),
    lambda x, w: x * w,
    lambda x, w: x + jnp.max(x, axis=0),
    lambda x, w: x / 3.0,
)


def long_chain_module(n_ops: int) -> str:
    """A module of about `n_ops` StableHLO ops: a chain of mixed ops on sharded f32[16,16]."""
    mesh = meshjit.make_mesh(MESH_SHAPE, MESH_AXES, axis_types=AUTO)
    shardings = (NamedSharding(mesh, P("data", None)), NamedSharding(mesh, P(None, "model")))
    x = np.ones((16, 16), np.float32)

    def lower(steps):
        def chain(x, w):
            for i in range(steps):
                x = _LONG_STEPS[i % len(_LONG_STEPS)](x, w)
            return x

        return meshjit.jit(chain, in_shardings=shardings).lower(x, x).as_text()

    probe = 100
    per_step = count_ops(lower(probe)) / probe
    return lower(max(1, round(n_ops / per_step)))


def add_dot_transpose_module(n_ops: int) -> str:
    """A module of `n_ops` StableHLO ops: x [data, -] + w [-, model], then x @ w, then x^T,
    over and over (every dot alike: the own mode's dot plans on a long chain)."""
    t = "tensor<16x16xf32>"
    steps = (
        "stablehlo.add {x}, %w : " + t,
        "stablehlo.dot_general {x}, %w, contracting_dims = [1] x [0] : ("
        + t
        + ", "
        + t
        + ") -> "
        + t,
        "stablehlo.transpose {x}, dims = [1, 0] : (" + t + ") -> " + t,
    )
    lines = [
        f'sdy.mesh @mesh = <["{MESH_AXES[0]}"={MESH_SHAPE[0]}, "{MESH_AXES[1]}"={MESH_SHAPE[1]}]>',
        f'func.func @main(%x: {t} {{sdy.sharding = #sdy.sharding<@mesh, [{{"data"}}, {{}}]>}}, '
        f'%w: {t} {{sdy.sharding = #sdy.sharding<@mesh, [{{}}, {{"model"}}]>}}) -> {t} {{',
    ]
    x = "%x"
    for i in range(n_ops):
        lines.append(f"  %v{i} = " + steps[i % len(steps)].format(x=x))
        x = f"%v{i}"
    return "\n".join([*lines, f"  return {x} : {t}", "}"])


def count_ops(text: str) -> int:
    return sum(1 for line in text.splitlines() if " = stablehlo." in line or " = sdy." in line)
