# Bayesian linear regression with polynomial features: the closed-form Gaussian posterior, the
# log marginal likelihood (evidence) computed two ways (jax.scipy.stats.multivariate_normal of
# the targets, and the Woodbury/determinant form), the prior and noise precisions fit by
# gradient ascent on log-parameters, model order chosen by evidence, predictive bands
import jax
import jax.numpy as jnp
from jax.scipy.stats import multivariate_normal

key = jax.random.key(8)
x = jnp.linspace(-1, 1, 30)
t = jnp.sin(2.5 * x) + 0.2 * jax.random.normal(key, x.shape)


def features(x, degree):
    return jnp.stack([x**d for d in range(degree + 1)], 1)


def evidence_mvn(log_a, log_b, Phi):
    a, b = jnp.exp(log_a), jnp.exp(log_b)
    cov = Phi @ Phi.T / a + jnp.eye(Phi.shape[0]) / b
    return multivariate_normal.logpdf(t, jnp.zeros_like(t), cov)


def evidence_closed(log_a, log_b, Phi):
    a, b = jnp.exp(log_a), jnp.exp(log_b)
    N, M = Phi.shape
    A = a * jnp.eye(M) + b * Phi.T @ Phi
    m = b * jnp.linalg.solve(A, Phi.T @ t)
    E = 0.5 * b * jnp.sum((t - Phi @ m) ** 2) + 0.5 * a * m @ m
    _, logdet = jnp.linalg.slogdet(A)
    return 0.5 * M * log_a + 0.5 * N * log_b - E - 0.5 * logdet - 0.5 * N * jnp.log(2 * jnp.pi)


Phi = features(x, 5)
print("evidence two ways %.4f %.4f" % (float(evidence_mvn(0.0, 2.0, Phi)), float(evidence_closed(0.0, 2.0, Phi))))
grad_fn = jax.jit(jax.grad(evidence_closed, argnums=(0, 1)))
la, lb = 0.0, 0.0
for i in range(200):
    ga, gb = grad_fn(la, lb, Phi)
    la, lb = la + 0.05 * ga, lb + 0.05 * gb
print("alpha %.3f beta %.3f (noise std %.3f)" % (float(jnp.exp(la)), float(jnp.exp(lb)), float(jnp.exp(-0.5 * lb))))
for d in range(1, 8):
    print(f"degree {d} evidence {float(evidence_closed(la, lb, features(x, d))):.3f}")
a, b = jnp.exp(la), jnp.exp(lb)
A = a * jnp.eye(6) + b * Phi.T @ Phi
m = b * jnp.linalg.solve(A, Phi.T @ t)
xs = jnp.array([-0.9, 0.0, 0.9])
Ps = features(xs, 5)
var = 1 / b + jnp.sum(Ps @ jnp.linalg.inv(A) * Ps, 1)
print("predictive mean", jnp.round(Ps @ m, 3), "std", jnp.round(jnp.sqrt(var), 3))
print("weights", jnp.round(m, 2))
