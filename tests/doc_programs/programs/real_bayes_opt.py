# Bayesian optimisation of a 1-D black-box function: a GP surrogate (RBF kernel, Cholesky,
# cho_solve), hyperparameters fit by maximising the marginal likelihood with
# jax.scipy.optimize.minimize (BFGS), expected improvement from norm.cdf / norm.pdf evaluated on
# a grid by vmap, and a Python loop proposing points until the optimum is found
import jax
import jax.numpy as jnp
from jax.scipy.linalg import cho_factor, cho_solve
from jax.scipy.optimize import minimize
from jax.scipy.stats import norm


def objective(x):
    return -jnp.sin(3 * x) - x**2 + 0.7 * x


def rbf(a, b, log_ls, log_amp):
    d = (a[:, None] - b[None, :]) / jnp.exp(log_ls)
    return jnp.exp(2 * log_amp) * jnp.exp(-0.5 * d * d)


def neg_mll(theta, x, y):
    log_ls, log_amp, log_noise = theta
    K = rbf(x, x, log_ls, log_amp) + (jnp.exp(2 * log_noise) + 1e-3) * jnp.eye(x.shape[0])
    L = jnp.linalg.cholesky(K)
    alpha = cho_solve((L, True), y)
    return 0.5 * y @ alpha + jnp.sum(jnp.log(jnp.diag(L))) + 0.5 * x.shape[0] * jnp.log(2 * jnp.pi)


def posterior(theta, x, y, xs):
    log_ls, log_amp, log_noise = theta
    K = rbf(x, x, log_ls, log_amp) + (jnp.exp(2 * log_noise) + 1e-3) * jnp.eye(x.shape[0])
    c = cho_factor(K, lower=True)
    ks = rbf(x, xs, log_ls, log_amp)
    mu = ks.T @ cho_solve(c, y)
    var = jnp.exp(2 * log_amp) - jnp.sum(ks * cho_solve(c, ks), 0)
    return mu, jnp.sqrt(jnp.maximum(var, 1e-12))


def expected_improvement(mu, sigma, best, xi=0.01):
    z = (mu - best - xi) / sigma
    return (mu - best - xi) * norm.cdf(z) + sigma * norm.pdf(z)


grid = jnp.linspace(-1.0, 2.0, 301)
x = jnp.array([-0.9, 1.1, 1.9])
y = objective(x)
theta = jnp.array([jnp.log(0.5), 0.0, jnp.log(0.1)])
fit = jax.jit(lambda t, x, y: minimize(neg_mll, t, args=(x, y), method="BFGS", options={"maxiter": 50}))
for it in range(8):
    ym = y.mean()
    res = fit(theta, x, y - ym)
    theta = jnp.where(jnp.isfinite(res.x), res.x, theta)
    mu, sigma = posterior(theta, x, y - ym, grid)
    ei = expected_improvement(mu + ym, sigma, y.max())
    nxt = grid[jnp.argmax(ei)]
    x, y = jnp.append(x, nxt), jnp.append(y, objective(nxt))
true_best = grid[jnp.argmax(objective(grid))]
print("evaluations", x.shape[0], "found", bool(jnp.abs(x[jnp.argmax(y)] - true_best) < 0.05))
print("best value", round(float(y.max()), 3), round(float(objective(true_best)), 3))
print(res.success.dtype, res.x.shape, type(res).__name__)
mu, sigma = posterior(theta, x, y - y.mean(), x)
print("interpolates", bool(jnp.max(jnp.abs(mu + y.mean() - y)) < 0.05), bool(jnp.all(sigma < 0.2)))
g = jax.grad(neg_mll)(theta, x, y - y.mean())
print(g.shape, bool(jnp.all(jnp.isfinite(g))))
ei = jax.vmap(lambda m, s: expected_improvement(m, s, 0.0))(jnp.array([0.0, 1.0]), jnp.array([1.0, 1.0]))
print(ei, jax.grad(expected_improvement)(0.0, 1.0, 0.0))
