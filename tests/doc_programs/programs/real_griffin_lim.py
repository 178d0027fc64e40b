# Phase reconstruction from a magnitude spectrogram: jax.scipy.signal.stft / istft round trips,
# the Griffin-Lim algorithm (and its fast momentum variant) by fori_loop, spectral convergence
# as the quality measure, and a gradient-based phase retrieval through istft/stft with
# complex-valued intermediates
import jax
import jax.numpy as jnp
from jax.scipy import signal

FS, SECONDS = 800, 1.0
t = jnp.arange(int(FS * SECONDS)) / FS
chirp = jnp.sin(2 * jnp.pi * (40 * t + 60 * t**2)) + 0.5 * jnp.sin(2 * jnp.pi * 120 * t)
NPERSEG, NOVERLAP = 64, 48

f, frames, Z = signal.stft(chirp, fs=FS, nperseg=NPERSEG, noverlap=NOVERLAP)
print("stft:", f.shape, frames.shape, Z.shape, Z.dtype)
_, recon = signal.istft(Z, fs=FS, nperseg=NPERSEG, noverlap=NOVERLAP)
print("istft round trip error:", float(jnp.max(jnp.abs(recon[: chirp.size] - chirp))) < 1e-4)
magnitude = jnp.abs(Z)


def spectral_convergence(x):
    _, _, Zx = signal.stft(x, fs=FS, nperseg=NPERSEG, noverlap=NOVERLAP)
    return jnp.linalg.norm(jnp.abs(Zx) - magnitude) / jnp.linalg.norm(magnitude)


def project(phase):
    _, x = signal.istft(magnitude * phase, fs=FS, nperseg=NPERSEG, noverlap=NOVERLAP)
    _, _, Zx = signal.stft(x, fs=FS, nperseg=NPERSEG, noverlap=NOVERLAP)
    return x, Zx


@jax.jit
def griffin_lim(phase0, iters=60, momentum=0.0):
    def body(_, carry):
        phase, prev = carry
        _, Zx = project(phase)
        accel = Zx + momentum * (Zx - prev)
        return accel / jnp.maximum(jnp.abs(accel), 1e-8), Zx

    phase, _ = jax.lax.fori_loop(0, iters, body, (phase0, jnp.zeros_like(Z)))
    return project(phase)[0]


key = jax.random.key(4)
phase0 = jnp.exp(2j * jnp.pi * jax.random.uniform(key, Z.shape))
print("phase dtype:", phase0.dtype)
print("random phase SC:", round(float(spectral_convergence(project(phase0)[0])), 4))
x_gl = griffin_lim(phase0)
x_fgl = griffin_lim(phase0, momentum=0.99)
sc_gl, sc_fgl = spectral_convergence(x_gl), spectral_convergence(x_fgl)
print("Griffin-Lim SC:", round(float(sc_gl), 3), "fast GL SC:", round(float(sc_fgl), 3))
print("both improve on random phase:", bool(sc_gl < 0.5), bool(sc_fgl < 0.5))


def loss(angles):
    _, x = signal.istft(magnitude * jnp.exp(1j * angles), fs=FS, nperseg=NPERSEG, noverlap=NOVERLAP)
    return spectral_convergence(x) ** 2


angles = jnp.angle(phase0)
val, g = jax.value_and_grad(loss)(angles)
print("gradient phase retrieval: loss", round(float(val), 4), "grad", g.shape, g.dtype)
step = jax.jit(lambda a: a - 20.0 * jax.grad(loss)(a))
for _ in range(20):
    angles = step(angles)
print("after 20 gradient steps loss decreased:", bool(loss(angles) < val))
