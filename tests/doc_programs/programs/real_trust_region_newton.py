# A trust-region Newton method with the Steihaug conjugate-gradient subproblem solver, all
# inside lax.while_loop: exact Hessians from jax.hessian, the ratio test for growing or
# shrinking the radius, on the Rosenbrock, Himmelblau and a log-barrier objective; plus a
# vmap over starting points
import jax
import jax.numpy as jnp
from jax import lax


def steihaug(g, H, radius, tol=1e-8):
    def boundary(p, d):
        a, b, c = d @ d, 2 * p @ d, p @ p - radius**2
        tau = (-b + jnp.sqrt(b * b - 4 * a * c)) / (2 * a)
        return p + tau * d

    def cond(st):
        p, r, d, it, done = st
        return (~done) & (it < g.shape[0] * 2)

    def body(st):
        p, r, d, it, done = st
        dHd = d @ H @ d
        alpha = (r @ r) / dHd
        p_new = p + alpha * d
        hit = (dHd <= 0) | (jnp.linalg.norm(p_new) >= radius)
        r_new = r + alpha * (H @ d)
        conv = jnp.linalg.norm(r_new) < tol
        p_out = jnp.where(hit, boundary(p, d), p_new)
        d_new = -r_new + (r_new @ r_new) / (r @ r) * d
        return p_out, r_new, d_new, it + 1, hit | conv

    p0 = jnp.zeros_like(g)
    return lax.while_loop(cond, body, (p0, g, -g, 0, jnp.linalg.norm(g) < tol))[0]


def trust_region(f, x0, radius0=1.0, max_radius=10.0, iters=100):
    grad, hess = jax.grad(f), jax.hessian(f)

    def cond(st):
        x, rad, it = st
        return (jnp.linalg.norm(grad(x)) > 1e-5) & (it < iters)

    def body(st):
        x, rad, it = st
        g, H = grad(x), hess(x)
        p = steihaug(g, H, rad)
        pred = -(g @ p + 0.5 * p @ H @ p)
        rho = (f(x) - f(x + p)) / pred
        rad = jnp.where(rho < 0.25, 0.25 * rad, jnp.where((rho > 0.75) & (jnp.linalg.norm(p) >= 0.99 * rad), jnp.minimum(2 * rad, max_radius), rad))
        x = jnp.where(rho > 0.1, x + p, x)
        return x, rad, it + 1

    x, rad, it = lax.while_loop(cond, body, (x0, jnp.float32(radius0), 0))
    return x, it


def rosenbrock(x):
    return (1 - x[0]) ** 2 + 100 * (x[1] - x[0] ** 2) ** 2


def himmelblau(x):
    return (x[0] ** 2 + x[1] - 11) ** 2 + (x[0] + x[1] ** 2 - 7) ** 2


def barrier(x):
    return jnp.sum(x**2) - jnp.sum(jnp.log(1.5 - x)) + x[0] * x[1]


for name, f, x0 in [("rosenbrock", rosenbrock, jnp.array([-1.2, 1.0])), ("himmelblau", himmelblau, jnp.array([0.0, 0.0])), ("barrier", barrier, jnp.array([0.5, -0.5]))]:
    x, it = jax.jit(lambda x0: trust_region(f, x0))(x0)
    print(f"{name:10s} x {jnp.round(x, 4)} f {float(f(x)):.2e} iters {int(it)}")
starts = jnp.array([[4.0, 4.0], [-4.0, 4.0], [-4.0, -4.0], [4.0, -4.0]])
xs, its = jax.jit(jax.vmap(lambda x0: trust_region(himmelblau, x0)))(starts)
print("himmelblau minima", jnp.round(xs, 3))
print("values small", jax.vmap(himmelblau)(xs) < 1e-6)
