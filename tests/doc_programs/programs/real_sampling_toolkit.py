# A toolbox of classic Monte Carlo samplers written with jax.random: rejection sampling of a Beta
# density under a uniform envelope with a fixed-size candidate pool and jnp.nonzero(size=...),
# Box-Muller versus jax.random.normal moments, importance sampling with self-normalised weights and
# the effective sample size, stratified and antithetic estimators of an integral with their
# variances, and quasi-random Halton points from digit reversal by lax.fori_loop
import jax
import jax.numpy as jnp
from jax.scipy.stats import beta, norm

A, B = 2.0, 5.0
mode = (A - 1) / (A + B - 2)
M = float(beta.pdf(mode, A, B))


def rejection(key, n_pool=20000):
    k1, k2 = jax.random.split(key)
    x = jax.random.uniform(k1, (n_pool,))
    u = jax.random.uniform(k2, (n_pool,))
    accept = u * M < beta.pdf(x, A, B)
    idx = jnp.nonzero(accept, size=n_pool // 2, fill_value=0)[0]
    return x[idx], accept.mean()


samples, rate = jax.jit(rejection)(jax.random.key(0))
print(samples.shape, abs(float(rate) - 1 / M) < 0.02, abs(float(samples.mean()) - A / (A + B)) < 0.01)


def box_muller(key, n):
    k1, k2 = jax.random.split(key)
    u1, u2 = jax.random.uniform(k1, (n,), minval=1e-7), jax.random.uniform(k2, (n,))
    r = jnp.sqrt(-2 * jnp.log(u1))
    return jnp.concatenate([r * jnp.cos(2 * jnp.pi * u2), r * jnp.sin(2 * jnp.pi * u2)])


bm = box_muller(jax.random.key(1), 50000)
print(abs(float(bm.mean())) < 0.02, abs(float(bm.var()) - 1) < 0.02, abs(float((bm**4).mean()) - 3) < 0.1)

f = lambda x: jnp.where(x > 3.0, 1.0, 0.0)
true_tail = float(norm.sf(3.0))
x_is = 3.0 + jax.random.exponential(jax.random.key(2), (20000,))
logw = norm.logpdf(x_is) - (-(x_is - 3.0))
w = jnp.exp(logw)
est_is = float(jnp.mean(w * f(x_is)))
wn = jax.nn.softmax(logw)
ess = float(1 / jnp.sum(wn**2))
print(abs(est_is - true_tail) / true_tail < 0.05, ess > 1000, round(true_tail, 6))

g = lambda u: jnp.exp(u)
n = 1000
plain = jax.random.uniform(jax.random.key(3), (200, n))
strata = (jnp.arange(n) + jax.random.uniform(jax.random.key(4), (200, n))) / n
anti = jax.random.uniform(jax.random.key(5), (200, n // 2))
est_plain = g(plain).mean(1)
est_strat = g(strata).mean(1)
est_anti = (0.5 * (g(anti) + g(1 - anti))).mean(1)
print(float(est_strat.var()) < float(est_anti.var()) < float(est_plain.var()), float(jnp.e - 1))


def halton(n, base):
    def one(i):
        def body(_, s):
            i, f, r = s
            f = f / base
            return i // base, f, r + f * (i % base)

        _, _, r = jax.lax.fori_loop(0, 20, body, (i, 1.0, 0.0))
        return r

    return jax.vmap(one)(jnp.arange(1, n + 1))


h = jnp.stack([halton(1024, 2), halton(1024, 3)], 1)
print(h[:4], bool(jnp.all((h > 0) & (h < 1))))
qmc = float(jnp.exp(h[:, 0]).mean())
print(abs(qmc - float(jnp.e - 1)) < 2e-3)
