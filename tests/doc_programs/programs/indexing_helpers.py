# jax.numpy's index helpers, with the static sizes jit needs: nonzero / argwhere / flatnonzero /
# extract with size and fill_value, where with one argument, select / choose / compress /
# piecewise, ix_ / mgrid / ogrid / indices / meshgrid, unravel_index / ravel_multi_index,
# diag / tril / triu index helpers, fill_diagonal and put with inplace=False, take modes
import jax
import jax.numpy as jnp

x = jnp.array([[0, 3, 0], [4, 0, 5]])
print(jnp.nonzero(x), jnp.nonzero(x, size=4, fill_value=-1))
print(jnp.argwhere(x), jnp.argwhere(x, size=2), jnp.flatnonzero(x), jnp.flatnonzero(x, size=5, fill_value=9))
print(jnp.where(x > 2), jnp.extract(x > 0, x), jnp.extract(x > 0, x, size=5, fill_value=-7))
print(jax.jit(lambda v: jnp.nonzero(v, size=3))(x), jax.jit(lambda v: jnp.argwhere(v > 0, size=4, fill_value=0))(x))
print(jnp.count_nonzero(x), jnp.count_nonzero(x, axis=0, keepdims=True))
v = jnp.arange(-3., 4.)
print(jnp.select([v < -1, v > 1], [v * 10, v * 100], default=-1.))
print(jnp.choose(jnp.array([0, 2, 1, 0]), [jnp.arange(4), jnp.arange(4) * 10, jnp.arange(4) * 100]))
print(jnp.choose(jnp.array([3, -1]), [jnp.zeros(2), jnp.ones(2)], mode="clip"), jnp.choose(jnp.array([3, -1]), [jnp.zeros(2), jnp.ones(2)], mode="wrap"))
print(jnp.compress(jnp.array([True, False, True]), x, axis=1), jnp.compress(jnp.array([1, 0, 1, 1]), jnp.arange(5)))
print(jnp.piecewise(v, [v < 0, v >= 2], [lambda t: -t, lambda t: t ** 2, lambda t: t * 0 + 0.5]))
rows, cols = jnp.ix_(jnp.array([0, 1]), jnp.array([2, 0]))
print(rows.shape, cols.shape, x[rows, cols])
print(jnp.mgrid[0:2, 0:3], jnp.ogrid[0:3, 0:2][1], jnp.mgrid[0:1:3j])
print(jnp.indices((2, 3)), jnp.indices((2, 2), sparse=True)[0].shape)
X, Y = jnp.meshgrid(jnp.arange(3), jnp.arange(2))
Xi, Yi = jnp.meshgrid(jnp.arange(3), jnp.arange(2), indexing="ij")
print(X, Y.shape, Xi.shape, jnp.meshgrid(jnp.arange(2), jnp.arange(3), sparse=True)[1].shape)
print(jnp.unravel_index(jnp.array([5, 7, 0]), (3, 4)), jnp.unravel_index(13, (3, 5)))
print(jnp.ravel_multi_index((jnp.array([1, 2]), jnp.array([3, 0])), (3, 4)), jnp.ravel_multi_index((jnp.array([5]), jnp.array([1])), (3, 4), mode="clip"))
print(jnp.diag_indices(3), jnp.diag_indices_from(jnp.ones((2, 2))), jnp.tril_indices(3), jnp.triu_indices(3, k=1))
print(jnp.tril_indices_from(jnp.ones((3, 4)), k=-1), jnp.triu_indices(2, m=3), jnp.mask_indices(3, jnp.triu))
m = jnp.zeros((3, 3))
print(jnp.fill_diagonal(m, 5., inplace=False), jnp.fill_diagonal(jnp.zeros((4, 2)), jnp.array([1., 2.]), wrap=False, inplace=False))
print(jnp.put(jnp.arange(5), jnp.array([0, 2]), jnp.array([-1, -2]), inplace=False))
print(jnp.put(jnp.arange(5), jnp.array([7]), 9, mode="wrap", inplace=False), jnp.put(jnp.arange(5), 9, 9, mode="clip", inplace=False))
a = jnp.arange(10) * 10
idx = jnp.array([0, 11, -12])
print(jnp.take(a, idx, mode="clip"), jnp.take(a, idx, mode="wrap"), jnp.take(a, idx, mode="fill", fill_value=-1))
print(jnp.take(x, jnp.array([[0, 2]]), axis=1), jnp.take_along_axis(x, jnp.argsort(x, axis=1), axis=1))
print(jnp.diagonal(jnp.arange(9).reshape(3, 3), offset=1), jnp.diag(jnp.array([1, 2]), k=-1), jnp.diagflat(jnp.array([[1, 2]])))
print(jnp.tri(3, 4, k=1, dtype=jnp.int32), jnp.tril(jnp.ones((3, 3)), -1), jnp.triu(jnp.arange(1, 10).reshape(3, 3), 1))
try:
    jax.jit(jnp.nonzero)(x)
except jax.errors.ConcretizationTypeError:
    print("ConcretizationTypeError")
