# A two-compartment pharmacokinetic model integrated by jax.experimental.ode.odeint, with
# repeated dosing by integrating between doses in a Python loop, fitted to noisy plasma
# concentrations by gradient descent through odeint (adjoint gradients) in log-parameters,
# sensitivities by jacrev, and vmap over patients
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.ode import odeint


def rhs(y, t, theta):
    ka, ke, k12, k21 = jnp.exp(theta)
    gut, central, periph = y
    return jnp.stack([-ka * gut, ka * gut - ke * central - k12 * central + k21 * periph, k12 * central - k21 * periph])


t_obs = jnp.linspace(0.0, 12.0, 13)
true = jnp.log(jnp.array([1.2, 0.25, 0.3, 0.15]))


def concentrations(theta, dose=10.0):
    y0 = jnp.array([dose, 0.0, 0.0])
    return odeint(rhs, y0, t_obs, theta, rtol=1e-6, atol=1e-6)[:, 1]


c = jax.jit(concentrations)(true)
print("peak %.4f at t=%d" % (float(c.max()), int(t_obs[jnp.argmax(c)])))
rng = np.random.default_rng(0)
obs = c * (1 + 0.05 * jnp.asarray(rng.normal(size=c.shape), jnp.float32))


def loss(theta):
    return jnp.mean((jnp.log(concentrations(theta)[1:]) - jnp.log(obs[1:])) ** 2)


theta = jnp.log(jnp.array([0.8, 0.4, 0.2, 0.2]))
vg = jax.jit(jax.value_and_grad(loss))
for i in range(60):
    l, g = vg(theta)
    theta = theta - 0.3 * g
    if i % 20 == 0:
        print(f"iter {i} loss {float(l):.5f}")
print("fitted", jnp.round(jnp.exp(theta), 3), "loss", round(float(loss(theta)), 5))
S = jax.jacrev(concentrations)(theta)
print("sensitivity shape", S.shape, "most sensitive param at t=6:", int(jnp.argmax(jnp.abs(S[6]))))

pts = jnp.stack([true + d for d in jnp.array([[0.0, 0, 0, 0], [0.2, 0, 0, 0], [0, 0.3, 0, 0]])])
curves = jax.vmap(concentrations)(pts)
print("patients", curves.shape, "auc", jnp.round(jnp.trapezoid(curves, t_obs, axis=1), 3))

y = jnp.array([10.0, 0.0, 0.0])
troughs = []
for dose in range(3):
    ys = odeint(rhs, y, jnp.array([0.0, 8.0]), true)
    y = ys[-1] + jnp.array([10.0, 0.0, 0.0])
    troughs.append(round(float(ys[-1, 1]), 4))
print("troughs", troughs)
