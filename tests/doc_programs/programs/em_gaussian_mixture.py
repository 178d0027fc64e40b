# Expectation-maximization for a Gaussian mixture: responsibilities with logsumexp and
# jax.scipy.stats.multivariate_normal.logpdf vmapped over components, M-step updates with
# einsum, iterations in lax.while_loop until the log-likelihood stops improving
import jax
import jax.numpy as jnp
from jax import lax, random, vmap
from jax.scipy.special import logsumexp
from jax.scipy.stats import multivariate_normal

k1, k2, k3 = random.split(random.key(0), 3)
X = jnp.concatenate([random.normal(k1, (60, 2)) * 0.5 + jnp.array([2.0, 2.0]),
                     random.normal(k2, (40, 2)) * 0.7 - jnp.array([2.0, 1.0])])
K = 2


def log_joint(X, weights, means, covs):
    comp = vmap(lambda m, c: multivariate_normal.logpdf(X, m, c))(means, covs)
    return comp.T + jnp.log(weights)


def em_step(state):
    weights, means, covs, ll, prev, it = state
    lj = log_joint(X, weights, means, covs)
    ll_new = logsumexp(lj, axis=1).sum()
    resp = jnp.exp(lj - logsumexp(lj, axis=1, keepdims=True))
    nk = resp.sum(0)
    weights = nk / X.shape[0]
    means = (resp.T @ X) / nk[:, None]
    diff = X[None] - means[:, None]
    covs = jnp.einsum("kn,kni,knj->kij", resp.T, diff, diff) / nk[:, None, None] + 1e-6 * jnp.eye(2)
    return weights, means, covs, ll_new, ll, it + 1


def cond(state):
    _, _, _, ll, prev, it = state
    return (jnp.abs(ll - prev) > 1e-4) & (it < 200)


init = (jnp.ones(K) / K, jnp.array([[1.0, 0.0], [-1.0, 0.0]]), jnp.stack([jnp.eye(2)] * K),
        -jnp.inf, 0.0, 0)
weights, means, covs, ll, prev, iters = jax.jit(lambda s: lax.while_loop(cond, em_step, s))(init)
order = jnp.argsort(means[:, 0])
print("weights", jnp.round(weights[order], 2))
print("means", jnp.round(means[order], 1))
print("iterations > 2:", iters > 2, "ll finite:", jnp.isfinite(ll))
print(jnp.round(jnp.sqrt(jnp.diagonal(covs[order], axis1=1, axis2=2)), 1))
labels = jnp.argmax(log_joint(X, weights, means, covs), axis=1)
print(jnp.bincount(labels, length=2).sort())
print(multivariate_normal.pdf(jnp.zeros(2), jnp.zeros(2), jnp.eye(2)), 1 / (2 * jnp.pi))
