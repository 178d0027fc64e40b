# Randomised and iterative numerical linear algebra: a randomised SVD (Gaussian sketch, power
# iterations re-orthonormalised by jnp.linalg.qr, a small SVD) compared with the full SVD on a
# low-rank-plus-noise matrix, Lanczos tridiagonalisation with full reorthogonalisation in a
# fori_loop whose Ritz values (eigvalsh of the tridiagonal) approach the extreme eigenvalues,
# Hutchinson's trace estimator with Rademacher probes by vmap, and Nystrom approximation of a
# kernel matrix with pinv
import jax
import jax.numpy as jnp

M, N, R = 60, 40, 5
k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
U0, _ = jnp.linalg.qr(jax.random.normal(k1, (M, R)))
V0, _ = jnp.linalg.qr(jax.random.normal(k2, (N, R)))
s0 = jnp.array([10.0, 7.0, 5.0, 3.0, 2.0])
A = (U0 * s0) @ V0.T + 0.01 * jax.random.normal(k3, (M, N))


def randomized_svd(key, A, k, oversample=5, n_iter=2):
    omega = jax.random.normal(key, (A.shape[1], k + oversample))
    Q, _ = jnp.linalg.qr(A @ omega)

    def power(i, Q):
        Z, _ = jnp.linalg.qr(A.T @ Q)
        Q, _ = jnp.linalg.qr(A @ Z)
        return Q

    Q = jax.lax.fori_loop(0, n_iter, power, Q)
    Ub, s, Vt = jnp.linalg.svd(Q.T @ A, full_matrices=False)
    return (Q @ Ub)[:, :k], s[:k], Vt[:k]


U, s, Vt = jax.jit(randomized_svd, static_argnums=2)(jax.random.key(1), A, R)
s_full = jnp.linalg.svd(A, compute_uv=False)
print(U.shape, s.shape, Vt.shape, bool(jnp.allclose(s, s_full[:R], rtol=1e-3)))
print(jnp.round(s, 3), f"{float(jnp.linalg.norm(A - (U * s) @ Vt) / jnp.linalg.norm(A)):.4f}")
print(bool(jnp.allclose(U.T @ U, jnp.eye(R), atol=1e-5)))

S = A.T @ A


def lanczos(key, S, k):
    n = S.shape[0]
    v = jax.random.normal(key, (n,))
    v = v / jnp.linalg.norm(v)
    V = jnp.zeros((k + 1, n)).at[0].set(v)

    def body(j, carry):
        V, alpha, beta = carry
        w = S @ V[j]
        a = w @ V[j]
        w = w - a * V[j] - jnp.where(j > 0, beta[j - 1], 0.0) * V[j - 1]
        mask = (jnp.arange(k + 1) <= j)[:, None]
        w = w - (V * mask).T @ ((V * mask) @ w)
        b = jnp.linalg.norm(w)
        return V.at[j + 1].set(w / b), alpha.at[j].set(a), beta.at[j].set(b)

    V, alpha, beta = jax.lax.fori_loop(0, k, body, (V, jnp.zeros(k), jnp.zeros(k)))
    T = jnp.diag(alpha) + jnp.diag(beta[:-1], 1) + jnp.diag(beta[:-1], -1)
    return T, V[:k]


T, Vl = jax.jit(lanczos, static_argnums=2)(jax.random.key(2), S, 12)
ritz = jnp.linalg.eigvalsh(T)
exact = jnp.linalg.eigvalsh(S)
print(T.shape, bool(jnp.allclose(ritz[-1], exact[-1], rtol=1e-4)), bool(jnp.allclose(Vl @ Vl.T, jnp.eye(12), atol=1e-4)))
print(f"{float(ritz[-1]):.3f}", f"{float(exact[-1]):.3f}")


def hutchinson(key, matvec, n, probes=200):
    z = jax.random.rademacher(key, (probes, n), dtype=jnp.float32)
    return jnp.mean(jax.vmap(lambda v: v @ matvec(v))(z))


est = hutchinson(jax.random.key(3), lambda v: S @ v, N)
print(f"{float(jnp.trace(S)):.3f}", bool(jnp.abs(est - jnp.trace(S)) < 0.15 * jnp.trace(S)))
X = jax.random.normal(jax.random.key(4), (80, 2))
K = jnp.exp(-0.5 * jnp.sum((X[:, None] - X[None]) ** 2, -1))
idx = jax.random.choice(jax.random.key(5), 80, (20,), replace=False)
C = K[:, idx]
K_ny = C @ jnp.linalg.pinv(C[idx]) @ C.T
print(K_ny.shape, bool(jnp.linalg.norm(K - K_ny) < 0.2 * jnp.linalg.norm(K)))
print(jnp.linalg.qr(A, mode="r").shape, jnp.linalg.matrix_rank(A, rtol=0.05))
