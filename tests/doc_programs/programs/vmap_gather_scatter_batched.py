# vmap over indexing: dynamic slices with batched starts, .at[] updates with batched indices,
# take_along_axis, gather / scatter by lax with batched operands and indices
import jax
import jax.numpy as jnp
from jax import lax

x = jnp.arange(24.).reshape(4, 6)
starts = jnp.array([0, 2, 4, 5])
print(jax.vmap(lambda r, s: lax.dynamic_slice(r, (s,), (2,)))(x, starts))
print(jax.vmap(lambda r, s: lax.dynamic_update_slice(r, jnp.array([-1., -2.]), (s,)))(x, starts))
print(jax.vmap(lambda s: lax.dynamic_slice(x, (s, 0), (1, 3)))(jnp.array([0, 3])))
print(jax.vmap(lambda r, i: r.at[i].add(100.))(x, starts))
print(jax.vmap(lambda r, i: r.at[i].set(0.), in_axes=(None, 0))(x[0], starts))
print(jax.vmap(lambda i, v: jnp.zeros(6).at[i].max(v))(starts, jnp.arange(4.)))
print(jax.vmap(lambda r, i: r[i])(x, jnp.array([[0, 1], [1, 2], [2, 3], [3, 4]])))
print(jax.vmap(lambda r, i: r.at[i].get(mode="fill", fill_value=-7.))(x, jnp.array([0, 9, -1, 5])))
print(jax.vmap(jnp.take_along_axis, in_axes=(0, 0, None))(x.reshape(4, 2, 3), jnp.zeros((4, 2, 1), jnp.int32), 1).shape)
print(jax.vmap(lambda r: jnp.argsort(r)[::-1][:2])(x * jnp.array([1., -1., 1., -1.])[:, None]))
dnums = lax.GatherDimensionNumbers(offset_dims=(1,), collapsed_slice_dims=(0,), start_index_map=(0,))
g = lambda op, idx: lax.gather(op, idx, dnums, (1, 3))
print(jax.vmap(g, in_axes=(0, None))(x.reshape(2, 2, 6), jnp.array([[1], [0]])))
print(jax.vmap(g, in_axes=(None, 0))(x, jnp.array([[[1]], [[3]]])))
sdn = lax.ScatterDimensionNumbers(update_window_dims=(), inserted_window_dims=(0,), scatter_dims_to_operand_dims=(0,))
sc = lambda op, idx, upd: lax.scatter_add(op, idx, upd, sdn)
print(jax.vmap(sc)(jnp.zeros((3, 5)), jnp.array([[[0], [0]], [[1], [4]], [[2], [2]]]), jnp.ones((3, 2))))
print(jax.vmap(sc, in_axes=(None, 0, None))(jnp.zeros(5), jnp.array([[[0], [1]], [[3], [3]]]), jnp.array([1., 2.])))
print(jax.grad(lambda x, i: jax.vmap(lambda r, j: r[j].sum())(x, i).sum())(x, jnp.array([[0, 0], [1, 2], [5, 5], [3, 4]])))
print(jax.jacrev(lambda r: r.at[jnp.array([0, 0, 2])].add(r[:3] * 2.))(jnp.arange(4.)))
print(jax.vmap(jax.vmap(lambda v, i: v.at[i].multiply(3.), in_axes=(0, None)), in_axes=(None, 0))(x[:2], jnp.array([0, 5])))
print(jax.vmap(lambda r: jnp.where(r > 10, r, 0).nonzero(size=2, fill_value=-1))(x))
print(jax.vmap(lambda r, n: jnp.roll(r, n))(x, jnp.array([0, 1, 2, 3])))
print(jax.vmap(lambda r, k: lax.dynamic_index_in_dim(r, k, keepdims=False))(x, starts))
print(jax.vmap(lambda r, u, k: lax.dynamic_update_index_in_dim(r, u, k, 0))(x, jnp.ones(4) * -9, starts))
