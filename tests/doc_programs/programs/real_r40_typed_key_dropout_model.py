# A model with dropout threaded through typed PRNG keys: keys inside a train-state pytree,
# split per step by jax.random.split in the jitted step, fold_in per layer, dropout masks by
# bernoulli, deterministic evaluation, keys passed through vmap for an ensemble, and
# key_data saved / restored for a checkpoint
from typing import NamedTuple

import jax
import jax.numpy as jnp


class State(NamedTuple):
    params: dict
    key: jax.Array
    step: jax.Array


def init(key, sizes=(4, 16, 16, 1)):
    keys = jax.random.split(key, len(sizes))
    params = {f"l{i}": {"w": jax.random.normal(k, (a, b)) / jnp.sqrt(a), "b": jnp.zeros(b)} for i, (k, a, b) in enumerate(zip(keys[1:], sizes[:-1], sizes[1:]))}
    return State(params, keys[0], jnp.array(0))


def dropout(key, x, rate, train):
    if not train:
        return x
    keep = jax.random.bernoulli(key, 1 - rate, x.shape)
    return jnp.where(keep, x / (1 - rate), 0.0)


def apply(params, x, key=None, train=False, rate=0.2):
    n = len(params)
    for i in range(n):
        p = params[f"l{i}"]
        x = x @ p["w"] + p["b"]
        if i < n - 1:
            x = jax.nn.relu(x)
            k = jax.random.fold_in(key, i) if train else None
            x = dropout(k, x, rate, train)
    return x


def loss(params, x, y, key):
    return jnp.mean((apply(params, x, key, train=True) - y) ** 2)


@jax.jit
def train_step(state, x, y):
    key, sub = jax.random.split(state.key)
    l, g = jax.value_and_grad(loss)(state.params, x, y, sub)
    params = jax.tree.map(lambda p, d: p - 0.05 * d, state.params, g)
    return State(params, key, state.step + 1), l


x = jax.random.normal(jax.random.key(10), (64, 4))
y = jnp.sin(x[:, :1]) + x[:, 1:2] ** 2
state = init(jax.random.key(0))
print(state.key.dtype, jax.tree.map(jnp.shape, state.params))
for i in range(30):
    state, l = train_step(state, x, y)
    if i % 10 == 9:
        print(i, l)
print(state.step, state.key.shape)
eval_out = apply(state.params, x[:3])
print(eval_out.shape, jnp.allclose(eval_out, apply(state.params, x[:3])))
d1 = apply(state.params, x[:3], jax.random.key(1), train=True)
d2 = apply(state.params, x[:3], jax.random.key(2), train=True)
print(bool(jnp.any(d1 != d2)))

ens_keys = jax.random.split(jax.random.key(5), 3)
ens = jax.vmap(init)(ens_keys)
print(ens.key.shape, ens.params["l0"]["w"].shape)
ens_step = jax.jit(jax.vmap(train_step, in_axes=(0, None, None)))
for _ in range(5):
    ens, ls = ens_step(ens, x, y)
print(ls.shape, ens.step)

saved = {"key": jax.random.key_data(state.key), "step": state.step}
print(saved["key"].dtype, saved["key"].shape)
restored_key = jax.random.wrap_key_data(saved["key"])
print(jnp.all(jax.random.key_data(restored_key) == saved["key"]))
s2, _ = train_step(State(state.params, restored_key, state.step), x, y)
s3, _ = train_step(state, x, y)
print(jnp.array_equal(jax.random.key_data(s2.key), jax.random.key_data(s3.key)))
print(jax.tree.map(lambda a: a.dtype, jax.tree.leaves(s2))[0], len(jax.tree.leaves(s2)))
try:
    jax.random.key_data(jnp.zeros(2, jnp.uint32))
except TypeError as e:
    print(type(e).__name__)
print(jax.random.split(state.key, (2, 3)).shape)
