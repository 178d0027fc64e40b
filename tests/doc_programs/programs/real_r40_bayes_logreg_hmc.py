# Bayesian logistic regression: a log-joint written with jax.scipy.stats, MAP by gradient
# ascent, a Laplace approximation from jax.hessian, and HMC with a leapfrog integrator in
# lax.fori_loop inside lax.scan, several chains by vmap over split keys, with posterior
# predictive probabilities and effective acceptance rates
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax, random
from jax.scipy import stats

key = random.key(0)
kx, kw, ky = random.split(key, 3)
N, D = 60, 3
X = random.normal(kx, (N, D))
w_true = jnp.array([1.5, -2.0, 0.5])
y = random.bernoulli(ky, jax.nn.sigmoid(X @ w_true)).astype(jnp.float32)
print(y.dtype, y.sum())


def log_joint(w):
    logits = X @ w
    log_lik = jnp.sum(y * jax.nn.log_sigmoid(logits) + (1 - y) * jax.nn.log_sigmoid(-logits))
    return log_lik + jnp.sum(stats.norm.logpdf(w, 0.0, 2.0))


w = jnp.zeros(D)
g = jax.jit(jax.grad(log_joint))
for _ in range(200):
    w = w + 0.01 * g(w)
print("MAP", w, log_joint(w))
H = jax.hessian(log_joint)(w)
cov = jnp.linalg.inv(-H)
print("Laplace sd", jnp.sqrt(jnp.diag(cov)))
print(stats.multivariate_normal.logpdf(w, w, cov))


def leapfrog(q, p, step, n):
    grad_u = jax.grad(lambda q: -log_joint(q))
    p = p - 0.5 * step * grad_u(q)

    def body(i, qp):
        q, p = qp
        q = q + step * p
        p = p - step * grad_u(q)
        return q, p

    q, p = lax.fori_loop(0, n - 1, body, (q, p))
    q = q + step * p
    p = p - 0.5 * step * grad_u(q)
    return q, -p


@partial(jax.jit, static_argnums=(2, 3))
def hmc(key, q0, n_samples, n_leap=10, step=0.05):
    def one(q, k):
        k1, k2 = random.split(k)
        p0 = random.normal(k1, q.shape)
        q1, p1 = leapfrog(q, p0, step, n_leap)
        h0 = -log_joint(q) + 0.5 * p0 @ p0
        h1 = -log_joint(q1) + 0.5 * p1 @ p1
        accept = jnp.log(random.uniform(k2)) < h0 - h1
        q = jnp.where(accept, q1, q)
        return q, (q, accept)

    _, (qs, acc) = lax.scan(one, q0, random.split(key, n_samples))
    return qs, acc


qs, acc = hmc(random.key(1), w, 150)
print(qs.shape, acc.dtype, acc.mean() > 0.5)
chains, accs = jax.vmap(hmc, in_axes=(0, None, None))(random.split(random.key(2), 4), w, 150)
print(chains.shape, accs.mean(axis=1).shape)
post_mean = chains[:, 50:].reshape(-1, D).mean(0)
print(jnp.allclose(post_mean, w, atol=0.5))
probs = jax.nn.sigmoid(X[:5] @ chains[:, 50:].reshape(-1, D).T).mean(1)
print(probs.shape, bool(jnp.all((probs > 0) & (probs < 1))))
print(stats.bernoulli.logpmf(y[:4], 0.3), stats.norm.cdf(jnp.array([0.0, 1.0])))
