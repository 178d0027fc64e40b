# Sharp bits
import jax
import jax.numpy as jnp
import numpy as np
from jax import jit, grad, lax

def impure_print_side_effect(x):
    print("Executing function")
    return x


print("First call: ", jit(impure_print_side_effect)(4.))
print("Second call: ", jit(impure_print_side_effect)(5.))
print("Third call, different type: ", jit(impure_print_side_effect)(jnp.array([5.])))

g = 0.


def impure_uses_globals(x):
    return x + g


print("First call: ", jit(impure_uses_globals)(4.))
g = 10.
print("Second call: ", jit(impure_uses_globals)(5.))
print("Third call, different type: ", jit(impure_uses_globals)(jnp.array([4.])))

g = 0.


def impure_saves_global(x):
    global g
    g = x
    return x


print("First call: ", jit(impure_saves_global)(4.))
print("Saved global: ", type(g).__name__)


def pure_uses_internal_state(x):
    state = dict(even=0, odd=0)
    for i in range(10):
        state['even' if i % 2 == 0 else 'odd'] += x
    return state['even'] + state['odd']


print(jit(pure_uses_internal_state)(5.))

array = jnp.arange(10)
print(lax.fori_loop(0, 10, lambda i, x: x + array[i], 0))
iterator = iter(range(10))
try:
    print(lax.fori_loop(0, 10, lambda i, x: x + next(iterator), 0))
except Exception as e:
    print(type(e).__name__)

numpy_array = np.zeros((3, 3), dtype=np.float32)
print("original array:")
print(numpy_array)
numpy_array[1, :] = 1.0
print("updated array:")
print(numpy_array)

jax_array = jnp.zeros((3, 3), dtype=jnp.float32)
try:
    jax_array[1, :] = 1.0
except Exception as e:
    print(type(e).__name__)

jax_array = jnp.zeros((3, 3), dtype=jnp.float32)
updated_array = jax_array.at[1, :].set(1.0)
print("updated array:\n", updated_array)
print("original array unchanged:\n", jax_array)
print("new array post-addition:\n", jax_array.at[::2, 3:].add(7.))
jax_array = jnp.ones((5, 6))
print(jax_array.at[::2, 3:].add(7.))

# out of bounds
print(np.arange(10)[5])
try:
    np.arange(10)[11]
except Exception as e:
    print(type(e).__name__)
print(jnp.arange(10)[11])
print(jnp.arange(10.0).at[11].get())
print(jnp.arange(10.0).at[11].get(mode='fill', fill_value=jnp.nan))
print(jnp.arange(10).at[11].add(5))
print(jnp.arange(10)[-11])
try:
    jnp.arange(10).at[11].get(mode='promise_in_bounds')
    print("ok")
except Exception as e:
    print(type(e).__name__)

# non-array inputs
print(np.sum([1, 2, 3]))
try:
    jnp.sum([1, 2, 3])
except TypeError as e:
    print("TypeError")


def permissive_sum(x):
    return jnp.sum(jnp.array(x))


x = list(range(10))
print(permissive_sum(x))
print(jax.make_jaxpr(permissive_sum)(x))
print(jnp.sum(jnp.array(x)))

# random numbers
print(np.random.random() is not None)
key = jax.random.key(0)
print(key)

# dynamic shapes
def nansum(x):
    mask = ~jnp.isnan(x)
    x_without_nans = x[mask]
    return x_without_nans.sum()


x = jnp.array([1, 2, jnp.nan, 3, 4])
print(nansum(x))
try:
    jax.jit(nansum)(x)
except Exception as e:
    print(type(e).__name__)


@jax.jit
def nansum_2(x):
    mask = ~jnp.isnan(x)
    return jnp.where(mask, x, 0).sum()


print(nansum_2(x))

# NaNs
jax.config.update("jax_debug_nans", True)
try:
    jnp.divide(0., 0.)
except FloatingPointError as e:
    print("FloatingPointError")
try:
    jax.jit(lambda x: jnp.log(x) * 0)(-1.)
except FloatingPointError as e:
    print("FloatingPointError")
jax.config.update("jax_debug_nans", False)
print(jnp.divide(0., 0.))

# double precision
x = jax.random.uniform(jax.random.key(0), (1000,), dtype=jnp.float64)
print(x.dtype)
print(jnp.array(1.5, dtype=jnp.float64).dtype)
print(jnp.zeros(3, dtype='int64').dtype)
jax.config.update("jax_enable_x64", True)
x = jax.random.uniform(jax.random.key(0), (1000,), dtype=jnp.float64)
print(x.dtype)
print(jnp.array(1.5).dtype, jnp.array(1).dtype)
jax.config.update("jax_enable_x64", False)
print(jnp.array(1.5).dtype)

# misc divergences from numpy
print(jnp.array([1, 2, 3], dtype='int32') + 2**31 - 1 if False else "skip")
print(np.arange(254.0, 258.0).astype('uint8'))
print(jnp.arange(254.0, 258.0).astype('uint8'))
try:
    jnp.array(2**40)
except Exception as e:
    print(type(e).__name__)
print(jnp.float32(1.) / 0)
print(jnp.int32(7) // 0)
print(jnp.array([-2., 2.]) ** 0.5)
try:
    jnp.arange(3).tolist()
    print(jnp.arange(3).tolist())
except Exception as e:
    print(type(e).__name__)
try:
    jnp.arange(5.)[jnp.array([1.5])]
except Exception as e:
    print(type(e).__name__)
try:
    jnp.arange(5.)[[0, 1]]
except Exception as e:
    print(type(e).__name__)
print(jnp.arange(5.)[(0,)])
try:
    hash(jnp.arange(3))
except Exception as e:
    print(type(e).__name__)
try:
    jit(lambda x: int(x))(1.)
except Exception as e:
    print(type(e).__name__)
try:
    jit(lambda x: np.array(x))(jnp.ones(2))
except Exception as e:
    print(type(e).__name__)
try:
    jit(lambda x: jnp.arange(x))(3)
except Exception as e:
    print(type(e).__name__)
try:
    jnp.zeros((2, 3)) + jnp.zeros((3, 2))
except Exception as e:
    print(type(e).__name__)
try:
    jnp.reshape(jnp.arange(6), (4, 2))
except Exception as e:
    print(type(e).__name__)
