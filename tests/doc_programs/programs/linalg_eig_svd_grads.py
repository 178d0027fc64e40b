# jnp.linalg / lax.linalg decompositions with their options, batched and differentiated
import numpy as np
import jax
import jax.numpy as jnp
from jax import lax

a = jnp.array([[2., 1., 0.], [1., 3., 1.], [0., 1., 4.]])
b = jnp.array([[1., 2.], [3., 4.], [5., 6.]])
w, v = jnp.linalg.eig(jnp.array([[0., 1.], [-2., -3.]]))
order = jnp.argsort(w.real)
print(w[order], jnp.abs(v[:, order]).round(4))
print(jnp.sort(jnp.linalg.eigvals(a).real).round(4))
u, s, vt = jnp.linalg.svd(b, full_matrices=False)
print(u.shape, s.round(4), vt.shape, jnp.allclose(u * s @ vt, b, atol=1e-5))
u, s, vt = jnp.linalg.svd(b)
print(u.shape, vt.shape)
print(jnp.linalg.svd(b, compute_uv=False).round(4))
s2 = lax.linalg.svd(b, full_matrices=False, compute_uv=False)
print(s2.round(4))
q, r = jnp.linalg.qr(b, mode="complete")
print(q.shape, r.shape, jnp.allclose(q @ r, b, atol=1e-5))
print(jnp.linalg.qr(b, mode="r").shape)
ev, evec = jnp.linalg.eigh(a, UPLO="U")
print(ev.round(4), jnp.allclose(a @ evec, evec * ev, atol=1e-5))
print(jnp.linalg.eigvalsh(a).round(4))
print(jnp.linalg.cholesky(a).round(4))
print(jnp.linalg.cholesky(a, upper=True).round(4))
lu, piv, perm = lax.linalg.lu(jnp.array([[1., 2.], [3., 4.]]))
print(lu.round(4), piv, perm)
print(jnp.linalg.matrix_rank(b), jnp.linalg.matrix_rank(jnp.ones((3, 3))))
print(jnp.linalg.pinv(b).round(4))
print(jnp.linalg.matrix_power(a, 3), jnp.linalg.matrix_power(jnp.array([[1., 1.], [0., 1.]]), -2))
print(jnp.linalg.tensorinv(jnp.eye(4).reshape(4, 2, 2), ind=1).shape)
print(jnp.linalg.multi_dot([b.T, a, b]).round(3))
print(jnp.linalg.solve(a, jnp.array([1., 2., 3.])).round(4))
print(lax.linalg.triangular_solve(jnp.linalg.cholesky(a), jnp.ones((1, 3)), left_side=False, lower=True).round(4))
print(lax.linalg.tridiagonal_solve(jnp.array([0., 1., 1.]), jnp.array([4., 4., 4.]), jnp.array([1., 1., 0.]),
                                   jnp.array([[5.], [6.], [5.]])).round(4))

# batched (broadcast) linalg
batch = jnp.stack([a, 2 * a, a + jnp.eye(3)])
print(jnp.linalg.det(batch).round(3), jnp.linalg.slogdet(batch))
print(jnp.linalg.inv(batch)[:, 0, 0].round(4))
print(jnp.linalg.solve(batch, jnp.ones((3, 3, 1)))[..., 0].round(4))
print(jax.vmap(jnp.linalg.eigvalsh)(batch).round(4))
print(jnp.linalg.norm(batch, axis=(1, 2)).round(4), jnp.linalg.norm(batch, ord=2, axis=(1, 2)).round(4))

# gradients of decompositions
print(jax.grad(lambda m: jnp.linalg.det(m))(a).round(4))
print(jax.grad(lambda m: jnp.linalg.slogdet(m)[1])(a).round(4))
print(jax.grad(lambda m: jnp.linalg.eigvalsh(m).max())(a).round(4))
print(jax.grad(lambda m: jnp.linalg.svd(m, compute_uv=False).sum())(b).round(4))
print(jax.grad(lambda m: jnp.trace(jnp.linalg.inv(m)))(a).round(4))
print(jax.grad(lambda m: jnp.linalg.cholesky(m).sum())(a).round(4))
print(jax.jacfwd(lambda m: jnp.linalg.solve(m, jnp.ones(3)))(a).shape)
print(jax.grad(lambda m: jnp.linalg.norm(m, 'nuc'))(b).round(4))
print(jax.grad(lambda m: jnp.linalg.qr(m)[1][0, 0])(b).round(4))
