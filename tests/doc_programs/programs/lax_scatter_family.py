# jax.lax scatter family: scatter / scatter_add / mul / min / max / apply with dimension numbers
import jax
import jax.numpy as jnp
from jax import lax

operand = jnp.zeros((5,))
dnums = lax.ScatterDimensionNumbers(update_window_dims=(), inserted_window_dims=(0,),
                                    scatter_dims_to_operand_dims=(0,))
idx = jnp.array([[1], [3], [1]])
upd = jnp.array([10., 20., 30.])
print(lax.scatter_add(operand, idx, upd, dnums))
print(lax.scatter(operand, idx, upd, dnums))
print(lax.scatter_mul(jnp.ones(5), idx, jnp.array([2., 3., 4.]), dnums))
print(lax.scatter_min(jnp.full(5, 5.), idx, jnp.array([7., -1., 2.]), dnums))
print(lax.scatter_max(jnp.full(5, 5.), idx, jnp.array([7., -1., 2.]), dnums))
print(lax.scatter_apply(jnp.arange(5.), jnp.array([[0], [2]]), lambda v: v * 10, dnums, update_shape=(2,)))
print(lax.scatter_add(operand, jnp.array([[4], [9]]), jnp.array([1., 1.]), dnums,
                      mode=lax.GatherScatterMode.FILL_OR_DROP))
print(lax.scatter_add(operand, jnp.array([[4], [9]]), jnp.array([1., 1.]), dnums,
                      mode=lax.GatherScatterMode.CLIP))
print(lax.scatter_add(operand, jnp.array([[0], [2]]), jnp.array([1., 1.]), dnums,
                      indices_are_sorted=True, unique_indices=True))

# row updates into a matrix: update windows of a whole row
m = jnp.zeros((3, 4))
rows = lax.ScatterDimensionNumbers(update_window_dims=(1,), inserted_window_dims=(0,),
                                   scatter_dims_to_operand_dims=(0,))
print(lax.scatter_add(m, jnp.array([[0], [2]]), jnp.ones((2, 4)), rows))

# gradients through scatters
f = lambda x, u: lax.scatter_mul(x, idx, u, dnums).sum()
try:
    jax.grad(f, argnums=(0, 1))(jnp.arange(1., 6.), jnp.array([2., 3., 4.]))
except NotImplementedError as e:
    print("NotImplementedError:", str(e).splitlines()[0])
uniq = jnp.array([[0], [3], [1]])
f = lambda x, u: lax.scatter_mul(x, uniq, u, dnums, unique_indices=True).sum()
print(jax.grad(f, argnums=(0, 1))(jnp.arange(1., 6.), jnp.array([2., 3., 4.])))
g = lambda x, u: lax.scatter_max(x, idx, u, dnums).sum()
print(jax.grad(g, argnums=(0, 1))(jnp.full(5, 5.), jnp.array([7., -1., 2.])))
h = lambda x, u: lax.scatter(x, jnp.array([[1], [3]]), u, dnums).sum()
print(jax.grad(h, argnums=(0, 1))(jnp.arange(5.), jnp.array([1., 2.])))
print(jax.jvp(lambda u: lax.scatter_add(operand, idx, u, dnums), (upd,), (jnp.ones(3),)))

# vmapped scatters (batch of operands, shared indices; and batched indices)
print(jax.vmap(lambda x: lax.scatter_add(x, idx, upd, dnums))(jnp.ones((2, 5))))
print(jax.vmap(lambda i: lax.scatter_add(operand, i, upd, dnums))(jnp.array([[[0], [1], [2]], [[4], [4], [4]]])))
print(jax.jit(lambda x: x.at[jnp.array([0, 0, 2])].min(jnp.array([-1., -3., 2.])))(jnp.zeros(4)))
print(jnp.zeros((2, 3)).at[:, 1].multiply(3).at[1].max(jnp.array([1., 2., -3.])))
print(jnp.arange(6).at[jnp.array([5, 9])].get(mode='fill', fill_value=-1))
print(jnp.arange(6.).at[jnp.array([1, 1])].apply(lambda v: v + 100))
