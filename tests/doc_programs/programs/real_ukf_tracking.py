# An unscented Kalman filter tracking a target with a range-bearing sensor: sigma points from a
# Cholesky factor, the nonlinear measurement pushed through them with vmap, the filter run by
# lax.scan over a simulated trajectory with random noise keys, compared with an extended Kalman
# filter whose Jacobian comes from jax.jacfwd
import jax
import jax.numpy as jnp

dt = 0.1
F = jnp.array([[1, 0, dt, 0], [0, 1, 0, dt], [0, 0, 1, 0], [0, 0, 0, 1]], jnp.float32)
Q = jnp.diag(jnp.array([1e-4, 1e-4, 1e-3, 1e-3]))
R = jnp.diag(jnp.array([0.05**2, 0.01**2]))


def h(x):
    return jnp.array([jnp.hypot(x[0], x[1]), jnp.arctan2(x[1], x[0])])


def simulate(key, x0, n):
    def body(x, k):
        k1, k2 = jax.random.split(k)
        x = F @ x + jax.random.multivariate_normal(k1, jnp.zeros(4), Q)
        z = h(x) + jax.random.multivariate_normal(k2, jnp.zeros(2), R)
        return x, (x, z)

    return jax.lax.scan(body, x0, jax.random.split(key, n))[1]


def sigma_points(m, P, alpha=1.0, kappa=0.0):
    n = m.shape[0]
    lam = alpha**2 * (n + kappa) - n
    L = jnp.linalg.cholesky((n + lam) * P)
    pts = jnp.concatenate([m[None], m + L.T, m - L.T])
    wm = jnp.full(2 * n + 1, 1 / (2 * (n + lam))).at[0].set(lam / (n + lam))
    return pts, wm


def ukf_step(state, z):
    m, P = state
    m, P = F @ m, F @ P @ F.T + Q
    pts, w = sigma_points(m, P)
    zs = jax.vmap(h)(pts)
    zm = w @ zs
    dz, dx = zs - zm, pts - m
    S = (w[:, None] * dz).T @ dz + R
    C = (w[:, None] * dx).T @ dz
    K = jnp.linalg.solve(S, C.T).T
    m = m + K @ (z - zm)
    P = P - K @ S @ K.T
    return (m, P), m


def ekf_step(state, z):
    m, P = state
    m, P = F @ m, F @ P @ F.T + Q
    H = jax.jacfwd(h)(m)
    S = H @ P @ H.T + R
    K = P @ H.T @ jnp.linalg.inv(S)
    m = m + K @ (z - h(m))
    P = (jnp.eye(4) - K @ H) @ P
    return (m, P), m


x0 = jnp.array([2.0, 1.0, 0.3, -0.2])
xs, zs = simulate(jax.random.key(3), x0, 50)
init = (x0 + jnp.array([0.1, -0.1, 0.0, 0.0]), jnp.eye(4) * 0.1)
_, ukf = jax.jit(lambda s, z: jax.lax.scan(ukf_step, s, z))(init, zs)
_, ekf = jax.jit(lambda s, z: jax.lax.scan(ekf_step, s, z))(init, zs)
rmse = lambda est: float(jnp.sqrt(jnp.mean(jnp.sum((est[:, :2] - xs[:, :2]) ** 2, -1))))
print("true final", jnp.round(xs[-1], 3))
print("ukf final ", jnp.round(ukf[-1], 3))
print("ekf final ", jnp.round(ekf[-1], 3))
print("ukf rmse %.4f ekf rmse %.4f" % (rmse(ukf), rmse(ekf)))
print("first measurements", jnp.round(zs[:3], 3))
print("jacobian at x0", jnp.round(jax.jacfwd(h)(x0), 3))
