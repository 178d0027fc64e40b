# jax.numpy.linalg and jax.scipy.linalg beyond the basics: norms of every ord, cond, slogdet
# (with method=), svdvals, matrix_rank with tolerances, pinv of a rank-deficient matrix,
# tensorinv / tensorsolve, eigvals of a nonsymmetric matrix, scipy's schur, hessenberg, funm,
# eigh_tridiagonal, lu with permute_l, and gradients of norms and log-determinants
import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl

a = jnp.array([[4., -2., 1.], [3., 6., -4.], [2., 1., 8.]])
v = jnp.array([3., -4., 12.])
for ord in [None, 1, 2, jnp.inf, -jnp.inf, 0, 3]:
    print("vector", ord, jnp.round(jnp.linalg.norm(v, ord=ord), 4))
for ord in [None, "fro", "nuc", 1, -1, 2, -2, jnp.inf, -jnp.inf]:
    print("matrix", ord, jnp.round(jnp.linalg.norm(a, ord=ord), 4))
print(jnp.round(jnp.linalg.norm(a, axis=0), 4), jnp.round(jnp.linalg.norm(a, axis=1, keepdims=True), 4).shape)
print(jnp.round(jnp.linalg.vector_norm(a, ord=1, axis=(0, 1)), 4))
print(jnp.round(jnp.linalg.matrix_norm(jnp.stack([a, 2 * a]), ord="nuc"), 4))
for p in [None, 1, 2, "fro", jnp.inf, -2]:
    print("cond", p, jnp.round(jnp.linalg.cond(a, p=p), 4))
sign, logdet = jnp.linalg.slogdet(a)
print(sign, jnp.round(logdet, 5), jnp.round(jnp.linalg.det(a), 3))
print(jnp.round(jnp.linalg.slogdet(a, method="qr")[1], 5))
print(jnp.linalg.slogdet(-jnp.eye(3))[0])
print(jnp.round(jnp.linalg.svdvals(a), 4))
low_rank = jnp.outer(jnp.arange(1., 4.), jnp.array([1., 2., 3.]))
print(jnp.linalg.matrix_rank(low_rank), jnp.linalg.matrix_rank(a))
print(jnp.linalg.matrix_rank(jnp.diag(jnp.array([1., 1e-3, 1e-8])), rtol=1e-4))
print(jnp.linalg.matrix_rank(jnp.diag(jnp.array([1., 1e-3, 1e-8])), tol=1e-2))
pinv = jnp.linalg.pinv(low_rank)
print(jnp.round(low_rank @ pinv @ low_rank - low_rank, 4).max() < 1e-3)
print(jnp.round(jnp.linalg.pinv(a) @ a, 4))
t = jnp.eye(6).reshape(6, 2, 3) * 2.
ti = jnp.linalg.tensorinv(t, ind=1)
print(ti.shape, jnp.round(jnp.tensordot(ti, t, 1)[0, 0], 4))
bt = jnp.arange(6.).reshape(2, 3)
print(jnp.round(jnp.linalg.tensorsolve(t, jnp.arange(6.)), 4))
ev = jnp.linalg.eigvals(jnp.array([[0., -1.], [1., 0.]]))
print(jnp.sort_complex(jnp.round(ev, 5)))

spd = a @ a.T + jnp.eye(3)
T, Z = jsl.schur(a)
print(jnp.round(jnp.abs(Z @ T @ Z.T - a).max(), 4) < 1e-3, jnp.round(jnp.abs(jnp.tril(T, -2)).max(), 4))
H, Q = jsl.hessenberg(spd, calc_q=True)
print(jnp.round(jnp.abs(Q @ H @ Q.T - spd).max(), 3) < 1e-3, jnp.round(jnp.abs(jnp.tril(H, -2)).max(), 4))
print(jnp.round(jsl.funm(jnp.diag(jnp.array([1., 2.])), jnp.exp), 4))
d = jnp.array([2., 2., 2.])
e = jnp.array([-1., -1.])
print(jnp.round(jsl.eigh_tridiagonal(d, e, eigvals_only=True), 4))
pl, u = jsl.lu(a, permute_l=True)
print(jnp.round(pl @ u - a, 4).max() < 1e-4)
p, l, u = jsl.lu(a)
print(p.astype(int), jnp.round(jnp.diag(l), 4))

print(jnp.round(jax.grad(lambda m: jnp.linalg.norm(m))(a), 4))
print(jnp.round(jax.grad(lambda m: jnp.linalg.slogdet(m)[1])(a), 4))
print(jnp.round(jnp.linalg.inv(a).T, 4))
print(jnp.round(jax.grad(lambda x: jnp.linalg.norm(x, ord=1))(v), 4))
print(jnp.round(jax.jit(jnp.linalg.cond)(spd), 3))
print(jnp.round(jax.vmap(jnp.linalg.det)(jnp.stack([a, spd, jnp.eye(3)])), 2))
