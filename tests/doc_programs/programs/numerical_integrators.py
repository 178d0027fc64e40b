# Numerical methods in JAX: RK4 steps in lax.fori_loop and lax.scan, an adaptive step size in
# lax.while_loop, bisection and Newton root finding, Simpson quadrature, differentiating through
import jax
import jax.numpy as jnp
from jax import lax


def lorenz(state, t, sigma=10.0, rho=28.0, beta=8.0 / 3):
    x, y, z = state
    return jnp.array([sigma * (y - x), x * (rho - z) - y, x * y - beta * z])


def rk4_step(f, y, t, dt):
    k1 = f(y, t)
    k2 = f(y + dt * k1 / 2, t + dt / 2)
    k3 = f(y + dt * k2 / 2, t + dt / 2)
    k4 = f(y + dt * k3, t + dt)
    return y + dt * (k1 + 2 * k2 + 2 * k3 + k4) / 6


@jax.jit
def integrate(y0, dt, n):
    def body(i, y):
        return rk4_step(lorenz, y, i * dt, dt)
    return lax.fori_loop(0, n, body, y0)


y0 = jnp.array([1.0, 1.0, 1.0])
print(integrate(y0, 0.01, 100))


def trajectory(y0, dt, n):
    def step(y, t):
        y = rk4_step(lambda s, t: -0.5 * s, y, t, dt)
        return y, y
    return lax.scan(step, y0, jnp.arange(n) * dt)


final, ys = trajectory(jnp.array([1.0, 2.0]), 0.1, 20)
print(final, jnp.exp(-0.5 * 2.0) * jnp.array([1.0, 2.0]), ys.shape)
print(jax.jacfwd(lambda y: trajectory(y, 0.1, 20)[0])(jnp.array([1.0, 2.0])))


def adaptive(f, y0, t1, tol=1e-6):
    def cond(state):
        t, y, dt, n = state
        return (t < t1) & (n < 1000)

    def body(state):
        t, y, dt, n = state
        dt = jnp.minimum(dt, t1 - t)
        full = rk4_step(f, y, t, dt)
        half = rk4_step(f, rk4_step(f, y, t, dt / 2), t + dt / 2, dt / 2)
        err = jnp.max(jnp.abs(full - half))
        accept = err < tol
        t = jnp.where(accept, t + dt, t)
        y = jnp.where(accept, half, y)
        dt = jnp.where(accept, dt * 1.5, dt / 2)
        return t, y, dt, n + 1
    return lax.while_loop(cond, body, (0.0, y0, 0.5, 0))


t, y, dt, n = adaptive(lambda y, t: jnp.cos(t) * y, jnp.array([1.0]), 2.0)
print(t, y, jnp.exp(jnp.sin(2.0)), n)


def bisect(f, lo, hi, iters=50):
    def body(_, bounds):
        lo, hi = bounds
        mid = (lo + hi) / 2
        left = jnp.sign(f(mid)) == jnp.sign(f(lo))
        return jnp.where(left, mid, lo), jnp.where(left, hi, mid)
    return lax.fori_loop(0, iters, body, (lo, hi))[0]


print(bisect(lambda x: x ** 3 - 2 * x - 5, 2.0, 3.0))


def newton(f, x0, iters=20):
    df = jax.grad(f)
    return lax.fori_loop(0, iters, lambda _, x: x - f(x) / df(x), x0)


print(newton(lambda x: x ** 3 - 2 * x - 5, 2.0), newton(jnp.cos, 1.0) * 2)
print(jax.vmap(lambda c: newton(lambda x: x ** 2 - c, 1.0))(jnp.array([2.0, 9.0, 10.0])))


def simpson(f, a, b, n=64):
    x = jnp.linspace(a, b, n + 1)
    y = f(x)
    h = (b - a) / n
    return h / 3 * (y[0] + y[-1] + 4 * y[1:-1:2].sum() + 2 * y[2:-1:2].sum())


print(simpson(jnp.sin, 0.0, jnp.pi), simpson(lambda x: jnp.exp(-x ** 2), -3.0, 3.0) ** 2)
print(jax.grad(lambda s: simpson(lambda x: jnp.exp(-s * x ** 2), -3.0, 3.0))(1.0))
print(jnp.trapezoid(jnp.sin(jnp.linspace(0, jnp.pi, 101)), dx=jnp.pi / 100))
