# jax.numpy.linalg as its docstrings use it: solve / inv / det / slogdet / eigh / eigvalsh /
# svd (full_matrices, compute_uv) / qr modes / cholesky (upper) / lstsq / pinv / matrix_rank /
# matrix_power / multi_dot / tensorsolve / tensorinv / cross / outer / trace / diagonal /
# matrix_transpose, their batching, and gradients through solve / eigh / svd
import jax
import jax.numpy as jnp

A = jnp.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]])
b = jnp.array([1.0, 2.0, 3.0])
print(jnp.linalg.solve(A, b), jnp.allclose(A @ jnp.linalg.solve(A, b), b))
print(jnp.linalg.inv(A) @ A, jnp.linalg.det(A), jnp.linalg.slogdet(A), jnp.linalg.slogdet(-A))
w, v = jnp.linalg.eigh(A)
print(w, jnp.abs(v[:, 0]), jnp.linalg.eigvalsh(A), jnp.linalg.eigh(A, UPLO="U").eigenvalues)
M = jnp.arange(12.0).reshape(4, 3) / 7
u, s, vt = jnp.linalg.svd(M, full_matrices=False)
print(u.shape, s, vt.shape, jnp.allclose(u * s @ vt, M, atol=1e-5))
print(jnp.linalg.svd(M).U.shape, jnp.linalg.svd(M, compute_uv=False), jnp.linalg.svdvals(M))
for mode in ("reduced", "complete", "r"):
    r = jnp.linalg.qr(M, mode=mode)
    print(mode, [t.shape for t in r] if isinstance(r, tuple) else r.shape)
q, r = jnp.linalg.qr(M)
print(jnp.allclose(q @ r, M, atol=1e-5), jnp.abs(jnp.diag(r)))
L = jnp.linalg.cholesky(A)
print(L, jnp.allclose(L @ L.T, A), jnp.allclose(jnp.linalg.cholesky(A, upper=True), L.T))
x_ls, res, rank, sv = jnp.linalg.lstsq(M, jnp.arange(4.0))
print(x_ls, res, rank, sv)
print(jnp.linalg.pinv(M).shape, jnp.allclose(M @ jnp.linalg.pinv(M) @ M, M, atol=1e-4), jnp.linalg.matrix_rank(M), jnp.linalg.matrix_rank(jnp.ones((3, 3))))
print(jnp.linalg.matrix_power(A, 3)[0], jnp.linalg.matrix_power(A, 0)[1], jnp.linalg.matrix_power(A, -1)[2])
print(jnp.linalg.multi_dot([M.T, M, A]).shape, jnp.allclose(jnp.linalg.multi_dot([M.T, M, A]), M.T @ M @ A))
T = jnp.eye(6).reshape(2, 3, 6) * 2
print(jnp.linalg.tensorsolve(T, jnp.ones((2, 3))).shape, jnp.linalg.tensorinv(jnp.eye(6).reshape(6, 2, 3), ind=1).shape)
print(jnp.linalg.cross(jnp.array([1.0, 0, 0]), jnp.array([0, 1.0, 0])), jnp.linalg.outer(b, b)[1], jnp.linalg.trace(A), jnp.linalg.diagonal(A))
print(jnp.linalg.matrix_transpose(jnp.ones((2, 3, 4))).shape, jnp.linalg.vecdot(b, b), jnp.linalg.matmul(A, b), jnp.linalg.tensordot(A, A, axes=2))
print(jnp.linalg.norm(A), jnp.linalg.norm(A, 2), jnp.linalg.norm(A, -2), jnp.linalg.norm(A, 1), jnp.linalg.norm(A, "fro"), jnp.linalg.norm(b, 3))
print(jnp.linalg.cond(A), jnp.linalg.cond(A, "fro"), jnp.linalg.eigvals(A).dtype, jnp.sort(jnp.linalg.eigvals(A).real))
batch = jnp.stack([A, 2 * A, A + jnp.eye(3)])
print(jnp.linalg.det(batch), jnp.linalg.solve(batch, jnp.ones((3, 3, 1)))[:, 0, 0], jnp.linalg.inv(batch).shape, jnp.linalg.eigvalsh(batch)[:, 0])
print(jax.grad(lambda A: jnp.linalg.solve(A, b).sum())(A)[0])
print(jax.grad(lambda A: jnp.linalg.eigh(A)[0][-1])(A))
print(jax.grad(lambda M: jnp.linalg.svd(M, compute_uv=False)[0])(M))
print(jax.grad(lambda A: jnp.linalg.slogdet(A)[1])(A), jnp.linalg.inv(A).T)
print(jax.jacfwd(lambda A: jnp.linalg.det(A))(A)[0], jax.grad(lambda A: jnp.linalg.norm(A, "nuc"))(A)[0])
try:
    jnp.linalg.solve(jnp.ones((2, 3)), jnp.ones(2))
except ValueError as e:
    print("ValueError", str(e).splitlines()[0])
try:
    jnp.linalg.inv(jnp.ones(3))
except ValueError as e:
    print("ValueError", str(e).splitlines()[0])
print(jnp.linalg.inv(jnp.ones((2, 2))), jnp.linalg.det(jnp.ones((2, 2))), jnp.linalg.cholesky(-A)[0])
