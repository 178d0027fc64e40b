# Kernel ridge regression, exact and with a Nystrom approximation from m landmark points
# (jax.random.choice), solved by Cholesky (jax.scipy.linalg.cho_factor / cho_solve), the
# approximation error of the kernel matrix versus m, and leave-one-out error via the hat matrix
import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy.linalg import cho_factor, cho_solve

rng = np.random.default_rng(4)
n = 300
X = jnp.asarray(rng.uniform(-2, 2, size=(n, 2)), jnp.float32)
y = jnp.sin(2 * X[:, 0]) * jnp.cos(X[:, 1]) + 0.1 * jnp.asarray(rng.normal(size=n), jnp.float32)
Xt = jnp.asarray(rng.uniform(-2, 2, size=(100, 2)), jnp.float32)
yt = jnp.sin(2 * Xt[:, 0]) * jnp.cos(Xt[:, 1])


def rbf(a, b, gamma=1.0):
    d2 = jnp.sum(a**2, 1)[:, None] + jnp.sum(b**2, 1)[None, :] - 2 * a @ b.T
    return jnp.exp(-gamma * jnp.maximum(d2, 0.0))


@jax.jit
def krr(lam):
    K = rbf(X, X)
    c = cho_factor(K + lam * jnp.eye(n))
    alpha = cho_solve(c, y)
    return rbf(Xt, X) @ alpha, K @ alpha


pred, fit = krr(1e-2)
print("exact test rmse %.4f train rmse %.4f" % (float(jnp.sqrt(jnp.mean((pred - yt) ** 2))), float(jnp.sqrt(jnp.mean((fit - y) ** 2)))))


def nystrom(key, m, lam=1e-2):
    idx = jax.random.choice(key, n, (m,), replace=False)
    Z = X[idx]
    Knm = rbf(X, Z)
    Kmm = rbf(Z, Z) + 1e-5 * jnp.eye(m)
    A = Knm.T @ Knm + lam * Kmm
    alpha = jnp.linalg.solve(A, Knm.T @ y)
    L = jnp.linalg.cholesky(Kmm)
    F = jax.scipy.linalg.solve_triangular(L, Knm.T, lower=True).T
    kerr = jnp.linalg.norm(rbf(X, X) - F @ F.T) / jnp.linalg.norm(rbf(X, X))
    return rbf(Xt, Z) @ alpha, kerr


for m in (10, 30, 100):
    p, kerr = jax.jit(nystrom, static_argnums=1)(jax.random.key(0), m)
    print(f"m={m:3d} test rmse {float(jnp.sqrt(jnp.mean((p - yt) ** 2))):.4f} kernel rel err {float(kerr):.4f}")


def loo(lam):
    K = rbf(X, X)
    H = K @ jnp.linalg.inv(K + lam * jnp.eye(n))
    r = (y - H @ y) / (1 - jnp.diag(H))
    return jnp.mean(r**2)


lams = jnp.array([1e-3, 1e-2, 1e-1, 1.0])
scores = jax.jit(jax.vmap(loo))(lams)
print("loo mse", jnp.round(scores, 4), "best lam", float(lams[jnp.argmin(scores)]))
