# jax.experimental.ode.odeint: its docstring, a pendulum, and gradients through the solver
# (the adjoint method), as in the neural-ODE examples
import jax
import jax.numpy as jnp
from jax.experimental.ode import odeint


def f(y, t, k):
    return -k * y


ts = jnp.linspace(0., 2., 5)
ys = odeint(f, 1.0, ts, 0.5)
print(ys)
print(jnp.exp(-0.5 * ts))
print(jnp.max(jnp.abs(ys - jnp.exp(-0.5 * ts))) < 1e-5)


def pendulum(state, t, g, l):
    theta, omega = state
    return jnp.stack([omega, -(g / l) * jnp.sin(theta)])


y0 = jnp.array([0.3, 0.0])
ts = jnp.linspace(0., 1., 4)
traj = odeint(pendulum, y0, ts, 9.81, 1.0, rtol=1e-8, atol=1e-8)
print(traj.shape, traj.dtype)
print(traj)

energy = lambda s: 0.5 * s[..., 1] ** 2 + 9.81 * (1 - jnp.cos(s[..., 0]))
print(jnp.max(jnp.abs(energy(traj) - energy(y0))) < 1e-5)


# Gradients through odeint with respect to the initial state and the parameters.
def final_position(y0, k):
    return odeint(f, y0, jnp.array([0., 1.]), k)[-1]


print(final_position(2.0, 0.3))
print(jax.grad(final_position, argnums=(0, 1))(2.0, 0.3))
print(jnp.exp(-0.3), -2.0 * jnp.exp(-0.3))


# A pytree state: a dict of position and velocity of a harmonic oscillator.
def oscillator(state, t, omega):
    return {"x": state["v"], "v": -omega ** 2 * state["x"]}


state0 = {"x": jnp.array(1.0), "v": jnp.array(0.0)}
out = odeint(oscillator, state0, jnp.array([0., jnp.pi / 2, jnp.pi]), 1.0)
print(jax.tree.map(lambda a: jnp.round(a, 4), out))


# A tiny neural ODE fitted for a few gradient steps.
def mlp(params, y):
    (w1, b1), (w2, b2) = params
    h = jnp.tanh(y @ w1 + b1)
    return h @ w2 + b2


def dynamics(y, t, params):
    return mlp(params, y)


key = jax.random.key(0)
k1, k2 = jax.random.split(key)
params = [(0.1 * jax.random.normal(k1, (2, 8)), jnp.zeros(8)),
          (0.1 * jax.random.normal(k2, (8, 2)), jnp.zeros(2))]
t_obs = jnp.linspace(0., 1., 3)
y_obs = jnp.stack([jnp.cos(t_obs), -jnp.sin(t_obs)], axis=1)


def loss(params):
    pred = odeint(dynamics, y_obs[0], t_obs, params)
    return jnp.mean((pred - y_obs) ** 2)


step = jax.jit(lambda p: jax.tree.map(lambda w, g: w - 0.5 * g, p, jax.grad(loss)(p)))
print(loss(params))
for _ in range(3):
    params = step(params)
print(loss(params))
