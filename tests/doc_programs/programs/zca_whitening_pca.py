# Whitening and PCA from the covariance: jnp.cov / corrcoef, eigh-based PCA and ZCA whitening
# matrices, SVD-based PCA with explained variance, the whitened data's identity covariance,
# projection / reconstruction errors, and gradients through eigh on a well-separated spectrum
import jax
import jax.numpy as jnp
from jax import random

key = random.key(0)
mix = jnp.array([[2.0, 0.0, 0.0], [1.2, 0.5, 0.0], [0.3, -0.4, 0.2]])
X = random.normal(key, (500, 3)) @ mix.T + jnp.array([1.0, -2.0, 0.5])
Xc = X - X.mean(0)
C = jnp.cov(X, rowvar=False)
print(C.shape, jnp.allclose(C, Xc.T @ Xc / (X.shape[0] - 1), atol=1e-4))
print(jnp.round(jnp.corrcoef(X, rowvar=False), 2))
evals, evecs = jnp.linalg.eigh(C)
order = jnp.argsort(evals)[::-1]
evals, evecs = evals[order], evecs[:, order]
print("explained", jnp.round(evals / evals.sum(), 3))
W_pca = jnp.diag(1 / jnp.sqrt(evals + 1e-5)) @ evecs.T
W_zca = evecs @ W_pca
Z = Xc @ W_zca.T
print("zca cov identity:", jnp.allclose(jnp.cov(Z, rowvar=False), jnp.eye(3), atol=1e-3))
print("zca symmetric:", jnp.allclose(W_zca, W_zca.T, atol=1e-5))
U, S, Vt = jnp.linalg.svd(Xc, full_matrices=False)
print("svd vs eigh:", jnp.allclose(S ** 2 / (X.shape[0] - 1), evals, rtol=1e-3))
proj = Xc @ Vt[:2].T
recon = proj @ Vt[:2] + X.mean(0)
print(proj.shape, "relative error", jnp.round(jnp.linalg.norm(recon - X) / jnp.linalg.norm(Xc), 3))
print(jnp.abs(jnp.sum(Vt[0] * evecs[:, 0])) > 0.999)


def top_eigenvalue(A):
    return jnp.linalg.eigh(A)[0][-1]


A = jnp.diag(jnp.array([1.0, 2.0, 5.0])) + 0.01 * jnp.ones((3, 3))
g = jax.grad(top_eigenvalue)(A)
v = jnp.linalg.eigh(A)[1][:, -1]
print("grad = v v^T:", jnp.allclose(g, jnp.outer(v, v), atol=1e-4))
print(jnp.round(jnp.linalg.eigvalsh(A), 4), jnp.trace(A))
batch = random.normal(random.key(1), (4, 50, 3))
whiten = jax.vmap(lambda b: (b - b.mean(0)) / b.std(0))
print(jnp.round(whiten(batch).std(1), 3))
print(jnp.cov(jnp.array([1.0, 2.0, 4.0]), jnp.array([2.0, 4.0, 9.0])), jnp.var(jnp.arange(4.0), ddof=1))
