# A conditional neural process for 1-D function regression: tasks sampled from random sine
# functions (amplitude, phase) with variable context sizes handled by masks, a deterministic
# encoder averaging context embeddings with a masked mean, a decoder predicting Gaussian means and
# softplus scales, the Gaussian log-likelihood objective over batches of tasks by vmap, and
# predictive uncertainty shrinking as more context points are given
import jax
import jax.numpy as jnp
import numpy as np

NMAX, NT, H, R = 10, 20, 32, 32


def sample_task(key):
    k = jax.random.split(key, 5)
    amp = jax.random.uniform(k[0], minval=0.5, maxval=2.0)
    phase = jax.random.uniform(k[1], maxval=jnp.pi)
    xc = jax.random.uniform(k[2], (NMAX,), minval=-4, maxval=4)
    xt = jax.random.uniform(k[3], (NT,), minval=-4, maxval=4)
    n = jax.random.randint(k[4], (), 3, NMAX + 1)
    f = lambda x: amp * jnp.sin(x + phase)
    return xc, f(xc), jnp.arange(NMAX) < n, xt, f(xt)


def mlp_init(key, sizes):
    ks = jax.random.split(key, len(sizes) - 1)
    return [(jax.random.normal(k, (a, b)) / np.sqrt(a), jnp.zeros(b)) for k, a, b in zip(ks, sizes[:-1], sizes[1:])]


def mlp(p, x):
    for w, b in p[:-1]:
        x = jax.nn.relu(x @ w + b)
    w, b = p[-1]
    return x @ w + b


def predict(params, xc, yc, mask, xt):
    emb = mlp(params["enc"], jnp.stack([xc, yc], -1))
    r = (emb * mask[:, None]).sum(0) / jnp.maximum(mask.sum(), 1)
    out = mlp(params["dec"], jnp.concatenate([jnp.broadcast_to(r, (xt.shape[0], R)), xt[:, None]], -1))
    return out[:, 0], 0.05 + jax.nn.softplus(out[:, 1])


def nll(params, task):
    xc, yc, mask, xt, yt = task
    mu, sigma = predict(params, xc, yc, mask, xt)
    return -jax.scipy.stats.norm.logpdf(yt, mu, sigma).mean()


params = {"enc": mlp_init(jax.random.key(0), [2, H, R]), "dec": mlp_init(jax.random.key(1), [R + 1, H, H, 2])}


@jax.jit
def step(params, m, v, key, t):
    tasks = jax.vmap(sample_task)(jax.random.split(key, 32))
    l, g = jax.value_and_grad(lambda p: jax.vmap(nll, (None, 0))(p, tasks).mean())(params)
    m = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, m, g)
    v = jax.tree.map(lambda v, g: 0.999 * v + 0.001 * g * g, v, g)
    params = jax.tree.map(lambda p, m, v: p - 3e-3 * m / (1 - 0.9**t) / (jnp.sqrt(v / (1 - 0.999**t)) + 1e-8), params, m, v)
    return params, m, v, l


m = jax.tree.map(jnp.zeros_like, params)
v = jax.tree.map(jnp.zeros_like, params)
ls = []
for t in range(1, 401):
    params, m, v, l = step(params, m, v, jax.random.fold_in(jax.random.key(2), t), t)
    ls.append(float(l))
print(np.mean(ls[:20]) > np.mean(ls[-20:]), np.mean(ls[-20:]) < 1.0)
xc, yc, _, xt, yt = sample_task(jax.random.key(9))
sig = []
for n in (1, 3, 10):
    mask = jnp.arange(NMAX) < n
    mu, s = predict(params, xc, yc, mask, xt)
    sig.append(float(s.mean()))
print(sig[0] > sig[-1], mu.shape)
print(jax.tree.map(lambda a: a.shape, params["enc"]))
