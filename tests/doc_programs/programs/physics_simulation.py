# Physics simulations with jit, fori_loop and scan: the 1-D heat equation, an N-body system
# integrated with velocity Verlet (forces from jax.grad of the potential), and a wave on a string
import jax
import jax.numpy as jnp
from jax import lax

# Heat equation, explicit finite differences.
n = 16
x = jnp.linspace(0., 1., n)
u0 = jnp.sin(jnp.pi * x)
dx = x[1] - x[0]
dt = 0.4 * dx ** 2
alpha = 1.0


@jax.jit
def heat_step(u):
    lap = (jnp.roll(u, 1) - 2 * u + jnp.roll(u, -1)) / dx ** 2
    u = u + alpha * dt * lap
    return u.at[0].set(0.).at[-1].set(0.)


def simulate(u, steps):
    return lax.fori_loop(0, steps, lambda i, u: heat_step(u), u)


u = jax.jit(simulate, static_argnums=1)(u0, 100)
t = 100 * dt
print(jnp.round(u[:5], 4))
print(jnp.max(jnp.abs(u - jnp.exp(-jnp.pi ** 2 * t) * u0)) < 5e-3)

# N-body with a softened gravitational potential.
def potential(pos, masses):
    diff = pos[:, None, :] - pos[None, :, :]
    r = jnp.sqrt(jnp.sum(diff ** 2, -1) + 0.01)
    pair = masses[:, None] * masses[None, :] / r
    return -0.5 * (jnp.sum(pair) - jnp.sum(jnp.diag(pair)))


def kinetic(vel, masses):
    return 0.5 * jnp.sum(masses[:, None] * vel ** 2)


force = jax.grad(lambda pos, m: -potential(pos, m))


def verlet(state, _, masses, dt):
    pos, vel = state
    acc = force(pos, masses) / masses[:, None]
    vel_half = vel + 0.5 * dt * acc
    pos = pos + dt * vel_half
    acc = force(pos, masses) / masses[:, None]
    vel = vel_half + 0.5 * dt * acc
    energy = kinetic(vel, masses) + potential(pos, masses)
    return (pos, vel), energy


masses = jnp.array([1.0, 0.5, 0.3])
pos0 = jnp.array([[0., 0.], [1., 0.], [0., 1.]])
vel0 = jnp.array([[0., -0.1], [0., 0.8], [-0.8, 0.]])


@jax.jit
def run(pos, vel):
    step = lambda s, x: verlet(s, x, masses, 0.01)
    return lax.scan(step, (pos, vel), None, length=200)


(pos, vel), energies = run(pos0, vel0)
e0 = kinetic(vel0, masses) + potential(pos0, masses)
print(energies.shape)
print(jnp.round(e0, 4))
print(jnp.max(jnp.abs(energies - e0)) < 1e-2)
momentum0 = jnp.sum(masses[:, None] * vel0, 0)
momentum = jnp.sum(masses[:, None] * vel, 0)
print(jnp.allclose(momentum, momentum0, atol=1e-5))
print(jnp.round(pos, 3))

# Wave equation on a string, a leapfrog scheme, sensitivity of the final shape to the speed.
def wave(c, steps=50):
    m = 20
    xs = jnp.linspace(0., 1., m)
    h = xs[1] - xs[0]
    k = 0.5 * h
    u_prev = jnp.exp(-100 * (xs - 0.5) ** 2)
    u = u_prev
    def body(carry, _):
        u_prev, u = carry
        lap = jnp.zeros_like(u).at[1:-1].set(u[2:] - 2 * u[1:-1] + u[:-2])
        u_next = 2 * u - u_prev + (c * k / h) ** 2 * lap
        return (u, u_next), jnp.sum(u_next ** 2)
    (_, u), norms = lax.scan(body, (u_prev, u), None, length=steps)
    return u, norms


u, norms = jax.jit(wave)(1.0)
print(norms.shape, jnp.round(u.max(), 4))
print(jnp.round(jax.grad(lambda c: jnp.sum(wave(c)[0] ** 2))(1.0), 4))
