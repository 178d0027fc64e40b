# "JAX - The Sharp Bits": in-place updates refused and the .at[] forms (set / add / mul / min /
# max / get with modes and fill values, indices repeated), out-of-bounds indexing clamped or
# dropped, non-array inputs refused, the random sharp bits (no global state, keys reused give
# the same numbers, split vs. fold_in), and the dynamic shapes refused under jit
import jax
import jax.numpy as jnp
import numpy as np


def show(fn, *args, **kwargs):
    try:
        print("ok", fn(*args, **kwargs))
    except Exception as e:
        print(type(e).__name__ + ":")
        for line in str(e).strip().splitlines():
            print("   ", line)


x = jnp.arange(5.0)


def assign(a):
    a[0] = 10.0
    return a


show(assign, x)
show(lambda: x.at[0].set(10.0))
show(lambda: x.at[jnp.array([0, 0, 1])].add(1.0))
show(lambda: x.at[jnp.array([0, 0, 1])].set(jnp.array([7.0, 8.0, 9.0])))
show(lambda: x.at[::2].mul(3.0))
show(lambda: x.at[1:].min(2.0))
show(lambda: x.at[jnp.array([1, 9])].max(3.0, mode="drop"))
show(lambda: x.at[9].get(mode="fill", fill_value=-1.0))
show(lambda: x.at[9].get())
show(lambda: x.at[jnp.array([-1, 7])].get(mode="clip"))
show(lambda: x.at[9].set(1.0))
show(lambda: x.at[9].set(1.0, mode="promise_in_bounds"))
show(lambda: x.at[2].power(2))
show(lambda: x.at[2].divide(4.0))
show(lambda: x[9])
show(lambda: x[-9])
show(lambda: jnp.arange(10)[11:])
show(lambda: x[jnp.array([4, 5, 6])])
show(lambda: jnp.ones((2, 2)).at[0, :].set(jnp.array([5.0, 6.0])))
show(lambda: jnp.zeros(3, jnp.int32).at[0].set(2.7))
show(jnp.sum, [1, 2, 3])
show(jnp.sum, jnp.array([1, 2, 3]))
show(jnp.sum, jnp.array([1, 2, 3]).tolist())
show(lambda: jnp.array(np.array([1, 2, 3])) + [1])
show(lambda: jnp.array([1, 2, 3]).at[0].add([1, 2]))

key = jax.random.key(0)
print(jax.random.normal(key), jax.random.normal(key))
k1, k2 = jax.random.split(key)
print(jax.random.normal(k1) != jax.random.normal(k2))
print(
    jax.random.key_data(jax.random.fold_in(key, 1)), jax.random.key_data(jax.random.split(key, 3))
)
print(np.random.default_rng(0).normal(size=2).shape)
show(jax.jit(lambda a: a[a > 2]), x)
show(jax.jit(lambda a: jnp.nonzero(a)), x)
print(jax.jit(lambda a: jnp.nonzero(a, size=3, fill_value=-1))(x))
print(jax.jit(lambda a: jnp.where(a > 2, a, 0.0))(x))
