# jax.numpy reduction and statistics docstrings: where= / initial= / keepdims=, quantile and
# percentile methods, nan-reductions (nanpercentile, nanmedian, nanvar, nancumsum, nanargmin),
# average with weights and returned, cumulative_sum / cumulative_prod with include_initial,
# gradient, unwrap, isclose, nan_to_num options, round / around / trunc
import jax
import jax.numpy as jnp

x = jnp.array([[1., 2., 3.], [4., 5., 6.]])
mask = jnp.array([[True, False, True], [False, True, True]])
print(jnp.sum(x, where=mask), jnp.sum(x, axis=1, where=mask, keepdims=True))
print(jnp.max(x, axis=0, where=mask, initial=-1.), jnp.min(x, where=mask, initial=10.))
print(jnp.mean(x, axis=1, where=mask), jnp.prod(x, axis=0, initial=2.))
print(jnp.var(x, axis=1, ddof=1), jnp.std(x, correction=1), jnp.var(x, where=mask))
print(jnp.argmax(x, axis=1, keepdims=True), jnp.argmin(x, axis=None))
print(jnp.all(x > 1, axis=0), jnp.any(x > 5, keepdims=True), jnp.count_nonzero(x > 2, axis=1))
q = jnp.array([0.25, 0.5])
v = jnp.array([1., 3., 4., 10.])
for method in ["linear", "lower", "higher", "nearest", "midpoint"]:
    print(method, jnp.quantile(v, q, method=method))
print(jnp.percentile(x, 50, axis=1), jnp.percentile(x, jnp.array([10, 90]), axis=0, keepdims=True).shape)
n = jnp.array([1., jnp.nan, 3., 4.])
print(jnp.nanpercentile(n, 50), jnp.nanquantile(n, 0.25), jnp.nanmedian(n), jnp.nanvar(n), jnp.nanstd(n))
print(jnp.nancumsum(n), jnp.nancumprod(n), jnp.nanargmin(n), jnp.nanmin(n), jnp.nanprod(n))
print(jnp.median(x, axis=0, keepdims=True), jnp.ptp(x, axis=1))
print(jnp.average(x, axis=1, weights=jnp.array([1., 0., 1.])))
print(jnp.average(x, axis=0, weights=jnp.array([3., 1.]), returned=True))
print(jnp.cumulative_sum(jnp.arange(1, 5), include_initial=True), jnp.cumulative_prod(x, axis=1, include_initial=True))
print(jnp.cumsum(x, axis=0, dtype=jnp.int32), jnp.cumprod(jnp.arange(1, 5)))
print(jnp.gradient(jnp.array([1., 4., 9., 16.])), jnp.gradient(jnp.array([1., 4., 9., 16.]), 2.))
gx, gy = jnp.gradient(x)
print(gx, gy)
print(jnp.unwrap(jnp.array([0., 3., 6.5, 9.])), jnp.unwrap(jnp.array([0, 5, 1]), period=4))
print(jnp.isclose(jnp.array([1., 1.0001, jnp.nan]), jnp.array([1., 1., jnp.nan]), equal_nan=True))
print(jnp.isclose(1e-9, 0.0, atol=1e-8), jnp.allclose(x, x + 1e-7))
print(jnp.nan_to_num(jnp.array([jnp.nan, jnp.inf, -jnp.inf, 1.]), nan=-1., posinf=9., neginf=-9.))
print(jnp.round(jnp.array([1.2345, 2.5, 3.5, -0.5]), 2), jnp.round(jnp.array([1.5, 2.5, -1.5])))
print(jnp.around(jnp.array([123.456]), -1), jnp.trunc(jnp.array([-1.7, 1.7])))
try:
    jnp.round(jnp.array([15, 25, 36]), -1)
except NotImplementedError as e:
    print(type(e).__name__)
print(jnp.cbrt(jnp.array([-8., 27.])), jnp.logaddexp2(1., 2.))
print(jnp.deg2rad(180.), jnp.rad2deg(jnp.pi / 2), jnp.sinc(jnp.array([0., 0.5])))
print(jnp.corrcoef(x)[0, 1], jnp.cov(x, ddof=0), jnp.cov(x[0], aweights=jnp.array([1., 2., 1.])))
print(jax.jit(lambda a: jnp.quantile(a, 0.3, method="nearest"))(v), jax.grad(lambda a: jnp.median(a))(v))
