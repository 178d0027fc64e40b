# Differentially private SGD: per-example gradients by vmap(grad), clipping each to an L2
# bound, Gaussian noise calibrated to the bound and a noise multiplier, Poisson-sampled
# minibatches via random.bernoulli masks (fixed shapes), and a simple RDP accountant for
# the subsampled Gaussian mechanism computed in NumPy to report epsilon
import jax
import jax.numpy as jnp
import numpy as np
from jax import random

rng = np.random.default_rng(5)
N, D = 512, 10
X = jnp.asarray(rng.normal(size=(N, D)), jnp.float32)
w_true = jnp.asarray(rng.normal(size=D), jnp.float32)
Y = (X @ w_true + 0.5 * jnp.asarray(rng.normal(size=N), jnp.float32) > 0).astype(jnp.float32)
CLIP, SIGMA, Q, STEPS, LR = 1.0, 1.1, 0.1, 60, 0.5


def loss(params, x, y):
    logit = x @ params["w"] + params["b"]
    return jax.nn.softplus(logit) - y * logit


def clipped_grads(params, x, y):
    g = jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(params, x, y)
    norms = jnp.sqrt(sum(jnp.sum(v.reshape(v.shape[0], -1) ** 2, 1) for v in jax.tree.leaves(g)))
    scale = jnp.minimum(1.0, CLIP / (norms + 1e-12))
    return jax.tree.map(lambda v: v * scale.reshape((-1,) + (1,) * (v.ndim - 1)), g), norms


@jax.jit
def dp_step(params, key):
    k_sample, k_noise = random.split(key)
    mask = random.bernoulli(k_sample, Q, (N,)).astype(jnp.float32)
    g, norms = clipped_grads(params, X, Y)
    summed = jax.tree.map(lambda v: jnp.tensordot(mask, v, axes=1), g)
    leaves, tdef = jax.tree.flatten(summed)
    keys = random.split(k_noise, len(leaves))
    noisy = [l + SIGMA * CLIP * random.normal(k, l.shape) for l, k in zip(leaves, keys)]
    avg = jax.tree.map(lambda v: v / (Q * N), jax.tree.unflatten(tdef, noisy))
    return jax.tree.map(lambda p, g: p - LR * g, params, avg), mask.sum(), jnp.mean(norms > CLIP)


params = {"w": jnp.zeros(D), "b": jnp.zeros(())}
key = random.key(0)
for step in range(STEPS):
    key, sub = random.split(key)
    params, bsz, frac = dp_step(params, sub)
    if step % 20 == 0:
        acc = jnp.mean(((X @ params["w"] + params["b"]) > 0) == (Y > 0))
        print(f"step {step} batch {int(bsz)} clipped {float(frac):.2f} acc {float(acc):.3f}")
acc = jnp.mean(((X @ params["w"] + params["b"]) > 0) == (Y > 0))
print("final acc %.3f" % float(acc))
g, norms = clipped_grads(params, X[:4], Y[:4])
print("clipped norms <= C", bool(jnp.all(jnp.sqrt(jnp.sum(g["w"] ** 2, 1) + g["b"] ** 2) <= CLIP + 1e-5)), g["w"].shape)


def rdp_subsampled_gaussian(q, sigma, alpha):
    from math import comb, exp, log

    terms = [comb(alpha, k) * (1 - q) ** (alpha - k) * q**k * exp((k * k - k) / (2 * sigma**2)) for k in range(alpha + 1)]
    return log(sum(terms)) / (alpha - 1)


def epsilon(q, sigma, steps, delta=1e-5):
    return min(steps * rdp_subsampled_gaussian(q, sigma, a) + np.log(1 / delta) / (a - 1) for a in range(2, 33))


print("epsilon (delta=1e-5) %.2f" % epsilon(Q, SIGMA, STEPS))
