# A Gaussian-process fit with jax.lax.linalg: Cholesky of the kernel matrix, triangular solves
# for the marginal likelihood and its gradient in the hyperparameters, predictions with
# variances, and qr / eigh used to check the factorizations
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

rng = np.random.RandomState(1)
X = jnp.asarray(np.sort(rng.uniform(-3, 3, size=12)).astype(np.float32))[:, None]
y = jnp.sin(X[:, 0]) + 0.1 * jnp.asarray(rng.randn(12).astype(np.float32))
Xtest = jnp.linspace(-3, 3, 5)[:, None]


def rbf(x1, x2, log_ls, log_amp):
    d2 = jnp.sum((x1[:, None, :] - x2[None, :, :]) ** 2, axis=-1)
    return jnp.exp(2 * log_amp) * jnp.exp(-0.5 * d2 / jnp.exp(2 * log_ls))


def neg_marginal_likelihood(params):
    K = rbf(X, X, params['log_ls'], params['log_amp']) + (jnp.exp(2 * params['log_noise']) + 1e-5) * jnp.eye(X.shape[0])
    L = lax.linalg.cholesky(K)
    alpha = lax.linalg.triangular_solve(L, y[:, None], left_side=True, lower=True)
    alpha = lax.linalg.triangular_solve(L, alpha, left_side=True, lower=True, transpose_a=True)
    return (0.5 * jnp.sum(y[:, None] * alpha) + jnp.sum(jnp.log(jnp.diag(L)))
            + 0.5 * X.shape[0] * jnp.log(2 * jnp.pi))


params = {'log_ls': jnp.array(0.0), 'log_amp': jnp.array(0.0), 'log_noise': jnp.array(-1.0)}
print("initial nll:", round(float(neg_marginal_likelihood(params)), 4))
grads = jax.grad(neg_marginal_likelihood)(params)
print({k: round(float(v), 4) for k, v in grads.items()})

step = jax.jit(lambda p: jax.tree.map(lambda a, g: a - 0.05 * g, p, jax.grad(neg_marginal_likelihood)(p)))
for i in range(40):
    params = step(params)
print("fitted:", {k: round(float(v), 3) for k, v in params.items()})
print("final nll:", round(float(neg_marginal_likelihood(params)), 4))


def predict(params, Xtest):
    K = rbf(X, X, params['log_ls'], params['log_amp']) + (jnp.exp(2 * params['log_noise']) + 1e-5) * jnp.eye(X.shape[0])
    Ks = rbf(X, Xtest, params['log_ls'], params['log_amp'])
    Kss = rbf(Xtest, Xtest, params['log_ls'], params['log_amp'])
    L = lax.linalg.cholesky(K)
    v = lax.linalg.triangular_solve(L, Ks, left_side=True, lower=True)
    a = lax.linalg.triangular_solve(L, y[:, None], left_side=True, lower=True)
    mean = (v.T @ a)[:, 0]
    var = jnp.diag(Kss) - jnp.sum(v ** 2, axis=0)
    return mean, var


mean, var = jax.jit(predict)(params, Xtest)
print("mean:", jnp.round(mean, 3))
print("sin :", jnp.round(jnp.sin(Xtest[:, 0]), 3))
print("std :", jnp.round(jnp.sqrt(var), 3))

K = rbf(X, X, params['log_ls'], params['log_amp']) + 0.01 * jnp.eye(12)
L = lax.linalg.cholesky(K)
print("cholesky ok:", bool(jnp.allclose(L @ L.T, K, atol=1e-4)), bool(jnp.all(jnp.triu(L, 1) == 0)))
w, v = lax.linalg.eigh(K)
print(w.shape, v.shape, bool(jnp.all(w > 0)), bool(jnp.allclose(v @ jnp.diag(w) @ v.T, K, atol=1e-4)))
print("logdet:", round(float(2 * jnp.sum(jnp.log(jnp.diag(L)))), 3), round(float(jnp.sum(jnp.log(w))), 3))
q, r = lax.linalg.qr(K[:, :4], full_matrices=False)
print(q.shape, r.shape, bool(jnp.allclose(q @ r, K[:, :4], atol=1e-5)))
# a right-side solve: x @ L^T = b
b = jnp.ones((2, 12))
xr = lax.linalg.triangular_solve(L, b, left_side=False, lower=True, transpose_a=True)
print(bool(jnp.allclose(xr @ L.T, b, atol=1e-3)))
# the unit-diagonal option
print(lax.linalg.triangular_solve(jnp.array([[2.0, 0.0], [3.0, 4.0]]), jnp.array([[1.0], [1.0]]),
                                  left_side=True, lower=True, unit_diagonal=True))
