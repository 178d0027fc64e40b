# jax.scipy.optimize.minimize (BFGS) on classic test functions, and stats fits by maximum likelihood
import jax
import jax.numpy as jnp
from jax.scipy.optimize import minimize
from jax.scipy import stats


def rosenbrock(x):
    return jnp.sum(100. * (x[1:] - x[:-1] ** 2) ** 2 + (1 - x[:-1]) ** 2)


res = minimize(rosenbrock, jnp.zeros(3), method='BFGS')
print(jnp.round(res.x, 3), res.success, res.status, res.nit > 0)
print(jnp.round(res.fun, 5), res.jac.shape, res.hess_inv.shape)
res2 = minimize(lambda x: jnp.sum((x - jnp.array([1., -2.])) ** 2), jnp.zeros(2), method='BFGS', tol=1e-8)
print(jnp.round(res2.x, 4), res2.nfev > 0, res2.njev > 0)
res3 = minimize(rosenbrock, jnp.array([-1., 1.]), method='l-bfgs-experimental-do-not-rely-on-this')
print(jnp.round(res3.x, 2))
batched = jax.vmap(lambda x0: minimize(rosenbrock, x0, method='BFGS').x)(jnp.array([[0., 0.], [2., 2.]]))
print(jnp.round(batched, 3))
print(jnp.round(jax.jit(lambda x0: minimize(rosenbrock, x0, method='BFGS').x)(jnp.array([0.5, 0.5])), 3))
try:
    minimize(rosenbrock, jnp.zeros(2), method='Nelder-Mead')
except ValueError as e:
    print(type(e).__name__)

# MLE of a normal and a gamma
key = jax.random.key(0)
data = 2. + 0.5 * jax.random.normal(key, (500,))


def nll(params):
    mu, log_sigma = params
    return -jnp.sum(stats.norm.logpdf(data, mu, jnp.exp(log_sigma)))


r = minimize(nll, jnp.array([0., 0.]), method='BFGS')
print(jnp.round(r.x[0], 2), jnp.round(jnp.exp(r.x[1]), 2), jnp.round(data.mean(), 2), jnp.round(data.std(), 2))
gdata = jax.random.gamma(jax.random.key(1), 3., (1000,)) * 2.


def gamma_nll(p):
    a, scale = jnp.exp(p)
    return -jnp.mean(stats.gamma.logpdf(gdata, a, scale=scale))


rg = minimize(gamma_nll, jnp.zeros(2), method='BFGS')
print(jnp.round(jnp.exp(rg.x), 1))
logits = jnp.array([0.5, -1.])
X = jax.random.normal(jax.random.key(2), (200, 2))
yb = jax.random.bernoulli(jax.random.key(3), jax.nn.sigmoid(X @ logits)).astype(jnp.float32)


def logreg_nll(w):
    return -jnp.mean(stats.bernoulli.logpmf(yb, jax.nn.sigmoid(X @ w)))


rw = minimize(logreg_nll, jnp.zeros(2), method='BFGS')
print(jnp.round(rw.x, 1), rw.success)
