# Data-parallel training with pmap, as older codebases do: replicate params by
# stacking copies, shard the batch with a reshape to (devices, per_device, ...), average
# gradients with lax.pmean inside the pmapped step, keep a per-device RNG key for dropout, and
# unreplicate for evaluation
import functools

import jax
import jax.numpy as jnp
from jax import lax, random

n_dev = 4
devices = jax.devices()[:n_dev]
key = random.key(0)
kx, kw, kinit = random.split(key, 3)
X = random.normal(kx, (64, 5))
w_true = random.normal(kw, (5,))
Y = X @ w_true + 0.1 * jnp.sin(X[:, 0])


def init(key):
    k1, k2 = random.split(key)
    return {"w1": random.normal(k1, (5, 16)) * 0.3, "b1": jnp.zeros(16),
            "w2": random.normal(k2, (16,)) * 0.3, "b2": jnp.zeros(())}


def forward(p, x, key, train):
    h = jax.nn.relu(x @ p["w1"] + p["b1"])
    if train:
        keep = random.bernoulli(key, 0.9, h.shape)
        h = jnp.where(keep, h / 0.9, 0.0)
    return h @ p["w2"] + p["b2"]


def loss(p, x, y, key, train=True):
    return jnp.mean((forward(p, x, key, train) - y) ** 2)


@functools.partial(jax.pmap, axis_name="batch", devices=devices)
def train_step(p, x, y, key):
    key, sub = random.split(key)
    l, g = jax.value_and_grad(loss)(p, x, y, sub)
    g = lax.pmean(g, "batch")
    l = lax.pmean(l, "batch")
    return jax.tree.map(lambda w, d: w - 0.05 * d, p, g), l, key


params = init(kinit)
replicated = jax.tree.map(lambda a: jnp.stack([a] * n_dev), params)
print(jax.tree.map(jnp.shape, replicated))
keys = random.split(random.key(1), n_dev)
xb = X.reshape(n_dev, -1, 5)
yb = Y.reshape(n_dev, -1)
for i in range(200):
    replicated, l, keys = train_step(replicated, xb, yb, keys)
print(l.shape, "replicas agree", bool(jnp.allclose(l, l[0])))
same = jax.tree.map(lambda a: bool(jnp.allclose(a, a[0][None], atol=1e-6)), replicated)
print(jax.tree.all(same))
final = jax.tree.map(lambda a: a[0], replicated)
eval_loss = loss(final, X, Y, None, train=False)
print("eval loss small", bool(eval_loss < 0.3 * jnp.var(Y)))
print(jax.pmap(lambda x: lax.psum(x, "i"), axis_name="i", devices=devices)(jnp.arange(4.0)))
print(jax.pmap(lambda x: lax.all_gather(x, "i"), axis_name="i", devices=devices)(jnp.arange(4.0))[1])
print(l.dtype, len(l.sharding.device_set), type(l.sharding).__name__)
