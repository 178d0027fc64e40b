# A categorical VAE with the Gumbel-softmax relaxation: an encoder to logits over K classes
# for each of L latent variables, relaxed samples with a temperature annealed over training,
# the straight-through hard variant, a KL to the uniform prior, trained with a hand-written
# Adam on binary patterns, and reconstructions / code usage printed
import jax
import jax.numpy as jnp
import numpy as np
from jax import random

L, K, D = 4, 4, 16
rng = np.random.default_rng(1)
codes = rng.integers(0, K, size=(256, L))
protos = rng.uniform(size=(L, K, D)) < 0.5
data = np.zeros((256, D), np.float32)
for i, c in enumerate(codes):
    data[i] = np.mean([protos[l, c[l]] for l in range(L)], 0) > 0.5
X = jnp.asarray(data)


def init(key):
    ks = random.split(key, 4)
    return {
        "e1": random.normal(ks[0], (D, 64)) * 0.2, "e2": random.normal(ks[1], (64, L * K)) * 0.2,
        "d1": random.normal(ks[2], (L * K, 64)) * 0.2, "d2": random.normal(ks[3], (64, D)) * 0.2,
    }


def gumbel_softmax(key, logits, tau, hard):
    g = -jnp.log(-jnp.log(random.uniform(key, logits.shape, minval=1e-6, maxval=1.0 - 1e-6)))
    y = jax.nn.softmax((logits + g) / tau, axis=-1)
    if hard:
        y_hard = jax.nn.one_hot(jnp.argmax(y, -1), K)
        y = y + jax.lax.stop_gradient(y_hard - y)
    return y


def loss(params, key, x, tau, hard):
    logits = (jnp.tanh(x @ params["e1"]) @ params["e2"]).reshape(-1, L, K)
    z = gumbel_softmax(key, logits, tau, hard)
    recon = jnp.tanh(z.reshape(-1, L * K) @ params["d1"]) @ params["d2"]
    nll = jnp.sum(jax.nn.softplus(recon) - x * recon, -1)
    q = jax.nn.softmax(logits, -1)
    kl = jnp.sum(q * (jnp.log(q + 1e-10) + jnp.log(K)), (-1, -2))
    return jnp.mean(nll + kl), (jnp.mean(nll), jnp.mean(kl))


def adam_update(params, grads, m, v, t, lr=3e-3):
    m = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, m, grads)
    v = jax.tree.map(lambda v, g: 0.999 * v + 0.001 * g * g, v, grads)
    params = jax.tree.map(lambda p, m, v: p - lr * (m / (1 - 0.9**t)) / (jnp.sqrt(v / (1 - 0.999**t)) + 1e-8), params, m, v)
    return params, m, v


@jax.jit
def step(params, m, v, t, key, tau):
    (l, (nll, kl)), g = jax.value_and_grad(loss, has_aux=True)(params, key, X, tau, True)
    params, m, v = adam_update(params, g, m, v, t)
    return params, m, v, l, nll, kl


params = init(random.key(0))
m = jax.tree.map(jnp.zeros_like, params)
v = jax.tree.map(jnp.zeros_like, params)
key = random.key(1)
for t in range(1, 601):
    key, sub = random.split(key)
    tau = jnp.maximum(0.5, jnp.exp(-3e-3 * t))
    params, m, v, l, nll, kl = step(params, m, v, t, sub, tau)
    if t % 150 == 0:
        print(f"step {t} tau {float(tau):.3f} loss {float(l):.3f} nll {float(nll):.3f} kl {float(kl):.3f}")
logits = (jnp.tanh(X @ params["e1"]) @ params["e2"]).reshape(-1, L, K)
hard_codes = jnp.argmax(logits, -1)
print("codes", hard_codes.shape, hard_codes.dtype, "usage per latent", [int(jnp.unique(hard_codes[:, l], size=K, fill_value=-1).max() >= 0) for l in range(L)])
z = jax.nn.one_hot(hard_codes, K).reshape(-1, L * K)
recon = jax.nn.sigmoid(jnp.tanh(z @ params["d1"]) @ params["d2"]) > 0.5
print("bit accuracy %.3f" % float(jnp.mean(recon == (X > 0.5))))
y = gumbel_softmax(random.key(5), jnp.zeros((2, K)), 0.5, True)
print("straight-through sample", y, "rows sum", y.sum(-1))
