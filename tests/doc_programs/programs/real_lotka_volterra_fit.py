# Fitting Lotka-Volterra parameters to noisy observations by differentiating through
# jax.experimental.ode.odeint (adjoint gradients) in log-parameter space, with a fixed-step
# RK4 cross-check, a Gauss-Newton step from jax.jacrev of the residuals, and a profile of the
# loss along one parameter by vmap
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.ode import odeint


def lv(y, t, theta):
    a, b, c, d = theta
    prey, pred = y
    return jnp.stack([a * prey - b * prey * pred, -c * pred + d * prey * pred])


TRUE = jnp.array([1.0, 0.4, 0.8, 0.2])
ts = jnp.linspace(0.0, 10.0, 41)
y0 = jnp.array([3.0, 1.5])
clean = odeint(lv, y0, ts, TRUE, rtol=1e-8, atol=1e-8)
noise = jnp.asarray(np.random.default_rng(0).normal(size=clean.shape) * 0.05, jnp.float32)
obs = clean + noise
print(clean.shape, clean.dtype, jnp.round(clean[::10], 4))


def rk4(theta, n_sub=10):
    def step(y, t0t1):
        t0, t1 = t0t1
        h = (t1 - t0) / n_sub

        def sub(i, y):
            k1 = lv(y, 0.0, theta)
            k2 = lv(y + 0.5 * h * k1, 0.0, theta)
            k3 = lv(y + 0.5 * h * k2, 0.0, theta)
            k4 = lv(y + h * k3, 0.0, theta)
            return y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)

        y = jax.lax.fori_loop(0, n_sub, sub, y)
        return y, y

    _, ys = jax.lax.scan(step, y0, (ts[:-1], ts[1:]))
    return jnp.concatenate([y0[None], ys])


print("rk4 vs odeint", float(jnp.max(jnp.abs(rk4(TRUE) - clean))) < 1e-3)


def residuals(log_theta):
    return (odeint(lv, y0, ts, jnp.exp(log_theta), rtol=1e-6, atol=1e-6) - obs).ravel()


def loss(log_theta):
    return 0.5 * jnp.mean(residuals(log_theta) ** 2)


log_theta = jnp.log(jnp.array([0.7, 0.3, 1.0, 0.3]))
g_adj = jax.grad(loss)(log_theta)
g_rk4 = jax.grad(lambda lt: 0.5 * jnp.mean((rk4(jnp.exp(lt)) - obs).ravel() ** 2))(log_theta)
print("adjoint vs rk4 grad", jnp.round(g_adj, 3), float(jnp.max(jnp.abs(g_adj - g_rk4))) < 1e-3)


@jax.jit
def gauss_newton(lt):
    r = residuals(lt)
    J = jax.jacrev(residuals)(lt)  # odeint is a custom_vjp: reverse mode only
    step = jnp.linalg.solve(J.T @ J + 1e-3 * jnp.eye(4), J.T @ r)
    return lt - step


for i in range(8):
    log_theta = gauss_newton(log_theta)
    if i % 2 == 1:
        print(i, round(float(loss(log_theta)), 6), jnp.round(jnp.exp(log_theta), 3))
print("recovered", bool(jnp.all(jnp.abs(jnp.exp(log_theta) - TRUE) < 0.05)))
profile = jax.vmap(lambda a: loss(log_theta.at[0].set(jnp.log(a))))(jnp.linspace(0.9, 1.1, 5))
print("profile", jnp.round(profile, 5), int(jnp.argmin(profile)))
