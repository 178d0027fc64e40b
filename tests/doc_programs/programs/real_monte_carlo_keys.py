# Monte Carlo with explicit key management: a key tree from random.split for independent
# estimators, vmap over keys for batches of estimates, antithetic variates and a control
# variate for variance reduction, importance sampling of a tail probability, and a
# fold_in-keyed random walk; means, standard errors and shapes printed
import jax
import jax.numpy as jnp
from jax import random

key = random.key(2024)
k_pi, k_int, k_tail, k_walk = random.split(key, 4)
print("key dtype", k_pi.dtype, random.key_data(k_pi).shape)


def pi_estimate(k, n=4096):
    xy = random.uniform(k, (n, 2))
    return 4.0 * jnp.mean(jnp.sum(xy**2, -1) <= 1.0)


keys = random.split(k_pi, 16)
ests = jax.jit(jax.vmap(pi_estimate))(keys)
print("pi", round(float(ests.mean()), 4), "se", round(float(ests.std() / 4), 4), ests.shape)


def plain(k, n=2000):
    u = random.uniform(k, (n,))
    return jnp.mean(jnp.exp(u))


def antithetic(k, n=1000):
    u = random.uniform(k, (n,))
    return jnp.mean(0.5 * (jnp.exp(u) + jnp.exp(1 - u)))


def control_variate(k, n=2000):
    u = random.uniform(k, (n,))
    f, g = jnp.exp(u), u
    c = -jnp.cov(f, g)[0, 1] / jnp.var(g, ddof=1)
    return jnp.mean(f + c * (g - 0.5))


exact = jnp.e - 1
ks = random.split(k_int, 64)
for name, est in [("plain", plain), ("antithetic", antithetic), ("control", control_variate)]:
    v = jax.vmap(est)(ks)
    print(f"{name:10s} mean {float(v.mean()):.5f} err {float(jnp.abs(v.mean() - exact)):.5f} std {float(v.std()):.6f}")


def tail_prob(k, n=5000, shift=4.0):
    z = random.normal(k, (n,)) + shift
    w = jnp.exp(-shift * z + 0.5 * shift**2)
    return jnp.mean((z > 4.0) * w)


tp = jax.vmap(tail_prob)(random.split(k_tail, 8))
print("P(Z>4) ~ %.3e exact %.3e" % (float(tp.mean()), float(jax.scipy.stats.norm.sf(4.0))))


def walk(k, steps=100):
    def step(pos, i):
        d = random.choice(random.fold_in(k, i), jnp.array([-1, 1]))
        return pos + d, pos + d

    return jax.lax.scan(step, 0, jnp.arange(steps))[1]


paths = jax.vmap(walk)(random.split(k_walk, 200))
print("walk", paths.shape, paths.dtype, "mean end", float(paths[:, -1].mean()), "var end", float(paths[:, -1].var()))
print("max excursion", int(jnp.abs(paths).max()))
tree = jax.tree.map(lambda k: random.normal(k, (2,)), {"a": random.key(0), "b": [random.key(1), random.key(2)]})
print(jax.tree.map(lambda x: jnp.round(x, 4), tree))
print("split shapes", random.split(key, (2, 3)).shape, random.split(key).shape)
