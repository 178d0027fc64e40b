# A 2-D Poisson solve: a matrix-free Laplacian, jax.scipy.sparse.linalg.cg with a Jacobi
# preconditioner, the same system dense by jnp.linalg.solve, gradients of the solution's energy
# with respect to the source through the solver, and vmap over right-hand sides
import jax
import jax.numpy as jnp
from jax.scipy.sparse.linalg import cg

n = 8
h = 1.0 / (n + 1)


def laplacian(u):
    u = u.reshape(n, n)
    p = jnp.pad(u, 1)
    out = 4 * u - p[:-2, 1:-1] - p[2:, 1:-1] - p[1:-1, :-2] - p[1:-1, 2:]
    return (out / h**2).ravel()


xs = jnp.linspace(h, 1 - h, n)
X, Y = jnp.meshgrid(xs, xs, indexing="ij")
f = (2 * jnp.pi**2 * jnp.sin(jnp.pi * X) * jnp.sin(jnp.pi * Y)).ravel()
exact = (jnp.sin(jnp.pi * X) * jnp.sin(jnp.pi * Y)).ravel()

u, info = cg(laplacian, f, tol=1e-8, maxiter=200)
print(u.shape, info, f"{float(jnp.max(jnp.abs(u - exact))):.4f}")
diag = jnp.full(n * n, 4 / h**2)
u2, _ = cg(laplacian, f, tol=1e-8, M=lambda r: r / diag)
print(jnp.allclose(u, u2, atol=1e-4))
A = jax.vmap(laplacian)(jnp.eye(n * n)).T
print(A.shape, jnp.allclose(A, A.T), int(jnp.sum(A != 0)))
u3 = jnp.linalg.solve(A, f)
print(jnp.allclose(u, u3, atol=1e-3), f"{float(jnp.linalg.cond(A)):.1f}")


def energy(src):
    sol, _ = cg(laplacian, src, tol=1e-10, maxiter=200)
    return 0.5 * jnp.dot(sol, src) * h**2


g = jax.grad(energy)(f)
print(g.shape, jnp.allclose(g, jnp.linalg.solve(A, f) * h**2, atol=1e-4))
rhs = jnp.stack([f, 2 * f, jnp.ones(n * n)])
sols = jax.vmap(lambda b: cg(laplacian, b, tol=1e-8)[0])(rhs)
print(sols.shape, jnp.allclose(sols[1], 2 * sols[0], atol=1e-4), jnp.round(sols[2].reshape(n, n)[3, :3], 4))
print(jax.jit(lambda b: cg(laplacian, b)[0])(f)[:3].round(4))
