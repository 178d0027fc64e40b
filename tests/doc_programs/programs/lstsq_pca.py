# jax.numpy.linalg in a small workflow: least squares (lstsq, normal equations, QR, pinv),
# PCA by SVD and by eigh of the covariance, conditioning and a whitening transform
import numpy as np
import jax
import jax.numpy as jnp

rng = np.random.RandomState(0)
n, d = 20, 3
X = rng.randn(n, d).astype(np.float32)
true_w = np.array([1.5, -2.0, 0.5], np.float32)
y = X @ true_w + 0.1 * rng.randn(n).astype(np.float32)
X, y = jnp.asarray(X), jnp.asarray(y)

w_lstsq, residuals, rank, sv = jnp.linalg.lstsq(X, y)
print("lstsq:", jnp.round(w_lstsq, 4), jnp.round(residuals, 4), rank, jnp.round(sv, 4))
w_normal = jnp.linalg.solve(X.T @ X, X.T @ y)
print("normal equations:", jnp.round(w_normal, 4))
Q, R = jnp.linalg.qr(X)
print(Q.shape, R.shape, bool(jnp.allclose(Q.T @ Q, jnp.eye(d), atol=1e-5)))
w_qr = jax.scipy.linalg.solve_triangular(R, Q.T @ y)
print("qr:", jnp.round(w_qr, 4))
w_pinv = jnp.linalg.pinv(X) @ y
print("pinv:", jnp.round(w_pinv, 4))
print("cond:", round(float(jnp.linalg.cond(X)), 3))
print("matrix_rank:", jnp.linalg.matrix_rank(X))
Qc, Rc = jnp.linalg.qr(X, mode='complete')
print(Qc.shape, Rc.shape)
print(jnp.linalg.qr(X, mode='r').shape)

# ridge regression as a function of lambda, vectorized
@jax.jit
def ridge(lam):
    return jnp.linalg.solve(X.T @ X + lam * jnp.eye(d), X.T @ y)


print(jnp.round(jax.vmap(ridge)(jnp.array([0.0, 1.0, 10.0])), 4))
print(jnp.round(jax.jacobian(ridge)(1.0), 4))

# PCA
Z = rng.randn(50, 2).astype(np.float32) @ np.array([[3.0, 1.0, 0.0], [0.0, 0.5, 0.2]], np.float32)
Z = jnp.asarray(Z)
Zc = Z - Z.mean(axis=0)
U, S, Vt = jnp.linalg.svd(Zc, full_matrices=False)
explained = S ** 2 / jnp.sum(S ** 2)
print("singular values:", jnp.round(S, 3))
print("explained variance ratio:", jnp.round(explained, 4))
cov = jnp.cov(Zc, rowvar=False)
evals, evecs = jnp.linalg.eigh(cov)
print("eigvals:", jnp.round(evals[::-1], 3))
print("eigvals vs svd:", bool(jnp.allclose(evals[::-1], S ** 2 / (Z.shape[0] - 1), rtol=1e-3, atol=1e-4)))
pc1 = Vt[0] * jnp.sign(Vt[0, 0])
ev1 = evecs[:, -1] * jnp.sign(evecs[0, -1])
print("first component:", jnp.round(pc1, 4), bool(jnp.allclose(pc1, ev1, atol=1e-4)))
projected = Zc @ Vt[:2].T
print(projected.shape, jnp.round(jnp.var(projected, axis=0, ddof=1), 3))

# whitening with the Cholesky factor of the covariance of the projection
C = jnp.cov(projected, rowvar=False)
L = jnp.linalg.cholesky(C)
white = jax.scipy.linalg.solve_triangular(L, projected.T, lower=True).T
print(jnp.round(jnp.cov(white, rowvar=False), 4))
print("slogdet:", [jnp.round(v, 4) for v in jnp.linalg.slogdet(C)])
print("det, inv:", jnp.round(jnp.linalg.det(C), 3), jnp.round(jnp.linalg.inv(C), 4))
print("norms:", jnp.round(jnp.linalg.norm(Zc, 'fro'), 3), jnp.round(jnp.linalg.norm(Zc, 2), 3),
      jnp.round(jnp.linalg.norm(Zc, ord='nuc'), 3))
print(jnp.round(jnp.linalg.matrix_power(C, 3), 2))
