# A bootstrap particle filter for a stochastic-volatility style state-space model: simulate with
# lax.scan, propagate particles with random.normal, log-weights by a Gaussian log-pdf, systematic
# resampling by cumsum + searchsorted, effective sample size with conditional resampling
# (lax.cond), the log marginal likelihood estimate over a grid of parameters by vmap, and
# several independent filters by vmap over split keys
import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp
from jax.scipy.stats import norm

T, P = 30, 256


def simulate(key, phi, sigma, beta):
    def step(h, k):
        k1, k2 = jax.random.split(k)
        h = phi * h + sigma * jax.random.normal(k1)
        y = beta * jnp.exp(h / 2) * jax.random.normal(k2)
        return h, (h, y)

    _, (hs, ys) = jax.lax.scan(step, 0.0, jax.random.split(key, T))
    return hs, ys


hs, ys = simulate(jax.random.key(0), 0.9, 0.3, 0.7)
print(hs.shape, ys.dtype, f"{float(jnp.std(ys)):.4f}")


def systematic_resample(key, logw):
    w = jax.nn.softmax(logw)
    u = (jax.random.uniform(key) + jnp.arange(P)) / P
    idx = jnp.searchsorted(jnp.cumsum(w), u)
    return jnp.minimum(idx, P - 1)


def particle_filter(key, ys, phi, sigma, beta):
    k0, key = jax.random.split(key)
    h0 = sigma / jnp.sqrt(1 - phi**2) * jax.random.normal(k0, (P,))

    def step(carry, inputs):
        h, logw, ll = carry
        k, y = inputs
        kprop, kres = jax.random.split(k)
        h = phi * h + sigma * jax.random.normal(kprop, (P,))
        inc = norm.logpdf(y, 0.0, beta * jnp.exp(h / 2))
        logw = logw + inc
        ll = ll + logsumexp(logw) - logsumexp(logw - inc)
        ess = 1.0 / jnp.sum(jax.nn.softmax(logw) ** 2)

        def resample(args):
            h, logw = args
            idx = systematic_resample(kres, logw)
            return h[idx], jnp.zeros(P)

        h, logw = jax.lax.cond(ess < P / 2, resample, lambda a: a, (h, logw))
        mean = jnp.sum(jax.nn.softmax(logw) * h)
        return (h, logw, ll), (mean, ess)

    (h, logw, ll), (means, ess) = jax.lax.scan(step, (h0, jnp.zeros(P), 0.0), (jax.random.split(key, T), ys))
    return ll, means, ess


pf = jax.jit(particle_filter)
ll, means, ess = pf(jax.random.key(1), ys, 0.9, 0.3, 0.7)
print(f"{float(ll):.3f}", means.shape, ess.dtype, bool(jnp.all(ess > 0)), bool(jnp.all(ess <= P + 1e-3)))
print(f"{float(jnp.corrcoef(means, hs)[0, 1]):.3f}")
idx = systematic_resample(jax.random.key(2), jnp.log(jnp.array([0.5, 0.25, 0.25] + [0.0] * (P - 3)) + 1e-30))
print(idx.dtype, jnp.bincount(idx, length=4))

phis = jnp.linspace(0.5, 0.95, 4)
lls = jax.vmap(lambda p: pf(jax.random.key(1), ys, p, 0.3, 0.7)[0])(phis)
print([f"{float(v):.3f}" for v in lls], int(jnp.argmax(lls)))
runs = jax.vmap(lambda k: pf(k, ys, 0.9, 0.3, 0.7)[0])(jax.random.split(jax.random.key(5), 6))
print(runs.shape, f"{float(jnp.mean(runs)):.3f}", bool(jnp.std(runs) < 3.0))
print(jax.make_jaxpr(systematic_resample)(jax.random.key(2), jnp.zeros(P)).jaxpr.outvars[0].aval)
