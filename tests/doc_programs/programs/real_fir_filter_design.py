# FIR filter design and filtering: windowed-sinc low-pass and band-pass filters with jnp.sinc and
# the window functions (hamming, blackman, kaiser), frequency responses by jnp.fft.rfft with
# zero padding, filtering by jnp.convolve ('same' / 'valid'), jax.scipy.signal.fftconvolve and
# a streaming block filter by lax.scan with overlap carried between blocks, decimation, the
# group delay, and a Welch power spectral density showing the attenuated band
import jax
import jax.numpy as jnp
from jax.scipy.signal import fftconvolve, welch

FS, NTAPS = 1000.0, 51
t = jnp.arange(2048) / FS
x = jnp.sin(2 * jnp.pi * 50 * t) + 0.5 * jnp.sin(2 * jnp.pi * 200 * t) + 0.2 * jax.random.normal(jax.random.key(0), t.shape)


def lowpass(cutoff, window):
    n = jnp.arange(NTAPS) - (NTAPS - 1) / 2
    h = 2 * cutoff / FS * jnp.sinc(2 * cutoff / FS * n) * window
    return h / h.sum()


windows = {"hamming": jnp.hamming(NTAPS), "blackman": jnp.blackman(NTAPS), "kaiser": jnp.kaiser(NTAPS, 8.0)}
for name, w in windows.items():
    h = lowpass(100.0, w)
    H = jnp.abs(jnp.fft.rfft(h, 1024))
    freqs = jnp.fft.rfftfreq(1024, 1 / FS)
    stop = 20 * jnp.log10(jnp.max(H[freqs > 180]) + 1e-12)
    print(name, h.shape, f"{float(H[0]):.4f}", bool(stop < -40), bool(jnp.allclose(h, h[::-1], atol=1e-7)))

h = lowpass(100.0, windows["hamming"])
y_same = jnp.convolve(x, h, mode="same")
y_valid = jnp.convolve(x, h, mode="valid")
y_fft = fftconvolve(x, h, mode="same")
print(y_same.shape, y_valid.shape, bool(jnp.allclose(y_same, y_fft, atol=1e-4)))
print(bool(jnp.allclose(y_same[(NTAPS - 1) // 2 : -(NTAPS - 1) // 2], y_valid, atol=1e-5)))


def stream_filter(x, h, block=256):
    def step(tail, blk):
        buf = jnp.concatenate([tail, blk])
        out = jnp.convolve(buf, h, mode="valid")
        return buf[-(NTAPS - 1) :], out

    _, out = jax.lax.scan(step, jnp.zeros(NTAPS - 1), x.reshape(-1, block))
    return out.reshape(-1)


ys = jax.jit(stream_filter)(x, h)
full = jnp.convolve(x, h)[: x.shape[0]]
print(ys.shape, bool(jnp.allclose(ys, full, atol=1e-5)))
bp = lowpass(250.0, windows["blackman"]) - lowpass(150.0, windows["blackman"])
yb = jnp.convolve(x, bp, mode="same")
f, pxx = welch(x, fs=FS, nperseg=256)
f2, pyy = welch(y_same, fs=FS, nperseg=256)
_, pbb = welch(yb, fs=FS, nperseg=256)
i50, i200 = int(jnp.argmin(jnp.abs(f - 50))), int(jnp.argmin(jnp.abs(f - 200)))
print(f.shape, pxx.dtype, bool(pyy[i200] < 0.01 * pxx[i200]), bool(pyy[i50] > 0.5 * pxx[i50]))
print(bool(pbb[i50] < 0.01 * pxx[i50]), bool(pbb[i200] > 0.5 * pxx[i200]))
dec = y_same[::4]
print(dec.shape, f"{float(jnp.std(dec)):.4f}")
w = jnp.linspace(0.01, 0.3, 5)
resp = jnp.exp(-1j * jnp.outer(w, jnp.arange(NTAPS))) @ h
phase = jnp.unwrap(jnp.angle(resp))
print(resp.dtype, jnp.round(-jnp.diff(phase) / jnp.diff(w), 3))
