# Rare-event probabilities by importance sampling: P(X > 4) for a standard normal by naive Monte
# Carlo, by an exponentially tilted (shifted) proposal with likelihood ratios, and by
# self-normalised IS; the tail of a sum of exponentials by a tilted gamma proposal; relative
# errors and variance reductions; the optimal shift found by minimising the second moment with
# grad; a control-variate estimate of E[exp(U)]
import jax
import jax.numpy as jnp
from jax.scipy.stats import norm, gamma

key = jax.random.key(123)
N = 100_000
a = 4.0
exact = norm.sf(a)
print("exact P(X > 4):", float(exact))

x = jax.random.normal(key, (N,))
naive = jnp.mean(x > a)
print("naive estimate:", float(naive), "hits:", int(jnp.sum(x > a)))


def is_estimate(key, shift, n=N):
    y = jax.random.normal(key, (n,)) + shift
    w = jnp.exp(norm.logpdf(y) - norm.logpdf(y, loc=shift))
    f = (y > a) * w
    return f.mean(), f.std() / jnp.sqrt(n), w


est, se, w = jax.jit(is_estimate)(key, a)
print("IS estimate:", float(est), "relative error < 2%:", bool(abs(est - exact) / exact < 0.02))
print("relative standard error:", round(float(se / est), 4))
print("variance reduction factor > 1000:", bool(exact * (1 - exact) / N / se**2 > 1000))
print("mean weight ~1:", round(float(w.mean()), 3))


def second_moment(shift, key=jax.random.key(7), n=20000):
    y = jax.random.normal(key, (n,)) + shift
    logw = norm.logpdf(y) - norm.logpdf(y, loc=shift)
    return jnp.mean(jax.nn.sigmoid(20 * (y - a)) * jnp.exp(2 * logw))


s = 3.0
for _ in range(50):
    s = s - 2e7 * jax.grad(second_moment)(s)
print("optimised shift:", round(float(s), 2), "near a + 1/a:", bool(abs(s - (a + 1 / a)) < 0.5))

K, thresh = 5, 20.0
exact_gamma = gamma.sf(thresh, K)
print("exact P(sum of 5 Exp(1) > 20):", float(exact_gamma))
theta = 1 - K / thresh  # tilted rate 1 - theta


def tilted(key, n=N):
    e = jax.random.exponential(key, (n, K)) / (1 - theta)
    s = e.sum(1)
    logw = -theta * s - K * jnp.log(1 - theta)
    return jnp.mean((s > thresh) * jnp.exp(logw))


print("tilted estimate relative error < 3%:", bool(abs(tilted(key) - exact_gamma) / exact_gamma < 0.03))
u = jax.random.uniform(key, (N,))
f = jnp.exp(u)
c = -jnp.cov(f, u)[0, 1] / jnp.var(u, ddof=1)
cv = f + c * (u - 0.5)
print("control variate: plain var", round(float(f.var()), 4), "cv var", round(float(cv.var()), 5), "mean", round(float(cv.mean()), 4))
