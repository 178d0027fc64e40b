# JAX - The Sharp Bits, section by section
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

# pure functions: side effects run at trace time only
g = 0.


def impure_uses_globals(x):
    return x + g


print(jax.jit(impure_uses_globals)(4.))
g = 10.
print(jax.jit(impure_uses_globals)(4.))
print(jax.jit(impure_uses_globals)(jnp.array([4.])))


def impure_print(x):
    print("Inside:", x)
    return x


print(jax.jit(impure_print)(4.))
print(jax.jit(impure_print)(5.))

# iterators are not supported in lax loops
array = jnp.arange(10)
print(lax.fori_loop(0, 10, lambda i, x: x + array[i], 0))
iterator = iter(range(10))
try:
    print(lax.fori_loop(0, 10, lambda i, x: x + next(iterator), 0))
except Exception as e:
    print(type(e).__name__)

# in-place updates
jax_array = jnp.zeros((3, 3), dtype=jnp.float32)
try:
    jax_array[1, :] = 1.0
except TypeError as e:
    print(type(e).__name__)
updated = jax_array.at[1, :].set(1.0)
print(jax_array.sum(), updated.sum())
print(jnp.ones((5, 6)).at[::2, 3:].add(7.))
print(jnp.arange(5).at[jnp.array([0, 0, 1])].add(1))

# out of bounds indexing
print(jnp.arange(10)[11], jnp.arange(10.0).at[11].get(mode='fill', fill_value=jnp.nan))
print(jnp.arange(10).at[11].set(23))
print(jnp.arange(10.).at[jnp.array([9, 10])].get(mode='drop', fill_value=-1))
print(jnp.take(jnp.arange(3), jnp.array([5]), mode='clip'))

# non-array inputs
try:
    jnp.sum([1, 2, 3])
except TypeError as e:
    print(type(e).__name__)
print(jnp.sum(jnp.array([1, 2, 3])))
print(jax.make_jaxpr(lambda x: jnp.sum(jnp.array(x)))([1, 2, 3]))

# dynamic shapes
def nansum(x):
    mask = ~jnp.isnan(x)
    x_without_nans = x[mask]
    return x_without_nans.sum()


x = jnp.array([1, 2, jnp.nan, 3, 4])
print(nansum(x))
try:
    jax.jit(nansum)(x)
except jax.errors.NonConcreteBooleanIndexError as e:
    print(type(e).__name__)
print(jax.jit(lambda x: jnp.where(~jnp.isnan(x), x, 0).sum())(x))

# NaNs and debug_nans
jax.config.update("jax_debug_nans", True)
try:
    jnp.divide(0., 0.)
except FloatingPointError as e:
    print(type(e).__name__)
jax.config.update("jax_debug_nans", False)
print(jnp.divide(0., 0.))

# double precision
x = jnp.array([1., 2.], dtype=jnp.float64)
print(x.dtype)
print(jnp.zeros(2, dtype='int64').dtype)

# miscellaneous divergences from NumPy
print(np.arange(254.0, 258.0).astype('uint8'))
print(jnp.arange(254.0, 258.0).astype('uint8'))
print(jnp.array([2 ** 31 - 1], dtype=jnp.int32) + 1)
print(np.float32(1.) + 1, jnp.float32(1.) + 1)
print(jnp.array(np.nan).astype(jnp.int32), jnp.array([jnp.inf, -jnp.inf]).astype(jnp.int32))
print((jnp.int8(100) * 2), jnp.uint8(3) - jnp.uint8(5))
print(jnp.arange(4)[jnp.array(-1)], jnp.arange(4)[-1])
