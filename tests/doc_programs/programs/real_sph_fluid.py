# Smoothed-particle hydrodynamics in 2-D: a dam-break block of particles, density by a poly6
# kernel over all pairs, pressure from a Tait-like equation of state, pressure and viscosity
# forces with spiky / viscosity kernel gradients, gravity and box boundaries by reflection,
# symplectic Euler steps in lax.scan, and conserved / monitored quantities printed
import jax
import jax.numpy as jnp

H, MASS, REST, K_P, MU, DT = 0.1, 0.02, 1000.0 * 0.0, 2.0, 0.2, 0.004
nx, ny = 8, 12
gx, gy = jnp.meshgrid(jnp.arange(nx), jnp.arange(ny), indexing="ij")
pos0 = jnp.stack([gx.ravel(), gy.ravel()], axis=1) * 0.05 + 0.05
N = pos0.shape[0]
vel0 = jnp.zeros_like(pos0)
print("particles:", N)


def poly6(r2):
    return jnp.where(r2 < H**2, 4.0 / (jnp.pi * H**8) * (H**2 - r2) ** 3, 0.0)


def densities(pos):
    d = pos[:, None] - pos[None]
    return MASS * jnp.sum(poly6(jnp.sum(d * d, -1)), axis=1)


rho0 = densities(pos0).mean()


def forces(pos, vel):
    rho = densities(pos)
    p = K_P * (rho - rho0)
    d = pos[:, None] - pos[None]
    r = jnp.sqrt(jnp.sum(d * d, -1) + 1e-12)
    near = (r < H) & (r > 1e-6)
    spiky = jnp.where(near, -30.0 / (jnp.pi * H**5) * (H - r) ** 2, 0.0)
    dirn = d / r[..., None]
    f_p = -jnp.sum((MASS * (p[:, None] + p[None]) / (2 * rho[None]) * spiky)[..., None] * dirn, axis=1)
    lap = jnp.where(near, 40.0 / (jnp.pi * H**5) * (H - r), 0.0)
    f_v = MU * jnp.sum((MASS / rho[None] * lap)[..., None] * (vel[None] - vel[:, None]), axis=1)
    gravity = jnp.array([0.0, -9.8]) * rho[:, None]
    return (f_p + f_v + gravity) / rho[:, None], rho


def step(state, _):
    pos, vel = state
    acc, rho = forces(pos, vel)
    vel = vel + DT * acc
    pos = pos + DT * vel
    lo, hi = 0.0, jnp.array([1.2, 1.0])
    out_lo, out_hi = pos < lo, pos > hi
    vel = jnp.where(out_lo | out_hi, -0.5 * vel, vel)
    pos = jnp.clip(pos, lo, hi)
    ke = 0.5 * MASS * jnp.sum(vel**2)
    return (pos, vel), (ke, rho.max(), pos[:, 0].max())


@jax.jit
def simulate(pos, vel, steps=300):
    return jax.lax.scan(step, (pos, vel), None, length=steps)


(pos, vel), (ke, rho_max, front) = simulate(pos0, vel0)
print("rest density:", round(float(rho0), 3))
for t in (0, 100, 200, 299):
    print(f"step {t:3d}: kinetic {float(ke[t]):.5f} max density {float(rho_max[t]):.3f} front {float(front[t]):.3f}")
print("particles inside the box:", bool(jnp.all((pos >= 0) & (pos <= jnp.array([1.2, 1.0])))))
print("front advanced:", bool(front[-1] > front[0]))
print("centre of mass:", jnp.round(pos.mean(0), 3), "started at", jnp.round(pos0.mean(0), 3))
