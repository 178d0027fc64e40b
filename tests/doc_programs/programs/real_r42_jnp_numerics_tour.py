# jax.numpy numerics commonly used in the tutorials: logsumexp / softmax stability, nan-aware
# reductions, cumulative products, clip / round / where with dtypes, bincount with length,
# argsort stable and descending, lexsort, searchsorted sides, percentile methods, cov / corrcoef
import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp

x = jnp.array([1000.0, 1000.5, 999.0])
print(logsumexp(x), jax.nn.logsumexp(x), logsumexp(x, b=jnp.array([1.0, -1.0, 0.5]), return_sign=True))
print(jax.nn.softmax(x), jax.nn.log_softmax(x), jax.nn.softmax(jnp.array([1.0, 2.0, 3.0]), where=jnp.array([True, False, True])))
n = jnp.array([[1.0, jnp.nan, 3.0], [jnp.nan, jnp.nan, 6.0]])
print(jnp.nansum(n), jnp.nanmean(n, axis=1), jnp.nanmax(n, axis=0), jnp.nanstd(n), jnp.nanargmin(n, axis=1))
print(jnp.nancumsum(n, axis=1), jnp.nanmedian(n, axis=1), jnp.nanpercentile(n, 50))
print(jnp.cumprod(jnp.arange(1, 6)), jnp.cumulative_sum(jnp.arange(4), include_initial=True))
print(jnp.round(jnp.array([0.5, 1.5, 2.5, -0.5]), 0), jnp.round(3.14159, 2), jnp.around(1234.5, -2))
print(jnp.clip(jnp.arange(6), 1, 4), jnp.clip(jnp.arange(6.0), max=2.5))
print(jnp.bincount(jnp.array([0, 1, 1, 3]), length=5), jnp.bincount(jnp.array([0, 1, 1]), weights=jnp.array([0.5, 1.0, 2.0]), minlength=3))
a = jnp.array([3, 1, 2, 1, 3])
print(jnp.argsort(a, stable=True), jnp.argsort(a, descending=True), jnp.sort(a, descending=True))
print(jnp.lexsort((jnp.array([1, 2, 1, 2]), jnp.array([0, 0, 1, 1]))))
s = jnp.array([1, 2, 2, 3])
print(jnp.searchsorted(s, 2), jnp.searchsorted(s, 2, side="right"), jnp.searchsorted(s, jnp.array([0, 5]), method="compare_all"))
d = jnp.arange(10.0)
for m in ("linear", "lower", "higher", "nearest", "midpoint"):
    print(m, jnp.percentile(d, jnp.array([25.0, 90.0]), method=m), jnp.quantile(d, 0.33, method=m))
pts = jnp.array([[1.0, 2.0, 3.0, 4.0], [2.0, 4.0, 6.0, 9.0]])
print(jnp.round(jnp.cov(pts), 4), jnp.round(jnp.corrcoef(pts), 4), jnp.round(jnp.cov(pts, ddof=0, aweights=jnp.arange(1.0, 5.0)), 4))
print(jnp.histogram(d, bins=3), jnp.digitize(d, jnp.array([2.0, 5.0])))
print(jnp.unique(a, return_counts=True), jnp.unique(a, size=4, fill_value=-1))
print(jnp.isclose(jnp.array([1.0, 1.00001]), 1.0), jnp.allclose(1.0, 1.0 + 1e-9), jnp.array_equiv(jnp.ones(3), 1))
print(jnp.ptp(pts, axis=1), jnp.average(pts, axis=1, weights=jnp.array([1.0, 0.0, 0.0, 1.0])))
print(jnp.median(pts, axis=0), jnp.mean(pts, where=pts > 2), jnp.var(pts, axis=1, ddof=1))
print(jnp.argmax(pts, axis=1, keepdims=True), jnp.max(pts, initial=100.0), jnp.min(pts, where=pts > 3, initial=50.0))
print(jnp.diff(d[:5], n=2), jnp.ediff1d(d[:4], to_begin=-1), jnp.convolve(jnp.ones(3), jnp.array([1.0, 2.0]), mode="same"))
print(jnp.interp(jnp.array([0.5, 2.5]), jnp.arange(4.0), jnp.array([0.0, 10.0, 20.0, 30.0]), left=-1.0))
print(jnp.trapezoid(d ** 2, dx=0.5), jnp.sinc(jnp.array([0.0, 0.5])), jnp.heaviside(jnp.array([-1.0, 0.0, 2.0]), 0.5))
