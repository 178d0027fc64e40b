# jax.numpy set and histogram docstrings: unique_all / unique_inverse / unique_values,
# unique(return_*, size=, fill_value=, equal_nan=), histogram_bin_edges, histogram2d,
# histogramdd, and ediff1d
import jax
import jax.numpy as jnp

x = jnp.array([3, 4, 1, 3, 1])
print(jnp.unique_values(x))
r = jnp.unique_all(x)
print(type(r).__name__, r._fields)
print(r.values, r.indices, r.inverse_indices, r.counts)
ri = jnp.unique_inverse(x)
print(ri.values, ri.inverse_indices)
print(jnp.unique_counts(x))
print(jnp.unique(x, return_index=True, return_inverse=True, return_counts=True))
print(jnp.unique(x, size=5, fill_value=0))
print(jnp.unique(jnp.array([[1, 2], [1, 2], [3, 4]]), axis=0))
print(jnp.unique(jnp.array([1., jnp.nan, jnp.nan]), equal_nan=False))
print(jnp.unique(jnp.array([1., jnp.nan, jnp.nan])))
print(jax.jit(lambda a: jnp.unique(a, size=3))(x))
print(jnp.unique_values(jnp.array([[2, 1], [1, 2]])))

data = jnp.array([1., 2., 2.5, 4., 5., 7.])
print(jnp.histogram_bin_edges(data, bins=4))
print(jnp.histogram_bin_edges(data, bins=3, range=(0., 9.)))
counts, edges = jnp.histogram(data, bins=3, weights=jnp.ones(6) * 2)
print(counts, edges)
print(jnp.histogram(data, bins=jnp.array([0., 3., 10.]), density=True))
xs = jnp.array([0., 1., 1., 2.])
ys = jnp.array([1., 1., 2., 0.])
h, xe, ye = jnp.histogram2d(xs, ys, bins=2)
print(h, xe, ye)
h, edges = jnp.histogramdd(jnp.stack([xs, ys], axis=1), bins=(2, 3))
print(h, [e.shape for e in edges])
print(jnp.ediff1d(jnp.array([1, 2, 4, 7])))
print(jnp.ediff1d(jnp.array([1, 2, 4, 7]), to_begin=-1, to_end=jnp.array([8, 9])))
