"""Explicit sharding, JAX 0.10.2's default mode: an MLP and a transformer block trained with
data + tensor parallelism (DP+TP) and with fully sharded parameters (FSDP), every value's
sharding in its type.

The programs are written once against a JAX-like API (`build(jax, jnp, P)`), so the same text
runs under meshjit and under JAX (the tests compare the two: types, numbers, collectives).
Run: `python examples/explicit.py` (8 CPU devices, a 4x2 mesh of Explicit axes).
"""

from __future__ import annotations

import os
import sys

import numpy as np

SIZES = {"batch": 8, "seq": 16, "d_model": 32, "heads": 4, "d_head": 8, "d_ff": 64}
MESH_SHAPE, MESH_AXES = (4, 2), ("data", "model")


def init(sizes=SIZES, seed=0) -> dict:
    """Parameters of both models (NumPy, float32)."""
    rng = np.random.default_rng(seed)
    d, h, k, f = sizes["d_model"], sizes["heads"], sizes["d_head"], sizes["d_ff"]

    def normal(*shape, scale=1.0):
        return (scale * rng.standard_normal(shape)).astype(np.float32)

    return {
        "wq": normal(d, h, k, scale=d**-0.5),
        "wk": normal(d, h, k, scale=d**-0.5),
        "wv": normal(d, h, k, scale=d**-0.5),
        "wo": normal(h, k, d, scale=(h * k) ** -0.5),
        "w1": normal(d, f, scale=d**-0.5),
        "b1": normal(f, scale=0.1),
        "w2": normal(f, d, scale=f**-0.5),
    }


def data(sizes=SIZES, seed=1) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    shape = (sizes["batch"], sizes["seq"], sizes["d_model"])
    return rng.standard_normal(shape).astype(np.float32), rng.standard_normal(shape).astype(
        np.float32
    )


def build(jax, jnp, P, auto: bool = False) -> dict:
    """The programs, for a library with JAX's API (meshjit or JAX itself). `auto`: the same
    programs for a mesh of Auto axes (sharding constraints instead of out_sharding=), which
    bench/explicit.py traces to measure what the types cost."""
    reshard = jax.sharding.reshard

    def out(spec):
        return None if auto else spec

    def pin(x, spec):
        return jax.lax.with_sharding_constraint(x, spec) if auto else x

    # DP+TP: the batch over "data"; heads and hidden units over "model" (Megatron style).
    tp_specs = {
        "wq": P(None, "model", None),
        "wk": P(None, "model", None),
        "wv": P(None, "model", None),
        "wo": P("model", None, None),
        "w1": P(None, "model"),
        "b1": P("model"),
        "w2": P("model", None),
    }
    # FSDP: every parameter's first dimension over "data", gathered where it is used.
    fsdp_specs = {k: P("data") for k in tp_specs}
    act = P("data", None, None)

    def mlp(p, x):
        h = jax.nn.gelu(x @ p["w1"] + p["b1"], approximate=True)
        # The hidden units are contracted: an all-reduce, whose result layout the types ask for.
        return pin(jnp.dot(h, p["w2"], out_sharding=out(act)), act)

    def block(p, x):
        q = jnp.einsum("bsd,dhk->bshk", x, p["wq"])
        k = jnp.einsum("bsd,dhk->bshk", x, p["wk"])
        v = jnp.einsum("bsd,dhk->bshk", x, p["wv"])
        scores = jnp.einsum("bqhk,bshk->bhqs", q, k) / np.float32(np.sqrt(q.shape[-1]))
        mixed = jnp.einsum("bhqs,bshk->bqhk", jax.nn.softmax(scores, axis=-1), v)
        x = x + pin(jnp.einsum("bqhk,hkd->bqd", mixed, p["wo"], out_sharding=out(act)), act)
        return x + mlp(p, x)

    def gathered(p):
        """FSDP: each parameter all-gathered to the TP layout it is used in."""
        return {k: reshard(w, tp_specs[k]) for k, w in p.items()}

    def loss(model, p, x, y):
        return jnp.mean((model(p, x) - y) ** 2)

    def step(model, lr=0.05):
        def update(p, x, y):
            value, grads = jax.value_and_grad(lambda p: loss(model, p, x, y))(p)
            return value, jax.tree_util.tree_map(lambda w, g: w - lr * g, p, grads)

        return jax.jit(update)

    return {
        "tp_specs": tp_specs,
        "fsdp_specs": fsdp_specs,
        "act": act,
        "mlp": mlp,
        "block": block,
        "steps": {
            "mlp_dp_tp": step(mlp),
            "block_dp_tp": step(block),
            "mlp_fsdp": step(lambda p, x: mlp(gathered(p), x)),
            "block_fsdp": step(lambda p, x: block(gathered(p), x)),
        },
    }


def place(jax, P, params: dict, specs: dict, x, y, act) -> tuple:
    params = {k: jax.device_put(v, specs[k]) for k, v in params.items()}
    return params, jax.device_put(x, act), jax.device_put(y, act)


def train(jax, jnp, P, name: str, steps: int = 3) -> tuple[list, dict]:
    """`steps` SGD steps of program `name`; the losses and the final parameters."""
    progs = build(jax, jnp, P)
    specs = progs["fsdp_specs" if name.endswith("fsdp") else "tp_specs"]
    params, x, y = place(jax, P, init(), specs, *data(), progs["act"])
    step, losses = progs["steps"][name], []
    for _ in range(steps):
        value, params = step(params, x, y)
        losses.append(float(value))
    return losses, params


# ------------------------------------------------------------------------ NumPy reference


def _gelu(x):
    return 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x**3)))


def _softmax(x):
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def mlp_numpy(p, x):
    return _gelu(x @ p["w1"] + p["b1"]) @ p["w2"]


def block_numpy(p, x):
    p = {k: v.astype(np.float64) for k, v in p.items()}
    x = x.astype(np.float64)
    q, k, v = (np.einsum("bsd,dhk->bshk", x, p[w]) for w in ("wq", "wk", "wv"))
    scores = np.einsum("bqhk,bshk->bhqs", q, k) / np.sqrt(q.shape[-1])
    x = x + np.einsum("bqhk,hkd->bqd", np.einsum("bhqs,bshk->bqhk", _softmax(scores), v), p["wo"])
    return x + mlp_numpy(p, x)


def loss_numpy(name: str, p, x, y) -> float:
    model = mlp_numpy if name.startswith("mlp") else block_numpy
    return float(np.mean((model(p, x.astype(np.float64)) - y) ** 2))


def main() -> int:
    os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")
    import meshjit
    import meshjit.numpy as jnp
    from meshjit.sharding import P

    mesh = meshjit.make_mesh(MESH_SHAPE, MESH_AXES)  # Explicit axes: JAX 0.10.2's default
    meshjit.set_mesh(mesh)
    x, y = data()
    ok = True
    for name in ("mlp_dp_tp", "block_dp_tp", "mlp_fsdp", "block_fsdp"):
        losses, params = train(meshjit, jnp, P, name)
        want = loss_numpy(name, init(), x, y)
        good = abs(losses[0] - want) < 1e-4 * max(1.0, abs(want)) and losses[-1] < losses[0]
        ok &= good
        types = ", ".join(f"{k}: {meshjit.typeof(v)}" for k, v in sorted(params.items())[:3])
        print(f"{name:12s} losses {[round(v, 5) for v in losses]} (NumPy {want:.5f}) {types}")
    print("explicit-mode training matches NumPy" if ok else "MISMATCH")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
