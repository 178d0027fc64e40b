# Cleaning a table of sensor readings with NaNs and outliers: nan-aware statistics (nanmean,
# nanstd, nanmedian, nanpercentile, nanargmax), reductions with where= masks, robust z-scores from
# the median absolute deviation, forward-fill of gaps by lax.associative_scan over (value, valid)
# pairs, linear interpolation of gaps with jnp.interp, masked softmax / logsumexp with where=,
# logsumexp with b= and return_sign=True, and numpy-style print options for the report
import jax
import jax.numpy as jnp
import numpy as np

T, S = 48, 4
k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
t = jnp.arange(T, dtype=jnp.float32)
clean = jnp.stack([jnp.sin(t / 6 + i) * (i + 1) + 10 * i for i in range(S)], 1)
data = clean + 0.1 * jax.random.normal(k1, (T, S))
missing = jax.random.bernoulli(k2, 0.15, (T, S))
spikes = jax.random.bernoulli(k3, 0.04, (T, S))
data = jnp.where(spikes, data + 25.0, data)
data = jnp.where(missing, jnp.nan, data)
print(int(jnp.isnan(data).sum()), int(spikes.sum()))
print(jnp.nanmean(data, 0))
print(jnp.nanstd(data, 0), jnp.nanmedian(data, 0))
print(jnp.nanpercentile(data, jnp.array([5.0, 95.0]), axis=0).shape, jnp.nanargmax(data, 0))
valid = ~jnp.isnan(data)
print(jnp.mean(data, 0, where=valid), jnp.sum(jnp.nan_to_num(data), 0, where=valid))
print(jnp.max(data, 0, where=valid, initial=-jnp.inf))

med = jnp.nanmedian(data, 0)
mad = jnp.nanmedian(jnp.abs(data - med), 0)
robust_z = 0.6745 * (data - med) / mad
outlier = jnp.abs(robust_z) > 5
print(int(jnp.sum(outlier & spikes)), int(jnp.sum(outlier & ~spikes & valid)))
data = jnp.where(outlier, jnp.nan, data)
valid = ~jnp.isnan(data)


def ffill(x, ok):
    def combine(a, b):
        va, oka = a
        vb, okb = b
        return jnp.where(okb, vb, va), oka | okb

    vals, seen = jax.lax.associative_scan(combine, (jnp.where(ok, x, 0.0), ok), axis=0)
    return jnp.where(seen, vals, jnp.nan)


filled = jax.jit(ffill)(data, valid)
print(int(jnp.isnan(filled).sum()), bool(jnp.all(jnp.where(valid, filled == data, True))))


def interp_column(col, ok):
    xs = jnp.where(ok, t, jnp.inf)
    order = jnp.argsort(xs)
    n = ok.sum()
    xp = xs[order]
    fp = jnp.where(ok, col, 0.0)[order]
    xp = jnp.where(jnp.arange(T) < n, xp, xp[n - 1] + jnp.arange(T))
    fp = jnp.where(jnp.arange(T) < n, fp, fp[n - 1])
    return jnp.interp(t, xp, fp)


interp = jax.vmap(interp_column, in_axes=(1, 1), out_axes=1)(data, valid)
print(float(jnp.abs(interp - clean).max()) < 3.0, interp.shape)
scores = jnp.array([1.0, 2.0, 3.0, -jnp.inf])
mask = jnp.array([True, True, False, False])
print(jax.nn.softmax(scores, where=mask), jax.nn.logsumexp(scores, where=mask))
print(jax.nn.logsumexp(jnp.array([1.0, 2.0]), b=jnp.array([1.0, -2.0]), return_sign=True))
np.set_printoptions(precision=3, suppress=True)
print(np.asarray(interp[:3]))
np.set_printoptions(precision=8, suppress=False)
print(jnp.round(interp[:2], 2))
