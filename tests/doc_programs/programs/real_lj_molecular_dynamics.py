# Lennard-Jones molecular dynamics in a periodic box: the pairwise energy with minimum-image
# displacements and a smooth cutoff, forces as -grad of the energy, velocity Verlet by
# lax.scan, a Berendsen thermostat, energy conservation measured, and the virial pressure
import jax
import jax.numpy as jnp

jax.config.update("jax_enable_x64", True)

N_SIDE, BOX, RC = 3, 5.0, 2.5
N = N_SIDE**3


def lattice():
    g = jnp.arange(N_SIDE) * (BOX / N_SIDE) + 0.5
    return jnp.stack(jnp.meshgrid(g, g, g, indexing="ij"), -1).reshape(-1, 3)


def displacement(r):
    d = r[:, None, :] - r[None, :, :]
    return d - BOX * jnp.round(d / BOX)


def energy(r):
    d = displacement(r)
    r2 = jnp.sum(d**2, -1) + jnp.eye(N)
    inv6 = (1.0 / r2) ** 3
    e = 4.0 * (inv6**2 - inv6)
    ec = 4.0 * (RC**-12 - RC**-6)
    mask = (r2 < RC**2) & ~jnp.eye(N, dtype=bool)
    return 0.5 * jnp.sum(jnp.where(mask, e - ec, 0.0))


force = jax.jit(lambda r: -jax.grad(energy)(r))


def kinetic(v):
    return 0.5 * jnp.sum(v**2)


def verlet(state, _, dt=0.002, thermostat=False, target_T=1.0):
    r, v, f = state
    v = v + 0.5 * dt * f
    r = jnp.mod(r + dt * v, BOX)
    f = force(r)
    v = v + 0.5 * dt * f
    if thermostat:
        T = 2 * kinetic(v) / (3 * N)
        v = v * jnp.sqrt(1 + 0.1 * (target_T / T - 1))
    return (r, v, f), (energy(r), kinetic(v))


@jax.jit
def run(r, v, steps_arr):
    return jax.lax.scan(verlet, (r, v, force(r)), steps_arr)


r0 = lattice() + 0.05 * jax.random.normal(jax.random.key(0), (N, 3), dtype=jnp.float64)
v0 = jax.random.normal(jax.random.key(1), (N, 3), dtype=jnp.float64) * 0.5
v0 = v0 - v0.mean(0)
print(r0.dtype, r0.shape, round(float(energy(r0)), 6))
f0 = force(r0)
print("net force", float(jnp.max(jnp.abs(f0.sum(0)))) < 1e-10)
(r, v, f), (pe, ke) = run(r0, v0, jnp.arange(500))
total = pe + ke
print("E0", round(float(total[0]), 6), "drift", float(jnp.max(jnp.abs(total - total[0]))) < 1e-2)
print("momentum", float(jnp.max(jnp.abs(v.sum(0)))) < 1e-10)

therm = jax.jit(lambda r, v: jax.lax.scan(lambda s, x: verlet(s, x, thermostat=True), (r, v, force(r)), None, length=300))
(r2, v2, _), (pe2, ke2) = therm(r, v)
print("temperature", round(float(2 * ke2[-1] / (3 * N)), 3))


def pressure(r, v):
    d = displacement(r)
    fpair = jax.vmap(jax.vmap(jax.grad(lambda dd: 4 * ((dd @ dd) ** -6 - (dd @ dd) ** -3))))(d + jnp.eye(N)[..., None])
    mask = (jnp.sum(d**2, -1) < RC**2) & ~jnp.eye(N, dtype=bool)
    virial = -0.5 * jnp.sum(jnp.where(mask[..., None], d * fpair, 0.0))
    return (2 * kinetic(v) + virial) / (3 * BOX**3)


print("pressure", round(float(pressure(r2, v2)), 5))
hess = jax.jacfwd(force)(r0)
print(hess.shape, hess.dtype, float(jnp.max(jnp.abs(hess - jnp.transpose(hess, (2, 3, 0, 1))))) < 1e-8)
jax.config.update("jax_enable_x64", False)
