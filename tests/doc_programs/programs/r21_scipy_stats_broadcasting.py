# jax.scipy.stats and special functions with broadcast parameters, as their docstrings allow:
# norm / t / gamma / beta / poisson / binom / nbinom / logistic / cauchy densities and cdfs
# over an x vector and a column of parameters, multivariate_normal.logpdf of a batch,
# logsumexp with b, and special functions (gammainc, betainc, xlogy, xlog1py, entr, erf)
# broadcasting
import jax.numpy as jnp
from jax.scipy import special, stats

x = jnp.linspace(0.5, 3.0, 4)
col = jnp.array([[1.0], [2.0]])
print(stats.norm.pdf(x, loc=col, scale=jnp.array([0.5, 1.0, 1.5, 2.0])))
print(stats.norm.logcdf(x, col), stats.norm.ppf(jnp.array([0.1, 0.5]), loc=col))
print(stats.t.logpdf(x, df=col), stats.gamma.cdf(x, a=col, scale=2.0))
print(stats.beta.logpdf(jnp.array([0.2, 0.5, 0.8]), a=col, b=jnp.array([2.0, 3.0, 4.0])))
print(stats.poisson.pmf(jnp.arange(4), mu=col), stats.poisson.cdf(jnp.arange(4), col))
print(stats.binom.pmf(jnp.arange(4), n=col * 3, p=0.4))
print(stats.nbinom.logpmf(jnp.arange(3), n=col, p=0.5))
print(stats.logistic.cdf(x, loc=col), stats.cauchy.logpdf(x, scale=col))
print(stats.expon.sf(x, scale=col), stats.uniform.pdf(x, loc=0.0, scale=col * 1.5))
print(stats.laplace.cdf(x, col), stats.chi2.pdf(x, df=col))
mean, cov = jnp.zeros(2), jnp.array([[1.0, 0.3], [0.3, 2.0]])
print(stats.multivariate_normal.logpdf(jnp.arange(6.0).reshape(3, 2) / 3, mean, cov))
print(special.logsumexp(jnp.arange(6.0).reshape(2, 3), axis=1, b=jnp.array([1.0, 0.5, 2.0])))
print(special.gammainc(col, x), special.gammaincc(col, x))
print(special.betainc(col, 2.0, jnp.array([0.1, 0.5, 0.9])))
print(
    special.xlogy(col - 1, x),
    special.xlog1py(col, x - 1),
    special.entr(jnp.array([0.0, 0.5, 1.0, -1.0])),
)
print(special.erf(x[None] * col), special.expit(col - x), special.logit(jnp.array([0.25, 0.5])))
print(special.gammaln(x + col), special.digamma(col * x), special.polygamma(1, x))
