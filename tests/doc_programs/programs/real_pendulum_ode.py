# A double pendulum integrated with RK4 in lax.scan, a fori_loop Verlet integrator, energy drift,
# and sensitivities of the final state to the initial one by jax.jacfwd and jax.jacrev
from functools import partial

import jax
import jax.numpy as jnp
from jax import lax

g, l1, l2, m1, m2 = 9.81, 1.0, 1.0, 1.0, 1.0


def deriv(s):
    t1, t2, w1, w2 = s
    d = t1 - t2
    den = 2 * m1 + m2 - m2 * jnp.cos(2 * d)
    a1 = (-g * (2 * m1 + m2) * jnp.sin(t1) - m2 * g * jnp.sin(t1 - 2 * t2)
          - 2 * jnp.sin(d) * m2 * (w2**2 * l2 + w1**2 * l1 * jnp.cos(d))) / (l1 * den)
    a2 = (2 * jnp.sin(d) * (w1**2 * l1 * (m1 + m2) + g * (m1 + m2) * jnp.cos(t1)
          + w2**2 * l2 * m2 * jnp.cos(d))) / (l2 * den)
    return jnp.stack([w1, w2, a1, a2])


def rk4(s, dt):
    k1 = deriv(s)
    k2 = deriv(s + dt / 2 * k1)
    k3 = deriv(s + dt / 2 * k2)
    k4 = deriv(s + dt * k3)
    return s + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)


def energy(s):
    t1, t2, w1, w2 = s
    v = -(m1 + m2) * g * l1 * jnp.cos(t1) - m2 * g * l2 * jnp.cos(t2)
    k = 0.5 * m1 * (l1 * w1) ** 2 + 0.5 * m2 * ((l1 * w1) ** 2 + (l2 * w2) ** 2
                                                 + 2 * l1 * l2 * w1 * w2 * jnp.cos(t1 - t2))
    return k + v


@partial(jax.jit, static_argnames=("n",))
def simulate(s0, dt=0.01, n=200):
    def body(s, _):
        s = rk4(s, dt)
        return s, energy(s)
    return lax.scan(body, s0, None, length=n)


s0 = jnp.array([1.0, 0.5, 0.0, 0.0])
final, energies = simulate(s0)
print(final.round(4), energies.shape, energies.dtype)
print("drift", float(jnp.max(jnp.abs(energies - energy(s0)))) < 1e-3)

J = jax.jacfwd(lambda s: simulate(s, n=50)[0])(s0)
print(J.shape, jnp.round(J, 2))
Jr = jax.jacrev(lambda s: simulate(s, n=50)[0])(s0)
print(jnp.allclose(J, Jr, atol=1e-4))


def simple_pendulum(theta0, n=100, dt=0.05):
    def body(i, c):
        th, om = c
        om = om - g * jnp.sin(th) * dt
        return th + om * dt, om
    return lax.fori_loop(0, n, body, (theta0, 0.0))


th, om = simple_pendulum(0.3)
print(f"{float(th):.4f} {float(om):.4f}", jax.typeof(th), jax.typeof(om))
print(jax.grad(lambda t: simple_pendulum(t)[0])(0.3))
print(jax.vmap(simple_pendulum)(jnp.linspace(0.1, 0.5, 3))[0].round(4))
print(jax.make_jaxpr(simple_pendulum)(0.3))
