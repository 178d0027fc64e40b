# jax.numpy reductions with their options, as the docstrings show them: where= masks with
# initial=, keepdims, dtype= and promote_integers, out-of-order axes tuples, nan-reductions,
# ptp / average with weights and returned, median / percentile / quantile methods, argmax with
# keepdims, count_nonzero, cumulative_sum with include_initial, and empty reductions
import jax
import jax.numpy as jnp

x = jnp.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
mask = jnp.array([[True, False, True], [False, True, True]])
print(jnp.sum(x, where=mask), jnp.sum(x, axis=1, where=mask), jnp.sum(x, axis=0, keepdims=True, where=mask))
print(jnp.max(x, where=mask, initial=0.0), jnp.min(x, axis=1, where=mask, initial=10.0), jnp.prod(x, where=mask))
print(jnp.mean(x, where=mask), jnp.mean(x, axis=0, where=mask), jnp.var(x, where=mask), jnp.std(x, axis=1, where=mask))
print(jnp.sum(x, initial=100.0), jnp.prod(x, axis=0, initial=2.0), jnp.max(jnp.array([]), initial=-1.0))
try:
    jnp.max(x, where=mask)
except ValueError as e:
    print("ValueError", str(e))
i8 = jnp.array([100, 100, 100], jnp.int8)
print(jnp.sum(i8), jnp.sum(i8).dtype, jnp.sum(i8, promote_integers=False), jnp.sum(i8, dtype=jnp.int16), jnp.cumsum(i8).dtype)
print(jnp.sum(jnp.array([200, 100], jnp.uint8)).dtype, jnp.prod(jnp.array([True, True])).dtype, jnp.mean(i8).dtype, jnp.sum(x, dtype=jnp.int32))
y = jnp.arange(24.0).reshape(2, 3, 4)
print(jnp.sum(y, axis=(2, 0)), jnp.max(y, axis=(-1, 1)), jnp.mean(y, axis=(0, 2), keepdims=True).shape)
n = jnp.array([[1.0, jnp.nan, 3.0], [jnp.nan, jnp.nan, 6.0]])
print(jnp.nansum(n, axis=1), jnp.nanmean(n, axis=0), jnp.nanmax(n, axis=1), jnp.nanargmin(n, axis=1), jnp.nanstd(n), jnp.nancumsum(n))
print(jnp.nanmedian(n), jnp.nanpercentile(n, 50, axis=1), jnp.nanquantile(n, 0.25), jnp.nanprod(n, axis=0), jnp.nanvar(n, axis=1))
print(jnp.ptp(x), jnp.ptp(x, axis=0), jnp.average(x), jnp.average(x, axis=1, weights=jnp.array([1.0, 0.0, 1.0])))
print(jnp.average(x, axis=0, weights=jnp.array([3.0, 1.0]), returned=True))
q = jnp.array([1.0, 3.0, 2.0, 7.0, 5.0])
for method in ("linear", "lower", "higher", "midpoint", "nearest"):
    print(method, jnp.percentile(q, 40, method=method), jnp.quantile(q, jnp.array([0.1, 0.9]), method=method))
print(jnp.median(x), jnp.median(x, axis=1, keepdims=True), jnp.quantile(x, 0.5, axis=0))
print(jnp.argmax(x, axis=1, keepdims=True), jnp.argmin(x, axis=0, keepdims=True), jnp.argmax(jnp.array([[1, 5], [5, 1]])))
print(jnp.count_nonzero(mask), jnp.count_nonzero(mask, axis=0), jnp.count_nonzero(x > 2, axis=1, keepdims=True))
print(jnp.cumulative_sum(jnp.arange(4)), jnp.cumulative_sum(jnp.arange(4), include_initial=True), jnp.cumulative_prod(jnp.arange(1, 4), include_initial=True))
print(jnp.cumulative_sum(x, axis=1, include_initial=True), jnp.cumsum(x, axis=0, dtype=jnp.int32))
print(jnp.sum(jnp.zeros((0, 3)), axis=0), jnp.prod(jnp.zeros((0,))), jnp.mean(jnp.zeros((0,))), jnp.any(jnp.zeros((0,), bool)), jnp.all(jnp.zeros((0,), bool)))
try:
    jnp.argmax(jnp.zeros((0,)))
except ValueError as e:
    print("ValueError", str(e))
try:
    jnp.max(jnp.zeros((0,)))
except ValueError as e:
    print("ValueError", str(e))
print(jnp.any(x > 5, axis=0), jnp.all(x > 0, keepdims=True), jnp.all(x > 1, where=mask), x.sum(where=mask), x.max(axis=1, initial=5.5))
print(jnp.logsumexp(x) if hasattr(jnp, "logsumexp") else jax.scipy.special.logsumexp(x), jax.scipy.special.logsumexp(x, axis=1, b=jnp.array([1.0, 0.0, 2.0])))
print(jax.scipy.special.logsumexp(jnp.array([1.0, 2.0]), b=jnp.array([1.0, -1.0]), return_sign=True), jax.scipy.special.logsumexp(x, where=mask))
print(jnp.linalg.vector_norm(x, axis=1), jnp.linalg.vector_norm(x, ord=jnp.inf), jnp.linalg.matrix_norm(x, ord="nuc"), jnp.vecdot(x, x))
