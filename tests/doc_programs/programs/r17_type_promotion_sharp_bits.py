# "JAX sharp bits" and "Type promotion semantics": pure functions and side effects under jit,
# in-place updates with .at[], out-of-bounds indexing, non-array inputs, random numbers,
# NaN checks, 64-bit defaults, weak types with Python scalars, jnp.promote_types,
# jax.numpy.result_type of mixed kinds, strict dtype promotion errors
import itertools

import jax
import jax.numpy as jnp
import numpy as np

g = 0.


def impure_uses_globals(x):
    return x + g


print("First call: ", jax.jit(impure_uses_globals)(4.))
g = 10.
print("Second call: ", jax.jit(impure_uses_globals)(5.))
print("Third call, different type: ", jax.jit(impure_uses_globals)(jnp.array([4.])))


def pure_uses_internal_state(x):
    state = dict(even=0, odd=0)
    for i in range(10):
        state['even' if i % 2 == 0 else 'odd'] += x
    return state['even'] + state['odd']


print(jax.jit(pure_uses_internal_state)(5.))
array = jnp.arange(10)
print(jax.lax.fori_loop(0, 10, lambda i, x: x + array[i], 0))
iterator = iter(range(10))
try:
    print(jax.lax.fori_loop(0, 10, lambda i, x: x + next(iterator), 0))
except Exception as e:
    print(type(e).__name__)

numpy_array = np.zeros((3, 3), dtype=np.float32)
numpy_array[1, :] = 1.0
print(numpy_array)
jax_array = jnp.zeros((3, 3), dtype=jnp.float32)
try:
    jax_array[1, :] = 1.0
except Exception as e:
    print(type(e).__name__)
updated_array = jax_array.at[1, :].set(1.0)
print("original array unchanged:\n", jax_array)
print("updated array:\n", updated_array)
print(jnp.ones((5, 6)).at[::2, 3:].add(7.))
print(jnp.arange(10)[11], jnp.arange(10.0).at[11].get(mode='fill', fill_value=jnp.nan))
print(jnp.arange(10).at[11].add(1))
try:
    jnp.sum([1, 2, 3])
except TypeError as e:
    print(f"TypeError: {e}")
print(jnp.sum(jnp.array([1, 2, 3])))
print(jax.make_jaxpr(lambda x: jnp.sum(jnp.array(x)))([1, 2, 3]))

x = jnp.array([1., 2., 3.])
print(jnp.divide(x, 0.))
print(jnp.float32(1) / 0, -jnp.float32(1) / 0, jnp.float32(0) / 0)
print(jnp.array(1, dtype=jnp.int32) // 0, jnp.array(7, jnp.int32) % 0)
print(jnp.arange(5.).dtype, np.arange(5.).dtype)
print(jnp.array([1, 2]).dtype, jnp.array(np.array([1, 2], dtype=np.int64)).dtype)

types = [jnp.bool_, jnp.int8, jnp.uint8, jnp.int32, jnp.float16, jnp.bfloat16, jnp.float32,
         jnp.complex64]
for a, b in itertools.combinations(types, 2):
    print(jnp.dtype(a).name, jnp.dtype(b).name, jnp.promote_types(a, b).name)
print(jnp.result_type(jnp.int8, 2), jnp.result_type(jnp.int8, 2.0), jnp.result_type(jnp.float16, 2j))
print(jnp.result_type(jnp.uint8, jnp.int8), jnp.result_type(jnp.uint32, jnp.int32))
print((jnp.int8(3) + 2).dtype, (jnp.int8(3) + 2.).dtype, (jnp.bfloat16(1) + 1.).dtype)
print((jnp.array(3, dtype=jnp.uint8) + np.int32(4)).dtype)
print(jnp.array(3.).dtype, jnp.array(3.).weak_type if hasattr(jnp.array(3.), "weak_type") else "")
print(jax.numpy.asarray(2.0).aval, jax.typeof(jnp.float32(2) * 2))
print(jnp.uint8(250) + jnp.uint8(10), jnp.int8(127) + jnp.int8(1))
with jax.numpy_dtype_promotion('strict'):
    try:
        jnp.float32(1) + jnp.float16(1)
    except Exception as e:
        print(type(e).__name__)
    print((jnp.float32(1) + 1.).dtype)
with jax.numpy_dtype_promotion('standard'):
    print((jnp.int32(1) + jnp.float16(1)).dtype)
key = jax.random.key(0)
print(jax.random.uniform(key), jax.random.uniform(key))
key, subkey = jax.random.split(key)
print(jax.random.normal(subkey, (3,)))
print(jnp.nan == jnp.nan, jnp.isnan(jnp.nan), jnp.array([jnp.nan, 1.]).max())
print(jnp.round(2.5), jnp.round(3.5), jnp.round(-0.5), np.round(2.5))
print(jnp.float32(16777217), jnp.int32(2 ** 31 - 1) + 1)
