# jax.scipy.signal spectral estimates: stft / istft round trips, welch, csd, detrend, convolutions
import numpy as np
import jax
import jax.numpy as jnp
from jax.scipy import signal

fs = 64.
t = jnp.arange(256) / fs
x = jnp.sin(2 * jnp.pi * 8 * t) + 0.5 * jnp.cos(2 * jnp.pi * 20 * t)
f, tt, Z = signal.stft(x, fs=fs, nperseg=32)
print(f.shape, tt.shape, Z.shape, Z.dtype, f[:4], tt[:3])
print(jnp.abs(Z[:, 3]).round(3)[6:12])
_, xr = signal.istft(Z, fs=fs, nperseg=32)
print(xr.shape, jnp.allclose(xr[:256], x, atol=1e-4))
f2, _, Z2 = signal.stft(x, fs=fs, window="hamming", nperseg=16, noverlap=8, boundary=None, padded=False)
print(f2.shape, Z2.shape, jnp.abs(Z2).max().round(3))
f3, _, Z3 = signal.stft(x, nperseg=16, return_onesided=False, detrend="constant")
print(f3.shape, Z3.shape, jnp.abs(Z3[1, 2]).round(4))
fw, pxx = signal.welch(x, fs=fs, nperseg=64)
print(fw[jnp.argmax(pxx)], pxx.shape, (pxx.max() / pxx.mean()).round(2))
fw, pxx = signal.welch(x, fs=fs, nperseg=64, scaling="spectrum", average="median")
print(fw[jnp.argsort(pxx)[-2:]], pxx.max().round(4))
fw, pxx = signal.welch(jnp.stack([x, 2 * x]), fs=fs, nperseg=32, axis=-1)
print(pxx.shape, (pxx[1] / pxx[0]).mean().round(3))
fc, pxy = signal.csd(x, jnp.roll(x, 3), fs=fs, nperseg=64)
print(fc.shape, pxy.dtype, jnp.abs(pxy).max().round(3))
print(signal.detrend(jnp.arange(6.) * 2 + jnp.array([0., 1., 0., 1., 0., 1.])).round(4))
print(signal.detrend(jnp.arange(6.) + 3, type="constant").round(4))
print(signal.convolve(jnp.array([1., 2., 3.]), jnp.array([0., 1., 0.5]), mode="same"))
print(signal.correlate(jnp.array([1., 2., 3., 4.]), jnp.array([1., 1.]), mode="valid"))
print(signal.fftconvolve(jnp.arange(5.), jnp.ones(3), mode="full").round(4))
print(signal.convolve2d(jnp.eye(3), jnp.ones((2, 2)), mode="full"))
print(signal.correlate2d(jnp.arange(9.).reshape(3, 3), jnp.array([[1., 0.], [0., -1.]]), mode="valid"))
print(jax.grad(lambda s: jnp.sum(jnp.abs(signal.stft(s, nperseg=16)[2]) ** 2))(x[:64])[:4].round(4))
print(jax.jit(lambda s: signal.welch(s, nperseg=32)[1].sum())(x).round(4))
