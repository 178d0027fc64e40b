# Stochastic gradient Langevin dynamics for a Bayesian neural network regression: minibatch
# gradients of the log posterior scaled to the full data set, Gaussian noise from a split key
# per step inside lax.scan, thinned posterior samples, and the predictive mean / spread
import jax
import jax.numpy as jnp
import numpy as np
from jax import random
from jax.flatten_util import ravel_pytree

rng = np.random.default_rng(3)
N = 200
X = jnp.asarray(np.sort(rng.uniform(-3, 3, size=N))[:, None], jnp.float32)
Y = jnp.sin(X[:, 0]) + 0.1 * jnp.asarray(rng.normal(size=N), jnp.float32)


def init(key):
    k1, k2 = random.split(key)
    return {"w1": random.normal(k1, (1, 20)), "b1": jnp.zeros(20), "w2": random.normal(k2, (20,)) * 0.2, "b2": jnp.zeros(())}


def predict(p, x):
    return jnp.tanh(x @ p["w1"] + p["b1"]) @ p["w2"] + p["b2"]


def log_post(p, xb, yb):
    ll = -0.5 * jnp.sum((predict(p, xb) - yb) ** 2) / 0.1**2
    prior = -0.5 * sum(jnp.sum(v**2) for v in jax.tree.leaves(p))
    return ll * (N / xb.shape[0]) + prior


def sgld(key, p0, steps=3000, batch=32, eps=1e-6):
    def step(p, k):
        kb, kn = random.split(k)
        idx = random.choice(kb, N, (batch,), replace=False)
        g = jax.grad(log_post)(p, X[idx], Y[idx])
        flat, unravel = ravel_pytree(p)
        noise = random.normal(kn, flat.shape) * jnp.sqrt(eps)
        gflat, _ = ravel_pytree(g)
        p = unravel(flat + 0.5 * eps * gflat + noise)
        return p, ravel_pytree(p)[0]

    return jax.lax.scan(step, p0, random.split(key, steps))


key = random.key(0)
p0 = init(key)
print("params", ravel_pytree(p0)[0].shape)
final, trace = jax.jit(sgld)(random.key(1), p0)
samples = trace[1000::50]
print("samples", samples.shape)
_, unravel = ravel_pytree(p0)
xs = jnp.linspace(-4, 4, 9)[:, None]
preds = jax.vmap(lambda f: predict(unravel(f), xs))(samples)
mean, std = preds.mean(0), preds.std(0)
print("pred mean", jnp.round(mean, 2))
print("pred std", jnp.round(std, 3))
print("uncertainty larger outside data", bool(std[0] > std[4] and std[-1] > std[4]))
train_mse = jnp.mean((jax.vmap(lambda f: predict(unravel(f), X))(samples).mean(0) - Y) ** 2)
print("train mse %.4f" % float(train_mse))
lp = jax.vmap(lambda f: log_post(unravel(f), X, Y))(samples)
print("log posterior finite", bool(jnp.all(jnp.isfinite(lp))), "trend up", bool(lp[-5:].mean() > log_post(p0, X, Y)))
