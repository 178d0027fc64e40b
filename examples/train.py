"""A sharded training step, end to end: SGD on an MLP and on a transformer block, 8 CPU devices.

Each model trains on a 4x2 ("data", "model") mesh two ways:
  (a) `meshjit.jit(step, in_shardings=..., out_shardings=...)` with `value_and_grad` inside:
      the batch is split over "data", the weights Megatron-style over "model", and Shardy/XLA
      insert the collectives;
  (b) `meshjit.shard_map` with explicit collectives: each device differentiates the loss of its
      batch shard, row-parallel layers `psum` their partial matmuls over "model", and the
      gradients are `pmean`-ed over "data".
Checks: the loss falls; the parameters after N steps match a reference (manual NumPy backprop
for the MLP, an unsharded single-device meshjit run for the transformer); (a) and (b) agree.

Run: `python examples/train.py [--steps N]`. Across processes (the same global 4x2 mesh):
`python -m meshjit.launch -n 2 --devices-per-process 4 examples/train.py` (or -n 4 with 2
devices each); every process then runs this script, and `--save out.npz` (process 0 writes
it) holds the final parameters to compare with a single-process run.
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
from collections.abc import Callable
from typing import NamedTuple

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import meshjit  # noqa: E402
import meshjit.numpy as jnp  # noqa: E402
from examples.mlp import init_params as mlp_init_params  # noqa: E402
from meshjit import lax, nn  # noqa: E402
from meshjit.sharding import NamedSharding  # noqa: E402
from meshjit.sharding import PartitionSpec as P
from meshjit.tree_util import tree_map  # noqa: E402

MESH_SHAPE, MESH_AXES = (4, 2), ("data", "model")


def no_collective(x):
    """The `model_sum` of an unsharded (or jit-sharded) run: the matmul is already complete."""
    return x


def psum_model(x):
    """The `model_sum` inside shard_map: add the partial matmuls of a row-parallel layer."""
    return lax.psum(x, "model")


# ---------------------------------------------------------------------------------------------
# Model 1: a 2-layer MLP (column-parallel w1, row-parallel w2), mean squared error.

MLP_SPECS = {"w1": P(None, "model"), "b1": P("model"), "w2": P("model", None), "b2": P()}


def mlp_loss(params, x, y, model_sum=no_collective):
    hidden = jnp.maximum(x @ params["w1"] + params["b1"], 0.0)
    out = model_sum(hidden @ params["w2"]) + params["b2"]
    return jnp.mean((out - y) ** 2)


def mlp_init(sizes=(32, 64, 8), seed=0) -> dict:
    return mlp_init_params(sizes, seed)


def mlp_batch(batch=64, sizes=(32, 64, 8), seed=1):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((batch, sizes[0])).astype(np.float32)
    teacher = rng.standard_normal((sizes[0], sizes[2])) / np.sqrt(sizes[0])
    return x, np.tanh(x @ teacher).astype(np.float32)


def mlp_numpy_value_and_grad(params: dict, x: np.ndarray, y: np.ndarray):
    """Manual forward and backward pass of `mlp_loss` in float64."""
    z1 = x @ params["w1"] + params["b1"]
    hidden = np.maximum(z1, 0.0)
    out = hidden @ params["w2"] + params["b2"]
    d_out = 2.0 * (out - y) / out.size
    d_z1 = (d_out @ params["w2"].T) * (z1 > 0)
    grads = {
        "w1": x.T @ d_z1,
        "b1": d_z1.sum(0),
        "w2": hidden.T @ d_out,
        "b2": d_out.sum(0),
    }
    return float(np.mean((out - y) ** 2)), grads


def numpy_sgd(params: dict, x, y, steps: int, lr: float):
    """(final parameters, losses) of `steps` SGD steps of the NumPy MLP, in float64."""
    params = {k: v.astype(np.float64) for k, v in params.items()}
    x, y = x.astype(np.float64), y.astype(np.float64)
    losses = []
    for _ in range(steps):
        loss, grads = mlp_numpy_value_and_grad(params, x, y)
        params = {k: params[k] - lr * grads[k] for k in params}
        losses.append(loss)
    return params, losses


# ---------------------------------------------------------------------------------------------
# Model 2: a pre-LayerNorm transformer block: causal multi-head self-attention (heads split over
# "model": column-parallel q/k/v, row-parallel output projection) and a GELU MLP (likewise).

HEAD_DIM = 4
TRANSFORMER_SPECS = {
    "ln1_g": P(),
    "ln1_b": P(),
    "wq": P(None, "model"),
    "wk": P(None, "model"),
    "wv": P(None, "model"),
    "wo": P("model", None),
    "bo": P(),
    "ln2_g": P(),
    "ln2_b": P(),
    "w1": P(None, "model"),
    "b1": P("model"),
    "w2": P("model", None),
    "b2": P(),
}


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.mean((x - mean) ** 2, axis=-1, keepdims=True)
    return (x - mean) / jnp.sqrt(var + eps) * gamma + beta


def heads(x, w):
    """(batch, seq, heads, HEAD_DIM): the number of heads is whatever `w` holds (all of them
    unsharded, this device's share inside shard_map)."""
    b, s, _ = x.shape
    return (x @ w).reshape(b, s, w.shape[1] // HEAD_DIM, HEAD_DIM)


def attention(p, x, model_sum):
    q, k, v = heads(x, p["wq"]), heads(x, p["wk"]), heads(x, p["wv"])
    scores = jnp.einsum("bqhd,bkhd->bhqk", q, k) / np.sqrt(HEAD_DIM).astype(np.float32)
    seq = x.shape[1]
    scores = jnp.where(np.tril(np.ones((seq, seq), bool)), scores, -1e9)
    context = jnp.einsum("bhqk,bkhd->bqhd", nn.softmax(scores, axis=-1), v)
    context = context.reshape(x.shape[0], seq, -1)
    return model_sum(context @ p["wo"]) + p["bo"]


def transformer_block(p, x, model_sum=no_collective):
    h = x + attention(p, layer_norm(x, p["ln1_g"], p["ln1_b"]), model_sum)
    u = nn.gelu(layer_norm(h, p["ln2_g"], p["ln2_b"]) @ p["w1"] + p["b1"])
    return h + model_sum(u @ p["w2"]) + p["b2"]


def transformer_loss(params, x, y, model_sum=no_collective):
    return jnp.mean((transformer_block(params, x, model_sum) - y) ** 2)


def transformer_init(d_model=16, n_heads=4, d_ff=32, seed=0) -> dict:
    rng = np.random.default_rng(seed)

    def dense(n_in, n_out):
        return (rng.standard_normal((n_in, n_out)) / np.sqrt(n_in)).astype(np.float32)

    def vec(n, scale=0.1, base=0.0):
        return (base + scale * rng.standard_normal(n)).astype(np.float32)

    d_attn = n_heads * HEAD_DIM
    return {
        "ln1_g": vec(d_model, base=1.0),
        "ln1_b": vec(d_model),
        "wq": dense(d_model, d_attn),
        "wk": dense(d_model, d_attn),
        "wv": dense(d_model, d_attn),
        "wo": dense(d_attn, d_model),
        "bo": vec(d_model),
        "ln2_g": vec(d_model, base=1.0),
        "ln2_b": vec(d_model),
        "w1": dense(d_model, d_ff),
        "b1": vec(d_ff),
        "w2": dense(d_ff, d_model),
        "b2": vec(d_model),
    }


def transformer_batch(batch=8, seq=8, d_model=16, seed=1):
    """Inputs and a target: each position should predict a mix of the previous two tokens."""
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((batch, seq, d_model)).astype(np.float32)
    prev = np.concatenate([np.zeros_like(x[:, :1]), x[:, :-1]], axis=1)
    return x, (0.5 * x + 0.5 * prev).astype(np.float32)


# ---------------------------------------------------------------------------------------------
# The training step, three ways: unsharded, jit with shardings, shard_map with collectives.


class Model(NamedTuple):
    name: str
    loss: Callable  # loss(params, x, y, model_sum) -> scalar
    param_specs: dict
    batch_spec: P
    lr: float


MLP = Model("mlp", mlp_loss, MLP_SPECS, P("data", None), lr=0.1)
TRANSFORMER = Model("transformer", transformer_loss, TRANSFORMER_SPECS, P("data"), lr=0.1)


def sgd(params, grads, lr):
    return tree_map(lambda p, g: p - lr * g, params, grads)


def global_grad_and_loss(model: Model):
    """(grads, loss) of the whole batch, written without collectives."""

    def grad_and_loss(params, x, y):
        loss, grads = meshjit.value_and_grad(model.loss)(params, x, y)
        return grads, loss

    return grad_and_loss


def local_grad_and_loss(model: Model):
    """The per-device (grads, loss) inside shard_map: differentiate this shard's loss with
    respect to parameters marked as varying over "data" (so each device keeps its own gradient,
    like JAX's `pcast(..., to="varying")`), then average loss and gradients over "data" explicitly."""
    loss_fn = functools.partial(model.loss, model_sum=psum_model)

    def grad_and_loss(params, x, y):
        loss, grads = meshjit.value_and_grad(loss_fn)(lax.pcast(params, "data", to="varying"), x, y)
        return lax.pmean(grads, "data"), lax.pmean(loss, "data")

    return grad_and_loss


def make_step(grad_and_loss, lr):
    def train_step(params, x, y):
        grads, loss = grad_and_loss(params, x, y)
        return sgd(params, grads, lr), loss

    return train_step


def shardings(mesh, model: Model):
    params = {k: NamedSharding(mesh, s) for k, s in model.param_specs.items()}
    return params, NamedSharding(mesh, model.batch_spec), NamedSharding(mesh, P())


def jit_sharded(fn, mesh, model: Model):
    """(a): `fn(params, x, y) -> (params-like, scalar)` jitted with in/out shardings."""
    params, batch, scalar = shardings(mesh, model)
    return meshjit.jit(fn, in_shardings=(params, batch, batch), out_shardings=(params, scalar))


def jit_shard_map(fn, mesh, model: Model):
    """(b): the per-device `fn` under shard_map over the same mesh and layouts."""
    specs, batch = model.param_specs, model.batch_spec
    mapped = meshjit.shard_map(
        fn, mesh=mesh, in_specs=(specs, batch, batch), out_specs=(specs, P())
    )
    return meshjit.jit(mapped)


def sharded_grad_fns(mesh, model: Model) -> dict:
    """The jitted gradient computations: unsharded reference, (a) and (b)."""
    return {
        "unsharded": meshjit.jit(global_grad_and_loss(model)),
        "jit+shardings": jit_sharded(global_grad_and_loss(model), mesh, model),
        "shard_map": jit_shard_map(local_grad_and_loss(model), mesh, model),
    }


def step_fns(mesh, model: Model) -> dict:
    """The jitted training steps: unsharded reference, (a) and (b)."""
    return {
        "unsharded": meshjit.jit(make_step(global_grad_and_loss(model), model.lr)),
        "jit+shardings": jit_sharded(make_step(global_grad_and_loss(model), model.lr), mesh, model),
        "shard_map": jit_shard_map(make_step(local_grad_and_loss(model), model.lr), mesh, model),
    }


def train(step, params, x, y, steps: int, place=None):
    """(final parameters as NumPy, per-step losses); `place` puts the inputs on devices."""
    if place is not None:
        params, x, y = place(params, x, y)
    losses = []
    for _ in range(steps):
        params, loss = step(params, x, y)
        losses.append(float(loss))
    return {k: np.asarray(v) for k, v in params.items()}, losses


def placer(mesh, model: Model):
    param_sh, batch_sh, _ = shardings(mesh, model)

    def place(params, x, y):
        return (
            meshjit.device_put(params, param_sh),
            meshjit.device_put(x, batch_sh),
            meshjit.device_put(y, batch_sh),
        )

    return place


def max_diff(a: dict, b: dict) -> float:
    return max(float(np.max(np.abs(np.asarray(a[k], np.float64) - b[k]))) for k in a)


# ---------------------------------------------------------------------------------------------
# The script.


def run_model(
    mesh, model: Model, params, x, y, steps: int, reference, saved=None
) -> list[tuple[str, bool]]:
    """Trains `model` both sharded ways, prints the loss curves and returns the checks (the
    final parameters go to `saved`, if given, as "model/way/name")."""
    fns = step_fns(mesh, model)
    place = placer(mesh, model)
    results = {
        name: train(fns[name], params, x, y, steps, place)
        for name in ("jit+shardings", "shard_map")
    }
    if saved is not None:
        for way, (final, _) in results.items():
            saved.update({f"{model.name}/{way}/{k}": v for k, v in final.items()})
    ref_params, ref_losses = reference
    print_losses({**{k: v[1] for k, v in results.items()}, "reference": ref_losses})
    checks = []
    for name, (final, losses) in results.items():
        checks.append(
            (
                f"{model.name} {name}: loss falls ({losses[0]:.4f} -> {losses[-1]:.4f})",
                losses[-1] < losses[0],
            )
        )
        diff = max_diff(final, ref_params)
        checks.append((f"{model.name} {name}: max |params - reference| = {diff:.2e}", diff < 1e-4))
    diff = max_diff(results["jit+shardings"][0], results["shard_map"][0])
    checks.append((f"{model.name}: max |jit+shardings - shard_map| = {diff:.2e}", diff < 1e-4))
    return checks


def print_losses(curves: dict) -> None:
    names = list(curves)
    print("  step  " + "  ".join(f"{n:>14}" for n in names))
    steps = len(curves[names[0]])
    shown = range(steps) if steps <= 12 else [*range(5), *range(steps - 5, steps)]
    for i in shown:
        if i == steps - 5 and steps > 12:
            print("   ...")
        print(f"  {i:4d}  " + "  ".join(f"{curves[n][i]:14.6f}" for n in names))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20, help="SGD steps (at least 2)")
    parser.add_argument("--save", help="write the final parameters to this .npz (process 0)")
    opts = parser.parse_args(argv)
    steps = opts.steps
    if steps < 2:
        parser.error("--steps must be at least 2 (the loss has to fall)")
    if os.environ.get("MESHJIT_NUM_PROCESSES"):  # started by python -m meshjit.launch
        meshjit.distributed.initialize()
    auto = (meshjit.sharding.AxisType.Auto,) * len(MESH_AXES)  # layouts left to propagation
    mesh = meshjit.make_mesh(MESH_SHAPE, MESH_AXES, axis_types=auto)
    print(
        f"{len(meshjit.devices())} devices in {meshjit.process_count()} process(es), mesh "
        f"{dict(zip(MESH_AXES, MESH_SHAPE))}, {steps} SGD steps"
    )

    saved: dict = {}
    print(f"\n== MLP (reference: NumPy forward + manual backward), lr {MLP.lr}")
    params, (x, y) = mlp_init(), mlp_batch()
    reference = numpy_sgd(params, x, y, steps, MLP.lr)
    checks = run_model(mesh, MLP, params, x, y, steps, reference, saved)

    print(f"\n== transformer block (reference: unsharded meshjit.jit), lr {TRANSFORMER.lr}")
    params, (x, y) = transformer_init(), transformer_batch()
    unsharded = step_fns(mesh, TRANSFORMER)["unsharded"]
    reference = train(unsharded, params, x, y, steps)
    checks += run_model(mesh, TRANSFORMER, params, x, y, steps, reference, saved)
    if opts.save and meshjit.process_index() == 0:
        np.savez(opts.save, **saved)

    print()
    for text, ok in checks:
        print(f"{'PASS' if ok else 'FAIL'}: {text}")
    ok = all(ok for _, ok in checks)
    print("CHECK:", "PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
