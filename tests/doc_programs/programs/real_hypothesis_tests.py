# Classical hypothesis tests written with jax.scipy.stats and jax.scipy.special: Welch's t-test
# (the t CDF through betainc), a chi-square goodness-of-fit test on dice rolls
# (jax.random.categorical counts), a two-sample Kolmogorov-Smirnov statistic by sorting, a
# permutation test vmapped over random permutations, and bootstrap confidence intervals
import jax
import jax.numpy as jnp
from jax.scipy import special, stats

key = jax.random.key(17)
ka, kb, kd, kp, kbs = jax.random.split(key, 5)
a = 1.0 + jax.random.normal(ka, (40,))
b = 1.6 + 1.5 * jax.random.normal(kb, (50,))


def t_sf(tval, df):
    x = df / (df + tval**2)
    return 0.5 * special.betainc(df / 2, 0.5, x)


def welch_t(a, b):
    va, vb = a.var(ddof=1) / a.size, b.var(ddof=1) / b.size
    tval = (a.mean() - b.mean()) / jnp.sqrt(va + vb)
    df = (va + vb) ** 2 / (va**2 / (a.size - 1) + vb**2 / (b.size - 1))
    return tval, df, 2 * t_sf(jnp.abs(tval), df)


tval, df, p = welch_t(a, b)
print("welch t %.4f df %.2f p %.4f" % (float(tval), float(df), float(p)))
print("t pdf at t: %.5f" % float(stats.t.pdf(tval, df)))

logits = jnp.log(jnp.array([0.1, 0.1, 0.1, 0.1, 0.1, 0.5]))
rolls = jax.random.categorical(kd, logits, shape=(300,))
counts = jnp.bincount(rolls, length=6)
chi2 = jnp.sum((counts - 50.0) ** 2 / 50.0)
print("counts", counts, "chi2 %.2f p %.3e" % (float(chi2), float(stats.chi2.sf(chi2, 5))))


def ks_stat(x, y):
    allv = jnp.sort(jnp.concatenate([x, y]))
    cx = jnp.searchsorted(jnp.sort(x), allv, side="right") / x.size
    cy = jnp.searchsorted(jnp.sort(y), allv, side="right") / y.size
    return jnp.max(jnp.abs(cx - cy))


print("ks statistic %.4f" % float(ks_stat(a, b)))
pooled = jnp.concatenate([a, b])
obs = a.mean() - b.mean()


def perm_diff(k):
    s = jax.random.permutation(k, pooled)
    return s[:40].mean() - s[40:].mean()


diffs = jax.jit(jax.vmap(perm_diff))(jax.random.split(kp, 2000))
print("permutation p %.4f" % float(jnp.mean(jnp.abs(diffs) >= jnp.abs(obs))))
idx = jax.random.randint(kbs, (1000, 40), 0, 40)
boot = jnp.median(a[idx], axis=1)
lo, hi = jnp.percentile(boot, jnp.array([2.5, 97.5]))
print("bootstrap median CI [%.3f, %.3f]" % (float(lo), float(hi)))
print("normal quantiles", jnp.round(stats.norm.ppf(jnp.array([0.025, 0.5, 0.975])), 4))
print("choice", jax.random.choice(kbs, 10, (5,), replace=False))
