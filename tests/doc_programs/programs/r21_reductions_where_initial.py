# jax.numpy reductions with where= / initial= / dtype= / promote_integers as their docstrings
# show them: masks that broadcast, initial values of max / min / sum / prod, empty selections
# (mean of nothing is nan, max of nothing needs initial), argmax / argmin with keepdims,
# promote_integers=False, cumulative sums with dtype and include_initial, and nan-reductions
# with where
import jax
import jax.numpy as jnp

x = jnp.arange(12.0).reshape(3, 4)
row_mask = jnp.array([[True, False, True, False]])
print(
    jnp.sum(x, where=row_mask), jnp.sum(x, axis=1, where=row_mask), jnp.sum(x, axis=0, where=x > 5)
)
print(jnp.max(x, axis=1, where=x < 6, initial=-1.0), jnp.min(x, where=x > 100, initial=99.0))
print(
    jnp.sum(x, initial=100.0),
    jnp.prod(jnp.arange(1, 5), initial=2),
    jnp.max(jnp.array([]), initial=3.0),
)
print(jnp.mean(x, axis=1, where=row_mask), jnp.mean(x, where=jnp.zeros_like(x, bool)))
print(jnp.var(x, axis=1, where=row_mask), jnp.std(x, axis=0, where=x != 4, ddof=1))
print(jnp.any(x > 10, where=row_mask), jnp.all(x >= 0, axis=0, where=x > 2))
print(jnp.argmax(x, axis=1, keepdims=True), jnp.argmin(x, axis=0, keepdims=True).shape)
i8 = jnp.array([100, 100, 100], dtype=jnp.int8)
print(
    jnp.sum(i8),
    jnp.sum(i8).dtype,
    jnp.sum(i8, promote_integers=False),
    jnp.prod(i8, promote_integers=False).dtype,
)
print(
    jnp.sum(jnp.array([True, True, False])),
    jnp.sum(jnp.ones(3, jnp.uint8)).dtype,
    jnp.sum(jnp.ones(3, jnp.float16)).dtype,
)
print(jnp.mean(i8), jnp.mean(i8, dtype=jnp.float16), jnp.sum(x, dtype=jnp.int32))
print(jnp.cumsum(i8, dtype=jnp.int8), jnp.cumulative_sum(x, axis=1, include_initial=True)[0])
print(
    jnp.cumulative_prod(jnp.arange(1, 5), include_initial=True),
    jnp.cumprod(jnp.arange(1.0, 5.0), dtype=jnp.int32),
)
n = jnp.where(x > 8, jnp.nan, x)
print(jnp.nansum(n, axis=1), jnp.nanmean(n, axis=0, where=row_mask[0][None, :].repeat(3, 0)))
print(jnp.nanmax(n, axis=1, initial=-5.0), jnp.nanargmax(n, axis=1), jnp.nanvar(n, axis=1, ddof=1))
try:
    jnp.max(jnp.array([]))
except ValueError as e:
    print("ValueError", str(e).splitlines()[0])
print(
    jax.jit(lambda a, m: jnp.sum(a, where=m))(x, x > 3),
    jax.grad(lambda a: jnp.mean(a, where=row_mask))(x)[0],
)
print(jnp.count_nonzero(x, axis=0, keepdims=True), jnp.ptp(x, axis=1), jnp.average(x, axis=None))
