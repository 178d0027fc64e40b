# The Bratu problem u'' + lambda exp(u) = 0, u(0) = u(1) = 0, solved by Jacobian-free
# Newton-Krylov: residuals on a finite-difference grid, Jacobian-vector products by jax.jvp handed
# to jax.scipy.sparse.linalg.gmres inside a Newton while_loop, the result checked against Newton
# with the dense jacfwd Jacobian, and natural continuation in lambda by a scan with the previous
# solution as the initial guess, tracking max u up to the fold
import jax
import jax.numpy as jnp

N = 63
h = 1.0 / (N + 1)
xs = jnp.linspace(h, 1 - h, N)


def residual(u, lam):
    up = jnp.pad(u, 1)
    return (up[2:] - 2 * up[1:-1] + up[:-2]) / h**2 + lam * jnp.exp(u)


def jfnk(u0, lam, tol=1e-6, max_iter=20):
    def cond(s):
        u, r, it = s
        return (jnp.linalg.norm(r) > tol) & (it < max_iter)

    def body(s):
        u, r, it = s
        jv = lambda v: jax.jvp(lambda u: residual(u, lam), (u,), (v,))[1]
        du, _ = jax.scipy.sparse.linalg.gmres(jv, -r, tol=1e-8, restart=N, maxiter=2)
        u = u + du
        return u, residual(u, lam), it + 1

    u, r, it = jax.lax.while_loop(cond, body, (u0, residual(u0, lam), 0))
    return u, it, jnp.linalg.norm(r)


def dense_newton(u, lam, iters=10):
    for _ in range(iters):
        J = jax.jacfwd(residual)(u, lam)
        u = u - jnp.linalg.solve(J, residual(u, lam))
    return u


u, it, rn = jax.jit(jfnk)(jnp.zeros(N), 1.0)
print("JFNK Newton iterations:", int(it), "residual small:", bool(rn < 1e-3))
ud = dense_newton(jnp.zeros(N), 1.0)
print("max u:", round(float(u.max()), 5), "dense Newton agrees:", bool(jnp.allclose(u, ud, atol=1e-4)))
print("symmetric about 1/2:", bool(jnp.allclose(u, u[::-1], atol=1e-5)))
J = jax.jacfwd(residual)(u, 1.0)
print("Jacobian is tridiagonal:", bool(jnp.allclose(J, jnp.triu(jnp.tril(J, 1), -1))))


@jax.jit
def continuation(lams):
    def step(u, lam):
        u, it, rn = jfnk(u, lam)
        return u, (u.max(), it, rn)

    return jax.lax.scan(step, jnp.zeros(N), lams)


lams = jnp.linspace(0.5, 3.4, 8)
_, (umax, its, rns) = continuation(lams)
print("lambda:", jnp.round(lams, 3))
print("max u:", jnp.round(umax, 4))
print("iterations:", its, "all converged:", bool(jnp.all(rns < 1e-3)))
print("max u increasing toward the fold (lambda* ~ 3.51):", bool(jnp.all(jnp.diff(umax) > 0)))
dudlam = jax.jacfwd(lambda lam: jnp.linalg.solve(jax.jacfwd(residual)(u, lam), -jnp.exp(u)))(1.0)
print("second-order sensitivity finite:", bool(jnp.all(jnp.isfinite(dudlam))))
