# A gravitational N-body simulation: pairwise forces by a double vmap with a softening length,
# a NamedTuple state stepped by leapfrog (kick-drift-kick) in lax.scan, energy and momentum
# drift checks, forces as the gradient of the potential, and a jitted run with static steps
from functools import partial
from typing import NamedTuple

import jax
import jax.numpy as jnp

G, EPS = 1.0, 0.05


class State(NamedTuple):
    pos: jax.Array
    vel: jax.Array


def pair_accel(xi, xj, mj):
    d = xj - xi
    r2 = jnp.sum(d * d) + EPS**2
    return G * mj * d / r2**1.5


def accelerations(pos, masses):
    per_pair = jax.vmap(jax.vmap(pair_accel, in_axes=(None, 0, 0)), in_axes=(0, None, None))
    return per_pair(pos, pos, masses).sum(axis=1)


def potential(pos, masses):
    d = pos[:, None, :] - pos[None, :, :]
    r = jnp.sqrt(jnp.sum(d * d, axis=-1) + EPS**2)
    pair = -G * masses[:, None] * masses[None, :] / r
    n = pos.shape[0]
    return 0.5 * jnp.sum(jnp.where(jnp.eye(n, dtype=bool), 0.0, pair))


def energy(state, masses):
    kinetic = 0.5 * jnp.sum(masses[:, None] * state.vel**2)
    return kinetic + potential(state.pos, masses)


def leapfrog(state, masses, dt):
    v_half = state.vel + 0.5 * dt * accelerations(state.pos, masses)
    pos = state.pos + dt * v_half
    vel = v_half + 0.5 * dt * accelerations(pos, masses)
    return State(pos, vel)


@partial(jax.jit, static_argnames="steps")
def simulate(state, masses, dt, steps):
    def body(s, _):
        s = leapfrog(s, masses, dt)
        return s, energy(s, masses)

    return jax.lax.scan(body, state, None, length=steps)


n = 5
key = jax.random.key(3)
kp, kv = jax.random.split(key)
pos = jax.random.normal(kp, (n, 2))
vel = 0.3 * jax.random.normal(kv, (n, 2))
masses = jnp.linspace(0.5, 1.5, n)
vel = vel - jnp.sum(masses[:, None] * vel, 0) / masses.sum()
state = State(pos, vel)
print(type(state).__name__, jax.tree.map(jnp.shape, state))

acc = accelerations(pos, masses)
force_from_grad = -jax.grad(potential)(pos, masses) / masses[:, None]
print(acc.shape, jnp.allclose(acc, force_from_grad, atol=1e-4))
print(jnp.allclose(jnp.sum(masses[:, None] * acc, 0), 0.0, atol=1e-5))

e0 = energy(state, masses)
final, energies = simulate(state, masses, 0.002, steps=400)
drift = jnp.max(jnp.abs(energies - e0)) / jnp.abs(e0)
print(energies.shape, bool(drift < 1e-2), final.pos.dtype)
momentum = jnp.sum(masses[:, None] * final.vel, axis=0)
print(jnp.allclose(momentum, 0.0, atol=1e-4), isinstance(final, State))
back, _ = simulate(State(final.pos, -final.vel), masses, 0.002, steps=400)
print(jnp.allclose(back.pos, pos, atol=1e-2))
print(jax.make_jaxpr(pair_accel)(pos[0], pos[1], masses[1]))
dE = jax.grad(lambda m: energy(state, m))(masses)
print(dE.shape, dE.dtype, bool(jnp.all(jnp.isfinite(dE))))
