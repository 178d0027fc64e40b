# "Stateful computations" applied to training: an explicit state tuple (params, opt state,
# rng key, step) threaded through a jitted update with donation, dropout keys from fold_in of
# the step, a running-average metric, and the state saved / restored as NumPy arrays
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np


class TrainState(NamedTuple):
    params: dict
    velocity: dict
    key: jax.Array
    step: jax.Array
    avg_loss: jax.Array


def init(key):
    k1, k2, k3 = jax.random.split(key, 3)
    params = {"w1": jax.random.normal(k1, (4, 16)) * 0.3, "w2": jax.random.normal(k2, (16, 1)) * 0.3}
    return TrainState(params, jax.tree.map(jnp.zeros_like, params), k3, jnp.int32(0), jnp.float32(0.0))


def forward(params, x, key, rate=0.2):
    h = jax.nn.gelu(x @ params["w1"])
    keep = jax.random.bernoulli(key, 1 - rate, h.shape)
    h = jnp.where(keep, h / (1 - rate), 0.0)
    return (h @ params["w2"])[:, 0]


def loss_fn(params, x, y, key):
    return jnp.mean((forward(params, x, key) - y) ** 2)


@jax.jit
def update(state, x, y):
    step_key = jax.random.fold_in(state.key, state.step)
    l, g = jax.value_and_grad(loss_fn)(state.params, x, y, step_key)
    vel = jax.tree.map(lambda v, g: 0.9 * v + g, state.velocity, g)
    params = jax.tree.map(lambda p, v: p - 0.05 * v, state.params, vel)
    avg = jnp.where(state.step == 0, l, 0.9 * state.avg_loss + 0.1 * l)
    return TrainState(params, vel, state.key, state.step + 1, avg), l


kx, kinit = jax.random.split(jax.random.key(0))
x = jax.random.normal(kx, (32, 4))
y = jnp.sin(x).sum(axis=1)
state = init(kinit)
losses = []
for i in range(30):
    state, l = update(state, x, y)
    losses.append(float(l))
print(int(state.step), round(losses[0], 4), round(losses[-1], 4), losses[-1] < losses[0], jnp.round(state.avg_loss, 4))
saved = jax.tree.map(np.asarray, state._replace(key=jax.random.key_data(state.key)))
print(type(saved.params["w1"]).__name__, saved.key.dtype, saved.step)
restored = TrainState(*[jax.tree.map(jnp.asarray, f) for f in saved])._replace(key=jax.random.wrap_key_data(saved.key))
s1, l1 = update(state, x, y)
s2, l2 = update(restored, x, y)
print(float(l1) == float(l2), jax.tree.all(jax.tree.map(lambda a, b: bool(jnp.array_equal(a, b)), s1.params, s2.params)))
donating = jax.jit(update.__wrapped__ if hasattr(update, "__wrapped__") else update, donate_argnums=0)
old = restored
new, _ = donating(restored, x, y)
print(old.params["w1"].is_deleted(), new.params["w1"].is_deleted(), int(new.step))
eval_pred = jax.jit(lambda p, x: jax.nn.gelu(x @ p["w1"]) @ p["w2"])(new.params, x[:2])
print(eval_pred.shape)
