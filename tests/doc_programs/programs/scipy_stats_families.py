# jax.scipy.stats distribution families: logpdf / pdf / cdf / sf / ppf / logcdf of continuous
# ones, logpmf / pmf / cdf of discrete ones, multivariate_normal batched, dirichlet, truncnorm,
# vonmises, wrapcauchy, gumbel, gennorm, betabinom; gaussian_kde; mode / rankdata / sem;
# gradients of log densities
import jax
import jax.numpy as jnp
from jax.scipy import stats

x = jnp.array([-1.5, -0.2, 0.0, 0.7, 2.3])
p = jnp.array([0.01, 0.25, 0.5, 0.9])
r = lambda v: jnp.round(v, 4)
print(r(stats.norm.logpdf(x, loc=0.5, scale=2.)), r(stats.norm.cdf(x)), r(stats.norm.sf(x)))
print(r(stats.norm.ppf(p)), r(stats.norm.isf(p)), r(stats.norm.logcdf(x)), r(stats.norm.logsf(x)))
print(r(stats.t.logpdf(x, df=3.)), r(stats.t.pdf(x, 5., loc=1.)))
pos = jnp.array([0.1, 0.5, 1., 2.5, 4.])
print(r(stats.gamma.logpdf(pos, a=2.)), r(stats.gamma.cdf(pos, 2., scale=0.5)), r(stats.gamma.sf(pos, 3.)))
unit = jnp.array([0.05, 0.3, 0.5, 0.95])
print(r(stats.beta.logpdf(unit, 2., 5.)), r(stats.beta.cdf(unit, 0.5, 0.5)), r(stats.beta.sf(unit, 2., 2.)))
print(r(stats.expon.logpdf(pos, scale=2.)), r(stats.expon.cdf(pos)), r(stats.expon.ppf(p)))
print(r(stats.laplace.logpdf(x)), r(stats.laplace.cdf(x, 0.5, 2.)), r(stats.logistic.cdf(x)), r(stats.logistic.ppf(p)))
print(r(stats.cauchy.logpdf(x)), r(stats.cauchy.cdf(x)), r(stats.cauchy.ppf(p)))
print(r(stats.chi2.logpdf(pos, df=3)), r(stats.chi2.cdf(pos, 2)), r(stats.pareto.logpdf(pos + 1., 3.)))
print(r(stats.uniform.logpdf(x, -1., 2.)), r(stats.uniform.cdf(x, -1., 2.)), r(stats.uniform.ppf(p, 1., 3.)))
print(r(stats.gennorm.logpdf(x, 1.5)), r(stats.gennorm.cdf(x, 3.)))
print(r(stats.gumbel_r.logpdf(x)), r(stats.gumbel_l.cdf(x)), r(stats.gumbel_r.ppf(p)))
print(r(stats.vonmises.logpdf(x, 2.)), r(stats.wrapcauchy.logpdf(jnp.array([0.5, 1., 3.]), 0.3)))
print(r(stats.truncnorm.logpdf(x, -1., 1.)), r(stats.truncnorm.cdf(x, -1., 1.)), r(stats.truncnorm.sf(x, -2., 1.5)))

k = jnp.array([0, 1, 3, 6])
print(r(stats.poisson.logpmf(k, 2.5)), r(stats.poisson.cdf(k, 2.5)), r(stats.poisson.pmf(k, 0.5)))
print(r(stats.binom.logpmf(k, 6, 0.3)), r(stats.binom.pmf(k, 6, 0.5)))
print(r(stats.nbinom.logpmf(k, 3, 0.4)), r(stats.geom.logpmf(k + 1, 0.3)), r(stats.bernoulli.pmf(k % 2, 0.7)))
print(r(stats.betabinom.logpmf(k, 6, 2., 3.)), r(stats.bernoulli.cdf(k, 0.3)))
print(r(stats.multinomial.logpmf(jnp.array([1, 2, 3]), 6, jnp.array([0.2, 0.3, 0.5]))))

mean = jnp.array([0., 1.])
cov = jnp.array([[2., 0.3], [0.3, 0.5]])
pts = jnp.array([[0., 0.], [1., 1.], [-1., 2.]])
print(r(stats.multivariate_normal.logpdf(pts, mean, cov)), r(stats.multivariate_normal.pdf(pts[0], mean, cov)))
print(r(jax.vmap(stats.multivariate_normal.logpdf, in_axes=(0, None, None))(pts, mean, cov)))
alpha = jnp.array([1., 2., 3.])
print(r(stats.dirichlet.logpdf(jnp.array([0.2, 0.3, 0.5]), alpha)), r(stats.dirichlet.pdf(jnp.array([1 / 3, 1 / 3, 1 / 3]), alpha)))

samples = jnp.array([-2., -1., -0.5, 0., 0.2, 0.3, 1., 2.5])
kde = stats.gaussian_kde(samples)
print(r(kde.evaluate(jnp.array([-1., 0., 1.]))), r(kde.logpdf(jnp.array([0.]))), r(kde.integrate_box_1d(-1., 1.)))
print(r(stats.gaussian_kde(samples, bw_method=0.5).pdf(jnp.array([0.5]))), r(kde.covariance))
print(stats.mode(jnp.array([1, 2, 2, 3, 3, 3])), stats.mode(jnp.array([[1, 2], [1, 3], [2, 3]]), axis=0))
print(stats.rankdata(jnp.array([3., 1., 4., 1., 5.])), stats.rankdata(jnp.array([3, 1, 4, 1]), method="min"))
print(stats.rankdata(jnp.array([3, 1, 4, 1]), method="dense"), stats.rankdata(jnp.array([3, 1, 4, 1]), method="ordinal"))
print(r(stats.sem(samples)), r(stats.sem(samples.reshape(2, 4), axis=1, ddof=0)))

print(r(jax.grad(lambda mu: stats.norm.logpdf(x, mu, 1.).sum())(0.3)))
print(r(jax.grad(stats.gamma.logpdf, argnums=1)(1.5, 2.)), r(jnp.stack(jax.grad(stats.beta.logpdf, argnums=(1, 2))(0.3, 2., 3.))))
print(r(jax.vmap(jax.grad(stats.t.logpdf))(x, jnp.full(5, 4.))))
