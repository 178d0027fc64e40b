# Hamiltonian Monte Carlo on a 2-D banana posterior: leapfrog by fori_loop, a Metropolis
# correction, vmap over chains with split keys, lax.scan over steps, summary statistics
import jax
import jax.numpy as jnp
from jax import lax, random


def log_prob(x):
    a, b = x[0], x[1] - 0.5 * x[0] ** 2
    return -0.5 * (a**2 / 2.0 + b**2 / 0.5)


grad_lp = jax.grad(log_prob)


def leapfrog(x, p, eps, n):
    p = p + 0.5 * eps * grad_lp(x)

    def body(i, c):
        x, p = c
        x = x + eps * p
        p = p + eps * grad_lp(x)
        return x, p

    x, p = lax.fori_loop(0, n - 1, body, (x, p))
    x = x + eps * p
    p = p + 0.5 * eps * grad_lp(x)
    return x, p


def hmc_step(x, key, eps=0.2, n=10):
    kp, ku = random.split(key)
    p0 = random.normal(kp, x.shape)
    x1, p1 = leapfrog(x, p0, eps, n)
    h0 = -log_prob(x) + 0.5 * jnp.sum(p0**2)
    h1 = -log_prob(x1) + 0.5 * jnp.sum(p1**2)
    accept = jnp.log(random.uniform(ku)) < h0 - h1
    return jnp.where(accept, x1, x), accept


def run_chain(key, x0, n_steps=300):
    keys = random.split(key, n_steps)

    def body(x, k):
        x, acc = hmc_step(x, k)
        return x, (x, acc)

    _, (xs, accs) = lax.scan(body, x0, keys)
    return xs, accs


n_chains = 4
key = random.key(7)
kinit, kchains = random.split(key)
x0 = random.normal(kinit, (n_chains, 2))
chain_keys = random.split(kchains, n_chains)
print(chain_keys.shape, chain_keys.dtype)
samples, accepts = jax.jit(jax.vmap(run_chain))(chain_keys, x0)
print(samples.shape, accepts.dtype, accepts.shape)
burned = samples[:, 100:]
print("acceptance", jnp.round(accepts.mean(axis=1), 3))
print("mean", jnp.round(burned.reshape(-1, 2).mean(0), 2))
print("var", jnp.round(burned.reshape(-1, 2).var(0), 2))
chain_means = burned.mean(axis=1)
within = burned.var(axis=1, ddof=1).mean(0)
between = 200 * chain_means.var(axis=0, ddof=1)
rhat = jnp.sqrt(((199 / 200) * within + between / 200) / within)
print("rhat < 1.2", bool(jnp.all(rhat < 1.2)))
print(jnp.round(samples[0, :3], 4))
x, acc = hmc_step(jnp.zeros(2), random.key(1))
print(x, acc, jax.typeof(acc))
print(random.key_data(chain_keys[0]), random.key_data(random.fold_in(key, 3)))
