# Bayesian logistic regression by stochastic variational inference: a mean-field Gaussian
# guide with softplus scales, the reparameterisation trick with a key split per step, a
# Monte-Carlo ELBO averaged over vmapped samples, Adam by hand, and the posterior predictive
import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy.stats import norm

rng = np.random.default_rng(0)
N, D = 100, 3
X = jnp.asarray(rng.normal(size=(N, D)).astype(np.float32))
w_true = jnp.array([1.5, -2.0, 0.0])
y = jnp.asarray((rng.uniform(size=N) < 1 / (1 + np.exp(-np.asarray(X @ w_true)))).astype(np.float32))
print(X.shape, float(y.mean()))


def log_joint(w):
    logits = X @ w
    ll = jnp.sum(y * jax.nn.log_sigmoid(logits) + (1 - y) * jax.nn.log_sigmoid(-logits))
    return ll + jnp.sum(norm.logpdf(w, 0.0, 2.0))


def elbo(guide, key, n_samples=8):
    mu, rho = guide["mu"], guide["rho"]
    sigma = jax.nn.softplus(rho)
    eps = jax.random.normal(key, (n_samples, D))
    ws = mu + sigma * eps
    entropy = jnp.sum(jnp.log(sigma)) + 0.5 * D * (1 + jnp.log(2 * jnp.pi))
    return jnp.mean(jax.vmap(log_joint)(ws)) + entropy


@jax.jit
def svi_step(guide, opt, key):
    loss, g = jax.value_and_grad(lambda q: -elbo(q, key))(guide)
    m, v, t = opt
    t = t + 1
    m = jax.tree.map(lambda m, g: 0.9 * m + 0.1 * g, m, g)
    v = jax.tree.map(lambda v, g: 0.999 * v + 0.001 * g**2, v, g)
    guide = jax.tree.map(lambda p, m, v: p - 0.05 * (m / (1 - 0.9**t)) / (jnp.sqrt(v / (1 - 0.999**t)) + 1e-8), guide, m, v)
    return guide, (m, v, t), loss


guide = {"mu": jnp.zeros(D), "rho": jnp.full(D, -1.0)}
opt = (jax.tree.map(jnp.zeros_like, guide), jax.tree.map(jnp.zeros_like, guide), 0)
key = jax.random.key(1)
losses = []
for i in range(300):
    key, sub = jax.random.split(key)
    guide, opt, loss = svi_step(guide, opt, sub)
    losses.append(float(loss))
print(f"{np.mean(losses[:10]):.2f}", np.mean(losses[-20:]) < np.mean(losses[:10]))
mu, sigma = guide["mu"], jax.nn.softplus(guide["rho"])
print(bool(mu[0] > 0.5), bool(mu[1] < -0.5), bool(jnp.abs(mu[2]) < 0.8), bool(jnp.all(sigma < 1.0)))
print(mu.dtype, sigma.shape, opt[2].dtype, int(opt[2]))

w_samples = mu + sigma * jax.random.normal(jax.random.key(2), (500, D))
probs = jax.nn.sigmoid(X @ w_samples.T).mean(axis=1)
acc = jnp.mean((probs > 0.5) == (y > 0.5))
print(bool(acc > 0.7), probs.shape)
print(jax.random.split(jax.random.key(3)).shape, jax.random.key_data(jax.random.split(jax.random.key(3))[0]).shape)
g = jax.grad(elbo)(guide, jax.random.key(4), 2)
print(jax.tree.map(lambda a: a.shape, g), f"{float(elbo(guide, jax.random.key(4), 2)):.3f}")
print(f"{float(norm.logpdf(0.0, 0.0, 2.0)):.5f}", jax.nn.softplus(jnp.array([-1.0, 0.0, 30.0])))
