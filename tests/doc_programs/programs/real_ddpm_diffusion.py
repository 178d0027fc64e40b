# A tiny DDPM on 2-D points: a linear beta schedule, sinusoidal time embeddings, an MLP denoiser
# trained to predict the noise with hand-written Adam, and ancestral sampling by fori_loop
import math
from functools import partial

import jax
import jax.numpy as jnp
from jax import random

T = 50
betas = jnp.linspace(1e-4, 0.2, T)
alphas = 1.0 - betas
alpha_bars = jnp.cumprod(alphas)
print(betas.dtype, alpha_bars.shape, f"{float(alpha_bars[-1]):.5f}")


def timestep_embedding(t, dim=8):
    half = dim // 2
    freqs = jnp.exp(-math.log(1000.0) * jnp.arange(half) / half)
    args = t[:, None].astype(jnp.float32) * freqs[None]
    return jnp.concatenate([jnp.sin(args), jnp.cos(args)], axis=-1)


def init_mlp(key, sizes):
    keys = random.split(key, len(sizes) - 1)
    return [
        {"w": random.normal(k, (m, n)) * jnp.sqrt(2.0 / m), "b": jnp.zeros(n)}
        for k, m, n in zip(keys, sizes[:-1], sizes[1:])
    ]


def denoiser(params, x, t):
    h = jnp.concatenate([x, timestep_embedding(t)], axis=-1)
    for layer in params[:-1]:
        h = jax.nn.silu(h @ layer["w"] + layer["b"])
    return h @ params[-1]["w"] + params[-1]["b"]


def data(key, n):
    k1, k2 = random.split(key)
    angle = random.uniform(k1, (n,), maxval=2 * jnp.pi)
    r = 1.0 + 0.05 * random.normal(k2, (n,))
    return jnp.stack([r * jnp.cos(angle), r * jnp.sin(angle)], axis=-1)


def loss_fn(params, key, x0):
    kt, kn = random.split(key)
    t = random.randint(kt, (x0.shape[0],), 0, T)
    noise = random.normal(kn, x0.shape)
    ab = alpha_bars[t][:, None]
    xt = jnp.sqrt(ab) * x0 + jnp.sqrt(1 - ab) * noise
    return jnp.mean((denoiser(params, xt, t) - noise) ** 2)


@partial(jax.jit, donate_argnums=(0, 1))
def train_step(params, opt, key, x0, lr=3e-3):
    loss, g = jax.value_and_grad(loss_fn)(params, key, x0)
    m, v, step = opt
    step = step + 1
    m = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, m, g)
    v = jax.tree.map(lambda v, g: 0.999 * v + 0.001 * g * g, v, g)
    mhat = jax.tree.map(lambda m: m / (1 - 0.9**step), m)
    vhat = jax.tree.map(lambda v: v / (1 - 0.999**step), v)
    params = jax.tree.map(lambda p, m, v: p - lr * m / (jnp.sqrt(v) + 1e-8), params, mhat, vhat)
    return params, (m, v, step), loss


key = random.key(0)
params = init_mlp(random.fold_in(key, 1), [2 + 8, 32, 32, 2])
opt = (jax.tree.map(jnp.zeros_like, params), jax.tree.map(jnp.zeros_like, params), jnp.array(0))
print(jax.tree.map(jnp.shape, params)[0], timestep_embedding(jnp.array([0, 10])).round(3))
losses = []
for i in range(60):
    kd, ks = random.split(random.fold_in(key, 100 + i))
    params, opt, loss = train_step(params, opt, ks, data(kd, 128))
    losses.append(float(loss))
print(f"{losses[0]:.3f}", losses[-1] < losses[0], int(opt[2]))


@partial(jax.jit, static_argnums=1)
def sample(params, n, key):
    key, k0 = random.split(key)
    x = random.normal(k0, (n, 2))

    def body(i, carry):
        x, key = carry
        t = T - 1 - i
        key, kz = random.split(key)
        eps = denoiser(params, x, jnp.full((n,), t))
        mean = (x - betas[t] / jnp.sqrt(1 - alpha_bars[t]) * eps) / jnp.sqrt(alphas[t])
        z = jnp.where(t > 0, random.normal(kz, x.shape), 0.0)
        return mean + jnp.sqrt(betas[t]) * z, key

    x, _ = jax.lax.fori_loop(0, T, body, (x, key))
    return x


xs = sample(params, 256, random.key(7))
print(xs.shape, xs.dtype, bool(jnp.all(jnp.isfinite(xs))))
radii = jnp.linalg.norm(xs, axis=-1)
print(bool(jnp.mean(radii) > 0.2), jnp.mean(radii).dtype)
print(jax.make_jaxpr(timestep_embedding)(jnp.arange(3)))
