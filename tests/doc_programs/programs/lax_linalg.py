# jax.lax.linalg: Cholesky, triangular solves, LU with pivots, QR, eigh, SVD and their
# relations; Householder products and the tridiagonal solver
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.lax import linalg as lla

a = jnp.array([[4., 2., 0.6], [2., 5., 1.], [0.6, 1., 3.]])
L = lla.cholesky(a)
print(jnp.round(L, 5))
print(np.allclose(L @ L.T, a, atol=1e-5))

b = jnp.array([[1.], [2.], [3.]])
z = lla.triangular_solve(L, b, left_side=True, lower=True)
x = lla.triangular_solve(L, z, left_side=True, lower=True, transpose_a=True)
print(jnp.round(x[:, 0], 5))
print(np.allclose(a @ x, b, atol=1e-5))
r = lla.triangular_solve(L, b.T, left_side=False, lower=True)
print(jnp.round(r, 5))

m = jnp.array([[1., 2., 3.], [4., 5., 6.], [7., 8., 10.]])
lu, pivots, perm = lla.lu(m)
print(jnp.round(lu, 5))
print(pivots, perm)
lower = jnp.tril(lu, -1) + jnp.eye(3)
upper = jnp.triu(lu)
print(np.allclose(m[perm], lower @ upper, atol=1e-5))
print(lax.linalg.lu_pivots_to_permutation(pivots, 3))

q, r = lla.qr(m)
print(q.shape, r.shape)
print(np.allclose(q @ r, m, atol=1e-5), np.allclose(q.T @ q, jnp.eye(3), atol=1e-5))
q2, r2 = lla.qr(jnp.ones((4, 2)), full_matrices=False)
print(q2.shape, r2.shape)

v, w = lla.eigh(a)
print(jnp.round(w, 5))
print(np.allclose(a @ v, v * w, atol=1e-5))
print(jnp.round(jnp.linalg.eigvalsh(a), 5))

u, s, vt = lla.svd(m, full_matrices=False)
print(jnp.round(s, 5))
print(np.allclose((u * s) @ vt, m, atol=1e-4))
print(jnp.round(lla.svd(m, compute_uv=False), 5))

dl = jnp.array([0., 1., 1.])
d = jnp.array([4., 4., 4.])
du = jnp.array([1., 1., 0.])
rhs = jnp.array([[5.], [6.], [5.]])
print(lla.tridiagonal_solve(dl, d, du, rhs))

# Batched and differentiated.
batch = jnp.stack([a, 2 * a])
print(jnp.round(jax.vmap(lla.cholesky)(batch)[:, 0, 0], 5))
print(jnp.round(jax.grad(lambda a: jnp.sum(lla.cholesky(a)))(a), 5))
print(jnp.round(jax.grad(lambda a: jnp.sum(lla.eigh(a)[1][0] ** 2 * jnp.arange(3.)))(a), 4))
print(jnp.round(jax.jacfwd(lambda m: lla.svd(m, compute_uv=False))(m)[0], 4))
print(jax.jit(lambda a: lla.cholesky(a))(a).dtype)
