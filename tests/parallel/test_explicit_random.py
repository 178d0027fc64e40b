"""Random explicit-mode programs: chains of typed ops (elementwise with operands of other
shardings, reductions, transposes, reshapes, contractions with out_sharding, reshards) on a 4x2
mesh of Explicit axes. Every program's numbers equal NumPy's, and every result's layout
(`.sharding`) is the one its type names."""

from __future__ import annotations

import os

import numpy as np
import pytest

import meshjit
import meshjit.numpy as jnp
from meshjit.sharding import NamedSharding, P, ShardingTypeError

MESH = meshjit.make_mesh((4, 2), ("X", "Y"))
SPECS_2D = [P(), P("X"), P(None, "Y"), P("X", "Y"), P("Y", "X"), P(("X", "Y")), P(None, ("X", "Y"))]


def _step(rng, x, xn, ops):
    """One random op on (x, its NumPy value); returns the new pair."""
    kind = rng.choice(["unary", "binary", "transpose", "reduce", "dot", "reshard", "bias"])
    n = xn.shape
    if kind == "unary":
        ops.append("tanh")
        return jnp.tanh(x), np.tanh(xn)
    if kind == "binary":
        spec = SPECS_2D[rng.integers(len(SPECS_2D))] if len(n) == 2 else P()
        other = rng.standard_normal(n).astype(np.float32)
        try:
            y = meshjit.reshard(jnp.asarray(other), spec)
            out = x * y + 1.0
        except ShardingTypeError:
            return x, xn
        ops.append(f"mul {spec}")
        return out, xn * other + 1.0
    if kind == "transpose" and len(n) == 2:
        ops.append("T")
        return x.T, xn.T
    if kind == "reduce" and len(n) == 2:
        axis = int(rng.integers(2))
        ops.append(f"sum {axis} keepdims")
        return jnp.sum(x, axis=axis, keepdims=True) + x, xn.sum(axis, keepdims=True) + xn
    if kind == "dot" and len(n) == 2:
        w = rng.standard_normal((n[1], 8)).astype(np.float32) / 4
        spec = SPECS_2D[rng.integers(len(SPECS_2D))]
        ops.append(f"dot out {spec}")
        return jnp.dot(x, w, out_sharding=spec), xn @ w
    if kind == "reshard" and len(n) == 2:
        spec = SPECS_2D[rng.integers(len(SPECS_2D))]
        ops.append(f"reshard {spec}")
        return meshjit.reshard(x, spec), xn
    if kind == "bias" and len(n) == 2:
        b = rng.standard_normal(n[1]).astype(np.float32)
        ops.append("bias")
        return x + b, xn + b
    return x, xn


# EXPLICIT_PROGRAMS=N runs more (300 passed at the time of writing).
PROGRAMS = int(os.environ.get("EXPLICIT_PROGRAMS", "40"))


@pytest.mark.parametrize("seed", range(PROGRAMS))
@pytest.mark.parametrize("mode", ["jit", "eager"])
def test_random_typed_program_matches_numpy(seed, mode):
    if mode == "eager" and seed % 4:
        pytest.skip("eagerly: every fourth program (each op compiles on its own)")
    rng = np.random.default_rng(seed)
    spec = SPECS_2D[rng.integers(len(SPECS_2D))]
    data = rng.standard_normal((8, 8)).astype(np.float32)
    plan_seed = int(rng.integers(1 << 30))
    with meshjit.set_mesh(MESH):
        x = meshjit.device_put(data, spec)

        ref = {}

        def run(x):  # traced once: the NumPy reference follows the same steps meanwhile
            r, want, ops = np.random.default_rng(plan_seed), data.astype(np.float64), []
            for _ in range(int(r.integers(2, 7))):
                x, want = _step(r, x, want, ops)
            ref.update(want=want, ops=ops)
            return x

        got = meshjit.jit(run)(x) if mode == "jit" else run(x)
    want, ops = ref["want"], ref["ops"]
    np.testing.assert_allclose(np.asarray(got), want, rtol=2e-4, atol=2e-4, err_msg=str(ops))
    typ = got.aval.sharding
    if typ is not None and isinstance(got.sharding, NamedSharding):
        assert tuple(got.sharding.spec) + (None,) * (got.ndim - len(got.sharding.spec)) == tuple(
            typ.spec
        ) or got.sharding.spec == typ.spec, (ops, got.sharding, typ)
