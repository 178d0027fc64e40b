# A small VAE on synthetic binary images: typed keys threaded through a dataclass train state,
# a hand-written Adam over pytrees, jit with donated state, the reparameterization trick
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


@partial(jax.tree_util.register_dataclass, data_fields=["params", "m", "v", "key"], meta_fields=["step"])
@dataclasses.dataclass
class TrainState:
    params: dict
    m: dict
    v: dict
    key: jax.Array
    step: int


def dense_init(key, n_in, n_out):
    w = jax.random.normal(key, (n_in, n_out)) * jnp.sqrt(2.0 / n_in)
    return {"w": w, "b": jnp.zeros(n_out)}


def init_params(key, d=16, h=32, z=4):
    k = jax.random.split(key, 4)
    return {"enc": dense_init(k[0], d, h), "mu": dense_init(k[1], h, z),
            "logvar": dense_init(k[2], h, z), "dec": dense_init(k[3], z, d)}


def apply(p, x):
    return x @ p["w"] + p["b"]


def loss_fn(params, x, key):
    h = jax.nn.relu(apply(params["enc"], x))
    mu, logvar = apply(params["mu"], h), apply(params["logvar"], h)
    eps = jax.random.normal(key, mu.shape)
    z = mu + jnp.exp(0.5 * logvar) * eps
    logits = apply(params["dec"], z)
    rec = jnp.sum(jnp.logaddexp(0.0, logits) - x * logits, axis=-1)
    kl = -0.5 * jnp.sum(1 + logvar - mu**2 - jnp.exp(logvar), axis=-1)
    return jnp.mean(rec + kl), (jnp.mean(rec), jnp.mean(kl))


@partial(jax.jit, donate_argnums=0, static_argnames="lr")
def train_step(state, x, lr=1e-2):
    key, sub = jax.random.split(state.key)
    (loss, (rec, kl)), g = jax.value_and_grad(loss_fn, has_aux=True)(state.params, x, sub)
    t = state.step + 1
    m = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, state.m, g)
    v = jax.tree.map(lambda v, g: 0.999 * v + 0.001 * g * g, state.v, g)
    upd = jax.tree.map(lambda m, v: lr * (m / (1 - 0.9**t)) / (jnp.sqrt(v / (1 - 0.999**t)) + 1e-8), m, v)
    params = jax.tree.map(jnp.subtract, state.params, upd)
    return TrainState(params, m, v, key, t), loss, rec, kl


rng = np.random.default_rng(0)
protos = rng.random((4, 16)) > 0.5
data = jnp.asarray(protos[rng.integers(0, 4, 256)] ^ (rng.random((256, 16)) < 0.05), jnp.float32)

key = jax.random.key(42)
print(key.dtype, jax.random.key_impl(key))
pkey, skey = jax.random.split(key)
params = init_params(pkey)
zeros = lambda: jax.tree.map(jnp.zeros_like, params)
state = TrainState(params, zeros(), zeros(), skey, 0)
print(jax.tree.structure(state).num_leaves, [l.shape for l in jax.tree.leaves(state)][:3])
for epoch in range(3):
    for i in range(0, 256, 64):
        state, loss, rec, kl = train_step(state, data[i:i + 64])
    print(epoch, state.step, f"{float(loss):.4f} {float(rec):.4f} {float(kl):.4f}")
print(type(state).__name__, state.key.dtype, state.key.shape)
z = jax.random.normal(jax.random.fold_in(state.key, 1), (3, 4))
samples = jax.nn.sigmoid(apply(state.params["dec"], z)) > 0.5
print(samples.astype(jnp.int32))
print(jax.tree.map(lambda a: a.dtype, state.params["mu"]))
