# Orbit propagation by solving Kepler's equation M = E - e sin E with a fixed number of Newton
# iterations, wrapped in a custom_jvp that differentiates the solution implicitly (dE/dM and
# dE/de from the implicit function theorem); vmapped over mean anomalies and eccentricities,
# positions and velocities of an orbit, energy conservation, and gradients of position checked
# against differentiating through the iterations
import jax
import jax.numpy as jnp


def newton_kepler(M, e, iters=12):
    E = jnp.where(e < 0.8, M, jnp.pi * jnp.ones_like(M))

    def body(_, E):
        return E - (E - e * jnp.sin(E) - M) / (1 - e * jnp.cos(E))

    return jax.lax.fori_loop(0, iters, body, E)


@jax.custom_jvp
def kepler(M, e):
    return newton_kepler(M, e)


@kepler.defjvp
def kepler_jvp(primals, tangents):
    M, e = primals
    dM, de = tangents
    E = kepler(M, e)
    denom = 1 - e * jnp.cos(E)
    return E, (dM + jnp.sin(E) * de) / denom


def position(t, a=1.0, e=0.3, mu=1.0):
    n = jnp.sqrt(mu / a**3)
    M = jnp.mod(n * t, 2 * jnp.pi)
    E = kepler(M, e)
    x = a * (jnp.cos(E) - e)
    y = a * jnp.sqrt(1 - e**2) * jnp.sin(E)
    return jnp.stack([x, y])


Ms = jnp.linspace(0, 2 * jnp.pi, 9)
E = jax.vmap(kepler, in_axes=(0, None))(Ms, 0.5)
print("E(M) for e=0.5:", jnp.round(E, 4))
print("residual:", float(jnp.max(jnp.abs(E - 0.5 * jnp.sin(E) - Ms))) < 1e-5)
es = jnp.array([0.0, 0.2, 0.6, 0.9])
grid = jax.vmap(lambda e: jax.vmap(kepler, in_axes=(0, None))(Ms, e))(es)
print("grid:", grid.shape, "circular orbit E == M:", bool(jnp.allclose(grid[0], Ms, atol=1e-6)))

ts = jnp.linspace(0, 2 * jnp.pi, 200)
pos = jax.vmap(position)(ts)
vel = jax.vmap(jax.jacfwd(position))(ts)
r = jnp.linalg.norm(pos, axis=1)
energy = 0.5 * jnp.sum(vel**2, 1) - 1.0 / r
print("perihelion, aphelion:", round(float(r.min()), 4), round(float(r.max()), 4))
print("energy mean:", round(float(energy.mean()), 5), "drift < 1e-4:", bool(energy.max() - energy.min() < 1e-4))
h = pos[:, 0] * vel[:, 1] - pos[:, 1] * vel[:, 0]
print("angular momentum:", round(float(h.mean()), 5), "constant:", bool(h.std() < 1e-4))

implicit = jax.jacfwd(kepler, argnums=(0, 1))(1.0, 0.4)
unrolled = jax.jacfwd(newton_kepler, argnums=(0, 1))(1.0, 0.4)
print("implicit dE/dM, dE/de:", jnp.round(jnp.stack(implicit), 5))
print("agree with unrolled:", bool(jnp.allclose(jnp.stack(implicit), jnp.stack(unrolled), atol=1e-5)))
dpos_de = jax.jacrev(lambda e: position(1.5, e=e))(0.3)
print("d position / d e at t=1.5:", jnp.round(dpos_de, 4))
period = jax.grad(lambda a: 2 * jnp.pi * jnp.sqrt(a**3))(1.0)
print("d period / d a:", round(float(period), 4))
