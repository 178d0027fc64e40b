# An A/B-test report as an analyst writes it with jax.scipy: conversion counts per variant, a
# Beta-Binomial posterior with P(B > A) by Monte Carlo and by numerical integration of the
# Beta densities, a two-proportion z-test, a chi-square test of the 2x2 table, sample-size
# planning, Poisson and Bernoulli tail probabilities, and the scalar results' reprs as printed
import jax
import jax.numpy as jnp
from jax.scipy import special, stats

n_a, conv_a = 1200, 96
n_b, conv_b = 1180, 121
a_post = (1 + conv_a, 1 + n_a - conv_a)
b_post = (1 + conv_b, 1 + n_b - conv_b)
ka, kb = jax.random.split(jax.random.key(42))
sa = jax.random.beta(ka, *a_post, shape=(20000,))
sb = jax.random.beta(kb, *b_post, shape=(20000,))
print("P(B > A) monte carlo %.4f" % float(jnp.mean(sb > sa)))
grid = jnp.linspace(0.04, 0.16, 2001)
dx = grid[1] - grid[0]
pdf_b = stats.beta.pdf(grid, *b_post)
cdf_a = stats.beta.cdf(grid, *a_post)
print("P(B > A) integral %.4f" % float(jnp.sum(pdf_b * cdf_a) * dx))
lift = (sb - sa) / sa
print("lift median %.3f, 90%% interval [%.3f, %.3f]" % tuple(float(v) for v in jnp.percentile(lift, jnp.array([50, 5, 95]))))

pa, pb = conv_a / n_a, conv_b / n_b
pool = (conv_a + conv_b) / (n_a + n_b)
z = (pb - pa) / jnp.sqrt(pool * (1 - pool) * (1 / n_a + 1 / n_b))
p_two = 2 * stats.norm.sf(jnp.abs(z))
print("z", z, "p", p_two)
table = jnp.array([[conv_a, n_a - conv_a], [conv_b, n_b - conv_b]], jnp.float32)
expected = table.sum(1, keepdims=True) * table.sum(0, keepdims=True) / table.sum()
chi2 = jnp.sum((table - expected) ** 2 / expected)
print("chi2 %.4f p %.5f" % (float(chi2), float(stats.chi2.sf(chi2, 1))))
print("chi2 sf of a Python float", stats.chi2.sf(3.84, 1.0))
print("beta cdf", stats.beta.cdf(0.1, 2.0, 18.0), "beta sf", stats.beta.sf(0.1, 2.0, 18.0))
print("gamma cdf", stats.gamma.cdf(2.0, 3.0), "gamma sf", stats.gamma.sf(2.0, 3.0))
print("poisson cdf", stats.poisson.cdf(3.0, 2.5), "bernoulli cdf", stats.bernoulli.cdf(0.0, 0.3))
print("pareto cdf", stats.pareto.cdf(3.0, 2.0), "chi2 pdf", stats.chi2.pdf(1.0, 2.0))
print("comb", special.comb(10.0, 3.0), "factorial", special.factorial(5.0))
print("kl(A || B) per visitor", special.rel_entr(pa, pb) + special.rel_entr(1 - pa, 1 - pb))
z_a, z_b = stats.norm.ppf(0.975), stats.norm.ppf(0.8)
mde = 0.01
n_needed = (z_a + z_b) ** 2 * 2 * pool * (1 - pool) / mde**2
print("visitors per arm for a 1pt lift: %d" % int(jnp.ceil(n_needed)))
print("dtypes", p_two.dtype, jnp.asarray(stats.beta.cdf(0.1, 2.0, 18.0)).dtype)
print(repr(stats.beta.cdf(0.1, 2.0, 18.0)), repr(stats.chi2.sf(3.84, 1.0)), repr(special.comb(10.0, 3.0)))
weights = jnp.ones(3, jnp.float16)
print("half-precision weights stay half:", (weights * stats.pareto.sf(3.0, 2.0)).dtype, (weights * special.factorial(3.0)).dtype)
