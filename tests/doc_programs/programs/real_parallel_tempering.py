# Parallel tempering (replica-exchange MCMC) on a bimodal 2D target: random-walk Metropolis
# chains at a ladder of temperatures vmapped over replicas, neighbouring replicas proposing
# swaps every step with Metropolis acceptance, everything in one jitted lax.scan with split
# keys; the cold chain's mode occupancy and acceptance rates compared with a single chain
import jax
import jax.numpy as jnp

betas = jnp.array([1.0, 0.5, 0.25, 0.1])
modes = jnp.array([[-3.0, -3.0], [3.0, 3.0]])


def log_target(x):
    d = jnp.sum((x[None] - modes) ** 2, -1)
    return jax.nn.logsumexp(-0.5 * d / 0.5)


def mh_step(key, x, beta, scale=0.8):
    k1, k2 = jax.random.split(key)
    prop = x + scale * jax.random.normal(k1, x.shape)
    log_a = beta * (log_target(prop) - log_target(x))
    accept = jnp.log(jax.random.uniform(k2)) < log_a
    return jnp.where(accept, prop, x), accept


def swap_step(key, xs, offset):
    i = jnp.arange(offset, len(betas) - 1, 2)
    lp = jax.vmap(log_target)(xs)
    log_a = (betas[i] - betas[i + 1]) * (lp[i + 1] - lp[i])
    accept = jnp.log(jax.random.uniform(key, i.shape)) < log_a
    a, b = xs[i], xs[i + 1]
    xs = xs.at[i].set(jnp.where(accept[:, None], b, a))
    xs = xs.at[i + 1].set(jnp.where(accept[:, None], a, b))
    return xs, accept


def pt_step(xs, key):
    k1, k2, k3, k4 = jax.random.split(key, 4)
    xs, acc1 = jax.vmap(mh_step)(jax.random.split(k1, len(betas)), xs, betas)
    xs, even = swap_step(k2, xs, 0)
    xs, acc2 = jax.vmap(mh_step)(jax.random.split(k3, len(betas)), xs, betas)
    xs, odd = swap_step(k4, xs, 1)
    return xs, (xs[0], (acc1 & acc2), jnp.concatenate([even, odd]))


n = 1000
keys = jax.random.split(jax.random.key(7), n)
x0 = jnp.tile(jnp.array([-3.0, -3.0]), (len(betas), 1))
_, (cold, acc, swaps) = jax.jit(lambda x: jax.lax.scan(pt_step, x, keys))(x0)
print("cold chain mean", jnp.round(cold[200:].mean(0), 1))
print("fraction in + mode %.2f" % float(jnp.mean(cold[500:, 0] > 0)))
print("mh acceptance per temperature", jnp.round(acc.mean(0), 2))
print("swap acceptance", jnp.round(swaps.mean(0), 2))

single = jax.jit(lambda x: jax.lax.scan(lambda x, k: (lambda y: (y[0], y[0]))(mh_step(k, x, 1.0)), x, keys))(jnp.array([-3.0, -3.0]))[1]
print("single chain fraction in + mode %.2f" % float(jnp.mean(single[200:, 0] > 0)))
print("cold chain shape", cold.shape, cold.dtype, "swaps", swaps.shape, swaps.dtype)
