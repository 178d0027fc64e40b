# NumPy indexing rules as the jax.numpy indexing docs list them: broadcast integer index arrays,
# advanced indices separated by a slice (their axis moves first), None and Ellipsis mixed in,
# negative indices, boolean masks (eager), .at[] updates with broadcast values and repeated
# indices, and the same under jit with jnp.nonzero(size=...)
import jax
import jax.numpy as jnp

x = jnp.arange(60).reshape(3, 4, 5)
rows = jnp.array([[0], [2]])
cols = jnp.array([1, 3])
print(x[rows, cols].shape, x[rows, cols, 0])
print(x[rows, :, cols].shape, x[:, rows, cols].shape, x[0, :, cols].shape)
print(x[..., -1].shape, x[None, ..., 2].shape, x[:, None, 1, None].shape)
print(x[-1, -2, -3], x[jnp.array([-1, 0]), 1, jnp.array([0, -1])])
print(x[1:, ::2, jnp.array([4, 0])].shape, x[jnp.array([True, False, True])].shape)
print(x[x > 55], x[0][x[0] % 7 == 0])
print(x.at[rows, cols].set(jnp.array([[-1], [-2]]))[:, :, 0])
print(
    jnp.zeros(5).at[jnp.array([0, 1, 1, 4])].add(1.0),
    jnp.zeros(5).at[jnp.array([0, 1, 1])].set(jnp.array([1.0, 2.0, 3.0])),
)
print(
    jnp.zeros((3, 3)).at[1].set(jnp.array([1.0, 2.0, 3.0])),
    jnp.zeros((3, 3)).at[:, 1].add(jnp.array([[1.0], [2.0], [3.0]])[:, 0]),
)
print(jnp.ones((2, 4)).at[..., ::2].multiply(5.0), jnp.arange(5.0).at[jnp.array([1, 3])].min(0.5))
print(
    jnp.arange(6).at[jnp.array([0, 0, 5])].max(jnp.array([9, 3, 1])),
    jnp.arange(4.0).at[2].divide(4.0),
    jnp.arange(4).at[-1].power(2),
)


@jax.jit
def positives(v):
    (idx,) = jnp.nonzero(v > 0, size=4, fill_value=-1)
    return idx, v[idx], jnp.where(v > 0, v, 0).sum()


print(positives(jnp.array([-1.0, 2.0, -3.0, 4.0, 5.0])))
print(jax.jit(lambda v, i: v[i, ::-1])(jnp.arange(12).reshape(3, 4), jnp.array([2, 0])))
print(
    jax.jit(lambda v, i, j: v.at[i, j].get(mode="fill", fill_value=-7))(
        x, jnp.array([0, 5]), jnp.array([1, 1])
    )
)
print(jax.grad(lambda v: v[jnp.array([0, 0, 2])].sum())(jnp.ones(4)))
