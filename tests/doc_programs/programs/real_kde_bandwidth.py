# Kernel density estimation with bandwidth selection: a Gaussian KDE written with vmap and
# logsumexp, Silverman's and Scott's rules, the leave-one-out log-likelihood maximised over
# log-bandwidth with grad, compared with jax.scipy.stats.gaussian_kde (its factor and its
# evaluate / logpdf / integrate_box_1d / resample), on a bimodal sample
import jax
import jax.numpy as jnp
from jax.scipy.stats import gaussian_kde, norm

key = jax.random.key(21)
k1, k2, k3 = jax.random.split(key, 3)
N = 300
comp = jax.random.bernoulli(k1, 0.3, (N,))
data = jnp.where(comp, jax.random.normal(k2, (N,)) * 0.5 + 3.0, jax.random.normal(k3, (N,)) - 1.0)
print("sample mean / std:", round(float(data.mean()), 4), round(float(data.std(ddof=1)), 4))


def kde_logpdf(x, data, h):
    return jax.nn.logsumexp(norm.logpdf(x, data, h)) - jnp.log(data.shape[0])


def loo_loglik(log_h):
    h = jnp.exp(log_h)
    lp = norm.logpdf(data[:, None], data[None, :], h)
    lp = jnp.where(jnp.eye(N, dtype=bool), -jnp.inf, lp)
    return jnp.mean(jax.nn.logsumexp(lp, axis=1) - jnp.log(N - 1))


sd = data.std(ddof=1)
iqr = jnp.subtract(*jnp.percentile(data, jnp.array([75.0, 25.0])))
silverman = 0.9 * jnp.minimum(sd, iqr / 1.34) * N ** (-0.2)
scott = sd * N ** (-0.2)
print("Silverman:", round(float(silverman), 4), "Scott:", round(float(scott), 4))
log_h = jnp.log(scott)
g = jax.jit(jax.value_and_grad(loo_loglik))
for _ in range(100):
    ll, d = g(log_h)
    log_h = log_h + 0.5 * d
h_cv = float(jnp.exp(log_h))
print("LOO-CV bandwidth:", round(h_cv, 4), "gradient ~0:", bool(abs(float(d)) < 1e-3))
print("LOO log-lik at Scott / CV:", round(float(loo_loglik(jnp.log(scott))), 4), round(float(ll), 4))

kde = gaussian_kde(data)
print("default bandwidth is Scott's:", bool(jnp.allclose(jnp.sqrt(kde.covariance[0, 0]), scott, rtol=1e-4)), "n, d:", kde.n, kde.d)
grid = jnp.linspace(-4, 6, 11)
mine = jnp.exp(jax.vmap(kde_logpdf, in_axes=(0, None, None))(grid, data, jnp.sqrt(kde.covariance[0, 0])))
print("matches gaussian_kde.evaluate:", bool(jnp.allclose(mine, kde.evaluate(grid), atol=1e-6)))
print("density on grid:", jnp.round(kde(grid), 4))
print("logpdf at 3:", round(float(kde.logpdf(jnp.array([3.0]))[0]), 4))
print("mass in [0, 6]:", round(float(kde.integrate_box_1d(0.0, 6.0)), 4))
samples = kde.resample(jax.random.key(5), (2000,))
print("resample shape:", samples.shape, "mean close:", bool(jnp.abs(samples.mean() - data.mean()) < 0.15))
cv_kde = gaussian_kde(data, bw_method=h_cv / float(sd))
true_pdf = 0.3 * norm.pdf(grid, 3.0, 0.5) + 0.7 * norm.pdf(grid, -1.0, 1.0)
err = lambda k: float(jnp.mean((k(grid) - true_pdf) ** 2))
print("CV bandwidth error not worse than 2x Scott:", err(cv_kde) < 2 * err(kde))
