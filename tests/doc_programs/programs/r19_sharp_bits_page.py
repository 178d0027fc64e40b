# "Sharp bits": pure functions and global state under jit, iterators, in-place updates with
# .at (mode / indices_are_sorted / unique_indices / get with fill), out-of-bounds indexing and
# updates, non-array inputs, NaNs from debug_nans-free code, double precision under
# enable_x64, miscellaneous divergences from NumPy (integer overflow, bool arithmetic,
# unsigned shifts, float casting)
import jax
import jax.numpy as jnp
import numpy as np
from jax import jit, lax

g = 0.0


def impure_uses_globals(x):
    return x + g


print("First call: ", jit(impure_uses_globals)(4.0))
g = 10.0
print("Second call: ", jit(impure_uses_globals)(5.0))
print("Third call, different type: ", jit(impure_uses_globals)(jnp.array([4.0])))


def pure_uses_internal_state(x):
    state = dict(even=0, odd=0)
    for i in range(10):
        state["even" if i % 2 == 0 else "odd"] += x
    return state["even"] + state["odd"]


print(jit(pure_uses_internal_state)(5.0))
array = jnp.arange(10)
print(lax.fori_loop(0, 10, lambda i, x: x + array[i], 0))
iterator = iter(range(10))
try:
    print(lax.fori_loop(0, 10, lambda i, x: x + next(iterator), 0))
except Exception as e:
    print(type(e).__name__)

jax_array = jnp.zeros((3, 3), dtype=jnp.float32)
updated_array = jax_array.at[1, :].set(1.0)
print("original array unchanged:\n", jax_array)
print("updated array:\n", updated_array)
print("new array post-addition:\n", jax_array.at[::2, 1:].add(7.0))
x = jnp.arange(5.0)
print(x.at[jnp.array([4, 0, 4])].add(1.0, indices_are_sorted=False, unique_indices=False))
print(x.at[jnp.array([0, 2])].set(9.0, indices_are_sorted=True, unique_indices=True))
print(x.at[10].get(), x.at[10].get(mode="fill", fill_value=-1), x.at[-1].get(), x.at[jnp.array([-7, 7])].get(mode="clip"))
print(x.at[10].set(99.0), x.at[jnp.array([1, 10])].add(5.0, mode="drop"), x.at[jnp.array([1, 10])].add(5.0, mode="clip"))
print(x.at[2:].min(1.5), x.at[:2].max(0.5), x.at[1].multiply(10), x.at[1].divide(4), x.at[3].power(2), x.at[4].apply(jnp.sin))
print(jnp.arange(10)[11], jnp.arange(10.0)[-11], jnp.arange(10)[jnp.array([3, 11, -2])])
print(jnp.arange(10.0).at[11].get(mode="fill", fill_value=jnp.nan))
print(np.sum([1, 2, 3]))
try:
    jnp.sum([1, 2, 3])
except TypeError as e:
    print(f"TypeError: {e}")
print(jnp.sum(jnp.array([1, 2, 3])), jnp.sum(np.array([1, 2, 3])), jnp.sum(jnp.array((1, 2, 3))))
print(jnp.array([1.0, 0.0, -1.0]) / 0.0, jnp.log(jnp.array([-1.0, 0.0])), jnp.sqrt(-1.0), jnp.arccos(2.0))
print(jnp.divide(jnp.array([1, -1, 0]), 0), jnp.array([7, -7]) // 0, jnp.array([7, -7]) % 0)
print(jnp.array(1e20).astype(jnp.int32), jnp.array([jnp.nan, jnp.inf, -jnp.inf]).astype(jnp.int32), jnp.array(300.7).astype(jnp.uint8))
print(jnp.array([127], jnp.int8) + 1, jnp.array([0], jnp.uint8) - 1, jnp.iinfo(jnp.int32).max + jnp.int32(1))
print(jnp.array([True, False]) + jnp.array([True, True]), jnp.array([True]) * 3, -jnp.array([True]).astype(int))
print(jnp.right_shift(jnp.int32(-8), 1), jnp.right_shift(jnp.uint32(8), 40), jnp.left_shift(jnp.int8(1), 7), lax.shift_right_logical(jnp.int32(-8), 1))
x = jax.random.uniform(jax.random.key(0), (1000,), dtype=jnp.float64)
print(x.dtype)
with jax.enable_x64(True):
    y = jax.random.uniform(jax.random.key(0), (1000,), dtype=jnp.float64)
    print(y.dtype, jnp.arange(3).dtype, jnp.array(1.5).dtype, (jnp.float32(1) + 1.0).dtype, jnp.array(2**40))
print(jnp.arange(3).dtype, jnp.zeros(2).dtype)
print(jnp.round(jnp.array([0.5, 1.5, 2.5, -0.5])), np.round(np.array([0.5, 1.5, 2.5, -0.5])), jnp.around(1.25, 1))
print(jnp.float32(0.1) + jnp.float32(0.2) == jnp.float32(0.3), 0.1 + 0.2 == 0.3)
print(jnp.nan == jnp.nan, jnp.array([jnp.nan]) != jnp.array([jnp.nan]), jnp.isnan(jnp.nanmean(jnp.array([jnp.nan]))))
print(jnp.nanmean(jnp.array([1.0, jnp.nan, 3.0])), jnp.nansum(jnp.array([jnp.nan])), jnp.nanmax(jnp.array([1.0, jnp.nan])))
