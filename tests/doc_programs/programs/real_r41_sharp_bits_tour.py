# "JAX - The Sharp Bits": pure functions and side effects under jit, in-place updates via
# .at[] (set / add / mul / min / max / get with modes), out-of-bounds indexing clamped or
# dropped, non-array inputs refused, random key reuse, Python control flow pitfalls,
# dynamic shapes, NaNs from where and the double-where trick, and float64 off by default
import jax
import jax.numpy as jnp
import numpy as np

g = 0.0


def impure_uses_globals(x):
    return x + g


print(jax.jit(impure_uses_globals)(4.0))
g = 10.0
print(jax.jit(impure_uses_globals)(5.0))
print(jax.jit(impure_uses_globals)(jnp.array([4.0])))


def impure_print_side_effect(x):
    print("Executing function")
    return x


print(jax.jit(impure_print_side_effect)(4.0))
print(jax.jit(impure_print_side_effect)(5.0))

jax_array = jnp.zeros((3, 3), dtype=jnp.float32)
try:
    jax_array[1, :] = 1.0
except TypeError as e:
    print(type(e).__name__)
updated = jax_array.at[1, :].set(1.0)
print(jax_array.sum(), updated)
print(jnp.ones((5, 6)).at[::2, 3:].add(7.0))
print(jnp.arange(5.0).at[jnp.array([0, 0, 1])].add(1.0))
print(jnp.arange(5.0).at[2].mul(3.0), jnp.arange(5.0).at[1:3].min(0.5), jnp.arange(5.0).at[:2].max(4.0))
print(jnp.arange(10.0)[11], jnp.arange(10.0).at[11].get(mode="fill", fill_value=-1.0))
print(jnp.arange(10.0).at[11].add(23.0))
print(jnp.arange(10.0).at[jnp.array([9, 10])].set(0.0, mode="drop"))
print(jnp.arange(4.0).at[jnp.array([1, 5])].get(mode="clip"))
print(jnp.arange(4.0)[-1], jnp.arange(4.0)[jnp.array([-1, -5])])
try:
    jnp.arange(4.0).at[7].get(mode="promise_in_bounds") + 0
    print("ok")
except Exception as e:
    print(type(e).__name__)

print(np.sum([1, 2, 3]))
try:
    jnp.sum([1, 2, 3])
except TypeError as e:
    print(type(e).__name__)
print(jnp.sum(jnp.array([1, 2, 3])))
try:
    jnp.arange(3) + [1, 2, 3]
    print("list added")
except TypeError as e:
    print(type(e).__name__)

key = jax.random.key(0)
print(jax.random.normal(key), jax.random.normal(key))
key, sub = jax.random.split(key)
print(jax.random.normal(sub))
np.random.seed(0)
print(np.random.uniform(), np.random.uniform())

try:
    jax.jit(lambda x: x[x > 0])(jnp.arange(-2.0, 3.0))
except IndexError as e:
    print(type(e).__name__)
print(jnp.arange(-2.0, 3.0)[jnp.arange(-2.0, 3.0) > 0])
print(jax.jit(lambda x: jnp.where(x > 0, x, 0).sum())(jnp.arange(-2.0, 3.0)))
try:
    jax.jit(lambda n: jnp.ones(n))(3)
except TypeError as e:
    print(type(e).__name__)


def log_or_zero(x):
    return jnp.where(x > 0, jnp.log(x), 0.0)


def safe_log_or_zero(x):
    safe = jnp.where(x > 0, x, 1.0)
    return jnp.where(x > 0, jnp.log(safe), 0.0)


print(jax.grad(log_or_zero)(0.0), jax.grad(safe_log_or_zero)(0.0))
print(jax.grad(lambda x: jnp.sqrt(x))(0.0), jax.grad(lambda x: jnp.where(x > 0, jnp.sqrt(jnp.where(x > 0, x, 1.0)), 0.0))(0.0))
print(jnp.array([1.0, 2.0], dtype=jnp.float64).dtype, jnp.arange(3, dtype=jnp.int64).dtype)
print(jnp.divide(1.0, 0.0), jnp.float32(1) / 0, jnp.int32(7) // 0, jnp.int32(7) % 0)
print(jnp.array(2**31 - 1, jnp.int32) + 1)
print(jnp.nan == jnp.nan, jnp.isnan(jnp.array([jnp.nan, 1.0])))
print(jnp.round(jnp.array([0.5, 1.5, 2.5, -0.5])), jnp.array(3.7).astype(jnp.int32), jnp.array(-3.7).astype(jnp.uint8))
print(jnp.float32(0.1) + jnp.float32(0.2) == 0.3, np.float32(16777217.0), jnp.float32(16777217))
