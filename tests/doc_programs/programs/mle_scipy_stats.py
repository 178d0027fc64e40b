# jax.scipy.stats in a small maximum-likelihood fit: Gaussian, gamma, Student-t and Poisson
# log-likelihoods fitted by gradient ascent (parameters kept positive with softplus / exp),
# then their cdfs / sfs / ppfs at the fitted parameters
import numpy as np
import jax
import jax.numpy as jnp
from jax.scipy import stats

rng = np.random.RandomState(0)
data = jnp.asarray(rng.gamma(3.0, 2.0, size=200).astype(np.float32))
counts = jnp.asarray(rng.poisson(4.0, size=100))
print(data.dtype, counts.dtype, round(float(data.mean()), 4), round(float(data.std()), 4))


def nll_norm(p):
    return -jnp.sum(stats.norm.logpdf(data, p['loc'], jnp.exp(p['log_scale'])))


def nll_gamma(p):
    a, scale = jax.nn.softplus(p['a']), jax.nn.softplus(p['scale'])
    return -jnp.sum(stats.gamma.logpdf(data, a, scale=scale))


def nll_t(p):
    return -jnp.sum(stats.t.logpdf(data, jnp.exp(p['log_df']), p['loc'], jnp.exp(p['log_scale'])))


def nll_poisson(p):
    return -jnp.sum(stats.poisson.logpmf(counts, jnp.exp(p['log_rate'])))


def fit(nll, params, lr, steps):
    @jax.jit
    def step(params):
        value, g = jax.value_and_grad(nll)(params)
        return jax.tree.map(lambda p, g: p - lr * g, params, g), value
    for _ in range(steps):
        params, value = step(params)
    return params, value


p_norm, v_norm = fit(nll_norm, {'loc': 1.0, 'log_scale': 0.0}, 2e-3, 150)
print("norm:", round(float(p_norm['loc']), 3), round(float(jnp.exp(p_norm['log_scale'])), 3),
      round(float(v_norm), 3))
p_gamma, v_gamma = fit(nll_gamma, {'a': 1.0, 'scale': 1.0}, 1e-3, 150)
a, scale = jax.nn.softplus(p_gamma['a']), jax.nn.softplus(p_gamma['scale'])
print("gamma:", round(float(a), 3), round(float(scale), 3), round(float(v_gamma), 3))
p_t, v_t = fit(nll_t, {'log_df': 1.0, 'loc': 5.0, 'log_scale': 1.0}, 1e-3, 150)
print("t:", jax.tree.map(lambda v: round(float(v), 3), p_t), round(float(v_t), 3))
p_pois, v_pois = fit(nll_poisson, {'log_rate': 0.0}, 1e-3, 100)
print("poisson rate:", round(float(jnp.exp(p_pois['log_rate'])), 4), round(float(counts.mean()), 4))

# model comparison by AIC
aic = {k: 2 * n + 2 * float(v) for k, n, v in [('norm', 2, v_norm), ('gamma', 2, v_gamma), ('t', 3, v_t)]}
print(min(aic, key=aic.get), {k: round(v, 2) for k, v in aic.items()})

xs = jnp.array([2.0, 6.0, 12.0])
loc, sc = p_norm['loc'], jnp.exp(p_norm['log_scale'])
print(jnp.round(stats.norm.cdf(xs, loc, sc), 4), jnp.round(stats.norm.sf(xs, loc, sc), 4))
print(jnp.round(stats.norm.ppf(jnp.array([0.05, 0.5, 0.95]), loc, sc), 4))
print(jnp.round(stats.gamma.cdf(xs, a, scale=scale), 4), jnp.round(stats.gamma.logsf(xs, a, scale=scale), 4))
print(jnp.round(stats.poisson.cdf(jnp.arange(8), jnp.exp(p_pois['log_rate'])), 4))
print(jnp.round(stats.t.cdf(jnp.array([-1.0, 0.0, 1.0]), 3.0), 4))
print(jnp.round(stats.expon.logpdf(xs, scale=6.0), 4), jnp.round(stats.laplace.cdf(xs, 6.0, 2.0), 4))
print(jnp.round(stats.beta.logpdf(jnp.array([0.2, 0.5]), 2.0, 3.0), 4))
print(jnp.round(stats.multivariate_normal.logpdf(jnp.array([[0.0, 1.0], [1.0, 1.0]]),
                                                 jnp.zeros(2), jnp.array([[2.0, 0.5], [0.5, 1.0]])), 4))
# the gradient of a log-likelihood in the data (the score)
print(jnp.round(jax.grad(lambda x: stats.gamma.logpdf(x, a, scale=scale))(4.0), 5))
print(jnp.round(jax.vmap(jax.grad(stats.norm.logcdf))(jnp.array([-3.0, 0.0, 3.0])), 5))
