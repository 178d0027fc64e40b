# Differentiating through jax.random samplers (the reparameterization trick of the random
# numbers and autodiff pages): gradients of normal / uniform / exponential / laplace samples
# with respect to location and scale, the implicit gradients of gamma / beta / dirichlet /
# loggamma with respect to their shape parameters, samplers under vmap over keys and
# parameters, and jit of a Monte Carlo estimate with its gradient
import jax
import jax.numpy as jnp

key = jax.random.key(42)


def sample_mean(mu, sigma, key):
    return jnp.mean(mu + sigma * jax.random.normal(key, (1000,)))


print(jax.grad(sample_mean, argnums=(0, 1))(1.0, 2.0, key))
print(jax.grad(lambda a: jax.random.gamma(key, a))(2.0))
print(jax.grad(lambda a: jax.random.gamma(key, a, (3,)).sum())(jnp.array(0.5)))
print(jax.vmap(jax.grad(lambda a: jax.random.gamma(key, a)))(jnp.array([0.5, 1.0, 4.0])))
print(jax.grad(lambda a: jax.random.loggamma(key, a))(3.0))
print(jax.grad(lambda a, b: jax.random.beta(key, a, b), argnums=(0, 1))(2.0, 3.0))
print(jax.jacobian(lambda al: jax.random.dirichlet(key, al))(jnp.array([1.0, 2.0, 3.0])))
print(jax.grad(lambda s: jax.random.exponential(key) * s)(2.0))
print(jax.grad(lambda lo, hi: jax.random.uniform(key, minval=lo, maxval=hi), (0, 1))(1.0, 3.0))
print(jax.grad(lambda s: jnp.sum(jax.random.laplace(key, (4,)) * s))(1.5))
keys = jax.random.split(key, 4)
print(jax.vmap(lambda k: jax.random.gamma(k, 2.0))(keys))
print(jax.vmap(jax.random.gamma)(keys, jnp.array([1.0, 2.0, 3.0, 4.0])))
print(jax.vmap(lambda k, a: jax.random.beta(k, a, 2.0, (2,)))(keys, jnp.arange(1.0, 5.0)))
print(jax.vmap(lambda k: jax.random.poisson(k, 3.0, (3,)))(keys))


@jax.jit
def elbo_grad(params, key):
    def elbo(p):
        eps = jax.random.normal(key, (256,))
        z = p["mu"] + jnp.exp(p["log_sigma"]) * eps
        logp = -0.5 * (z - 3.0) ** 2
        entropy = p["log_sigma"]
        return jnp.mean(logp) + entropy

    return jax.value_and_grad(elbo)(params)


params = {"mu": 0.0, "log_sigma": 0.0}
for step in range(3):
    val, g = elbo_grad(params, jax.random.fold_in(key, step))
    params = jax.tree.map(lambda p, d: p + 0.5 * d, params, g)
    print(step, round(float(val), 4), jax.tree.map(lambda v: round(float(v), 4), params))
print(jax.grad(lambda a: jax.random.gamma(key, a, dtype=jnp.float32))(jnp.float32(1e-3)))
print(jax.grad(lambda t: jax.random.truncated_normal(key, -1.0, 1.0) * t)(2.0))
