# The time-dependent Schrodinger equation in 1D by the split-step Fourier method: a Gaussian
# wave packet hitting a barrier, half potential steps in position space and kinetic steps in
# momentum space with jnp.fft, the norm conserved, transmission / reflection probabilities,
# the expectation of position over time from a lax.scan, and the energy from both representations
import jax
import jax.numpy as jnp

N, L = 512, 80.0
x = jnp.linspace(-L / 2, L / 2, N, endpoint=False)
dx = x[1] - x[0]
k = 2 * jnp.pi * jnp.fft.fftfreq(N, d=dx)
V = jnp.where(jnp.abs(x) < 0.5, 1.0, 0.0)
x0, k0, sigma = -15.0, 1.5, 2.0
psi0 = jnp.exp(-((x - x0) ** 2) / (4 * sigma**2) + 1j * k0 * x).astype(jnp.complex64)
psi0 = psi0 / jnp.sqrt(jnp.sum(jnp.abs(psi0) ** 2) * dx)
dt = 0.05
half_v = jnp.exp(-0.5j * V * dt).astype(jnp.complex64)
kin = jnp.exp(-0.5j * k**2 * dt).astype(jnp.complex64)


def step(psi, _):
    psi = half_v * psi
    psi = jnp.fft.ifft(kin * jnp.fft.fft(psi))
    psi = half_v * psi
    prob = jnp.abs(psi) ** 2
    return psi, (jnp.sum(prob) * dx, jnp.sum(x * prob) * dx)


def energy(psi):
    psik = jnp.fft.fft(psi)
    kinetic = 0.5 * jnp.sum(k**2 * jnp.abs(psik) ** 2) / jnp.sum(jnp.abs(psik) ** 2)
    potential = jnp.sum(V * jnp.abs(psi) ** 2) * dx
    return kinetic + potential


psi, (norms, xm) = jax.jit(lambda p: jax.lax.scan(step, p, None, length=400))(psi0)
print("dtype", psi.dtype, "norm dtype", norms.dtype)
print("norm min %.5f max %.5f" % (float(norms.min()), float(norms.max())))
print("<x> every 80 steps", jnp.round(xm[::80], 2))
prob = jnp.abs(psi) ** 2 * dx
print("transmitted %.4f reflected %.4f" % (float(prob[x > 0].sum()), float(prob[x < 0].sum())))
print("energy start %.4f end %.4f (k0^2/2 = %.4f)" % (float(energy(psi0)), float(energy(psi)), k0**2 / 2))
print("peak at x = %.2f" % float(x[jnp.argmax(jnp.abs(psi))]))
