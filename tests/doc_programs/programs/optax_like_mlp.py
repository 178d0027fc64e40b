# An optax-like gradient transformation library written by hand (init / update pairs chained:
# clip_by_global_norm, scale_by_adam, add_decayed_weights, scale_by_schedule), applied to an
# MLP regression with minibatches drawn by permutation each epoch, and an eval under jit
from typing import NamedTuple, Callable
import jax
import jax.numpy as jnp
from jax import random


class GradientTransformation(NamedTuple):
    init: Callable
    update: Callable


def chain(*transforms):
    def init(params):
        return tuple(t.init(params) for t in transforms)

    def update(updates, state, params=None):
        new_state = []
        for t, s in zip(transforms, state):
            updates, s = t.update(updates, s, params)
            new_state.append(s)
        return updates, tuple(new_state)
    return GradientTransformation(init, update)


def clip_by_global_norm(max_norm):
    def update(updates, state, params=None):
        norm = jnp.sqrt(sum(jnp.vdot(u, u) for u in jax.tree.leaves(updates)))
        factor = jnp.where(norm < max_norm, 1., max_norm / norm)
        return jax.tree.map(lambda u: u * factor, updates), state
    return GradientTransformation(lambda p: (), update)


class AdamState(NamedTuple):
    count: jnp.ndarray
    mu: dict
    nu: dict


def scale_by_adam(b1=0.9, b2=0.999, eps=1e-8):
    def init(params):
        z = jax.tree.map(jnp.zeros_like, params)
        return AdamState(jnp.zeros([], jnp.int32), z, z)

    def update(updates, state, params=None):
        mu = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, state.mu, updates)
        nu = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g ** 2, state.nu, updates)
        count = state.count + 1
        out = jax.tree.map(lambda m, v: (m / (1 - b1 ** count)) / (jnp.sqrt(v / (1 - b2 ** count)) + eps), mu, nu)
        return out, AdamState(count, mu, nu)
    return GradientTransformation(init, update)


def add_decayed_weights(wd):
    return GradientTransformation(lambda p: (), lambda u, s, p: (jax.tree.map(lambda g, w: g + wd * w, u, p), s))


def scale_by_schedule(fn):
    def update(updates, count, params=None):
        return jax.tree.map(lambda u: -fn(count) * u, updates), count + 1
    return GradientTransformation(lambda p: jnp.zeros([], jnp.int32), update)


def apply_updates(params, updates):
    return jax.tree.map(lambda p, u: p + u, params, updates)


def mlp_init(key, sizes):
    keys = random.split(key, len(sizes) - 1)
    return [{"w": random.normal(k, (a, b)) / jnp.sqrt(a), "b": jnp.zeros(b)}
            for k, a, b in zip(keys, sizes[:-1], sizes[1:])]


def mlp(params, x):
    for layer in params[:-1]:
        x = jax.nn.silu(x @ layer["w"] + layer["b"])
    return x @ params[-1]["w"] + params[-1]["b"]


key = random.key(0)
kx, kp, kperm = random.split(key, 3)
X = random.uniform(kx, (256, 2), minval=-2, maxval=2)
Y = jnp.sin(X[:, :1]) * jnp.cos(X[:, 1:])
params = mlp_init(kp, [2, 32, 32, 1])
opt = chain(clip_by_global_norm(1.0), scale_by_adam(), add_decayed_weights(1e-4),
            scale_by_schedule(lambda c: 1e-2 * 0.99 ** c))
state = opt.init(params)
print(jax.tree.structure(state).num_leaves, type(state[1]).__name__)


def loss_fn(params, x, y):
    return jnp.mean((mlp(params, x) - y) ** 2)


@jax.jit
def step(params, state, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    updates, state = opt.update(grads, state, params)
    return apply_updates(params, updates), state, loss


first = float(loss_fn(params, X, Y))
for epoch in range(10):
    perm = random.permutation(random.fold_in(kperm, epoch), X.shape[0])
    for i in range(0, 256, 64):
        idx = perm[i:i + 64]
        params, state, loss = step(params, state, X[idx], Y[idx])
final = float(jax.jit(loss_fn)(params, X, Y))
print(round(first, 3), final < first / 3, int(state[1].count), int(state[3]))
print(jax.tree.map(jnp.shape, params))
