# Computational Fourier optics: angular-spectrum propagation of a complex field with fft2 /
# ifft2 and fftfreq, a circular aperture's far-field (Airy) pattern with fftshift, phase
# retrieval by Gerchberg-Saxton iterations in a fori_loop, and a phase mask designed by gradient
# descent (jax.grad through complex exponentials and FFTs of a real loss) to focus light onto a
# target spot, with energy conservation (Parseval) checks
import jax
import jax.numpy as jnp

N, WAVELEN, DX = 32, 0.5e-6, 2e-6
fx = jnp.fft.fftfreq(N, DX)
FX, FY = jnp.meshgrid(fx, fx, indexing="ij")
xs = (jnp.arange(N) - N / 2) * DX
Xg, Yg = jnp.meshgrid(xs, xs, indexing="ij")
aperture = ((Xg**2 + Yg**2) < (8 * DX) ** 2).astype(jnp.complex64)
print(aperture.dtype, int(jnp.real(aperture).sum()), fx.dtype)


def propagate(field, z):
    kz2 = (1 / WAVELEN) ** 2 - FX**2 - FY**2
    H = jnp.where(kz2 > 0, jnp.exp(2j * jnp.pi * z * jnp.sqrt(jnp.maximum(kz2, 0.0))), 0.0)
    return jnp.fft.ifft2(jnp.fft.fft2(field) * H)


out = propagate(aperture, 50e-6)
print(out.dtype, f"{float(jnp.sum(jnp.abs(aperture) ** 2)):.3f}", f"{float(jnp.sum(jnp.abs(out) ** 2)):.3f}")
far = jnp.fft.fftshift(jnp.abs(jnp.fft.fft2(aperture)) ** 2)
print(tuple(int(i) for i in jnp.unravel_index(jnp.argmax(far), far.shape)), bool(far[N // 2, N // 2] == far.max()))
print(bool(jnp.allclose(jnp.sum(far) / N**2, jnp.sum(jnp.abs(aperture) ** 2), rtol=1e-4)))

target_amp = jnp.sqrt(jnp.fft.fftshift(far) / far.max())
source_amp = jnp.abs(aperture)


def gerchberg_saxton(iters=50):
    def body(i, phase):
        far = jnp.fft.fft2(source_amp * jnp.exp(1j * phase))
        far = target_amp * jnp.exp(1j * jnp.angle(far))
        return jnp.angle(jnp.fft.ifft2(far))

    return jax.lax.fori_loop(0, iters, body, jnp.zeros((N, N)))


phase = jax.jit(gerchberg_saxton)()
recon = jnp.abs(jnp.fft.fft2(source_amp * jnp.exp(1j * phase)))
corr = jnp.corrcoef(recon.ravel() / recon.max(), target_amp.ravel())[0, 1]
print(phase.dtype, bool(corr > 0.9))

spot = jnp.zeros((N, N)).at[N // 2 + 3, N // 2 - 2].set(1.0)
spot = jnp.fft.ifftshift(spot)


def focus_loss(phi):
    field = propagate(source_amp * jnp.exp(1j * phi), 100e-6)
    inten = jnp.abs(jnp.fft.fft2(field)) ** 2
    return -jnp.sum(inten * spot) / jnp.sum(inten)


g = jax.grad(focus_loss)(jnp.zeros((N, N)))
print(g.dtype, g.shape, bool(jnp.all(jnp.isfinite(g))))
step = jax.jit(lambda p: p - 2000.0 * jax.grad(focus_loss)(p))
phi = 0.01 * jax.random.normal(jax.random.key(0), (N, N))
first = float(focus_loss(phi))
for _ in range(30):
    phi = step(phi)
print(f"{first:.5f}", float(focus_loss(phi)) < first)
cg = jax.grad(lambda z: jnp.sum(jnp.abs(jnp.fft.fft(z)) ** 2).real)(jnp.array([1.0 + 2.0j, 0.5 - 1.0j, 0.0 + 0.0j]))
print(cg.dtype, cg)
