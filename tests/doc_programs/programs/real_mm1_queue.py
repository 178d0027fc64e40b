# Queueing simulations without Python loops: an M/M/1 queue by the Lindley recursion
# W_{n+1} = max(0, W_n + S_n - A_{n+1}) as a lax.scan, waiting times compared with the
# Pollaczek-Khinchine / M/M/1 formulas over a vmap of utilisations, Little's law checked from
# arrival and departure times, an M/M/c multi-server queue by scanning the servers' free times
# (a sorted vector), and the Erlang-C waiting probability
import jax
import jax.numpy as jnp
from jax.scipy.special import gammaln

N = 20000


def mm1(key, lam, mu):
    k1, k2 = jax.random.split(key)
    inter = jax.random.exponential(k1, (N,)) / lam
    service = jax.random.exponential(k2, (N,)) / mu

    def step(w, xs):
        s, a_next = xs
        w_next = jnp.maximum(0.0, w + s - a_next)
        return w_next, w

    _, waits = jax.lax.scan(step, 0.0, (service, jnp.roll(inter, -1)))
    arrivals = jnp.cumsum(inter)
    departures = arrivals + waits + service
    return waits, arrivals, departures


key = jax.random.key(0)
waits, arr, dep = jax.jit(mm1)(key, 0.8, 1.0)
burn = 2000
print("mean wait:", round(float(waits[burn:].mean()), 2), "theory:", round(0.8 / (1.0 * (1.0 - 0.8)), 2))
print("P(wait = 0):", round(float(jnp.mean(waits[burn:] == 0)), 3), "theory:", 0.2)
T = dep[-1]
sojourn = (dep - arr)[burn:].mean()
grid = jnp.linspace(arr[burn], arr[-1], 2000)
in_system = jnp.searchsorted(arr, grid, side="right") - jnp.searchsorted(jnp.sort(dep), grid, side="right")
lam_hat = (N - burn) / (arr[-1] - arr[burn])
print("Little's law L = lambda W:", round(float(in_system.mean()), 2), "vs", round(float(lam_hat * sojourn), 2))

rhos = jnp.array([0.3, 0.5, 0.7, 0.9])
sim = jax.vmap(lambda r: mm1(key, r, 1.0)[0][burn:].mean())(rhos)
theory = rhos / (1 - rhos)
print("simulated waits:", jnp.round(sim, 2))
print("theory:", jnp.round(theory, 2), "relative errors < 25%:", bool(jnp.all(jnp.abs(sim - theory) / theory < 0.25)))


def mmc(key, lam, mu, c):
    k1, k2 = jax.random.split(key)
    arrivals = jnp.cumsum(jax.random.exponential(k1, (N,)) / lam)
    service = jax.random.exponential(k2, (N,)) / mu

    def step(free, xs):
        a, s = xs
        start = jnp.maximum(a, free[0])
        free = jnp.sort(free.at[0].set(start + s))
        return free, start - a

    _, waits = jax.lax.scan(step, jnp.zeros(c), (arrivals, service))
    return waits


def erlang_c(c, rho_total):
    k = jnp.arange(c)
    terms = jnp.exp(k * jnp.log(rho_total) - gammaln(k + 1.0))
    last = jnp.exp(c * jnp.log(rho_total) - gammaln(c + 1.0)) * c / (c - rho_total)
    return last / (terms.sum() + last)


w3 = jax.jit(mmc, static_argnums=3)(key, 2.4, 1.0, 3)
pc = erlang_c(3, 2.4)
print("M/M/3 P(wait > 0):", round(float(jnp.mean(w3[burn:] > 0)), 3), "Erlang C:", round(float(pc), 3))
print("M/M/3 mean wait:", round(float(w3[burn:].mean()), 2), "theory:", round(float(pc / (3 * 1.0 - 2.4)), 2))
