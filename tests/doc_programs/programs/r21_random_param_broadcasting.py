# jax.random samplers whose parameters are arrays broadcast against `shape` (the docstrings'
# "must be broadcast-compatible with shape"): gamma / beta / poisson / binomial /
# bernoulli / weibull_min / generalized_normal / triangular / rayleigh / geometric / pareto /
# chisquare / f, each with lower-rank parameter arrays
import jax
import jax.numpy as jnp

k = jax.random.key(3)
ks = jax.random.split(k, 20)
a3 = jnp.array([0.5, 1.0, 4.0])
col = jnp.array([[0.2], [0.8]])
print(jax.random.gamma(ks[0], a3, (2, 3)))
print(jax.random.beta(ks[2], a3, 2.0, (2, 3)))
print(jax.random.beta(ks[3], col, a3))
print(jax.random.poisson(ks[4], a3, (2, 3)))
print(jax.random.binomial(ks[5], jnp.array([5.0, 10.0, 20.0]), 0.3, (2, 3)))
print(jax.random.binomial(ks[6], 10.0, col, (2, 3)))
print(jax.random.bernoulli(ks[7], col, (2, 3)))
print(jax.random.weibull_min(ks[8], a3, 2.0, (2, 3)))
print(
    jax.random.generalized_normal(ks[9], 1.5, (2, 3)),
    jax.random.generalized_normal(ks[9], a3 + 1, (2, 3)),
)
print(jax.random.triangular(ks[10], 0.0, a3, 5.0, (2, 3)))
print(jax.random.rayleigh(ks[11], a3, (2, 3)))
print(jax.random.geometric(ks[13], jnp.array([0.1, 0.5, 0.9]), (2, 3)))
print(jax.random.pareto(ks[15], a3, (2, 3)))
print(jax.random.chisquare(ks[17], a3, (2, 3)))
print(jax.random.f(ks[18], a3[None], 3.0, (2, 3)))
try:
    jax.random.f(ks[18], a3, 3.0, (2, 3))
except TypeError as e:
    print("TypeError", e)
print(jax.random.lognormal(ks[19], 0.5, (2, 3)), jax.random.cauchy(ks[19], (2,)))
print(jax.random.gamma(ks[0], jnp.ones((2, 3)) * 2).shape, jax.random.poisson(ks[4], 3.0).dtype)
print(jax.random.truncated_normal(ks[1], col, 1.0, (2, 3)))
print(jax.random.uniform(ks[2], (2, 3), minval=col, maxval=a3 + 1))
print(jax.random.randint(ks[3], (2, 3), col.astype(jnp.int32), 10))
print(jax.random.randint(ks[4], (2, 3), 0, jnp.array([3, 300, 30000]), jnp.int8))
