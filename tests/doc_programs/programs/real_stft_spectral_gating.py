# Speech-style denoising by spectral gating: a chirp plus a tone buried in noise, the STFT by
# jax.scipy.signal.stft, a noise profile estimated from a noise-only clip's magnitude quantiles,
# a soft mask smoothed over time with a convolution, the signal rebuilt with istft, SNR before
# and after, and Welch / CSD spectra locating the tone
import jax
import jax.numpy as jnp
from jax.scipy import signal

fs = 800.0
t = jnp.arange(1600) / fs
clean = jnp.sin(2 * jnp.pi * (50 + 40 * t) * t) + 0.5 * jnp.sin(2 * jnp.pi * 120 * t)
k1, k2 = jax.random.split(jax.random.key(13))
noisy = clean + 0.6 * jax.random.normal(k1, t.shape)
noise_clip = 0.6 * jax.random.normal(k2, (800,))

f, tt, Z = signal.stft(noisy, fs=fs, nperseg=128, noverlap=96)
_, _, N = signal.stft(noise_clip, fs=fs, nperseg=128, noverlap=96)
print("stft", Z.shape, Z.dtype, "freqs", f.shape, f[:3], "frames", tt.shape)
thresh = jnp.quantile(jnp.abs(N), 0.9, axis=1, keepdims=True)
mask = jax.nn.sigmoid(8.0 * (jnp.abs(Z) / thresh - 1.5))
kernel = jnp.ones(5) / 5
mask = jax.vmap(lambda r: jnp.convolve(r, kernel, mode="same"))(mask)
_, rec = signal.istft(Z * mask, fs=fs, nperseg=128, noverlap=96)
rec = rec[: t.shape[0]]


def snr(x):
    return 10 * jnp.log10(jnp.sum(clean**2) / jnp.sum((x - clean) ** 2))


print("snr noisy %.2f dB denoised %.2f dB" % (float(snr(noisy)), float(snr(rec))))
_, rt = signal.istft(Z, fs=fs, nperseg=128, noverlap=96)
print("round trip ok", bool(jnp.allclose(rt[: t.shape[0]], noisy, atol=1e-4)))
fw, pxx = signal.welch(noisy, fs=fs, nperseg=256)
print("welch peak at %.1f Hz" % float(fw[jnp.argmax(pxx)]), "bins", fw.shape)
fc, pxy = signal.csd(noisy, clean, fs=fs, nperseg=256)
print("csd peak at %.1f Hz" % float(fc[jnp.argmax(jnp.abs(pxy))]), pxy.dtype)
print("mask kept %.3f of bins" % float(jnp.mean(mask > 0.5)))
