# PDE solvers on a periodic grid: explicit heat equation steps by jnp.roll stencils in a
# fori_loop, a spectral Poisson solve by rfft2 / irfft2 checked against the stencil Laplacian,
# Jacobi iterations by while_loop until the residual is small, and the energy decay rate fit
# by jnp.polyfit
import functools

import jax
import jax.numpy as jnp
from jax import lax

jax.config.update("jax_enable_x64", False)
n, L = 32, 2 * jnp.pi
h = L / n
xs = jnp.arange(n) * h
X, Y = jnp.meshgrid(xs, xs, indexing="ij")


def laplacian(u):
    return (
        jnp.roll(u, 1, 0) + jnp.roll(u, -1, 0) + jnp.roll(u, 1, 1) + jnp.roll(u, -1, 1) - 4 * u
    ) / h**2


@functools.partial(jax.jit, static_argnums=2)
def heat(u0, dt, steps):
    def body(i, carry):
        u, energies = carry
        u = u + dt * laplacian(u)
        return u, energies.at[i].set(jnp.sum(u**2) * h * h)

    return lax.fori_loop(0, steps, body, (u0, jnp.zeros(steps)))


u0 = jnp.sin(X) * jnp.cos(2 * Y) + 0.5 * jnp.sin(3 * X)
dt = 0.2 * h**2
u, energies = heat(u0, dt, 200)
print("energy start/end", energies[0], energies[-1])
t = dt * jnp.arange(1, 201)
slope, icpt = jnp.polyfit(t, jnp.log(energies), 1)
print("decay slope", slope, "dtype", slope.dtype)
print("max |u|", jnp.abs(u).max())

# spectral Poisson: lap(phi) = f with zero mean
f = jnp.cos(X) * jnp.sin(Y) + jnp.cos(2 * X)
kx = jnp.fft.fftfreq(n, d=h) * 2 * jnp.pi
ky = jnp.fft.rfftfreq(n, d=h) * 2 * jnp.pi
K2 = kx[:, None] ** 2 + ky[None, :] ** 2
fh = jnp.fft.rfft2(f)
phih = jnp.where(K2 == 0, 0.0, -fh / jnp.where(K2 == 0, 1.0, K2))
phi = jnp.fft.irfft2(phih, s=(n, n))
print("rfft2 shape", fh.shape, fh.dtype, "irfft2", phi.shape, phi.dtype)
exact = -jnp.cos(X) * jnp.sin(Y) / 2 - jnp.cos(2 * X) / 4
print("spectral error", jnp.abs(phi - exact).max() < 1e-4)
print("stencil residual", jnp.abs(laplacian(phi) - f).max() < 0.02)


@jax.jit
def jacobi(f, tol=1e-3, max_iter=5000):
    f = f - f.mean()

    def cond(state):
        _, res, it = state
        return (res > tol) & (it < max_iter)

    def body(state):
        u, _, it = state
        nb = jnp.roll(u, 1, 0) + jnp.roll(u, -1, 0) + jnp.roll(u, 1, 1) + jnp.roll(u, -1, 1)
        u = (nb - h**2 * f) / 4
        u = u - u.mean()
        return u, jnp.abs(laplacian(u) - f).max(), it + 1

    return lax.while_loop(cond, body, (jnp.zeros_like(f), jnp.inf, 0))


uj, res, iters = jacobi(f)
print("jacobi iters", iters, "residual below tol", res <= 1e-3)
print("jacobi vs spectral", jnp.abs(uj - phi).max() < 0.05)
grad_energy = jax.grad(lambda a: heat(a * u0, dt, 20)[1][-1])(1.0)
print("d energy / d amplitude", grad_energy)
print(jax.make_jaxpr(laplacian)(u0).eqns[-1])
