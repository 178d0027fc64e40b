# A double pendulum from its Lagrangian: the equations of motion by solving the mass-matrix
# system built with jax.hessian of the kinetic energy, RK4 integration in a scan, energy drift,
# the maximal Lyapunov exponent by propagating a tangent vector with jvp and renormalising,
# chaotic versus regular initial conditions compared, and sensitivity to the initial angle
from functools import partial

import jax
import jax.numpy as jnp

g, m1, m2, l1, l2 = 9.81, 1.0, 1.0, 1.0, 1.0


def lagrangian(q, qd):
    t1, t2 = q
    w1, w2 = qd
    T = 0.5 * (m1 + m2) * l1**2 * w1**2 + 0.5 * m2 * l2**2 * w2**2 + m2 * l1 * l2 * w1 * w2 * jnp.cos(t1 - t2)
    V = -(m1 + m2) * g * l1 * jnp.cos(t1) - m2 * g * l2 * jnp.cos(t2)
    return T - V


def energy(state):
    q, qd = state[:2], state[2:]
    L = lagrangian(q, qd)
    return qd @ jax.grad(lagrangian, 1)(q, qd) - L


def deriv(state):
    q, qd = state[:2], state[2:]
    M = jax.hessian(lagrangian, 1)(q, qd)
    rhs = jax.grad(lagrangian, 0)(q, qd) - jax.jacfwd(jax.grad(lagrangian, 1), 0)(q, qd) @ qd
    qdd = jnp.linalg.solve(M, rhs)
    return jnp.concatenate([qd, qdd])


def rk4(s, dt=0.01):
    k1 = deriv(s)
    k2 = deriv(s + 0.5 * dt * k1)
    k3 = deriv(s + 0.5 * dt * k2)
    k4 = deriv(s + dt * k3)
    return s + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)


@partial(jax.jit, static_argnames="n")
def trajectory(s0, n=1000):
    return jax.lax.scan(lambda s, _: (rk4(s), s), s0, None, length=n)[1]


s_regular = jnp.array([0.2, 0.1, 0.0, 0.0])
s_chaotic = jnp.array([2.0, 2.5, 0.0, 0.0])
for name, s0 in (("regular", s_regular), ("chaotic", s_chaotic)):
    traj = trajectory(s0)
    E = jax.vmap(energy)(traj)
    print(f"{name}: energy {float(E[0]):.4f}, relative drift < 1e-4: {bool(jnp.max(jnp.abs(E - E[0])) / jnp.abs(E[0]) < 1e-4)}")
    print("  theta1 at t=2.5,5,10:", jnp.round(traj[jnp.array([250, 500, 999]), 0], 3))


@jax.jit
def lyapunov(s0, n=1500):
    def body(carry, _):
        s, v = carry
        s, v = jax.jvp(rk4, (s,), (v,))
        nv = jnp.linalg.norm(v)
        return (s, v / nv), jnp.log(nv)

    _, logs = jax.lax.scan(body, (s0, jnp.array([1.0, 0.0, 0.0, 0.0])), None, length=n)
    return jnp.sum(logs) / (n * 0.01)


lam_r, lam_c = lyapunov(s_regular), lyapunov(s_chaotic)
print("Lyapunov exponents regular / chaotic:", round(float(lam_r), 2), round(float(lam_c), 2))
print("chaotic larger:", bool(lam_c > lam_r + 0.5), "regular near zero:", bool(abs(lam_r) < 0.3))
sens = jax.jacfwd(lambda th: trajectory(jnp.array([th, 0.1, 0.0, 0.0]), 300)[-1])(0.2)
print("d final state / d theta1 (regular):", jnp.round(sens, 3))
