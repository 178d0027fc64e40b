# Quantile regression: a linear model and a small network trained with the pinball loss for
# several quantiles at once (vmap over tau), non-crossing checked by sorting, empirical
# coverage of the predicted intervals, and the same fit by jax.scipy.optimize.minimize
import jax
import jax.numpy as jnp
import jax.scipy.optimize
import numpy as np

rng = np.random.default_rng(31)
n = 500
x = rng.uniform(0, 4, size=n)
y = np.sin(x) + (0.1 + 0.3 * x) * rng.normal(size=n)
X = jnp.asarray(np.stack([np.ones(n), x, x**2], 1), jnp.float32)
Y = jnp.asarray(y, jnp.float32)
taus = jnp.array([0.1, 0.5, 0.9])


def pinball(r, tau):
    return jnp.mean(jnp.maximum(tau * r, (tau - 1) * r))


def fit_linear(tau, steps=3000, lr=0.05):
    def body(w, i):
        g = jax.grad(lambda w: pinball(Y - X @ w, tau))(w)
        return w - lr / jnp.sqrt(1.0 + i) * g, None

    return jax.lax.scan(body, jnp.zeros(3), jnp.arange(steps, dtype=jnp.float32))[0]


W = jax.jit(jax.vmap(fit_linear))(taus)
print("coefficients", jnp.round(W, 2))
pred = X @ W.T
cover = jnp.mean((Y[:, None] <= pred), 0)
print("empirical coverage", jnp.round(cover, 2))
print("crossing fraction", float(jnp.mean(jnp.any(jnp.diff(pred, axis=1) < 0, 1))))


def net(params, x):
    h = jax.nn.softplus(x[:, None] * params["w1"] + params["b1"])
    return h @ params["w2"] + params["b2"]


def init(key):
    k1, k2 = jax.random.split(key)
    return {"w1": jax.random.normal(k1, (16,)), "b1": jnp.zeros(16), "w2": jax.random.normal(k2, (16, 3)) * 0.1, "b2": jnp.zeros(3)}


def multi_loss(params):
    p = net(params, X[:, 1])
    p = jnp.sort(p, axis=1)
    return sum(pinball(Y - p[:, i], taus[i]) for i in range(3))


params = init(jax.random.key(0))
step = jax.jit(lambda p: jax.tree.map(lambda a, g: a - 0.02 * g, p, jax.grad(multi_loss)(p)))
for i in range(1500):
    params = step(params)
pn = jnp.sort(net(params, X[:, 1]), 1)
print("net loss", round(float(multi_loss(params)), 4))
print("net coverage", jnp.round(jnp.mean(Y[:, None] <= pn, 0), 2))
width = pn[:, 2] - pn[:, 0]
print("interval width grows", bool(width[X[:, 1] > 3].mean() > width[X[:, 1] < 1].mean()))
res = jax.scipy.optimize.minimize(lambda w: pinball(Y - X @ w, 0.5) + 1e-4 * jnp.sum(w**2), W[1], method="BFGS")
print("median via BFGS", jnp.round(res.x, 2), "loss", round(float(res.fun), 4))
