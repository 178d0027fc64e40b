# The "Control flow and logical operators with JIT" page's primitives in numerical code: cond
# with pytrees, switch over integrators, while_loop Newton iterations with a tolerance,
# fori_loop ODE integration, scan with reverse / unroll / length, differentiating through them
# and the errors of reverse-mode on while_loop and of mismatched branches
import jax
import jax.numpy as jnp
from jax import lax


def newton_sqrt(a, tol=1e-6):
    def cond_fun(state):
        x, i = state
        return (jnp.abs(x * x - a) > tol) & (i < 50)

    def body_fun(state):
        x, i = state
        return 0.5 * (x + a / x), i + 1

    return lax.while_loop(cond_fun, body_fun, (a, 0))


print(jax.jit(newton_sqrt)(2.0))
print(jax.vmap(newton_sqrt)(jnp.array([1.0, 4.0, 9.0, 10.0])))
try:
    jax.grad(lambda a: newton_sqrt(a)[0])(2.0)
except ValueError as e:
    print(type(e).__name__)
print(jax.jvp(lambda a: newton_sqrt(a)[0], (4.0,), (1.0,)))


def euler(f, y, t, dt):
    return y + dt * f(y, t)


def rk2(f, y, t, dt):
    k1 = f(y, t)
    return y + dt * f(y + 0.5 * dt * k1, t + 0.5 * dt)


def rk4(f, y, t, dt):
    k1 = f(y, t)
    k2 = f(y + dt / 2 * k1, t + dt / 2)
    k3 = f(y + dt / 2 * k2, t + dt / 2)
    k4 = f(y + dt * k3, t + dt)
    return y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)


def decay(y, t):
    return -0.5 * y + jnp.sin(t)


@jax.jit
def integrate(method, y0, n=100, T=2.0):
    dt = T / n

    def body(i, y):
        steppers = [lambda y, t: euler(decay, y, t, dt), lambda y, t: rk2(decay, y, t, dt), lambda y, t: rk4(decay, y, t, dt)]
        return lax.switch(method, steppers, y, i * dt)

    return lax.fori_loop(0, n, body, y0)


for m in range(3):
    print(m, integrate(m, jnp.array([1.0, 2.0])))
print(jax.grad(lambda y0: integrate(2, y0).sum())(jnp.array([1.0, 2.0])))


def trajectory(y0, n=5, dt=0.1):
    def step(y, t):
        y = rk4(decay, y, t, dt)
        return y, y

    return lax.scan(step, y0, jnp.arange(n) * dt)


yT, ys = trajectory(jnp.array(1.0))
print(yT, ys)
_, rev = lax.scan(lambda c, x: (c + x, c + x), 0.0, jnp.arange(5.0), reverse=True)
print(rev)
_, unrolled = lax.scan(lambda c, x: (c * 2, c), 1, None, length=6, unroll=3)
print(unrolled)
print(jax.grad(lambda y0: trajectory(y0)[1].sum())(1.0))


def piecewise(x):
    return lax.cond(x > 0, lambda p: {"v": jnp.sin(p), "s": 1}, lambda p: {"v": p ** 2, "s": -1}, x)


print(piecewise(0.5), piecewise(-2.0))
print(jax.grad(lambda x: piecewise(x)["v"])(0.5), jax.grad(lambda x: piecewise(x)["v"])(-2.0))
print(jax.vmap(piecewise)(jnp.array([-1.0, 1.0])))
try:
    lax.cond(True, lambda x: x, lambda x: x.astype(jnp.int32), 1.0)
except TypeError as e:
    print(type(e).__name__)
try:
    lax.switch(1, [lambda x: (x, x), lambda x: x], 1.0)
except TypeError as e:
    print(type(e).__name__)
print(lax.switch(7, [lambda: 0, lambda: 1, lambda: 2]), lax.switch(-3, [lambda: 0, lambda: 1, lambda: 2]))
print(jnp.where(jnp.arange(4) > 1, jnp.arange(4), -1), lax.select(jnp.array([True, False]), jnp.ones(2), jnp.zeros(2)))
print(jax.jit(lambda x: jnp.logical_and(x > 0, x < 3))(jnp.arange(5)))
print(lax.fori_loop(0, 5, lambda i, c: c + i, 0), lax.fori_loop(0, jnp.int32(5), lambda i, c: c + i, 0.0))
print(jax.make_jaxpr(lambda x: lax.fori_loop(0, 3, lambda i, c: c * x, 1.0))(2.0))
