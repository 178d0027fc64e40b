# jax.nn functions, jax.scipy.special/stats/linalg, jax.scipy.optimize.minimize
import numpy as np
import jax
import jax.numpy as jnp
import jax.nn as nn
from jax.scipy.optimize import minimize
from jax.scipy import special, stats, linalg

x = jnp.array([-2., -0.5, 0., 0.5, 2.])
for name in ["relu", "sigmoid", "softplus", "silu", "gelu", "elu", "leaky_relu", "selu",
             "log_sigmoid", "hard_tanh"]:
    print(name, jnp.round(getattr(nn, name)(x), 4))
print(jnp.round(nn.gelu(x, approximate=False), 4))
print(jnp.round(nn.softmax(x), 4), jnp.round(nn.log_softmax(x), 4))
m = jnp.arange(6.).reshape(2, 3)
print(jnp.round(nn.softmax(m, axis=0), 4))
print(nn.logsumexp(m, axis=1))
print(jnp.round(nn.standardize(m, axis=1), 4))
print(nn.one_hot(jnp.array([0, 2, 1, 5]), 3))
print(nn.one_hot(jnp.array([0, 2]), 4, dtype=jnp.int32))
print(nn.glu(jnp.arange(4.)))
print(jax.grad(lambda x: nn.relu(x))(0.), jax.grad(nn.relu)(1.))
print(jax.grad(lambda x: jnp.sum(nn.softmax(x) ** 2))(x))
key = jax.random.key(0)
for init in [nn.initializers.glorot_normal(), nn.initializers.lecun_uniform(),
             nn.initializers.he_normal(), nn.initializers.zeros, nn.initializers.ones,
             nn.initializers.normal(0.5), nn.initializers.orthogonal()]:
    w = init(key, (4, 3), jnp.float32)
    print(w.shape, w.dtype, float(jnp.round(jnp.std(w), 1)) >= 0)
print(nn.initializers.constant(-7)(key, (2, 3)))

print(jnp.round(special.erf(x), 5), jnp.round(special.erfc(x), 5))
print(jnp.round(special.gammaln(jnp.array([0.5, 1., 5.])), 5))
print(jnp.round(special.digamma(jnp.array([0.5, 1., 5.])), 5))
print(jnp.round(special.expit(x), 5), jnp.round(special.logit(jnp.array([0.25, 0.5])), 5))
print(special.logsumexp(jnp.array([1., 2., 3.]), b=jnp.array([1., -1., 1.]), return_sign=True))
print(jnp.round(special.xlogy(jnp.array([0., 2.]), jnp.array([0., 3.])), 5))
print(jnp.round(stats.norm.pdf(x), 5), jnp.round(stats.norm.cdf(x), 5))
print(jnp.round(stats.norm.logpdf(x, loc=1., scale=2.), 5))
print(jnp.round(stats.norm.ppf(jnp.array([0.1, 0.5, 0.9])), 5))
print(jnp.round(stats.multivariate_normal.logpdf(jnp.array([0.5, -1.]), jnp.zeros(2), jnp.eye(2)), 5))
print(jnp.round(stats.poisson.logpmf(jnp.array([0, 1, 3]), 2.), 5))
print(jnp.round(stats.bernoulli.logpmf(jnp.array([0, 1]), 0.3), 5))

a = jnp.array([[4., 1.], [1., 3.]])
print(jnp.round(linalg.cholesky(a, lower=True), 5))
print(jnp.round(linalg.solve(a, jnp.array([1., 2.]), assume_a='pos'), 5))
print(jnp.round(linalg.expm(jnp.array([[0., 1.], [-1., 0.]])), 5))
c = linalg.cho_factor(a)
print(jnp.round(linalg.cho_solve(c, jnp.array([1., 2.])), 5))
print(jnp.round(linalg.solve_triangular(jnp.array([[2., 0.], [1., 1.]]), jnp.array([2., 3.]), lower=True), 5))
print(jnp.round(linalg.det(a), 4), jnp.round(linalg.inv(a), 5))


def rosenbrock(x):
    return jnp.sum(100.0 * (x[1:] - x[:-1] ** 2.0) ** 2.0 + (1 - x[:-1]) ** 2.0)


res = minimize(rosenbrock, jnp.array([-1.2, 1.0, 0.8]), method="BFGS")
print(type(res).__name__, res.success, jnp.round(res.x, 3), res.status)
print(float(jnp.round(res.fun, 5)))
res = jax.jit(lambda x0: minimize(lambda x: jnp.sum((x - 3.) ** 2), x0, method="BFGS"))(jnp.zeros(2))
print(jnp.round(res.x, 4), res.nit > 0)
try:
    minimize(rosenbrock, jnp.zeros(2), method="Nelder-Mead")
except Exception as e:
    print(type(e).__name__)
