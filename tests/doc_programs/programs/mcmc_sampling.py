# Markov chain Monte Carlo written with lax.scan and jax.random: random-walk Metropolis and
# Hamiltonian Monte Carlo on a 2-D Gaussian, several chains vmapped
import jax
import jax.numpy as jnp
from jax import lax

cov = jnp.array([[1.0, 0.6], [0.6, 0.5]])
prec = jnp.linalg.inv(cov)


def log_prob(x):
    return -0.5 * x @ prec @ x


def rw_metropolis_step(state, key):
    x, lp = state
    k1, k2 = jax.random.split(key)
    proposal = x + 0.5 * jax.random.normal(k1, x.shape)
    lp_prop = log_prob(proposal)
    accept = jnp.log(jax.random.uniform(k2)) < lp_prop - lp
    x = jnp.where(accept, proposal, x)
    lp = jnp.where(accept, lp_prop, lp)
    return (x, lp), (x, accept)


def run_chain(key, x0, n_steps=200):
    keys = jax.random.split(key, n_steps)
    _, (xs, accepted) = lax.scan(rw_metropolis_step, (x0, log_prob(x0)), keys)
    return xs, accepted


xs, acc = jax.jit(run_chain, static_argnums=2)(jax.random.key(0), jnp.zeros(2), 200)
print(xs.shape, acc.dtype)
print(xs[:3])
print(acc.mean())
print(xs[50:].mean(0))

keys = jax.random.split(jax.random.key(1), 4)
chains, accs = jax.jit(jax.vmap(run_chain, in_axes=(0, None)))(keys, jnp.ones(2))
print(chains.shape)
print(accs.mean(axis=1))
samples = chains[:, 50:].reshape(-1, 2)
print(jnp.round(jnp.cov(samples.T), 1))


def leapfrog(x, p, step, n):
    grad = jax.grad(log_prob)
    p = p + 0.5 * step * grad(x)
    def body(i, carry):
        x, p = carry
        x = x + step * p
        p = p + step * grad(x)
        return x, p
    x, p = lax.fori_loop(0, n - 1, body, (x, p))
    x = x + step * p
    p = p + 0.5 * step * grad(x)
    return x, p


def hmc_step(x, key):
    k1, k2 = jax.random.split(key)
    p0 = jax.random.normal(k1, x.shape)
    x_new, p_new = leapfrog(x, p0, 0.2, 5)
    h0 = -log_prob(x) + 0.5 * p0 @ p0
    h1 = -log_prob(x_new) + 0.5 * p_new @ p_new
    accept = jnp.log(jax.random.uniform(k2)) < h0 - h1
    x = jnp.where(accept, x_new, x)
    return x, (x, accept)


@jax.jit
def hmc(key, x0):
    return lax.scan(hmc_step, x0, jax.random.split(key, 300))


last, (hs, haccs) = hmc(jax.random.key(2), jnp.zeros(2))
print(last)
print(haccs.mean())
print(jnp.round(hs[50:].mean(0), 2))
print(jnp.round(jnp.cov(hs[50:].T), 1))

# The same key gives the same chain; a fold_in per chain gives independent ones.
a, _ = run_chain(jax.random.key(3), jnp.zeros(2), 10)
b, _ = run_chain(jax.random.key(3), jnp.zeros(2), 10)
c, _ = run_chain(jax.random.fold_in(jax.random.key(3), 1), jnp.zeros(2), 10)
print(bool((a == b).all()), bool((a == c).all()))
