# Optax-style gradient transformations in plain JAX: NamedTuple states, chain, clip_by_global_norm,
# scale_by_adam, add_decayed_weights with a mask, an inject_hyperparams wrapper whose state holds
# the learning rate as an array (changed between steps without re-tracing), multi_transform
# routing parameters by label, and apply_updates; trained on a small regression
from typing import Any, Callable, NamedTuple

import jax
import jax.numpy as jnp


class GradientTransformation(NamedTuple):
    init: Callable
    update: Callable


class EmptyState(NamedTuple):
    pass


class ScaleByAdamState(NamedTuple):
    count: jax.Array
    mu: Any
    nu: Any


class InjectState(NamedTuple):
    count: jax.Array
    hyperparams: dict
    inner_state: Any


def chain(*txs):
    def init(params):
        return tuple(t.init(params) for t in txs)

    def update(updates, state, params=None):
        new_state = []
        for t, s in zip(txs, state):
            updates, s = t.update(updates, s, params)
            new_state.append(s)
        return updates, tuple(new_state)

    return GradientTransformation(init, update)


def clip_by_global_norm(max_norm):
    def update(updates, state, params=None):
        norm = jnp.sqrt(sum(jnp.sum(u**2) for u in jax.tree.leaves(updates)))
        factor = jnp.minimum(1.0, max_norm / (norm + 1e-12))
        return jax.tree.map(lambda u: u * factor, updates), state

    return GradientTransformation(lambda p: EmptyState(), update)


def scale_by_adam(b1=0.9, b2=0.999, eps=1e-8):
    def init(params):
        zeros = jax.tree.map(jnp.zeros_like, params)
        return ScaleByAdamState(jnp.zeros([], jnp.int32), zeros, zeros)

    def update(updates, state, params=None):
        mu = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, state.mu, updates)
        nu = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g**2, state.nu, updates)
        count = state.count + 1
        mu_hat = jax.tree.map(lambda m: m / (1 - b1**count), mu)
        nu_hat = jax.tree.map(lambda v: v / (1 - b2**count), nu)
        return jax.tree.map(lambda m, v: m / (jnp.sqrt(v) + eps), mu_hat, nu_hat), ScaleByAdamState(count, mu, nu)

    return GradientTransformation(init, update)


def add_decayed_weights(wd, mask):
    def update(updates, state, params):
        return jax.tree.map(lambda u, p, m: u + wd * p if m else u, updates, params, mask), state

    return GradientTransformation(lambda p: EmptyState(), update)


def scale(step):
    return GradientTransformation(lambda p: EmptyState(), lambda u, s, p=None: (jax.tree.map(lambda x: step * x, u), s))


def inject_hyperparams(factory):
    def wrapped(**hparams):
        def init(params):
            hp = {k: jnp.asarray(v, jnp.float32) for k, v in hparams.items()}
            return InjectState(jnp.zeros([], jnp.int32), hp, factory(**hp).init(params))

        def update(updates, state, params=None):
            tx = factory(**state.hyperparams)
            updates, inner = tx.update(updates, state.inner_state, params)
            return updates, InjectState(state.count + 1, state.hyperparams, inner)

        return GradientTransformation(init, update)

    return wrapped


def multi_transform(transforms, labels):
    def init(params):
        return {k: t.init(params) for k, t in transforms.items()}

    def update(updates, state, params=None):
        out = jax.tree.map(jnp.zeros_like, updates)
        new_state = {}
        for k, t in transforms.items():
            masked = jax.tree.map(lambda u, lab: u if lab == k else jnp.zeros_like(u), updates, labels)
            u, new_state[k] = t.update(masked, state[k], params)
            out = jax.tree.map(lambda o, u, lab: u if lab == k else o, out, u, labels)
        return out, new_state

    return GradientTransformation(init, update)


def apply_updates(params, updates):
    return jax.tree.map(lambda p, u: (p + u).astype(p.dtype), params, updates)


def adamw(learning_rate, weight_decay):
    return chain(clip_by_global_norm(1.0), scale_by_adam(), add_decayed_weights(weight_decay, mask), scale(-learning_rate))


k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
params = {"w": jax.random.normal(k1, (5, 1)), "b": jnp.zeros(1), "emb": jax.random.normal(k2, (3, 5))}
mask = {"w": True, "b": False, "emb": True}
labels = {"w": "adam", "b": "adam", "emb": "sgd"}
x = jax.random.normal(k3, (128, 5))
ids = jnp.arange(128) % 3
y = x @ jnp.arange(1.0, 6.0)[:, None] + 0.5


def loss(p):
    feats = x + 0.1 * p["emb"][ids]
    return jnp.mean((feats @ p["w"] + p["b"] - y) ** 2)


tx = multi_transform(
    {"adam": inject_hyperparams(adamw)(learning_rate=0.1, weight_decay=1e-4), "sgd": scale(-0.01)}, labels
)
state = tx.init(params)
print(type(state["adam"]).__name__, state["adam"].hyperparams)
print(jax.tree.structure(state["adam"].inner_state).num_leaves)


@jax.jit
def step(params, state):
    l, g = jax.value_and_grad(loss)(params)
    updates, state = tx.update(g, state, params)
    return apply_updates(params, updates), state, l


traces = []
for i in range(150):
    if i == 100:
        hp = dict(state["adam"].hyperparams, learning_rate=jnp.asarray(0.01, jnp.float32))
        state = dict(state, adam=state["adam"]._replace(hyperparams=hp))
    params, state, l = step(params, state)
    traces.append(float(l))
print(traces[0], traces[99], traces[-1])
print(traces[-1] < 0.05, int(state["adam"].count), int(state["adam"].inner_state[1].count))
print(state["adam"].hyperparams["learning_rate"])
print(jnp.round(params["w"][:, 0], 2), params["b"])
