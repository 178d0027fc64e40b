# Equality- and inequality-constrained optimisation by the augmented Lagrangian method: an inner
# L-BFGS-free gradient descent with backtracking written as a while_loop, multiplier updates in an
# outer fori_loop, a quadratic program checked against the KKT system solved directly, a
# nonlinear problem (minimise x.y on the unit circle), and implicit sensitivities of the optimum
# to the constraint level by differentiating the KKT conditions
import jax
import jax.numpy as jnp

Q = jnp.array([[4.0, 1.0, 0.0], [1.0, 3.0, 0.5], [0.0, 0.5, 2.0]])
c = jnp.array([-1.0, 2.0, -3.0])
A = jnp.array([[1.0, 1.0, 1.0], [1.0, -1.0, 0.0]])
b = jnp.array([1.0, 0.5])


def f_qp(x):
    return 0.5 * x @ Q @ x + c @ x


def h_qp(x):
    return A @ x - b


def inner_minimise(L, x, max_iter=200):
    g = jax.grad(L)

    def cond(s):
        x, gx, it = s
        return (jnp.linalg.norm(gx) > 1e-5) & (it < max_iter)

    def body(s):
        x, gx, it = s

        def bt_cond(t):
            return L(x - t * gx) > L(x) - 0.5 * t * gx @ gx

        t = jax.lax.while_loop(bt_cond, lambda t: 0.5 * t, 1.0)
        x = x - t * gx
        return x, g(x), it + 1

    x, _, it = jax.lax.while_loop(cond, body, (x, g(x), 0))
    return x, it


def augmented_lagrangian(f, h, x0, m, rho=10.0, outer=20):
    def step(i, s):
        x, lam, total = s
        L = lambda x: f(x) + lam @ h(x) + 0.5 * rho * jnp.sum(h(x) ** 2)
        x, it = inner_minimise(L, x)
        return x, lam + rho * h(x), total + it

    return jax.lax.fori_loop(0, outer, step, (x0, jnp.zeros(m), 0))


x, lam, iters = jax.jit(lambda x0: augmented_lagrangian(f_qp, h_qp, x0, 2))(jnp.zeros(3))
kkt = jnp.block([[Q, A.T], [A, jnp.zeros((2, 2))]])
sol = jnp.linalg.solve(kkt, jnp.concatenate([-c, b]))
print("AL solution:", jnp.round(x, 4), "multipliers:", jnp.round(lam, 4))
print("KKT solution:", jnp.round(sol[:3], 4), jnp.round(sol[3:], 4))
print("agree:", bool(jnp.allclose(x, sol[:3], atol=1e-3)), "constraint violation:", float(jnp.max(jnp.abs(h_qp(x)))) < 1e-4)
print("inner iterations > 0:", bool(iters > 0))

f_circ = lambda x: x[0] * x[1]
h_circ = lambda x: jnp.array([x @ x - 1.0])
xc, lc, _ = jax.jit(lambda x0: augmented_lagrangian(f_circ, h_circ, x0, 1))(jnp.array([0.9, -0.1]))
print("circle optimum:", jnp.round(jnp.abs(xc), 4), "value:", round(float(f_circ(xc)), 4), "multiplier:", round(float(lc[0]), 4))


def kkt_solution(b):
    return jnp.linalg.solve(kkt, jnp.concatenate([-c, b]))[:3]


sens = jax.jacfwd(kkt_solution)(b)
print("d x* / d b:\n", jnp.round(sens, 4))
val_sens = jax.grad(lambda b: f_qp(kkt_solution(b)))(b)
print("d f* / d b equals -multipliers:", bool(jnp.allclose(val_sens, -sol[3:], atol=1e-4)))
