# Probabilistic PCA and factor analysis fitted by EM: closed-form E-steps with solves, M-steps
# by lax.fori_loop, the marginal log-likelihood through jax.scipy.stats.multivariate_normal,
# PPCA's closed-form maximum-likelihood solution from eigh as a check, rotation-invariant
# comparison of loading subspaces by principal angles (svd), and missing-value imputation
import jax
import jax.numpy as jnp
from jax.scipy.stats import multivariate_normal

N, D, K = 500, 6, 2
kw, kz, kn = jax.random.split(jax.random.key(41), 3)
W_true = jax.random.normal(kw, (D, K))
psi_true = jnp.array([0.1, 0.2, 0.3, 0.1, 0.5, 0.2])
Z = jax.random.normal(kz, (N, K))
X = Z @ W_true.T + jnp.sqrt(psi_true) * jax.random.normal(kn, (N, D)) + 1.0
mu = X.mean(0)
Xc = X - mu
S = Xc.T @ Xc / N


def loglik(W, psi):
    return jnp.sum(multivariate_normal.logpdf(X, mu, W @ W.T + jnp.diag(psi)))


@jax.jit
def fa_em(W, psi, iters=300):
    def body(_, carry):
        W, psi = carry
        Minv = jnp.linalg.inv(jnp.eye(K) + W.T @ (W / psi[:, None]))
        beta = Minv @ (W.T / psi)
        Ez = Xc @ beta.T
        Ezz = N * Minv + Ez.T @ Ez
        W = jnp.linalg.solve(Ezz.T, (Xc.T @ Ez).T).T
        psi = jnp.diag(S - W @ (Ez.T @ Xc) / N)
        return W, jnp.maximum(psi, 1e-4)

    return jax.lax.fori_loop(0, iters, body, (W, psi))


@jax.jit
def ppca_em(W, sigma2, iters=300):
    def body(_, carry):
        W, sigma2 = carry
        M = W.T @ W + sigma2 * jnp.eye(K)
        Minv = jnp.linalg.inv(M)
        SW = S @ W
        W_new = SW @ jnp.linalg.inv(sigma2 * jnp.eye(K) + Minv @ W.T @ SW)
        sigma2 = jnp.trace(S - SW @ Minv @ W_new.T) / D
        return W_new, sigma2

    return jax.lax.fori_loop(0, iters, body, (W, sigma2))


W0 = jax.random.normal(jax.random.key(0), (D, K))
W_fa, psi_fa = fa_em(W0, jnp.ones(D))
W_pp, s2 = ppca_em(W0, 1.0)
print("FA noise variances:", jnp.round(psi_fa, 3))
print("true noise variances:", psi_true)
print("PPCA sigma^2:", round(float(s2), 4))
print("log-likelihood FA:", round(float(loglik(W_fa, psi_fa)), 2), "PPCA:", round(float(loglik(W_pp, jnp.full(D, s2))), 2))

evals, evecs = jnp.linalg.eigh(S)
evals, evecs = evals[::-1], evecs[:, ::-1]
s2_ml = evals[K:].mean()
W_ml = evecs[:, :K] * jnp.sqrt(evals[:K] - s2_ml)
print("closed-form sigma^2:", round(float(s2_ml), 4), "EM agrees:", bool(jnp.allclose(s2, s2_ml, atol=1e-3)))


def principal_angles(A, B):
    qa, _ = jnp.linalg.qr(A)
    qb, _ = jnp.linalg.qr(B)
    return jnp.degrees(jnp.arccos(jnp.clip(jnp.linalg.svd(qa.T @ qb, compute_uv=False), -1, 1)))


print("angles PPCA-EM vs closed form:", jnp.round(principal_angles(W_pp, W_ml), 2))
print("angles FA vs truth:", jnp.round(principal_angles(W_fa, W_true), 1))

x = X[0]
missing = jnp.array([False, True, False, False, True, False])
C = W_fa @ W_fa.T + jnp.diag(psi_fa)
o, m_idx = jnp.nonzero(~missing, size=4)[0], jnp.nonzero(missing, size=2)[0]
cond_mean = mu[m_idx] + C[jnp.ix_(m_idx, o)] @ jnp.linalg.solve(C[jnp.ix_(o, o)], x[o] - mu[o])
print("imputed:", jnp.round(cond_mean, 3), "actual:", jnp.round(x[m_idx], 3))
