# Hand-written optax-style optimizers as (init, update) pairs over pytrees: AdamW with decoupled
# weight decay, Lion with sign updates, global-norm clipping chained in front, a warmup +
# linear-decay schedule, and an exponential moving average of the parameters for evaluation
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np


class AdamState(NamedTuple):
    count: jax.Array
    mu: dict
    nu: dict


def schedule(step, peak=3e-2, warmup=10, total=60):
    step = jnp.asarray(step, jnp.float32)
    warm = peak * step / warmup
    decay = peak * jnp.maximum(0.0, (total - step) / (total - warmup))
    return jnp.where(step < warmup, warm, decay)


def adamw(b1=0.9, b2=0.999, eps=1e-8, wd=1e-2):
    def init(p):
        z = jax.tree.map(jnp.zeros_like, p)
        return AdamState(jnp.zeros((), jnp.int32), z, z)

    def update(g, s, p):
        c = s.count + 1
        mu = jax.tree.map(lambda m, x: b1 * m + (1 - b1) * x, s.mu, g)
        nu = jax.tree.map(lambda v, x: b2 * v + (1 - b2) * x * x, s.nu, g)
        lr = schedule(c)
        mh = jax.tree.map(lambda m: m / (1 - b1**c), mu)
        vh = jax.tree.map(lambda v: v / (1 - b2**c), nu)
        upd = jax.tree.map(lambda m, v, w: -lr * (m / (jnp.sqrt(v) + eps) + wd * w), mh, vh, p)
        return upd, AdamState(c, mu, nu)

    return init, update


def lion(b1=0.9, b2=0.99, wd=1e-2):
    def init(p):
        return (jnp.zeros((), jnp.int32), jax.tree.map(jnp.zeros_like, p))

    def update(g, s, p):
        c, m = s
        lr = schedule(c + 1, peak=3e-3)
        direction = jax.tree.map(lambda mm, gg: jnp.sign(b1 * mm + (1 - b1) * gg), m, g)
        upd = jax.tree.map(lambda d, w: -lr * (d + wd * w), direction, p)
        m = jax.tree.map(lambda mm, gg: b2 * mm + (1 - b2) * gg, m, g)
        return upd, (c + 1, m)

    return init, update


def clip_global_norm(g, max_norm=1.0):
    norm = jnp.sqrt(sum(jnp.vdot(x, x) for x in jax.tree.leaves(g)))
    scale = jnp.minimum(1.0, max_norm / jnp.maximum(norm, 1e-12))
    return jax.tree.map(lambda x: x * scale, g), norm


rng = np.random.default_rng(0)
X = jnp.asarray(rng.normal(size=(64, 5)), jnp.float32)
W_true = jnp.asarray(rng.normal(size=(5, 3)), jnp.float32)
Y = jnp.sin(X @ W_true)

params = {
    "dense1": {"w": jnp.asarray(rng.normal(size=(5, 16)) * 0.4, jnp.float32), "b": jnp.zeros(16)},
    "dense2": {"w": jnp.asarray(rng.normal(size=(16, 3)) * 0.4, jnp.float32), "b": jnp.zeros(3)},
}


def loss_fn(p, x, y):
    h = jax.nn.gelu(x @ p["dense1"]["w"] + p["dense1"]["b"])
    return jnp.mean((h @ p["dense2"]["w"] + p["dense2"]["b"] - y) ** 2)


def make_step(opt_update):
    @jax.jit
    def step(p, s, ema, x, y):
        loss, g = jax.value_and_grad(loss_fn)(p, x, y)
        g, norm = clip_global_norm(g)
        upd, s = opt_update(g, s, p)
        p = jax.tree.map(jnp.add, p, upd)
        ema = jax.tree.map(lambda e, w: 0.95 * e + 0.05 * w, ema, p)
        return p, s, ema, loss, norm

    return step


for name, (init, update) in [("adamw", adamw()), ("lion", lion())]:
    p, s, ema = params, init(params), params
    step = make_step(update)
    for i in range(60):
        p, s, ema, loss, norm = step(p, s, ema, X, Y)
        if i % 15 == 0:
            print(name, i, f"loss={float(loss):.5f} gnorm={float(norm):.4f}")
    print(name, "final", f"{float(loss_fn(p, X, Y)):.5f}", "ema", f"{float(loss_fn(ema, X, Y)):.5f}")
    print(name, "state leaves", [(x.shape, str(x.dtype)) for x in jax.tree.leaves(s)][:3])
    print(jax.tree.structure(s))
print(jnp.round(jax.vmap(schedule)(jnp.arange(0, 61, 10)), 5))
