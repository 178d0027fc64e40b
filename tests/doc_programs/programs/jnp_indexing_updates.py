# jax.numpy indexing and in-place updates, the "Sharp bits" way: .at[] with set / add / mul /
# min / max / apply / get and their modes, index_update patterns in loops, boolean masks with
# where, dynamic slicing with lax.dynamic_slice / dynamic_update_slice, negative and NumPy indices
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.arange(10)
print(x.at[2].set(100), x.at[::3].add(1), x.at[jnp.array([1, 1, 2])].add(5))
print(x.at[jnp.array([0, 0])].set(jnp.array([7, 8])).tolist()[0] in (7, 8))
print(x.at[1:4].mul(2), x.at[5:].min(6), x.at[:3].max(1))
print(x.at[jnp.array([2, 4])].apply(lambda v: v * v), x.at[11].get(mode="fill", fill_value=-1))
print(x.at[12].set(0, mode="drop"), x.at[-1].set(0), x.at[jnp.array([-1, 20])].add(1, mode="clip"))
print(x.at[jnp.array([3, 30])].get(mode="fill", fill_value=0))
m = jnp.zeros((3, 4))
print(m.at[1, :].set(1.).at[:, 2].add(2.))
print(m.at[jnp.array([0, 2]), jnp.array([1, 3])].set(9.))
print(m.at[np.array([True, False, True])].set(5.))
print(m.at[..., -1].set(jnp.arange(3.)))
print(m.at[jnp.newaxis].get().shape, m.at[None, 0].get().shape)
mask = x % 3 == 0
print(jnp.where(mask, x, 0), jnp.where(mask, size=5, fill_value=-1))
try:
    x[mask]
except Exception as e:
    print(type(e).__name__)
print(jax.jit(lambda x: jnp.where(x > 4, x, -1).sum())(x))
print(x[jnp.array([[0, 1], [2, 3]])], x[np.int32(4)], x[-3:], x[::-2])
print(x[jnp.array(3)], jnp.arange(12).reshape(3, 4)[1:, jnp.array([0, 3])])

@jax.jit
def window(x, i):
    return lax.dynamic_slice(x, (i,), (3,))


print(window(x, 2), window(x, 9))
print(lax.dynamic_update_slice(x, jnp.array([-1, -2]), (8,)))
print(lax.dynamic_slice_in_dim(jnp.arange(12).reshape(3, 4), 1, 2, axis=1))
print(lax.dynamic_index_in_dim(jnp.arange(12).reshape(3, 4), 2, keepdims=False))
print(jax.jit(lambda a, i: a[i:i + 2] if False else lax.dynamic_slice_in_dim(a, i, 2))(x, 5))

def body(i, acc):
    return acc.at[i].set(i * i)


print(lax.fori_loop(0, 5, body, jnp.zeros(5, jnp.int32)))
print(jax.grad(lambda v: v.at[1].set(0.).sum() + (v.at[2].mul(3.) ** 2).sum())(jnp.ones(4)))
print(jax.vmap(lambda row, i: row.at[i].set(-1))(jnp.zeros((3, 3), jnp.int32), jnp.array([0, 2, 1])))
print(jnp.take(x, jnp.array([0, 12]), mode="clip"), jnp.take(x, jnp.array([0, 12]), mode="wrap"))
print(jnp.take(x, jnp.array([0, 12]), mode="fill", fill_value=-5))
print(x.at[1].set(2.5).dtype)
try:
    x[1] = 5
except TypeError as e:
    print(type(e).__name__)
