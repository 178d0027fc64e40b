# Gibbs sampling for a Bayesian Gaussian mixture with known variance: assignments drawn by
# jax.random.categorical from per-point log-weights, component means from their conjugate normal
# posteriors with segment sums, weights from a Dirichlet, label switching handled by sorting the
# means, several chains by vmap and a Rhat diagnostic over the sorted means
import jax
import jax.numpy as jnp
import numpy as np

K, SIGMA, PRIOR_SD = 3, 0.5, 5.0
rng = np.random.default_rng(0)
true_means = np.array([-3.0, 0.5, 4.0])
z_true = rng.choice(3, 300, p=[0.3, 0.5, 0.2])
x = jnp.asarray(true_means[z_true] + SIGMA * rng.normal(size=300), jnp.float32)


def gibbs_step(state, key):
    means, weights = state
    k1, k2, k3 = jax.random.split(key, 3)
    logits = jnp.log(weights) - 0.5 * ((x[:, None] - means[None]) / SIGMA) ** 2
    z = jax.random.categorical(k1, logits)
    counts = jax.ops.segment_sum(jnp.ones_like(x), z, num_segments=K)
    sums = jax.ops.segment_sum(x, z, num_segments=K)
    post_prec = 1 / PRIOR_SD**2 + counts / SIGMA**2
    post_mean = (sums / SIGMA**2) / post_prec
    means = post_mean + jax.random.normal(k2, (K,)) / jnp.sqrt(post_prec)
    weights = jax.random.dirichlet(k3, 1.0 + counts)
    order = jnp.argsort(means)
    return (means[order], weights[order]), (means[order], weights[order], counts[order])


@jax.jit
def chain(key, n=600):
    k0, k1 = jax.random.split(key)
    init = (jax.random.normal(k0, (K,)) * 2, jnp.full(K, 1.0 / K))
    _, trace = jax.lax.scan(gibbs_step, init, jax.random.split(k1, n))
    return trace


means, weights, counts = jax.vmap(chain)(jax.random.split(jax.random.key(0), 4))
burn = means[:, 200:]
print(means.shape, weights.dtype, counts.dtype)
print("posterior means", jnp.round(burn.mean((0, 1)), 2))
print("posterior weights", jnp.round(weights[:, 200:].mean((0, 1)), 2))


def rhat(samples):
    m, n = samples.shape
    chain_means = samples.mean(1)
    B = n * chain_means.var(ddof=1)
    W = samples.var(1, ddof=1).mean()
    return jnp.sqrt(((n - 1) / n * W + B / n) / W)


print("rhat", jnp.round(jax.vmap(rhat, in_axes=2)(burn), 3), bool(jnp.all(jax.vmap(rhat, in_axes=2)(burn) < 1.1)))
print("weights sum", jnp.round(weights[:, -1].sum(-1), 5))
print(jax.random.dirichlet(jax.random.key(1), jnp.array([1.0, 2.0, 3.0]), (2,)).round(4))
