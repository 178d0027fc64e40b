# Matrix completion from a sparse set of observed ratings held as a jax.experimental.sparse BCOO
# matrix: the low-rank model's predictions at the observed indices by gathering, the sparse
# residual matrix rebuilt with BCOO, alternating gradient steps on the factors through
# sparse @ dense products, and sparse utilities (sum_duplicates, todense, transpose, reductions)
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import sparse

rng = np.random.default_rng(5)
n_users, n_items, rank = 30, 20, 3
U0 = rng.normal(size=(n_users, rank)).astype(np.float32)
V0 = rng.normal(size=(n_items, rank)).astype(np.float32)
full = U0 @ V0.T
obs = rng.random((n_users, n_items)) < 0.3
rows, cols = np.nonzero(obs)
R = sparse.BCOO((jnp.asarray(full[rows, cols]), jnp.asarray(np.stack([rows, cols], 1))), shape=(n_users, n_items))
print("observed", R.nse, "of", n_users * n_items, R.dtype, R.indices.dtype)
print("row counts", jnp.bincount(R.indices[:, 0], length=n_users)[:8])


def residual(U, V):
    pred = jnp.sum(U[R.indices[:, 0]] * V[R.indices[:, 1]], 1)
    return sparse.BCOO((pred - R.data, R.indices), shape=R.shape)


def loss(U, V, lam=0.01):
    res = residual(U, V)
    return 0.5 * jnp.sum(res.data**2) + lam * (jnp.sum(U**2) + jnp.sum(V**2))


@jax.jit
def step(U, V, lr=0.02):
    res = residual(U, V)
    gU = res @ V + 0.02 * U
    gV = res.T @ U + 0.02 * V
    return U - lr * gU, V - lr * gV


U = jnp.asarray(rng.normal(size=(n_users, rank)).astype(np.float32)) * 0.3
V = jnp.asarray(rng.normal(size=(n_items, rank)).astype(np.float32)) * 0.3
print("initial loss %.3f" % float(loss(U, V)))
for i in range(300):
    U, V = step(U, V)
    if i % 100 == 99:
        print(f"iter {i + 1} loss {float(loss(U, V)):.4f}")
gU, gV = jax.grad(loss, argnums=(0, 1))(U, V)
print("autodiff grad matches sparse products", bool(jnp.allclose(gU, residual(U, V) @ V + 0.02 * U, atol=1e-3)))
held = ~obs
err = np.abs(np.asarray(U @ V.T) - full)[held].mean()
print("held-out mae %.2f" % err)
dup = sparse.BCOO((jnp.array([1.0, 2.0, 3.0]), jnp.array([[0, 0], [0, 0], [1, 2]])), shape=(2, 3))
print("summed duplicates", dup.sum_duplicates().todense())
print("column sums", jnp.round(sparse.bcoo_reduce_sum(R, axes=(0,)).todense()[:5], 3))
print("transpose", R.T.shape, type(R.T).__name__)
