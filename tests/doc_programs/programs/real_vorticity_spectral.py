# 2-D incompressible Navier-Stokes in vorticity form on a periodic square by a pseudo-spectral
# method: velocities from the stream function by rfft2 / irfft2 with wavenumbers from rfftfreq,
# 2/3 dealiasing, an RK3 step, energy and enstrophy decay printed, and the divergence checked
import jax
import jax.numpy as jnp

N, NU, DT = 64, 1e-3, 0.01
k = jnp.fft.fftfreq(N, 1.0 / N)
kr = jnp.fft.rfftfreq(N, 1.0 / N)
KX, KY = jnp.meshgrid(k, kr, indexing="ij")
K2 = KX**2 + KY**2
K2_safe = jnp.where(K2 == 0, 1.0, K2)
dealias = (jnp.abs(KX) < N / 3) & (jnp.abs(KY) < N / 3)
print(KX.shape, KX.dtype, int(dealias.sum()))


def velocity(w_hat):
    psi_hat = w_hat / K2_safe * (K2 != 0)
    u = jnp.fft.irfft2(1j * KY * psi_hat, s=(N, N))
    v = jnp.fft.irfft2(-1j * KX * psi_hat, s=(N, N))
    return u, v


def rhs(w_hat):
    u, v = velocity(w_hat)
    wx = jnp.fft.irfft2(1j * KX * w_hat, s=(N, N))
    wy = jnp.fft.irfft2(1j * KY * w_hat, s=(N, N))
    adv = jnp.fft.rfft2(u * wx + v * wy) * dealias
    return -adv - NU * K2 * w_hat


def rk3(w_hat, _):
    k1 = rhs(w_hat)
    w1 = w_hat + DT * k1
    w2 = 0.75 * w_hat + 0.25 * (w1 + DT * rhs(w1))
    w3 = w_hat / 3 + 2 / 3 * (w2 + DT * rhs(w2))
    u, v = velocity(w3)
    return w3, (0.5 * jnp.mean(u**2 + v**2), 0.5 * jnp.mean(jnp.fft.irfft2(w3, s=(N, N)) ** 2))


xs = jnp.arange(N) * 2 * jnp.pi / N
X, Y = jnp.meshgrid(xs, xs, indexing="ij")
w0 = jnp.exp(-((X - jnp.pi) ** 2 + (Y - jnp.pi + 0.5) ** 2) * 4) + jnp.exp(-((X - jnp.pi) ** 2 + (Y - jnp.pi - 0.5) ** 2) * 4)
w0 = w0 - w0.mean() + 0.1 * jnp.sin(3 * X) * jnp.cos(2 * Y)
w_hat0 = jnp.fft.rfft2(w0)
print(w_hat0.shape, w_hat0.dtype)

run = jax.jit(lambda w: jax.lax.scan(rk3, w, None, length=100))
w_hat, (energy, enstrophy) = run(w_hat0)
print("energy", jnp.round(energy[::25], 6))
print("enstrophy", jnp.round(enstrophy[::25], 6))
print("monotone decay", bool(jnp.all(jnp.diff(energy) <= 1e-9)))
u, v = velocity(w_hat)
div = jnp.fft.irfft2(1j * KX * jnp.fft.rfft2(u) + 1j * KY * jnp.fft.rfft2(v), s=(N, N))
print("divergence", float(jnp.max(jnp.abs(div))) < 1e-4)
w = jnp.fft.irfft2(w_hat, s=(N, N))
print("w stats", round(float(w.mean()), 6), round(float(w.max()), 4), round(float(w.min()), 4))
print("mode (3,2)", jnp.round(jnp.abs(w_hat[3, 2]) / N**2, 5))
