# Optimizers written as (init, update) pairs over pytrees with NamedTuple states: Adafactor
# with factored second moments for matrices and a full one for vectors, SGD with Nesterov
# momentum, and a chain that clips by global norm first; trained on a regression MLP, with
# the state trees' structures, leaf shapes and step counts printed
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np


class AdafactorState(NamedTuple):
    count: jnp.ndarray
    v_row: dict
    v_col: dict
    v: dict


class MomentumState(NamedTuple):
    trace: dict


def adafactor(lr=0.05, decay=0.8, eps=1e-30):
    def init(params):
        def row(p):
            return jnp.zeros(p.shape[:-1]) if p.ndim == 2 else jnp.zeros(())

        def col(p):
            return jnp.zeros(p.shape[-1:]) if p.ndim == 2 else jnp.zeros(())

        def full(p):
            return jnp.zeros(()) if p.ndim == 2 else jnp.zeros_like(p)

        return AdafactorState(jnp.zeros([], jnp.int32), jax.tree.map(row, params), jax.tree.map(col, params), jax.tree.map(full, params))

    def update(grads, state, params=None):
        count = state.count + 1
        beta = 1.0 - count.astype(jnp.float32) ** (-decay)

        def one(g, r, c, v):
            g2 = g * g + eps
            if g.ndim == 2:
                r = beta * r + (1 - beta) * g2.mean(-1)
                c = beta * c + (1 - beta) * g2.mean(-2)
                vhat = r[:, None] * c[None, :] / r.mean()
                return -lr * g * jax.lax.rsqrt(vhat), r, c, v
            v = beta * v + (1 - beta) * g2
            return -lr * g * jax.lax.rsqrt(v), r, c, v

        out = jax.tree.map(one, grads, state.v_row, state.v_col, state.v)
        pick = lambda i: jax.tree.map(lambda t: t[i], out, is_leaf=lambda t: isinstance(t, tuple))
        return pick(0), AdafactorState(count, pick(1), pick(2), pick(3))

    return init, update


def nesterov(lr=0.05, mu=0.9):
    def init(params):
        return MomentumState(jax.tree.map(jnp.zeros_like, params))

    def update(grads, state, params=None):
        trace = jax.tree.map(lambda t, g: mu * t + g, state.trace, grads)
        return jax.tree.map(lambda t, g: -lr * (g + mu * t), trace, grads), MomentumState(trace)

    return init, update


def clip_then(max_norm, inner):
    init, upd = inner

    def update(grads, state, params=None):
        norm = jnp.sqrt(sum(jnp.sum(g**2) for g in jax.tree.leaves(grads)))
        scale = jnp.minimum(1.0, max_norm / (norm + 1e-6))
        return upd(jax.tree.map(lambda g: g * scale, grads), state, params)

    return init, update


rng = np.random.default_rng(0)
X = jnp.asarray(rng.normal(size=(128, 6)), jnp.float32)
Y = jnp.sin(X[:, :1] * 2) + X[:, 1:2] * X[:, 2:3]
params0 = {
    "l1": {"w": jnp.asarray(rng.normal(size=(6, 32)) / np.sqrt(6), jnp.float32), "b": jnp.zeros(32)},
    "l2": {"w": jnp.asarray(rng.normal(size=(32, 1)) / np.sqrt(32), jnp.float32), "b": jnp.zeros(1)},
}


def loss(p):
    h = jnp.tanh(X @ p["l1"]["w"] + p["l1"]["b"])
    return jnp.mean((h @ p["l2"]["w"] + p["l2"]["b"] - Y) ** 2)


for name, opt in [("adafactor", adafactor()), ("nesterov", nesterov()), ("clip+nesterov", clip_then(0.5, nesterov()))]:
    init, update = opt
    state = init(params0)

    @jax.jit
    def step(p, s):
        l, g = jax.value_and_grad(loss)(p)
        u, s = update(g, s, p)
        return jax.tree.map(jnp.add, p, u), s, l

    p = params0
    losses = []
    for i in range(60):
        p, state, l = step(p, state)
        losses.append(float(l))
    print(f"{name}: loss {losses[0]:.4f} -> {losses[-1]:.4f}")
    print("  state", type(state).__name__, [tuple(x.shape) for x in jax.tree.leaves(state)][:5])
state = adafactor()[0](params0)
print(jax.tree.structure(state).num_leaves, state._fields)
print("count", state.count, "v_row l1.w", state.v_row["l1"]["w"].shape, "v l1.b", state.v["l1"]["b"].shape)
print(jax.tree_util.keystr(jax.tree_util.tree_flatten_with_path(state)[0][3][0]))
