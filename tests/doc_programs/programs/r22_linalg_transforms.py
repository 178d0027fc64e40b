# Automatic differentiation and vectorization of linear algebra (the advanced autodiff page's
# "jacobians of matrix functions"): grad / jacfwd / jacrev / vmap of det, slogdet, inv, solve,
# cholesky, qr, eigh, svd values, pinv, matrix_power, expm, lu_solve, solve_triangular, norm,
# and batched inputs under jit
import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl

A = jnp.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]])
B = jnp.stack([A, A + jnp.eye(3), 2 * A])
b = jnp.array([1.0, 2.0, 3.0])
print(jax.grad(jnp.linalg.det)(A))
print(jax.grad(lambda m: jnp.linalg.slogdet(m)[1])(A))
print(jax.jacfwd(jnp.linalg.inv)(A).shape, jax.jacrev(jnp.linalg.inv)(A)[0, 0])
print(jax.grad(lambda m: jnp.linalg.solve(m, b).sum())(A))
print(jax.grad(lambda v: jnp.linalg.solve(A, v).sum())(b))
print(jax.grad(lambda m: jnp.linalg.cholesky(m).sum())(A))
print(jax.grad(lambda m: jnp.linalg.qr(m)[1].sum())(A))
print(jax.grad(lambda m: jnp.linalg.eigh(m)[0][-1])(A))
print(jax.grad(lambda m: jnp.linalg.eigvalsh(m).sum())(A))
print(jax.grad(lambda m: jnp.linalg.svd(m, compute_uv=False)[0])(A))
print(jax.grad(lambda m: jnp.linalg.norm(m, "nuc"))(A))
print(jax.grad(lambda m: jnp.linalg.norm(m, 2))(A))
print(jax.grad(lambda m: jnp.linalg.pinv(m).sum())(A))
print(jax.grad(lambda m: jnp.linalg.matrix_power(m, 3).trace())(A))
print(jax.grad(lambda m: jsl.expm(m).sum())(A / 4))
lu_piv = jsl.lu_factor(A)
print(jax.grad(lambda v: jsl.lu_solve(lu_piv, v).sum())(b))
L = jnp.linalg.cholesky(A)
print(jax.grad(lambda v: jsl.solve_triangular(L, v, lower=True).sum())(b))
print(jax.grad(lambda m: jsl.cho_solve((m, True), b).sum())(L))
print(jax.vmap(jnp.linalg.det)(B))
print(jax.vmap(jnp.linalg.inv)(B)[1])
print(jax.vmap(jnp.linalg.eigvalsh)(B))
print(jax.vmap(jax.grad(jnp.linalg.det))(B)[2])
print(jax.jit(jax.vmap(lambda m, v: jnp.linalg.solve(m, v), in_axes=(0, None)))(B, b))
print(jax.jvp(lambda m: jnp.linalg.eigh(m)[0], (A,), (jnp.eye(3),)))
print(jax.jvp(jnp.linalg.slogdet, (A,), (jnp.eye(3),)))
print(jax.hessian(lambda v: jnp.log(jnp.linalg.det(A + jnp.outer(v, v))))(b))
u, s, vt = jax.vmap(jnp.linalg.svd)(B)
print(u.shape, s.shape, vt.shape, s[0])
print(jax.grad(lambda m: jnp.trace(jsl.inv(m) @ m.T))(A))
