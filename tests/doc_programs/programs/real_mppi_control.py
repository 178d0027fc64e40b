# Model predictive path integral (MPPI) control of a cart-pole-like double integrator with a
# pendulum: noisy control sequences sampled with jax.random, rollouts by lax.scan vmapped over
# samples, costs turned into softmax weights with a temperature, the control sequence updated
# and shifted each step (receding horizon) inside an outer lax.scan, and the closed-loop state
from functools import partial

import jax
import jax.numpy as jnp

DT, HORIZON, SAMPLES, LAMBDA = 0.05, 25, 256, 1.0


def dynamics(s, u):
    x, v, th, om = s
    u = jnp.clip(u, -3.0, 3.0)
    acc = u
    alpha = 9.81 * jnp.sin(th) - u * jnp.cos(th) - 0.1 * om
    v, om = v + DT * acc, om + DT * alpha
    return jnp.stack([x + DT * v, v, th + DT * om, om])


def stage_cost(s, u):
    x, v, th, om = s
    return 2.0 * (1 - jnp.cos(th)) + 0.1 * x**2 + 0.01 * v**2 + 0.01 * om**2 + 0.001 * u**2


def rollout(s0, us):
    def step(s, u):
        return dynamics(s, u), stage_cost(s, u)

    sT, costs = jax.lax.scan(step, s0, us)
    return costs.sum() + 10.0 * (1 - jnp.cos(sT[2]))


def mppi_step(carry, key):
    s, U = carry
    noise = 0.8 * jax.random.normal(key, (SAMPLES, HORIZON))
    costs = jax.vmap(rollout, in_axes=(None, 0))(s, U + noise)
    w = jax.nn.softmax(-(costs - costs.min()) / LAMBDA)
    U = U + jnp.einsum("k,kt->t", w, noise)
    u0 = U[0]
    s = dynamics(s, u0)
    U = jnp.concatenate([U[1:], U[-1:]])
    ess = 1.0 / jnp.sum(w**2)
    return (s, U), (s, u0, costs.min(), ess)


@partial(jax.jit, static_argnames="steps")
def run(s0, key, steps=80):
    return jax.lax.scan(mppi_step, (s0, jnp.zeros(HORIZON)), jax.random.split(key, steps))


s0 = jnp.array([0.0, 0.0, 0.6, 0.0])
(sT, U), (states, controls, best, ess) = run(s0, jax.random.key(47))
print("trajectory:", states.shape, "controls:", controls.shape)
for t in (0, 20, 40, 79):
    print(f"t={t:2d}: angle {float(states[t, 2]):+.3f} position {float(states[t, 0]):+.3f} control {float(controls[t]):+.3f}")
print("upright at the end:", bool(jnp.abs(jnp.cos(sT[2]) - 1) < 0.05))
print("best rollout cost first/last:", round(float(best[0]), 3), round(float(best[-1]), 3))
print("effective sample size range:", round(float(ess.min()), 1), round(float(ess.max()), 1))
print("controls within limits after clipping:", bool(jnp.all(jnp.abs(jnp.clip(controls, -3, 3)) <= 3)))
batch = jax.vmap(lambda th: run(jnp.array([0.0, 0.0, th, 0.0]), jax.random.key(1), steps=60)[0][0][2])(jnp.array([0.3, -0.5, 0.9]))
print("final angles from three starts:", jnp.round(batch, 3))
