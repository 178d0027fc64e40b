# The 1D heat equation by Crank-Nicolson with a tridiagonal solve (lax.linalg.tridiagonal_solve)
# each step in lax.scan, compared with the exact Fourier-mode solution, a convergence check
# in dt, and the gradient of the final temperature with respect to the diffusivity
import jax
import jax.numpy as jnp
from jax import lax

N, L = 64, 1.0
x = jnp.linspace(0, L, N + 2)[1:-1]
dx = x[1] - x[0]
u0 = jnp.sin(jnp.pi * x) + 0.5 * jnp.sin(3 * jnp.pi * x)


def exact(t, kappa):
    return jnp.exp(-kappa * jnp.pi**2 * t) * jnp.sin(jnp.pi * x) + 0.5 * jnp.exp(-9 * kappa * jnp.pi**2 * t) * jnp.sin(3 * jnp.pi * x)


def crank_nicolson(u0, kappa, dt, steps):
    r = kappa * dt / dx**2
    dl = jnp.full((N,), -r / 2).at[0].set(0.0)
    d = jnp.full((N,), 1 + r)
    du = jnp.full((N,), -r / 2).at[-1].set(0.0)

    def step(u, _):
        up = jnp.pad(u, 1)
        rhs = u + (r / 2) * (up[2:] - 2 * u + up[:-2])
        u = lax.linalg.tridiagonal_solve(dl, d, du, rhs[:, None])[:, 0]
        return u, u[N // 2]

    return lax.scan(step, u0, None, length=steps)


T, kappa = 0.1, 0.5
for steps in (10, 20, 40):
    u, mid = jax.jit(crank_nicolson, static_argnums=3)(u0, kappa, T / steps, steps)
    print(f"steps {steps:3d} max err {float(jnp.max(jnp.abs(u - exact(T, kappa)))):.3e}")
print("mid trace", mid.shape, jnp.round(mid[::10], 5))
dl = jnp.array([0.0, 1.0, 1.0])
d = jnp.array([4.0, 4.0, 4.0])
du = jnp.array([1.0, 1.0, 0.0])
b = jnp.array([[5.0], [6.0], [5.0]])
print("tridiag", lax.linalg.tridiagonal_solve(dl, d, du, b)[:, 0])


def final_energy(kappa):
    u, _ = crank_nicolson(u0, kappa, T / 40, 40)
    return jnp.sum(u**2) * dx


g = jax.grad(final_energy)(kappa)
eps = 1e-3
fd = (final_energy(kappa + eps) - final_energy(kappa - eps)) / (2 * eps)
print("d energy / d kappa %.5f fd %.5f" % (float(g), float(fd)))
print("energy", round(float(final_energy(kappa)), 6), "exact", round(float(jnp.sum(exact(T, kappa) ** 2) * dx), 6))
