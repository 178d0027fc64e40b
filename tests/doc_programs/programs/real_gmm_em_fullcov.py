# Expectation-maximisation for a Gaussian mixture with full covariances: log-densities through
# Cholesky factors and solve_triangular, responsibilities by logsumexp, weighted means and
# covariances by einsum, a while_loop until the log-likelihood stops improving, and BIC over the
# number of components (each a separate static shape)
import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy.linalg import solve_triangular

rng = np.random.default_rng(0)
X = np.concatenate([
    rng.multivariate_normal([0, 0], [[1.0, 0.6], [0.6, 1.0]], 150),
    rng.multivariate_normal([4, 1], [[0.5, -0.2], [-0.2, 0.3]], 100),
    rng.multivariate_normal([1, 5], [[0.3, 0.0], [0.0, 1.2]], 80),
]).astype(np.float32)
X = jnp.asarray(X)


def log_gauss(x, mu, cov):
    L = jnp.linalg.cholesky(cov)
    z = solve_triangular(L, (x - mu).T, lower=True)
    return -0.5 * jnp.sum(z**2, 0) - jnp.sum(jnp.log(jnp.diag(L))) - 0.5 * x.shape[1] * jnp.log(2 * jnp.pi)


def e_step(x, pi, mu, cov):
    logp = jax.vmap(log_gauss, (None, 0, 0))(x, mu, cov).T + jnp.log(pi)
    ll = jax.scipy.special.logsumexp(logp, axis=1)
    return jnp.exp(logp - ll[:, None]), ll.sum()


def m_step(x, r):
    nk = r.sum(0)
    mu = (r.T @ x) / nk[:, None]
    d = x[None] - mu[:, None]
    cov = jnp.einsum("nk,knd,kne->kde", r, d, d) / nk[:, None, None] + 1e-4 * jnp.eye(x.shape[1])
    return nk / x.shape[0], mu, cov


def fit(x, k, key):
    mu0 = x[jax.random.choice(key, x.shape[0], (k,), replace=False)]
    cov0 = jnp.tile(jnp.eye(x.shape[1]), (k, 1, 1))
    pi0 = jnp.full((k,), 1.0 / k)

    def cond(s):
        it, _, ll, prev = s
        return (it < 200) & (jnp.abs(ll - prev) > 1e-4)

    def body(s):
        it, params, ll, _ = s
        r, new_ll = e_step(x, *params)
        return it + 1, m_step(x, r), new_ll, ll

    it, params, ll, _ = jax.lax.while_loop(cond, body, (0, (pi0, mu0, cov0), jnp.array(-jnp.inf), jnp.array(0.0)))
    return it, params, e_step(x, *params)[1]


fit_jit = jax.jit(fit, static_argnums=1)
for k in (1, 2, 3, 4):
    it, (pi, mu, cov), ll = fit_jit(X, k, jax.random.key(3))
    n_params = k - 1 + k * 2 + k * 3
    bic = -2 * ll + n_params * jnp.log(X.shape[0])
    print(k, "iters", int(it) > 1, "ll", round(float(ll), 2), "bic", round(float(bic), 2))
    if k == 3:
        order = jnp.argsort(mu[:, 0] + 10 * mu[:, 1])
        print("weights", jnp.round(pi[order], 3))
        print("means", jnp.round(mu[order], 2))
        print("covs", jnp.round(cov[order], 2))
        r, _ = e_step(X, pi, mu, cov)
        print(r.shape, jnp.round(r.sum(1)[:3], 5), jnp.bincount(jnp.argmax(r[:, order], 1), length=3))
