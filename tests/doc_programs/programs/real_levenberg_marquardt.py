# Nonlinear least squares by Levenberg-Marquardt in a lax.while_loop: fitting a damped
# sinusoid and a Michaelis-Menten curve, with jacfwd Jacobians, adaptive damping, the
# covariance of the parameters from (J^T J)^{-1}, and vmap over several noisy data sets
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax


def levenberg_marquardt(residual, theta0, max_iter=100, tol=1e-10):
    jac = jax.jacfwd(residual)

    def cond(st):
        _, _, it, dcost = st
        return (it < max_iter) & (dcost > tol)

    def body(st):
        theta, lam, it, _ = st
        r = residual(theta)
        J = jac(theta)
        A = J.T @ J
        g = J.T @ r
        step = jnp.linalg.solve(A + lam * jnp.diag(jnp.diag(A)), -g)
        new = theta + step
        cost, new_cost = jnp.sum(r**2), jnp.sum(residual(new) ** 2)
        better = new_cost < cost
        theta = jnp.where(better, new, theta)
        lam = jnp.where(better, lam * 0.3, lam * 10.0)
        return theta, lam, it + 1, jnp.where(better, cost - new_cost, 1.0)

    theta, lam, it, _ = lax.while_loop(cond, body, (theta0, jnp.float32(1e-2), 0, jnp.float32(1.0)))
    return theta, it


t = jnp.linspace(0, 6, 60)
rng = np.random.default_rng(8)
true = jnp.array([2.0, 0.4, 3.0, 0.5])


def model(theta, t):
    a, k, w, phi = theta
    return a * jnp.exp(-k * t) * jnp.cos(w * t + phi)


y = model(true, t) + 0.02 * jnp.asarray(rng.normal(size=t.shape), jnp.float32)
theta, iters = jax.jit(lambda y: levenberg_marquardt(lambda th: model(th, t) - y, jnp.array([1.5, 0.3, 2.8, 0.3])))(y)
print("damped sine", jnp.round(theta, 3), "iters", int(iters) > 0)
r = model(theta, t) - y
J = jax.jacfwd(lambda th: model(th, t))(theta)
sigma2 = jnp.sum(r**2) / (t.shape[0] - 4)
cov = sigma2 * jnp.linalg.inv(J.T @ J)
print("std errors", jnp.round(jnp.sqrt(jnp.diag(cov)), 4))

s = jnp.array([0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0])


def mm(theta, s):
    return theta[0] * s / (theta[1] + s)


ys = jnp.stack([mm(jnp.array([3.0, 0.8]), s) * (1 + 0.03 * jnp.asarray(rng.normal(size=s.shape), jnp.float32)) for _ in range(5)])
fit = jax.jit(jax.vmap(lambda y: levenberg_marquardt(lambda th: mm(th, s) - y, jnp.array([1.0, 1.0]))[0]))
thetas = fit(ys)
print("michaelis-menten", jnp.round(thetas, 3))
print("mean vmax %.3f km %.3f" % tuple(np.asarray(thetas.mean(0))))
print("residual norms", jnp.round(jnp.linalg.norm(jax.vmap(mm, (0, None))(thetas, s) - ys, axis=1), 4))
