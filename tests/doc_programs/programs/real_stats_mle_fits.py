# Maximum-likelihood fits with jax.scipy.stats log-densities optimised by gradient ascent on
# unconstrained parameters: a Student-t location/scale/df fit, a gamma fit, a beta fit, a
# Poisson GLM, and a model comparison by AIC; the log-likelihoods checked against sums of pdfs
import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy import stats

rng = np.random.default_rng(7)
t_data = jnp.asarray(2.0 + 0.5 * rng.standard_t(4.0, size=400), jnp.float32)
g_data = jnp.asarray(rng.gamma(3.0, 2.0, size=400), jnp.float32)
b_data = jnp.asarray(rng.beta(2.0, 5.0, size=400), jnp.float32)


def fit(loglik, theta, steps=400, lr=0.05):
    @jax.jit
    def step(theta, _):
        ll, g = jax.value_and_grad(loglik)(theta)
        return jax.tree.map(lambda t, gg: t + lr * gg, theta, g), ll

    theta, lls = jax.lax.scan(step, theta, None, length=steps)
    return theta, lls


def t_ll(th):
    return jnp.mean(stats.t.logpdf(t_data, jnp.exp(th["log_df"]), th["loc"], jnp.exp(th["log_scale"])))


th, lls = fit(t_ll, {"loc": 0.0, "log_scale": 0.0, "log_df": 1.0})
print("t fit loc %.3f scale %.3f df %.2f" % (th["loc"], jnp.exp(th["log_scale"]), jnp.exp(th["log_df"])))
print("ll increased", bool(lls[-1] > lls[0]), round(float(lls[-1]), 4))


def gamma_ll(th):
    a, scale = jnp.exp(th[0]), jnp.exp(th[1])
    return jnp.mean(stats.gamma.logpdf(g_data, a, scale=scale))


thg, _ = fit(gamma_ll, jnp.zeros(2), steps=800, lr=0.1)
print("gamma a %.3f scale %.3f" % tuple(np.exp(np.asarray(thg))))


def beta_ll(th):
    return jnp.mean(stats.beta.logpdf(b_data, jnp.exp(th[0]), jnp.exp(th[1])))


thb, _ = fit(beta_ll, jnp.zeros(2), steps=800, lr=0.2)
print("beta a %.3f b %.3f" % tuple(np.exp(np.asarray(thb))))
print("logpdf matches log(pdf)", bool(jnp.allclose(stats.beta.logpdf(b_data[:5], 2.0, 5.0), jnp.log(stats.beta.pdf(b_data[:5], 2.0, 5.0)), atol=1e-5)))

x = jnp.asarray(rng.normal(size=(300, 2)), jnp.float32)
counts = jnp.asarray(rng.poisson(np.exp(0.5 + np.asarray(x) @ np.array([0.3, -0.6]))), jnp.float32)


def pois_ll(w):
    return jnp.mean(stats.poisson.logpmf(counts, jnp.exp(w[0] + x @ w[1:])))


wp, _ = fit(pois_ll, jnp.zeros(3), steps=600, lr=0.1)
print("poisson glm", jnp.round(wp, 3))
n = t_data.shape[0]
aic_t = 2 * 3 - 2 * n * t_ll(th)
aic_norm = 2 * 2 - 2 * jnp.sum(stats.norm.logpdf(t_data, t_data.mean(), t_data.std()))
print("AIC t %.1f normal %.1f t better %s" % (aic_t, aic_norm, bool(aic_t < aic_norm)))
print("cdf/ppf roundtrip", jnp.round(stats.norm.cdf(stats.norm.ppf(jnp.array([0.1, 0.5, 0.9]))), 5))
print("logsumexp mixture", round(float(jnp.sum(jax.scipy.special.logsumexp(jnp.stack([stats.norm.logpdf(t_data, 1.5, 1.0), stats.norm.logpdf(t_data, 2.5, 1.0)]) + jnp.log(0.5), axis=0))), 2))
