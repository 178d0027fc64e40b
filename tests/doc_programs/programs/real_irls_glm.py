# Generalized linear models fitted by iteratively reweighted least squares: Poisson and
# logistic regression with Newton steps from jax.hessian checked equal to the IRLS normal
# equations, standard errors from the inverse Fisher information, a deviance, an L2-penalised
# fit by vmap over penalties, and the same fit by jax.scipy.optimize.minimize(BFGS)
import jax
import jax.numpy as jnp
import jax.scipy.optimize
import numpy as np

rng = np.random.default_rng(0)
n = 300
X = jnp.asarray(np.column_stack([np.ones(n), rng.normal(size=(n, 2))]), jnp.float32)
beta_true = jnp.array([0.5, 0.8, -0.4])
y_pois = jnp.asarray(rng.poisson(np.exp(np.asarray(X @ beta_true))), jnp.float32)
y_bin = jnp.asarray(rng.uniform(size=n) < 1 / (1 + np.exp(-np.asarray(X @ beta_true))), jnp.float32)


def nll_poisson(b, lam=0.0):
    eta = X @ b
    return jnp.sum(jnp.exp(eta) - y_pois * eta) + 0.5 * lam * jnp.sum(b[1:] ** 2)


def nll_logistic(b, lam=0.0):
    eta = X @ b
    return jnp.sum(jax.nn.softplus(eta) - y_bin * eta) + 0.5 * lam * jnp.sum(b[1:] ** 2)


def irls(y, link_inv, var_fn, iters=25):
    def body(i, b):
        eta = X @ b
        mu = link_inv(eta)
        w = var_fn(mu)
        z = eta + (y - mu) / w
        return jnp.linalg.solve(X.T @ (w[:, None] * X), X.T @ (w * z))

    return jax.lax.fori_loop(0, iters, body, jnp.zeros(3))


def newton(nll, iters=25, lam=0.0):
    def body(i, b):
        return b - jnp.linalg.solve(jax.hessian(nll)(b, lam), jax.grad(nll)(b, lam))

    return jax.lax.fori_loop(0, iters, body, jnp.zeros(3))


b_irls = jax.jit(irls, static_argnums=(1, 2))(y_pois, jnp.exp, lambda mu: mu)
b_newton = jax.jit(newton, static_argnums=0)(nll_poisson)
print("poisson", jnp.round(b_irls, 4), float(jnp.max(jnp.abs(b_irls - b_newton))) < 1e-4)
se = jnp.sqrt(jnp.diag(jnp.linalg.inv(jax.hessian(nll_poisson)(b_irls))))
print("se", jnp.round(se, 4))
mu = jnp.exp(X @ b_irls)
dev = 2 * jnp.sum(jnp.where(y_pois > 0, y_pois * jnp.log(y_pois / mu), 0.0) - (y_pois - mu))
print("deviance", round(float(dev), 3))

b_log = jax.jit(irls, static_argnums=(1, 2))(y_bin, jax.nn.sigmoid, lambda mu: mu * (1 - mu))
print("logistic", jnp.round(b_log, 4), float(jnp.max(jnp.abs(b_log - newton(nll_logistic)))) < 1e-4)
res = jax.scipy.optimize.minimize(nll_logistic, jnp.zeros(3), method="BFGS")
print("bfgs", jnp.round(res.x, 3), bool(res.success), res.x.dtype)
lams = jnp.array([0.0, 10.0, 100.0, 1000.0])
paths = jax.vmap(lambda lam: newton(nll_logistic, 25, lam))(lams)
print("ridge path", jnp.round(paths, 3))
print("shrinks", bool(jnp.all(jnp.diff(jnp.abs(paths[:, 1])) < 0)))
