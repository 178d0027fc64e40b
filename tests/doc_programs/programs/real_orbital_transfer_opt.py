# Trajectory optimisation by single shooting: a two-impulse transfer between circular orbits
# found by differentiating through a fixed-step RK4 integrator (lax.fori_loop) with jax.jacfwd,
# Newton iterations on the arrival conditions with jnp.linalg.solve, the Hohmann transfer's delta-v
# as the reference, and the transfer time swept with vmap
import jax
import jax.numpy as jnp

MU = 1.0


def deriv(s):
    r, v = s[:2], s[2:]
    return jnp.concatenate([v, -MU * r / jnp.linalg.norm(r) ** 3])


def propagate(s, T, n=400):
    dt = T / n

    def step(_, s):
        k1 = deriv(s)
        k2 = deriv(s + 0.5 * dt * k1)
        k3 = deriv(s + 0.5 * dt * k2)
        k4 = deriv(s + dt * k3)
        return s + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)

    return jax.lax.fori_loop(0, n, step, s)


r1, r2 = 1.0, 1.5
a = 0.5 * (r1 + r2)
T_h = jnp.pi * jnp.sqrt(a**3 / MU)
v1 = jnp.sqrt(MU / r1)
dv_hohmann = (jnp.sqrt(MU / r1) * (jnp.sqrt(2 * r2 / (r1 + r2)) - 1) + jnp.sqrt(MU / r2) * (1 - jnp.sqrt(2 * r1 / (r1 + r2))))
print("Hohmann transfer time:", round(float(T_h), 4), "total delta-v:", round(float(dv_hohmann), 5))


def arrival_residual(dv, T):
    s0 = jnp.array([r1, 0.0, dv[0], v1 + dv[1]])
    sT = propagate(s0, T)
    return jnp.array([sT[0] + r2, sT[1]])  # arrive at (-r2, 0)


def shoot(T, dv0=jnp.array([0.0, 0.2]), iters=8):
    def body(_, dv):
        res = arrival_residual(dv, T)
        J = jax.jacfwd(arrival_residual)(dv, T)
        return dv - jnp.linalg.solve(J, res)

    return jax.lax.fori_loop(0, iters, body, dv0)


dv = jax.jit(shoot)(T_h)
print("first burn (radial, tangential):", jnp.round(dv, 5))
print("residual small:", bool(jnp.linalg.norm(arrival_residual(dv, T_h)) < 1e-4))
sT = propagate(jnp.array([r1, 0.0, dv[0], v1 + dv[1]]), T_h)
dv2 = jnp.linalg.norm(jnp.array([0.0, -jnp.sqrt(MU / r2)]) - sT[2:])
print("total delta-v matches Hohmann:", bool(jnp.abs(jnp.linalg.norm(dv) + dv2 - dv_hohmann) < 1e-3))
Ts = T_h * jnp.array([0.8, 0.9, 1.0, 1.1])
dvs = jax.jit(jax.vmap(shoot))(Ts)
print("first-burn magnitudes over transfer times:", jnp.round(jnp.linalg.norm(dvs, axis=1), 4))
print("d arrival / d burn:\n", jnp.round(jax.jacfwd(arrival_residual)(dv, T_h), 3))
