# An adaptive-step Dormand-Prince (RK45) integrator written by hand: the Butcher tableau as
# arrays, an embedded error estimate, step-size control with safety factor and clipping inside a
# lax.while_loop that records accepted steps into a fixed-size buffer with .at[].set, applied to
# the Van der Pol oscillator and to an exponential decay with a known solution, compared with
# jax.experimental.ode.odeint, and vmapped over initial conditions and stiffness parameters
import jax
import jax.numpy as jnp
from jax.experimental.ode import odeint

A = [
    [],
    [1 / 5],
    [3 / 40, 9 / 40],
    [44 / 45, -56 / 15, 32 / 9],
    [19372 / 6561, -25360 / 2187, 64448 / 6561, -212 / 729],
    [9017 / 3168, -355 / 33, 46732 / 5247, 49 / 176, -5103 / 18656],
    [35 / 384, 0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84],
]
C = jnp.array([0, 1 / 5, 3 / 10, 4 / 5, 8 / 9, 1, 1])
B5 = jnp.array([35 / 384, 0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84, 0])
B4 = jnp.array([5179 / 57600, 0, 7571 / 16695, 393 / 640, -92097 / 339200, 187 / 2100, 1 / 40])
MAX_STEPS = 400


def dopri_step(f, y, t, h, args):
    ks = []
    for i in range(7):
        yi = y + h * sum(a * k for a, k in zip(A[i], ks)) if ks else y
        ks.append(f(yi, t + C[i] * h, *args))
    K = jnp.stack(ks)
    y5 = y + h * jnp.tensordot(B5, K, 1)
    y4 = y + h * jnp.tensordot(B4, K, 1)
    return y5, y5 - y4


def integrate(f, y0, t1, args, rtol=1e-6, atol=1e-8):
    def cond(s):
        t, y, h, n, ts, ys, rej = s
        return (t < t1) & (n < MAX_STEPS)

    def body(s):
        t, y, h, n, ts, ys, rej = s
        h = jnp.minimum(h, t1 - t)
        y_new, err = dopri_step(f, y, t, h, args)
        scale = atol + rtol * jnp.maximum(jnp.abs(y), jnp.abs(y_new))
        e = jnp.sqrt(jnp.mean((err / scale) ** 2))
        accept = e <= 1.0
        factor = jnp.clip(0.9 * e ** (-1 / 5), 0.2, 5.0)
        t2 = jnp.where(accept, t + h, t)
        y2 = jnp.where(accept, y_new, y)
        ts = jnp.where(accept, ts.at[n].set(t2), ts)
        ys = jnp.where(accept, ys.at[n].set(y2), ys)
        return t2, y2, h * factor, n + accept, ts, ys, rej + (1 - accept)

    init = (0.0, y0, 0.01, 0, jnp.full(MAX_STEPS, jnp.nan), jnp.full((MAX_STEPS,) + y0.shape, jnp.nan), 0)
    t, y, h, n, ts, ys, rej = jax.lax.while_loop(cond, body, init)
    return y, n, rej, ts, ys


def vdp(y, t, mu):
    return jnp.array([y[1], mu * (1 - y[0] ** 2) * y[1] - y[0]])


def decay(y, t, k):
    return -k * y


y, n, rej, ts, ys = jax.jit(integrate, static_argnums=0)(decay, jnp.array([1.0, 2.0]), 2.0, (0.5,))
print(f"{float(y[0]):.6f}", f"{float(jnp.exp(-1.0)):.6f}", bool(jnp.allclose(y, jnp.array([1.0, 2.0]) * jnp.exp(-1.0), rtol=1e-5)))
print(int(n) > 3, ts.dtype, int(jnp.sum(~jnp.isnan(ts))) == int(n))
y, n, rej, ts, ys = jax.jit(integrate, static_argnums=0)(vdp, jnp.array([2.0, 0.0]), 5.0, (1.0,))
ref = odeint(vdp, jnp.array([2.0, 0.0]), jnp.array([0.0, 5.0]), 1.0, rtol=1e-8, atol=1e-8)
print(jnp.round(y, 3), jnp.round(ref[-1], 3), bool(jnp.allclose(y, ref[-1], atol=1e-3)))
print(bool(jnp.all(jnp.diff(ts[: int(n)]) > 0)), ys.shape, int(rej) >= 0)
mus = jnp.array([0.5, 1.0, 2.0, 4.0])
finals, steps, _, _, _ = jax.jit(jax.vmap(lambda m: integrate(vdp, jnp.array([2.0, 0.0]), 5.0, (m,))))(mus)
print(finals.shape, steps.dtype, bool(steps[-1] >= steps[0]))
grad = jax.grad(lambda k: odeint(decay, jnp.array([1.0]), jnp.array([0.0, 2.0]), k)[-1, 0])(0.5)
print(f"{float(grad):.5f}", f"{float(-2.0 * jnp.exp(-1.0)):.5f}")
