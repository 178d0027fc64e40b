# A deep ensemble for 1-D regression: five MLPs initialised from split keys, trained together by
# vmap over their parameter pytrees (in_axes mixing batched params and a shared batch), with
# per-member bootstrap resampling; then the ensemble's mean / spread in and out of the data range
import functools

import jax
import jax.numpy as jnp
from jax import random

M = 5
key = random.key(11)
kd, kn, kb, ki = random.split(key, 4)
x = jnp.sort(random.uniform(kd, (40,), minval=-2.0, maxval=2.0))
y = jnp.sin(2 * x) + 0.1 * random.normal(kn, x.shape)


def init_member(key, sizes=(1, 24, 24, 1)):
    keys = random.split(key, len(sizes) - 1)
    return [{"w": random.normal(k, (a, b)) * jnp.sqrt(1.0 / a), "b": jnp.zeros(b)}
            for k, a, b in zip(keys, sizes[:-1], sizes[1:])]


def predict(params, x):
    h = x[:, None]
    for layer in params[:-1]:
        h = jnp.tanh(h @ layer["w"] + layer["b"])
    return (h @ params[-1]["w"] + params[-1]["b"])[:, 0]


def loss(params, x, y, weights):
    return jnp.sum(weights * (predict(params, x) - y) ** 2) / jnp.sum(weights)


ensemble = jax.vmap(init_member)(random.split(ki, M))
print(jax.tree.map(jnp.shape, ensemble[0]))
boot = jax.vmap(lambda k: random.randint(k, (40,), 0, 40))(random.split(kb, M))
weights = jax.vmap(lambda idx: jnp.zeros(40).at[idx].add(1.0))(boot)
print(weights.shape, weights.sum(1))


@functools.partial(jax.jit, static_argnames="lr")
def train_step(ens, x, y, w, lr=0.1):
    losses, grads = jax.vmap(jax.value_and_grad(loss), in_axes=(0, None, None, 0))(ens, x, y, w)
    return jax.tree.map(lambda p, g: p - lr * g, ens, grads), losses


for i in range(300):
    ensemble, losses = train_step(ensemble, x, y, weights)
    if i in (0, 299):
        print(i, losses.shape, bool(jnp.all(losses < 1.0)))

grid = jnp.linspace(-4.0, 4.0, 9)
preds = jax.vmap(predict, in_axes=(0, None))(ensemble, grid)
mean, std = preds.mean(0), preds.std(0)
print(preds.shape, "in-range fit", bool(jnp.max(jnp.abs(mean[3:6] - jnp.sin(2 * grid[3:6]))) < 0.3))
print("more spread outside", bool(std[jnp.array([0, 8])].mean() > std[3:6].mean()))
member2 = jax.tree.map(lambda a: a[2], ensemble)
print(jnp.allclose(predict(member2, grid), preds[2], atol=1e-5))
per_example = jax.vmap(jax.vmap(jax.grad(lambda p, xi, yi: loss(p, xi[None], yi[None], jnp.ones(1))),
                                in_axes=(None, 0, 0)), in_axes=(0, None, None))(ensemble, x[:3], y[:3])
print(jax.tree.map(jnp.shape, per_example[-1]))
stacked = jax.tree.map(lambda *a: jnp.stack(a), *[jax.tree.map(lambda a: a[i], ensemble) for i in range(M)])
print(jax.tree.all(jax.tree.map(lambda a, b: bool(jnp.array_equal(a, b)), stacked, ensemble)))
