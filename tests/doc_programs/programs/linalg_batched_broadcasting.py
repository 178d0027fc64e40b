# jnp.linalg on stacks of matrices (the linalg docstrings' batching rules): solve with vector
# and matrix right-hand sides, inv / det / slogdet / eigh / svd / qr / cholesky of batches,
# broadcasting of batch dims, multi_dot, tensorsolve / tensorinv, and their gradients.
import jax
import jax.numpy as jnp

k = jax.random.key(0)
A = jax.random.normal(k, (3, 4, 4)) + 4 * jnp.eye(4)
b_vec = jnp.arange(4.0)
b_mat = jnp.arange(8.0).reshape(4, 2)
print(jnp.linalg.solve(A, b_vec).shape, jnp.linalg.solve(A, b_mat).shape)
print(jnp.linalg.solve(A, jnp.ones((3, 4))[..., None]).shape, jnp.linalg.solve(A[0], b_vec).round(4))
try:
    jnp.linalg.solve(A, jnp.ones((3, 4)))
except ValueError as e:
    print("ValueError:", e)
print(jnp.linalg.solve(A[None], jnp.ones((2, 1, 4, 3))).shape)
print(jnp.linalg.inv(A).shape, jnp.allclose(jnp.linalg.inv(A) @ A, jnp.eye(4), atol=1e-5))
print(jnp.linalg.det(A).round(3))
sign, logdet = jnp.linalg.slogdet(A)
print(sign, logdet.round(4))
S = A @ jnp.swapaxes(A, -1, -2)
w, v = jnp.linalg.eigh(S)
print(w.shape, v.shape, jnp.allclose(S @ v, v * w[..., None, :], atol=1e-3))
print(jnp.linalg.svd(A, compute_uv=False).round(3))
q, r = jnp.linalg.qr(jax.random.normal(k, (2, 5, 3)))
print(q.shape, r.shape, jnp.linalg.qr(jnp.ones((2, 5, 3)), mode="r").shape)
print(jnp.linalg.cholesky(S).shape, jnp.linalg.matrix_rank(S), jnp.linalg.norm(A, axis=(1, 2)).round(3))
print(jnp.linalg.pinv(jnp.ones((2, 3, 2))).shape, jnp.linalg.lstsq(A[0], b_vec)[0].round(4))
print(jnp.linalg.multi_dot([jnp.ones((2, 3)), jnp.ones((3, 4)), jnp.ones((4, 1))]).ravel())
a = jnp.eye(6).reshape(6, 2, 3) * 2
print(jnp.linalg.tensorsolve(a, jnp.ones(6)).shape, jnp.linalg.tensorinv(jnp.eye(4).reshape(4, 2, 2), ind=1).shape)
print(jnp.linalg.matrix_power(A[0], 3).shape, jnp.linalg.matrix_power(A, -1).shape)
print(jax.grad(lambda A: jnp.linalg.slogdet(A)[1].sum())(A).shape)
print(jax.grad(lambda A: jnp.linalg.solve(A, b_vec).sum())(A[0]).round(4))
print(jax.vmap(jnp.linalg.det)(A).round(3), jax.jit(jnp.linalg.inv)(A[1]).round(3)[0])
print(jnp.linalg.eigvalsh(S).round(2), jnp.linalg.cond(A).round(3))
try:
    jnp.linalg.solve(A, jnp.ones(3))
except Exception as e:
    print(type(e).__name__)
try:
    jnp.linalg.inv(jnp.ones((2, 3)))
except Exception as e:
    print(type(e).__name__)
