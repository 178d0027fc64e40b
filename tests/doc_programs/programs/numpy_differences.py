# "jax.numpy vs numpy" / "JAX - The Sharp Bits": immutable arrays and .at[] updates with modes,
# out-of-bound gathers and scatters, non-array inputs, default dtypes, copies and views
import jax
import jax.numpy as jnp
import numpy as np

x_np = np.arange(10)
x_np[0] = 10
print(x_np)
x = jnp.arange(10)
try:
    x[0] = 10
except TypeError as e:
    print("TypeError", "immutable" in str(e))
y = x.at[0].set(10)
print(x)
print(y)
print(x.at[jnp.array([1, 3])].add(jnp.array([100, 200])))
print(x.at[2:5].mul(3), x.at[::3].set(-1))
print(x.at[jnp.array([0, 0, 0])].add(1)[0], x.at[jnp.array([4, 4])].set(jnp.array([7, 8]))[4])
print(x.at[jnp.array([2, 5, 7])].add(1, indices_are_sorted=True, unique_indices=True))
print(x.at[jnp.array([1, 3])].get(indices_are_sorted=True))

# out-of-bound indices: clamped gathers, dropped scatters
print(x[11], x[-11], x.at[11].get(mode="clip"))
print(x.at[jnp.array([3, 12])].get(mode="fill", fill_value=-1))
f = jnp.arange(4.)
print(f.at[7].get(mode="fill"), f.at[jnp.array([0, 9])].get(mode="fill"))
print(f.at[7].set(1.), f.at[7].set(1., mode="clip"))
print(jnp.arange(4).at[5].get(mode="fill"), jnp.arange(4, dtype=jnp.uint8).at[5].get(mode="fill"))
print(jnp.array([True, False]).at[3].get(mode="fill"))
m = jnp.arange(12.).reshape(3, 4)
print(m.at[1, 5].get(mode="fill", fill_value=0.), m[:, 10:], m[5:].shape)
print(m.at[:, 1].min(jnp.array([0., 100., 6.])))
print(m.at[jnp.array([0, 2]), jnp.array([1, 3])].max(9.))
print(jnp.take(jnp.arange(5.), jnp.array([0, 9]), mode="fill", fill_value=-7.))
print(jnp.take(jnp.arange(5.), jnp.array([0, 9]), mode="clip"))
print(jnp.take(jnp.arange(5.), jnp.array([0, 9]), mode="wrap"))

# non-array inputs
print(np.sum([1, 2, 3]))
try:
    jnp.sum([1, 2, 3])
except TypeError as e:
    print("TypeError", "list" in str(e))
print(jnp.sum(jnp.array([1, 2, 3])), jnp.sum(np.array([1, 2, 3])))
try:
    jnp.arange(3) + [1, 2, 3]
    print("added")
except TypeError:
    print("TypeError")

# dtypes: 32-bit by default
print(jnp.array([1, 2]).dtype, jnp.array([1., 2.]).dtype, jnp.array(1 + 2j).dtype)
print(jnp.zeros(3, dtype=np.float64).dtype, np.zeros(3).dtype)
print(jnp.arange(3, dtype="int64").dtype, jnp.array(np.int64(5)).dtype)
print(jnp.asarray(np.arange(3, dtype=np.uint16)).dtype)

# copies: jnp.asarray of a NumPy array never aliases it
a = np.zeros(3)
b = jnp.asarray(a)
a[0] = 5.
print(b, jnp.array(b, copy=True) is not b)
print(np.asarray(b).flags.writeable, type(np.asarray(b)).__name__)
c = jnp.arange(6).reshape(2, 3)
d = c.T
print(d.shape, c.ravel().at[0].set(9)[0], c[0, 0])
print(jnp.add.at is not None if hasattr(jnp.add, "at") else True)

# float index, list index
try:
    x[1.]
except Exception as e:
    print(type(e).__name__)
try:
    x[[1, 2]]
except Exception as e:
    print(type(e).__name__)
print(x[jnp.array([1, 2])], x[np.array([1, 2])], x[(1,)])
# out-of-bound dynamic slices clamp the start
print(jax.lax.dynamic_slice(x, (8,), (4,)))
print(jax.lax.dynamic_update_slice(x, jnp.array([-1, -2, -3]), (9,)))
