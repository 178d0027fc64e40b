# Burgers' equation by a Fourier pseudo-spectral method: spectral derivatives with
# jnp.fft.rfft / irfft and rfftfreq, a 2/3 dealiasing mask, RK4 time steps in lax.scan, energy
# decay, and the gradient of the final energy with respect to the viscosity
import jax
import jax.numpy as jnp
from jax import lax

N = 64
L = 2 * jnp.pi
x = jnp.linspace(0, L, N, endpoint=False)
k = 2 * jnp.pi * jnp.fft.rfftfreq(N, d=L / N)
dealias = jnp.abs(k) < (2 / 3) * jnp.max(jnp.abs(k))
print(k[:4], dealias.sum())


def ddx(u):
    return jnp.fft.irfft(1j * k * jnp.fft.rfft(u), n=N)


def rhs(u, nu):
    u_hat = jnp.fft.rfft(u)
    ux = jnp.fft.irfft(1j * k * u_hat * dealias, n=N)
    uxx = jnp.fft.irfft(-(k ** 2) * u_hat, n=N)
    return -u * ux + nu * uxx


def rk4(u, dt, nu):
    k1 = rhs(u, nu)
    k2 = rhs(u + dt / 2 * k1, nu)
    k3 = rhs(u + dt / 2 * k2, nu)
    k4 = rhs(u + dt * k3, nu)
    return u + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)


def solve(u0, nu, dt=0.01, steps=100):
    def step(u, _):
        u = rk4(u, dt, nu)
        return u, 0.5 * jnp.mean(u ** 2)
    return lax.scan(step, u0, None, length=steps)


u0 = jnp.sin(x)
print(jnp.max(jnp.abs(ddx(u0) - jnp.cos(x))) < 1e-4)
uT, energy = jax.jit(solve)(u0, 0.1)
print(uT.shape, energy[0], energy[-1], bool(jnp.all(jnp.diff(energy) <= 1e-7)))
print(jnp.round(uT[::16], 4))
dE = jax.grad(lambda nu: solve(u0, nu)[1][-1])(0.1)
print("dE/dnu", dE)
spec = jnp.abs(jnp.fft.rfft(uT)) / N
print(jnp.argmax(spec), jnp.round(spec[:4], 4))
print(jnp.fft.fftshift(jnp.fft.fftfreq(8)), jnp.fft.ifftshift(jnp.arange(5)))
