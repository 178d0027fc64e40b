# jax.numpy's fitting, binning and searching functions: polyfit (weights, full, cov), polyval,
# histogram (bins, range, density, weights), histogram2d, histogramdd, digitize, bincount with
# length, searchsorted with every method, interp with left / right / period, unique and set ops
# with size and fill_value (usable under jit)
import jax
import jax.numpy as jnp
import numpy as np

x = jnp.linspace(0., 1., 8)
y = 3 * x ** 2 - 2 * x + 0.5 + jnp.array([0.01, -0.02, 0.0, 0.03, -0.01, 0.02, 0.0, -0.03])
c = jnp.polyfit(x, y, 2)
print(jnp.round(c, 3))
print(jnp.round(jnp.polyfit(x, y, 1, w=jnp.linspace(1., 2., 8)), 3))
coef, resid, rank, sv, rcond = jnp.polyfit(x, y, 2, full=True)
print(rank, jnp.round(resid, 5), sv.shape)
cfit, cov = jnp.polyfit(x, y, 1, cov=True)
print(cov.shape, bool((jnp.diag(cov) > 0).all()))
print(jnp.round(jnp.polyval(c, jnp.array([0., 0.5, 1.])), 3))

data = jnp.array([0.1, 0.4, 0.45, 0.8, 1.2, 2.5, 2.6, 3.9])
print(jnp.histogram(data, bins=4))
print(jnp.histogram(data, bins=jnp.array([0., 1., 2., 4.])))
print(jnp.histogram(data, bins=3, range=(0., 3.), density=True))
print(jnp.histogram(data, bins=2, weights=jnp.arange(8.)))
print(jnp.histogram_bin_edges(data, bins=5))
H, xe, ye = jnp.histogram2d(data, data[::-1], bins=2)
print(H, xe, ye)
Hd, edges = jnp.histogramdd(jnp.stack([data, data ** 2], axis=1), bins=(2, 3))
print(Hd, [e.shape for e in edges])
print(jnp.digitize(data, jnp.array([0.5, 1., 2.5])))
print(jnp.digitize(data, jnp.array([0.5, 1., 2.5]), right=True))
ints = jnp.array([0, 1, 1, 3, 2, 1, 7])
print(jnp.bincount(ints), jnp.bincount(ints, length=4))
print(jnp.bincount(ints, weights=jnp.linspace(0, 1, 7), minlength=9))
print(jax.jit(lambda v: jnp.bincount(v, length=8))(ints))

sorted_a = jnp.array([1., 2., 2., 2., 5., 7.])
q = jnp.array([0., 2., 3., 7., 9.])
for method in ("scan", "scan_unrolled", "sort", "compare_all"):
    print(method, jnp.searchsorted(sorted_a, q, method=method),
          jnp.searchsorted(sorted_a, q, side="right", method=method))
print(jnp.searchsorted(sorted_a, 2., sorter=None), jnp.searchsorted(jnp.array([3, 1, 2]), 2, sorter=jnp.array([1, 2, 0])))

xp = jnp.array([0., 1., 2., 3.])
fp = jnp.array([0., 10., 5., 0.])
print(jnp.interp(jnp.array([-1., 0.5, 2.5, 4.]), xp, fp))
print(jnp.interp(jnp.array([-1., 0.5, 2.5, 4.]), xp, fp, left=-5., right=99.))
print(jnp.interp(jnp.array([-0.5, 3.5, 7.]), xp, fp, period=4.))
print(jax.grad(lambda t: jnp.interp(t, xp, fp))(1.5))

v = jnp.array([3, 1, 3, 2, 1, 9])
print(jnp.unique(v))
print(jnp.unique(v, size=6, fill_value=-1))
u, idx, inv, cnt = jnp.unique(v, return_index=True, return_inverse=True, return_counts=True, size=5)
print(u, idx, inv, cnt)
print(jax.jit(lambda v: jnp.unique(v, size=4))(v))
print(jnp.unique(jnp.array([[1, 2], [1, 2], [0, 5]]), axis=0))
print(jnp.setdiff1d(v, jnp.array([1, 9]), size=4, fill_value=0))
print(jnp.intersect1d(v, jnp.array([9, 3, 4]), return_indices=True))
print(jnp.union1d(v, jnp.array([4, 0]), size=7, fill_value=100))
print(jnp.isin(v, jnp.array([1, 2])), jnp.setxor1d(v, jnp.array([2, 4])))
print(jnp.unique_counts(v), jnp.unique_values(v))
