# Newton's method with jacfwd for nonlinear systems, used inside a backward-Euler integrator of
# a stiff ODE (van der Pol) stepped by lax.fori_loop, compared with an explicit RK4 fori_loop on
# a smaller step, and sensitivities of the final state to the parameter by jax.jacfwd through
# both integrators
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


def newton(f, x0, iters=8):
    J = jax.jacfwd(f)

    def body(i, x):
        return x - jnp.linalg.solve(J(x), f(x))

    return lax.fori_loop(0, iters, body, x0)


def system(v):
    x, y = v
    return jnp.array([x ** 2 + y ** 2 - 4.0, x * y - 1.0])


root = jax.jit(newton, static_argnums=0)(system, jnp.array([2.0, 0.5]))
print(root, system(root))


def vdp(y, mu):
    return jnp.array([y[1], mu * (1 - y[0] ** 2) * y[1] - y[0]])


@partial(jax.jit, static_argnums=(2,))
def backward_euler(y0, mu, n, T=2.0):
    dt = T / n

    def step(i, y):
        residual = lambda z: z - y - dt * vdp(z, mu)
        return newton(residual, y, iters=4)

    return lax.fori_loop(0, n, step, y0)


@partial(jax.jit, static_argnums=(2,))
def rk4(y0, mu, n, T=2.0):
    dt = T / n

    def step(i, y):
        k1 = vdp(y, mu)
        k2 = vdp(y + dt / 2 * k1, mu)
        k3 = vdp(y + dt / 2 * k2, mu)
        k4 = vdp(y + dt * k3, mu)
        return y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)

    return lax.fori_loop(0, n, step, y0)


y0 = jnp.array([2.0, 0.0])
for mu in (0.5, 2.0):
    be, rk = backward_euler(y0, mu, 400), rk4(y0, mu, 400)
    print(mu, be, rk, jnp.linalg.norm(be - rk) < 0.05)

sens_be = jax.jacfwd(backward_euler, argnums=1)(y0, 1.0, 200)
sens_rk = jax.jacfwd(rk4, argnums=1)(y0, 1.0, 200)
print(sens_be.shape, sens_rk, jnp.allclose(sens_be, sens_rk, atol=0.05))
print(jax.jacfwd(rk4, argnums=0)(y0, 1.0, 50))
print(jax.grad(lambda mu: rk4(y0, mu, 50)[0])(1.0))


def newton_minimize(f, x, iters=6):
    g, H = jax.grad(f), jax.hessian(f)
    for _ in range(iters):
        x = x - jnp.linalg.solve(H(x), g(x))
    return x


rosen = lambda v: (1 - v[0]) ** 2 + 10 * (v[1] - v[0] ** 2) ** 2
xmin = newton_minimize(rosen, jnp.array([-1.0, 1.0]))
print(xmin, rosen(xmin) < 1e-6)
print(jax.hessian(rosen)(jnp.array([1.0, 1.0])))
