# A bootstrap particle filter for a 1-D nonlinear state-space model: propagation with
# random.normal, weights by log-likelihoods, systematic resampling by searchsorted on the
# cumulative weights, all in lax.scan with per-step keys, plus the log-evidence estimate
import jax
import jax.numpy as jnp
from jax import lax, random
from jax.scipy.special import logsumexp
from jax.scipy.stats import norm


def transition(x, t):
    return 0.5 * x + 25 * x / (1 + x ** 2) + 8 * jnp.cos(1.2 * t)


def simulate(key, T):
    def step(x, inp):
        t, k = inp
        k1, k2 = random.split(k)
        x = transition(x, t) + jnp.sqrt(10.) * random.normal(k1)
        y = x ** 2 / 20 + random.normal(k2)
        return x, (x, y)
    _, (xs, ys) = lax.scan(step, 0.1, (jnp.arange(T, dtype=jnp.float32), random.split(key, T)))
    return xs, ys


def systematic_resample(key, log_w):
    n = log_w.shape[0]
    w = jnp.exp(log_w - logsumexp(log_w))
    u = (random.uniform(key) + jnp.arange(n)) / n
    return jnp.clip(jnp.searchsorted(jnp.cumsum(w), u), 0, n - 1)


def particle_filter(key, ys, n=256):
    def step(carry, inp):
        particles, log_z = carry
        t, y, k = inp
        k1, k2 = random.split(k)
        particles = transition(particles, t) + jnp.sqrt(10.) * random.normal(k1, (n,))
        log_w = norm.logpdf(y, particles ** 2 / 20, 1.0)
        log_z = log_z + logsumexp(log_w) - jnp.log(n)
        mean = jnp.sum(jax.nn.softmax(log_w) * particles)
        idx = systematic_resample(k2, log_w)
        return (particles[idx], log_z), mean

    T = ys.shape[0]
    init = (jnp.zeros(n) + 0.1, 0.0)
    (particles, log_z), means = lax.scan(step, init, (jnp.arange(T, dtype=jnp.float32), ys, random.split(key, T)))
    return means, log_z


xs, ys = simulate(random.key(0), 30)
means, log_z = jax.jit(particle_filter)(random.key(1), ys)
print(xs.shape, ys.shape, means.shape, jnp.isfinite(log_z))
print("rmse", jnp.sqrt(jnp.mean((jnp.abs(means) - jnp.abs(xs)) ** 2)) < 10)
print(systematic_resample(random.key(3), jnp.log(jnp.array([0.1, 0.2, 0.7]))))
print(jnp.searchsorted(jnp.array([0.1, 0.3, 1.0]), jnp.array([0.05, 0.3, 0.31, 0.99])))
lz = jax.vmap(lambda k: particle_filter(k, ys, 64)[1])(random.split(random.key(2), 4))
print(lz.shape, jnp.all(jnp.isfinite(lz)))
print(jnp.round(ys[:3], 3))
