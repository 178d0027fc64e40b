# jax.numpy's functional helpers: piecewise, select, vectorize with signatures and excluded
# arguments, apply_along_axis / apply_over_axes, frompyfunc, fromfunction, nan-aware argmin /
# argmax and reductions, and how they behave under jit, vmap and grad
import jax
import jax.numpy as jnp

x = jnp.linspace(-2.5, 2.5, 6)
print(jnp.piecewise(x, [x < 0, x >= 0], [lambda v: -v, lambda v: v ** 2]))
print(jnp.piecewise(x, [x < -1, (x >= -1) & (x < 1)], [-1., lambda v: v * 0.5, 1.]))
print(jax.jit(lambda v: jnp.piecewise(v, [v > 0], [jnp.sin, jnp.cos]))(x))
print(jnp.round(jax.grad(lambda s: jnp.piecewise(s, [s < 0, s >= 0], [lambda v: -v, lambda v: v ** 2]))(1.5), 4))
print(jnp.select([x < -1, x > 1], [x * 10, x * 100], default=0.))
print(jnp.select([x < 0, x < 1, True], [jnp.zeros_like(x), x, jnp.ones_like(x)]))
print(jax.vmap(lambda c, a: jnp.select([c], [a], -1.))(x > 0, x))


@jnp.vectorize
def clipped(a, lo, hi):
    return jnp.minimum(jnp.maximum(a, lo), hi)


print(clipped(x, -1., jnp.array([0.5, 1., 1.5, 2., 2.5, 3.])))
matvec = jnp.vectorize(jnp.dot, signature="(n,m),(m)->(n)")
mats = jnp.arange(24.).reshape(2, 3, 4)
vecs = jnp.ones((2, 4))
print(matvec(mats, vecs), matvec(mats[0], vecs).shape)
stats = jnp.vectorize(lambda r: (r.mean(), r.std()), signature="(k)->(),()")
m, s = stats(jnp.arange(12.).reshape(3, 4))
print(m, jnp.round(s, 4))
power = jnp.vectorize(lambda a, p: a ** p, excluded={1})
print(power(jnp.arange(4.), 2))
print(jax.jit(matvec)(mats, vecs).shape)
print(jnp.vectorize(lambda r: r[::-1], signature="(n)->(n)")(jnp.arange(6).reshape(2, 3)))

grid = jnp.arange(12.).reshape(3, 4)
print(jnp.apply_along_axis(lambda r: r / r.sum(), 1, grid + 1).round(3))
print(jnp.apply_along_axis(jnp.diff, 0, grid))
print(jnp.apply_along_axis(lambda c: jnp.stack([c.min(), c.max()]), 0, grid))
print(jnp.apply_over_axes(jnp.sum, jnp.arange(24.).reshape(2, 3, 4), [0, 2]))
print(jnp.fromfunction(lambda i, j: i * 10 + j, (3, 4), dtype=jnp.int32))
print(jnp.fromfunction(lambda i: i ** 2, (5,)))
hyp = jnp.frompyfunc(lambda a, b: jnp.sqrt(a * a + b * b), nin=2, nout=1, identity=0.)
print(hyp(jnp.array([3., 5.]), jnp.array([4., 12.])), hyp.reduce(jnp.array([3., 4., 12.])))

nan_data = jnp.array([[1., jnp.nan, 3.], [jnp.nan, -2., 0.5]])
print(jnp.nanargmin(nan_data), jnp.nanargmax(nan_data, axis=1), jnp.nanargmin(nan_data, axis=0))
print(jnp.nanargmax(nan_data, axis=1, keepdims=True).shape)
print(jnp.nanmin(nan_data, axis=0), jnp.nanmax(nan_data), jnp.nansum(nan_data, axis=1))
print(jnp.nanmean(nan_data), jnp.round(jnp.nanstd(nan_data, axis=1), 4), jnp.nanmedian(nan_data))
print(jnp.nanprod(nan_data), jnp.nancumsum(nan_data, axis=1), jnp.nanpercentile(nan_data, 50))
print(jnp.nanargmin(jnp.array([jnp.nan, jnp.nan])))
print(jnp.round(jax.grad(lambda d: jnp.nansum(d ** 2))(nan_data), 4))
print(jax.vmap(jnp.nanargmax)(nan_data))
