# jax.numpy corners from their docstrings: fromfunction, frompyfunc ufuncs with reduce /
# accumulate / outer / at, put and place (out-of-place, with inplace=False), select with a
# default, apply_along_axis / apply_over_axes, lexsort, searchsorted's side and methods, take
# modes, piecewise, the unstack / cumulative_sum / trim_zeros family
import jax
import jax.numpy as jnp
import numpy as np

print(jnp.fromfunction(lambda i, j: i + 10 * j, (3, 4), dtype=int))
print(jnp.fromfunction(lambda i: i**2, (5,), dtype=jnp.float32))
print(jnp.fromfunction(lambda i, j: i == j, (3, 3)))

add = jnp.frompyfunc(lambda a, b: a + b, nin=2, nout=1, identity=0)
print(add, add.nin, add.nout, add.identity)
x = jnp.arange(1, 7)
print(add(x, 10), add.reduce(x), add.accumulate(x))
print(add.outer(jnp.arange(3), jnp.arange(4)))
print(add.at(jnp.zeros(5, int), jnp.array([0, 0, 2]), 5, inplace=False))
print(add.reduce(x.reshape(2, 3), axis=1), add.reduceat(x, jnp.array([0, 2, 4])))
mx = jnp.frompyfunc(jnp.maximum, 2, 1, identity=-jnp.inf)
print(mx.reduce(jnp.array([3.0, -1.0, 7.0])), jnp.add.reduce(x), jnp.multiply.accumulate(x))
try:
    add.at(jnp.zeros(5, int), jnp.array([0]), 1)
except Exception as e:
    print(type(e).__name__)

a = jnp.arange(6).reshape(2, 3)
print(jnp.put(a, jnp.array([0, 4]), jnp.array([-1, -2]), inplace=False))
print(jnp.put(a, jnp.array([1, 9]), 7, mode="clip", inplace=False))
print(jnp.put(a, jnp.array([1, 9]), 7, mode="wrap", inplace=False))
try:
    jnp.put(a, 0, 1)
except Exception as e:
    print(type(e).__name__)
print(jnp.place(jnp.arange(6), jnp.arange(6) % 2 == 0, jnp.array([10, 20]), inplace=False))
try:
    jnp.place(jnp.arange(3), jnp.array([True, False, True]), 0)
except Exception as e:
    print(type(e).__name__)

v = jnp.arange(-3, 4)
print(jnp.select([v < 0, v == 0], [-v, 100], default=v * 10))
print(jnp.select([v > 1, v > 2], [jnp.ones_like(v), 2 * jnp.ones_like(v)]))
print(jnp.piecewise(v.astype(float), [v < 0, v >= 2], [lambda t: -t, lambda t: t**2, 0.5]))

m = jnp.array([[3.0, 1.0, 2.0], [9.0, 7.0, 8.0]])
print(jnp.apply_along_axis(jnp.sort, 1, m), jnp.apply_along_axis(lambda r: r.max() - r.min(), 0, m))
print(jnp.apply_along_axis(lambda r: jnp.stack([r.sum(), r.prod()]), 1, m))
print(jnp.apply_over_axes(jnp.sum, jnp.arange(24).reshape(2, 3, 4), [0, 2]))

surnames = jnp.array([3, 1, 2, 1, 3])
first = jnp.array([1, 2, 1, 1, 0])
print(jnp.lexsort((first, surnames)), jnp.lexsort(jnp.array([[1, 0, 1], [0, 0, 1]])))
print(jnp.lexsort((first, surnames), axis=0))
sorted_v = jnp.array([1, 2, 2, 2, 5, 8])
q = jnp.array([0, 2, 3, 8, 9])
for method in ("scan", "scan_unrolled", "sort", "compare_all"):
    print(method, jnp.searchsorted(sorted_v, q, method=method), jnp.searchsorted(sorted_v, q, side="right", method=method))
print(jnp.searchsorted(sorted_v, 2, sorter=None), jnp.searchsorted(jnp.array([5, 1, 3]), 2, sorter=jnp.array([1, 2, 0])))
try:
    jnp.searchsorted(sorted_v, q, method="binary")
except Exception as e:
    print(type(e).__name__)

t = jnp.array([10, 20, 30])
print(jnp.take(t, jnp.array([0, 5, -1]), mode="clip"), jnp.take(t, jnp.array([0, 5, -4]), mode="wrap"))
print(jnp.take(t, jnp.array([0, 5]), mode="fill", fill_value=-1), jnp.take(t, jnp.array([0, 5])))
print(jnp.unstack(a), jnp.unstack(a, axis=1))
print(jnp.cumulative_sum(x, include_initial=True), jnp.cumulative_prod(jnp.arange(1, 5), include_initial=True))
print(jnp.trim_zeros(jnp.array([0, 0, 1, 2, 0])), jnp.trim_zeros(jnp.array([0, 1, 0]), "f"))
print(jnp.extract(v > 0, v), jnp.compress(jnp.array([True, False, True]), a, axis=1))
print(jnp.choose(jnp.array([0, 1, 2, 1]), [jnp.arange(4), 10 * jnp.arange(4), 100 * jnp.arange(4)]))
print(jnp.choose(jnp.array([0, 3]), [jnp.arange(2), jnp.ones(2, int)], mode="clip"))
