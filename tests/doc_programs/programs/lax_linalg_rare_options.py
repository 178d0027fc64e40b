# jax.lax.linalg's less used docstrings: qdwh polar decomposition, householder_product / ormqr
# from geqrf-style outputs, cholesky_update, symmetric_product, eigh / svd with subset_by_index,
# tridiagonal and tridiagonal_solve, lu_pivots_to_permutation.
import jax
import jax.numpy as jnp
from jax import lax
from jax.lax import linalg as ll

a = jnp.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]])
u, h, iters, conv = ll.qdwh(a + jnp.eye(3) * 0.1)
print(jnp.round(u @ h, 4), conv)
print(jnp.round(u.T @ u, 4))
try:
    w, v = ll.eigh(a, subset_by_index=(1, 3))
    print(w.shape, v.shape, jnp.round(w, 4))
except NotImplementedError as e:
    print("NotImplementedError:", e)
w_all, _ = ll.eigh(a)
print(jnp.round(w_all, 4), jnp.round(ll.eigh(a, sort_eigenvalues=True)[1].shape[0], 4))
s = ll.svd(a, compute_uv=False)
print(jnp.round(s, 4))
try:
    uu, ss, vv = ll.svd(a, full_matrices=False, subset_by_index=(0, 2))
    print(uu.shape, ss.shape, vv.shape, jnp.round(ss, 4))
except NotImplementedError as e:
    print("NotImplementedError:", e)
r = jnp.linalg.cholesky(a).T
w1 = jnp.array([0.3, 0.1, 0.2])
r2 = ll.cholesky_update(r, w1)
print(jnp.round(r2.T @ r2 - (a + jnp.outer(w1, w1)), 4))
c = jnp.ones((3, 3))
print(ll.symmetric_product(jnp.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]), c, alpha=1.0, beta=0.0))
dl = jnp.array([0.0, 1.0, 1.0])
d = jnp.array([4.0, 4.0, 4.0])
du = jnp.array([1.0, 1.0, 0.0])
b = jnp.array([[1.0], [2.0], [3.0]])
x = ll.tridiagonal_solve(dl, d, du, b)
print(jnp.round(x, 5))
full = jnp.diag(d) + jnp.diag(du[:-1], 1) + jnp.diag(dl[1:], -1)
print(jnp.allclose(full @ x, b, atol=1e-5))
arr, dd, ee, taus = ll.tridiagonal(a)
print(jnp.round(dd, 4), jnp.round(ee, 4), taus.shape)
lu, piv, perm = ll.lu(jnp.array([[1.0, 2.0], [3.0, 4.0]]))
print(piv, perm, ll.lu_pivots_to_permutation(jnp.array([2, 2, 2], jnp.int32), 4))
q_geqrf = jnp.array([[1.0, 0.0], [0.5, 1.0], [0.25, 0.5]])
taus = jnp.array([1.2, 1.5])
print(jnp.round(ll.householder_product(q_geqrf, taus), 4))
print(jnp.round(ll.ormqr(q_geqrf, taus, jnp.eye(3), left=True, transpose=False), 4))
print(jax.grad(lambda a: jnp.sum(ll.eigh(a)[1] * 0) + jnp.sum(ll.eigh(a)[1][0] ** 3))(a))
print(jax.grad(lambda b: jnp.sum(ll.tridiagonal_solve(dl, d, du, b)))(b))
