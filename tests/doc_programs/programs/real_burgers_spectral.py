# A pseudo-spectral solver for the viscous Burgers equation u_t + u u_x = nu u_xx on a periodic
# domain: rfft / irfft derivatives with 2/3 dealiasing, an integrating factor for the viscous
# term, RK4 steps in a fori_loop under jit, energy and spectrum diagnostics, and the gradient of
# the final energy with respect to the viscosity and the initial amplitude
import math

import jax
import jax.numpy as jnp

N, L = 64, 2 * math.pi
x = jnp.linspace(0.0, L, N, endpoint=False)
k = jnp.fft.rfftfreq(N, d=L / N) * 2 * math.pi
dealias = (jnp.abs(k) < (2.0 / 3.0) * jnp.max(jnp.abs(k))).astype(jnp.float32)
print(k.shape, k.dtype, float(k[1]), int(dealias.sum()))


def nonlinear(u_hat):
    u = jnp.fft.irfft(u_hat, n=N)
    u2_hat = jnp.fft.rfft(0.5 * u * u) * dealias
    return -1j * k * u2_hat


def rk4_step(u_hat, dt, nu):
    lin = jnp.exp(-nu * k**2 * dt / 2)
    a = dt * nonlinear(u_hat)
    b = dt * nonlinear(lin * (u_hat + a / 2))
    c = dt * nonlinear(lin * u_hat + b / 2)
    d = dt * nonlinear(lin**2 * u_hat + lin * c)
    return lin**2 * (u_hat + a / 6) + lin * (b + c) / 3 + d / 6


@jax.jit
def solve(u0, nu, dt=0.01, steps=100):
    u_hat = jnp.fft.rfft(u0)
    u_hat = jax.lax.fori_loop(0, steps, lambda i, uh: rk4_step(uh, dt, nu), u_hat)
    return jnp.fft.irfft(u_hat, n=N)


def energy(u):
    return 0.5 * jnp.mean(u**2)


u0 = jnp.sin(x) + 0.5 * jnp.cos(2 * x)
u1 = solve(u0, 0.05)
print(u1.shape, u1.dtype)
print(f"{float(energy(u0)):.5f} {float(energy(u1)):.5f}", bool(energy(u1) < energy(u0)))
print(f"mean kept: {float(jnp.mean(u0)):.5f} {float(jnp.mean(u1)):.5f}")
spectrum = jnp.abs(jnp.fft.rfft(u1)) ** 2 / N**2
print(jnp.round(spectrum[:6], 4))
print(int(jnp.argmax(jnp.abs(u1 - u0))), f"{float(jnp.max(jnp.abs(jnp.gradient(u1, x)))):.3f}")


def final_energy(nu, amp):
    return energy(solve(amp * u0, nu))


e, grads = jax.value_and_grad(final_energy, argnums=(0, 1))(0.05, 1.0)
print(f"{float(e):.5f}", [f"{float(g):.4f}" for g in grads], bool(grads[0] < 0))
fd = (final_energy(0.06, 1.0) - final_energy(0.04, 1.0)) / 0.02
print(bool(jnp.abs(fd - grads[0]) < 0.05 * jnp.abs(grads[0]) + 1e-3))
batch = jax.vmap(solve, in_axes=(None, 0))(u0, jnp.array([0.02, 0.05, 0.1]))
print(batch.shape, [f"{float(energy(b)):.5f}" for b in batch])
