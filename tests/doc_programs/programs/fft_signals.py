# jax.numpy.fft on real signals: a sampled sum of sines, its spectrum and peaks, rfft / irfft and
# fft / ifft round trips, frequencies, shifting, 2D transforms, norms, spectral filtering
import jax
import jax.numpy as jnp
import numpy as np

fs = 64.0
n = 64
t = jnp.arange(n) / fs
signal = jnp.sin(2 * jnp.pi * 5 * t) + 0.5 * jnp.sin(2 * jnp.pi * 12 * t) + 0.25
spec = jnp.fft.rfft(signal)
freqs = jnp.fft.rfftfreq(n, d=1 / fs)
print(spec.shape, spec.dtype, freqs.shape, freqs.dtype)
power = jnp.abs(spec) ** 2 / n
peaks = jnp.argsort(power)[::-1][:3]
print("peaks:", freqs[peaks])
print("dc:", jnp.round(spec[0].real / n, 4))
print(jnp.round(jnp.abs(spec[jnp.array([5, 12])]) * 2 / n, 4))
back = jnp.fft.irfft(spec, n=n)
print(back.dtype, jnp.allclose(back, signal, atol=1e-5))
full = jnp.fft.fft(signal)
print(full.dtype, jnp.allclose(full[: n // 2 + 1], spec, atol=1e-3))
print(jnp.allclose(jnp.fft.ifft(full).real, signal, atol=1e-5), jnp.max(jnp.abs(jnp.fft.ifft(full).imag)) < 1e-5)
print(jnp.fft.fftfreq(8), jnp.fft.fftfreq(5, d=0.5))
print(jnp.fft.fftshift(jnp.arange(8)), jnp.fft.ifftshift(jnp.fft.fftshift(jnp.arange(7))))
print(jnp.fft.fftshift(jnp.arange(6).reshape(2, 3), axes=1))

# norms
x = jnp.array([1., 2., 0., -1.])
for norm in ["backward", "ortho", "forward"]:
    X = jnp.fft.fft(x, norm=norm)
    print(norm, jnp.round(X, 4), jnp.round(jnp.fft.ifft(X, norm=norm).real, 4))
print(jnp.round(jnp.fft.rfft(x, n=6), 4), jnp.round(jnp.fft.rfft(x, n=3), 4))
print(jnp.round(jnp.fft.irfft(jnp.fft.rfft(x), n=4), 4), jnp.fft.irfft(jnp.fft.rfft(x)).shape)
print(jnp.round(jnp.fft.hfft(jnp.array([1., 2j, 3.])), 4), jnp.round(jnp.fft.ihfft(x), 4))

# low-pass filtering
noisy = signal + 0.3 * jax.random.normal(jax.random.key(0), (n,))
spec_noisy = jnp.fft.rfft(noisy)
filtered = jnp.fft.irfft(jnp.where(freqs <= 13, spec_noisy, 0), n=n)
print(jnp.mean((filtered - signal) ** 2) < jnp.mean((noisy - signal) ** 2))

# 2D
img = jnp.outer(jnp.cos(2 * jnp.pi * jnp.arange(8) / 8), jnp.ones(8))
F = jnp.fft.fft2(img)
print(F.shape, jnp.round(jnp.abs(F[jnp.array([1, 7]), 0]), 3), jnp.round(jnp.abs(F).sum(), 3))
print(jnp.allclose(jnp.fft.ifft2(F).real, img, atol=1e-5))
R = jnp.fft.rfft2(img)
print(R.shape, jnp.allclose(jnp.fft.irfft2(R, s=img.shape), img, atol=1e-5))
print(jnp.fft.fftn(jnp.ones((2, 3, 4))).shape, jnp.round(jnp.fft.fftn(jnp.ones((2, 3, 4)))[0, 0, 0], 3))
print(jnp.round(jnp.fft.rfftn(jnp.arange(12.).reshape(3, 4), axes=(0,)), 3))

# convolution theorem
a = jnp.array([1., 2., 3., 0., 0., 0.])
b = jnp.array([0., 1., 0.5, 0., 0., 0.])
print(jnp.round(jnp.fft.irfft(jnp.fft.rfft(a) * jnp.fft.rfft(b), n=6), 4))
print(jnp.convolve(a[:3], b[:3]))

# gradients through an FFT
energy = lambda s: jnp.sum(jnp.abs(jnp.fft.rfft(s)) ** 2)
print(jnp.round(jax.grad(energy)(jnp.array([1., 0., -1., 2.])), 4))
print(jnp.round(jax.jit(jax.grad(lambda s: jnp.fft.fft(s).real.sum()))(jnp.arange(4.)), 4))
print(jnp.round(jax.vmap(jnp.fft.rfft)(jnp.eye(4)), 3))
