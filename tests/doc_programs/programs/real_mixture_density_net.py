# A mixture density network for an inverse (multi-valued) regression problem: the network
# outputs K mixture weights, means and log-scales, is trained on the negative log-likelihood
# by logsumexp with a hand-written Adam under jit, then sampled with categorical + normal
import jax
import jax.numpy as jnp
import numpy as np
from jax import random

K, H = 3, 24
rng = np.random.default_rng(0)
yv = rng.uniform(-1, 1, size=(400,))
xv = np.sin(3 * yv) + 0.3 * yv + 0.05 * rng.normal(size=400)
X = jnp.asarray(xv[:, None], jnp.float32)
Y = jnp.asarray(yv, jnp.float32)


def init(key):
    k1, k2 = random.split(key)
    return {
        "w1": random.normal(k1, (1, H)) * 1.0,
        "b1": jnp.zeros(H),
        "w2": random.normal(k2, (H, 3 * K)) / np.sqrt(H),
        "b2": jnp.zeros(3 * K),
    }


def mdn(params, x):
    h = jnp.tanh(x @ params["w1"] + params["b1"])
    out = h @ params["w2"] + params["b2"]
    logit, mu, log_sigma = jnp.split(out, 3, axis=-1)
    return jax.nn.log_softmax(logit), mu, jnp.clip(log_sigma, -5.0, 2.0)


def nll(params, x, y):
    log_pi, mu, log_sigma = mdn(params, x)
    z = (y[:, None] - mu) / jnp.exp(log_sigma)
    comp = -0.5 * z**2 - log_sigma - 0.5 * jnp.log(2 * jnp.pi)
    return -jnp.mean(jax.scipy.special.logsumexp(log_pi + comp, axis=-1))


def adam(lr=0.02, b1=0.9, b2=0.999, eps=1e-8):
    def init(p):
        z = jax.tree.map(jnp.zeros_like, p)
        return (0, z, z)

    def update(g, state, p):
        t, m, v = state
        t = t + 1
        m = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, m, g)
        v = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g * g, v, g)
        mh = jax.tree.map(lambda m: m / (1 - b1**t), m)
        vh = jax.tree.map(lambda v: v / (1 - b2**t), v)
        return jax.tree.map(lambda p, m, v: p - lr * m / (jnp.sqrt(v) + eps), p, mh, vh), (t, m, v)

    return init, update


opt_init, opt_update = adam()
params = init(random.key(1))
state = opt_init(params)


@jax.jit
def step(params, state):
    l, g = jax.value_and_grad(nll)(params, X, Y)
    params, state = opt_update(g, state, params)
    return params, state, l


for i in range(301):
    params, state, l = step(params, state)
    if i % 100 == 0:
        print(f"step {i} nll {float(l):.4f}")
print("adam count", state[0], type(state[0]).__name__)
xq = jnp.array([[-0.5], [0.0], [0.5]])
log_pi, mu, log_sigma = mdn(params, xq)
print("weights", jnp.round(jnp.exp(log_pi), 3))
print("sorted means", jnp.round(jnp.sort(mu, axis=-1), 3))


def sample(key, params, x, n=1000):
    log_pi, mu, log_sigma = mdn(params, x)
    k1, k2 = random.split(key)
    comp = random.categorical(k1, log_pi, shape=(n,))
    return mu[0, comp] + jnp.exp(log_sigma[0, comp]) * random.normal(k2, (n,))


s = jax.jit(sample)(random.key(3), params, jnp.array([[0.0]]))
print("samples", s.shape, "mean %.3f std %.3f" % (float(s.mean()), float(s.std())))
print("histogram", jnp.histogram(s, bins=5, range=(-1, 1))[0])
