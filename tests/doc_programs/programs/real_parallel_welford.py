# Streaming statistics: Welford's online mean / variance by lax.scan over batches, the same
# statistics merged in parallel by lax.associative_scan over (count, mean, M2) triples
# (Chan et al.'s combination), a running exponential moving average, and per-feature
# min / max / histogram accumulators, all checked against jnp on the full data
import jax
import jax.numpy as jnp
import numpy as np

rng = np.random.default_rng(2)
data = jnp.asarray(rng.normal(loc=3.0, scale=2.0, size=(64, 16, 3)), jnp.float32)
flat = data.reshape(-1, 3)


def batch_stats(x):
    n = jnp.full((1,), x.shape[0], jnp.float32)
    mean = x.mean(0)
    return n, mean, jnp.sum((x - mean) ** 2, 0)


def merge(a, b):
    na, ma, m2a = a
    nb, mb, m2b = b
    n = na + nb
    delta = mb - ma
    mean = ma + delta * nb / n
    m2 = m2a + m2b + delta**2 * na * nb / n
    return n, mean, m2


def welford(carry, x):
    n, mean, m2 = carry
    n2, mean2, m22 = merge((n, mean, m2), batch_stats(x))
    return (n2, mean2, m22), mean2


first = batch_stats(data[0])
(n, mean, m2), running = jax.lax.scan(welford, first, data[1:])
print("n", float(n[0]), "mean", jnp.round(mean, 4), "var", jnp.round(m2 / n, 4))
print("matches jnp", bool(jnp.allclose(mean, flat.mean(0), atol=1e-4)), bool(jnp.allclose(m2 / n, flat.var(0), atol=1e-3)))
print("running means", running.shape, jnp.round(running[::21, 0], 4))
per = jax.vmap(batch_stats)(data)
ns, means, m2s = jax.lax.associative_scan(merge, per)
print("parallel final", float(ns[-1, 0]), jnp.round(means[-1], 4), jnp.round(m2s[-1] / ns[-1], 4))
print("prefix agrees with scan", bool(jnp.allclose(means[1:], running, atol=1e-4)))


def ema(carry, x, decay=0.9):
    new = decay * carry + (1 - decay) * x.mean(0)
    return new, new


_, emas = jax.lax.scan(ema, data[0].mean(0), data[1:])
print("ema last", jnp.round(emas[-1], 4))


def minmax_hist(carry, x):
    lo, hi, hist = carry
    counts = jax.vmap(lambda col: jnp.histogram(col, bins=8, range=(-5.0, 11.0))[0], in_axes=1)(x)
    return (jnp.minimum(lo, x.min(0)), jnp.maximum(hi, x.max(0)), hist + counts), None


(lo, hi, hist), _ = jax.lax.scan(minmax_hist, (jnp.full(3, jnp.inf), jnp.full(3, -jnp.inf), jnp.zeros((3, 8))), data)
print("min", jnp.round(lo, 3), "max", jnp.round(hi, 3))
print("hist feature 0", hist[0], "total", float(hist.sum()))
print("minmax agree", bool(jnp.all(lo == flat.min(0))), bool(jnp.all(hi == flat.max(0))))
